import Foundation
import Services
import Testing
import TestSupport

/// What a test of the CardDAV client asks of a real server on loopback, which `RadicaleServer`
/// and `XandikosServer` both give: where it is, whom it knows, its books and its cards. A test
/// written against it runs against either (`CardDAVServerKind`).
protocol CardDAVTestServer: AnyObject, Sendable {
    /// Where clients reach it: its root.
    var baseURL: URL { get }
    /// The user a client signs in as.
    var user: String { get }
    /// The password a client sends.
    var password: String { get }
    /// The certificate to trust when it serves HTTPS, else nil.
    var caFile: String? { get }
    /// A sync token it never gives, which it refuses as `valid-sync-token` (Radicale with 403,
    /// Xandikos with 412).
    var tokenNeverGiven: String { get }
    /// The URL of book `name`.
    func bookURL(_ name: String) -> URL
    /// Makes book `name` in the user's home, shown as `displayName`; returns its URL.
    @discardableResult func makeAddressBook(named name: String, displayName: String?) async throws -> URL
    /// Stores each card as `<uid>.vcf` in book `name`, as another client would.
    func seed(cards: [(uid: String, vcard: String)], inBook name: String) async throws
    /// The card with `uid` in book `name` as the server keeps it, or nil.
    func card(uid: String, inBook name: String) async throws -> String?
    /// The `UID`s of the cards in book `name`, sorted, once for each card.
    func cardUIDs(inBook name: String) async throws -> [String]
    /// Ends the server and removes its folder.
    func stop()
}

extension CardDAVTestServer {
    /// The user and password a client signs in with.
    var credentials: HTTPCredentials { HTTPCredentials(user: user, password: password) }
}

extension RadicaleServer: CardDAVTestServer {
    var tokenNeverGiven: String { "http://radicale.org/ns/sync/0000" }
}

extension XandikosServer: CardDAVTestServer {
    var caFile: String? { nil }
    /// A git tree id no book ever had.
    var tokenNeverGiven: String { String(repeating: "f", count: 40) }
}

/// The servers a test runs against, as `@Test(arguments:)` takes them.
enum CardDAVServerKind: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case radicale
    case xandikos
    /// Radicale over HTTPS, with a self-signed certificate of its own.
    case radicaleOverHTTPS

    /// Radicale and Xandikos over HTTP: each scenario the sync must pass with any server runs
    /// against these.
    static let both: [Self] = [.radicale, .xandikos]

    var testDescription: String { rawValue }

    /// Starts the server, holding no address book: Xandikos's default one is removed, so that
    /// the books a test makes are the only ones a client finds.
    func start() async throws -> any CardDAVTestServer {
        switch self {
        case .radicale, .radicaleOverHTTPS:
            return try await RadicaleServer.start(https: self == .radicaleOverHTTPS)
        case .xandikos:
            let server = try await XandikosServer.start()
            try await server.removeAddressBook(named: XandikosServer.defaultBook)
            return server
        }
    }
}
