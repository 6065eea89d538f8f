import Foundation
import Models
import Services
import Testing
import TestSupport

/// A real CardDAV server on loopback with one book, "contacts" (shown as "Contacts"), holding
/// `cards`, and a store in a new SQLite file synced with that book through a
/// `RecordingHTTPClient`, which may rewrite the traffic. `end()` stops the server and removes
/// the file.
struct CardDAVFixture {
    static let book = "contacts"

    /// Ada Lovelace, whose card holds a property the program does not show, and Grace Hopper.
    static let adaAndGrace: [(uid: String, vcard: String)] = [
        ("ada", DAVTestBodies.card("ada", "Ada", "Lovelace", extra: "X-ODD;TYPE=weird:keep me\r\n")),
        ("grace", DAVTestBodies.card("grace", "Grace", "Hopper")),
    ]

    let server: any CardDAVTestServer
    let database: AppDatabase
    let store: SQLitePeopleStore
    let client: RecordingHTTPClient
    let api: CardDAVPeopleAPI
    let sync: PeopleSync
    let path: String

    init(
        _ kind: CardDAVServerKind = .radicale, cards: [(uid: String, vcard: String)] = [],
        rewrite: RecordingHTTPClient.Rewrite? = nil
    ) async throws {
        server = try await kind.start()
        try await server.makeAddressBook(named: Self.book, displayName: "Contacts")
        try await server.seed(cards: cards, inBook: Self.book)
        path = FileManager.default.temporaryDirectory.appendingPathComponent("carddav-\(UUID().uuidString).sqlite").path
        database = try AppDatabase(path: path)
        store = SQLitePeopleStore(database: database)
        client = RecordingHTTPClient(rewrite: rewrite)
        api = try CardDAVPeopleAPI(
            server: server.bookURL(Self.book), credentials: server.credentials,
            certificateAuthorities: server.caFile, client: client)
        sync = PeopleSync(store: store, api: api, queue: InlineQueue())
    }

    /// Everyone kept, by id, sorted.
    func keptIDs() throws -> [String] {
        try store.people(matching: "", sortedBy: .lastName, offset: 0, limit: 10_000).map(\.id).sorted()
    }

    /// The sync token the store keeps for the book.
    func keptToken() throws -> String? {
        try SQLitePreferences(database: database).string(forKey: "people.server.token")
    }

    /// Makes the store hold a token the server never gave, which it refuses: the next sync lists
    /// the whole book again.
    func forgetToken() throws {
        try SQLitePreferences(database: database).set(server.tokenNeverGiven, forKey: "people.server.token")
    }

    /// The ETag the store keeps for each card, by href.
    func keptETags() throws -> [String: String?] {
        try store.serverState(for: api.identity).versions
    }

    /// Expects the store to hold one person for each card on the server, by UID (less the
    /// `urn:uuid:` the program writes before an id that is a UUID), the server no UID twice, and
    /// `outbox` people waiting to be sent.
    func expectInStep(_ step: Comment, outbox: Int = 0, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let onServer = try await server.cardUIDs(inBook: Self.book)
            .map { $0.lowercased().hasPrefix("urn:uuid:") ? String($0.dropFirst(9)) : $0 }.sorted()
        #expect(try keptIDs() == onServer, step, sourceLocation: sourceLocation)
        #expect(Set(onServer).count == onServer.count, step, sourceLocation: sourceLocation)
        #expect(try store.count(matching: "") == onServer.count, step, sourceLocation: sourceLocation)
        #expect(try store.outboxStatus().pendingCount == outbox, step, sourceLocation: sourceLocation)
    }

    func end() {
        server.stop()
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }
}
