import Foundation
import Models

/// The people server as a CardDAV address book (RFC 6352), over HTTP Basic: Nextcloud, Fastmail,
/// iCloud, Radicale, Baïkal. Docs/PeopleAPI.md lists every request.
///
/// The URL given may be the address book itself, or any URL of the server: then the book is
/// found through `/.well-known/carddav` (RFC 6764), the user's principal and their
/// `addressbook-home-set`, and is the one named `book` (by display name or last path segment),
/// else the first. Changes come from a `sync-collection` report (RFC 6578) where the book offers
/// it, with the changed cards' text in the same answer (their `address-data`; without it when the
/// answer would pass 16 MB), else from a listing of ETags; cards the listing did not carry are
/// read a batch at a time with `addressbook-multiget`. Writes are conditional: a new card is `PUT`
/// with `If-None-Match: *`, an edit with `If-Match`, a delete `DELETE` with `If-Match`; a 412 is
/// `changedOnServer`.
///
/// What servers do differently is met here: a report the server answers in parts (507 on the
/// book, RFC 6578 section 3.6) is asked on from each part's token until it is whole; a card the
/// server stores under a name of its own is where its answer's `Location` says; an ETag sent bare
/// (`abc`) is kept and sent quoted (`"abc"`), as every other server sends it.
///
/// The password never travels in the clear: plain `http` is refused except to a loopback address.
///
/// ```swift
/// let api = try CardDAVPeopleAPI(server: URL(string: "https://dav.example.com/")!, book: nil,
///                                credentials: HTTPCredentials(user: "ada", password: "…"))
/// let changes = try await api.changes(since: nil)
/// let cards = try await api.cards(at: changes.changed.map(\.href))
/// ```
public final class CardDAVPeopleAPI: PeopleAPI, Sendable {
    /// The largest answer read: 16 MB.
    public static let maximumBodySize = 16 * 1024 * 1024

    let server: URL
    let bookName: String?
    let credentials: HTTPCredentials?
    let certificateAuthorities: String?
    let client: any HTTPClient
    let timeout: Duration
    /// How many requests a sync keeps in flight at once.
    public let requestsInFlight: Int
    private let found = FoundBook()

    /// Creates the API of the address book at, or found from, `server`; `book` names the book to
    /// take when the server has several; a sync keeps `requestsInFlight` requests in flight at
    /// once (1 for a server that refuses more). Throws `PeopleAPIError.failed` for a URL the
    /// password may not be sent to: neither `https` nor plain `http` to a loopback address.
    public init(
        server: URL, book: String? = nil, credentials: HTTPCredentials? = nil, certificateAuthorities: String? = nil,
        client: (any HTTPClient)? = nil, timeout: Duration = .seconds(10), requestsInFlight: Int = 4
    ) throws {
        try Self.checkTransport(server)
        self.server = server
        bookName = book
        self.credentials = credentials
        self.certificateAuthorities = certificateAuthorities
        self.client = client ?? CurlHTTPClient(maximumBodySize: Self.maximumBodySize)
        self.timeout = timeout
        self.requestsInFlight = max(requestsInFlight, 1)
    }

    /// Throws unless `url` is `https`, or `http` to a loopback address.
    static func checkTransport(_ url: URL) throws {
        let scheme = url.scheme?.lowercased()
        let host = (url.host ?? "").lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        if scheme == "https" { return }
        if scheme == "http", host == "localhost" || host == "::1" || host.hasPrefix("127.") { return }
        if scheme == "http" {
            throw PeopleAPIError.failed("the people server \(host) is plain http: the password goes only over https (or to this machine)")
        }
        throw PeopleAPIError.failed("the people server's address must start with https://")
    }

    // MARK: - PeopleAPI

    public var identity: String {
        "carddav \(account) \(server.absoluteString) \(bookName ?? "")"
    }

    public func changes(since token: String?) async throws -> PeopleChanges {
        let book = try await addressBook()
        if book.offersSyncCollection {
            if let changes = try await syncCollection(of: book.url, token: token ?? "") { return changes }
            if token != nil, let changes = try await syncCollection(of: book.url, token: "") { return changes }
        }
        return try await listing(of: book.url)
    }

    public func cards(at hrefs: [String]) async throws -> [ServerCard] {
        guard !hrefs.isEmpty else { return [] }
        let book = try await addressBook()
        return try await Self.cards(in: try await multistatus(.report, book.url, depth: "1", body: Self.multiget(hrefs)).answer)
    }

    public func create(_ card: String, named name: String) async throws -> ServerVersion {
        guard case .created(let version) = try await write(.create(card: card, name: name)) else { throw PeopleAPIError.unreadableAnswer }
        return version
    }

    public func update(_ card: String, at href: String, ifMatching etag: String?) async throws -> String? {
        guard case .updated(let etag) = try await write(.update(card: card, href: href, etag: etag)) else {
            throw PeopleAPIError.unreadableAnswer
        }
        return etag
    }

    public func delete(at href: String, ifMatching etag: String?) async throws {
        _ = try await write(.delete(href: href, etag: etag))
    }

    /// Sends `writes` in runs of `writesPerRun`, each one curl process (`HTTPClient`'s batch)
    /// keeping `requestsInFlight` requests in flight over the connections it reuses; each answer
    /// is read as `create`, `update` and `delete` read theirs, and handed on as it comes.
    public func send(
        _ writes: [PeopleWrite],
        answer: (_ index: Int, _ result: Result<PeopleWritten, PeopleAPIError>) async throws -> Void
    ) async throws {
        guard !writes.isEmpty else { return }
        let book = try await addressBook()
        for start in stride(from: 0, to: writes.count, by: Self.writesPerRun) {
            let run = Array(writes[start..<min(start + Self.writesPerRun, writes.count)])
            let requests = run.map { prepared(Self.request(for: $0, in: book)) }
            try await client.send(requests, inFlight: requestsInFlight) { index, result in
                let written = try await PeopleAPIError.result {
                    try await self.written(run[index], to: requests[index].url, answer: try self.answer(result))
                }
                try await answer(start + index, written)
            }
        }
    }

    /// Reads each group of hrefs by one `addressbook-multiget`, `requestsInFlight` at a time
    /// over the connections curl reuses.
    public func cards(
        inGroups groups: [[String]],
        answer: (_ index: Int, _ result: Result<[ServerCard], PeopleAPIError>) async throws -> Void
    ) async throws {
        guard !groups.isEmpty else { return }
        let book = try await addressBook()
        let requests = groups.map {
            prepared(HTTPRequest(url: book.url, method: .report, headers: Self.xmlHeaders(depth: "1"), body: Data(Self.multiget($0).utf8)))
        }
        try await client.send(requests, inFlight: requestsInFlight) { index, result in
            let cards = try await PeopleAPIError.result {
                try await Self.cards(in: try await Self.read(try self.answer(result), refusal: self.refusal))
            }
            try await answer(index, cards)
        }
    }

    /// How many writes one curl process sends: a run stopped early (a server that cannot be
    /// reached) has spent at most these.
    static let writesPerRun = 100

    /// The cards of a multiget's answer.
    private static func cards(in answer: DAVMultistatus) async throws -> [ServerCard] {
        answer.responses.compactMap { response in
            guard let text = response.addressData, response.status.map({ (200..<300).contains($0) }) ?? true else { return nil }
            return ServerCard(href: Self.path(of: response.href), etag: Self.entityTag(response.etag), text: text)
        }
    }

    /// The `addressbook-multiget` asking for the cards at `hrefs`.
    private static func multiget(_ hrefs: [String]) -> String {
        """
        <?xml version="1.0" encoding="utf-8"?>
        <c:addressbook-multiget xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:carddav">\
        <d:prop><d:getetag/><c:address-data/></d:prop>\
        \(hrefs.map { "<d:href>\(Self.escaped($0))</d:href>" }.joined())\
        </c:addressbook-multiget>
        """
    }

    /// Sends `write` alone and reads its answer.
    private func write(_ write: PeopleWrite) async throws -> PeopleWritten {
        let request = Self.request(for: write, in: try await addressBook())
        return try await written(write, to: request.url, answer: try await send(request))
    }

    /// The request that sends `write` to `book`: a `PUT` with `If-None-Match: *` for a new card,
    /// with `If-Match` for an edit, a `DELETE` with `If-Match`.
    private static func request(for write: PeopleWrite, in book: AddressBook) -> HTTPRequest {
        let vcard = "text/vcard; charset=utf-8"
        switch write {
        case .create(let card, let name):
            return HTTPRequest(
                url: book.url.appendingPathComponent(fileName(for: name)), method: .put,
                headers: ["Content-Type": vcard, "If-None-Match": "*"], body: Data(card.utf8))
        case .update(let card, let href, let etag):
            var headers = ["Content-Type": vcard]
            if let etag = entityTag(etag) { headers["If-Match"] = etag }
            return HTTPRequest(url: book.url.resolving(href), method: .put, headers: headers, body: Data(card.utf8))
        case .delete(let href, let etag):
            return HTTPRequest(url: book.url.resolving(href), method: .delete, headers: entityTag(etag).map { ["If-Match": $0] } ?? [:])
        }
    }

    /// What the server made of `write`, sent to `url`, from its `response`.
    private func written(_ write: PeopleWrite, to url: URL, answer response: HTTPResponse) async throws -> PeopleWritten {
        switch (write, response.status) {
        case (.create(let card, let name), 200..<300):
            return .created(try await created(card, named: name, at: url, answer: response))
        case (.update, 200..<300):
            return .updated(etag: Self.entityTag(response.etag))
        case (.update, 404), (.update, 410):
            throw PeopleAPIError.goneFromServer
        case (.delete, 200..<300), (.delete, 404), (.delete, 410):
            return .deleted
        case (.create(let card, _), 412):
            // Already there as this very person: sent by a run whose answer was lost, or whose
            // program was killed while its curl went on. Linked, not refused. When the card there
            // cannot be read, that failure is the create's: it is tried again, not taken as another.
            if let version = try await sameCard(card, at: url.path(percentEncoded: true)) { return .created(version) }
            throw PeopleAPIError.changedOnServer
        case (_, 412):
            throw PeopleAPIError.changedOnServer
        default:
            throw Self.failure(status: response.status, refusal: refusal)
        }
    }

    // MARK: - Finding the book

    /// The address book: the URL given, or the one found from it; found once.
    func addressBook() async throws -> AddressBook {
        if let book = found.book { return book }
        let book = try await discover()
        found.book = book
        return book
    }

    private func discover() async throws -> AddressBook {
        let asked = try await multistatus(.propfind, server, depth: "0", body: Self.propfind(Self.discoveryProperties))
        if let own = asked.answer.responses.first, own.isAddressBook {
            return AddressBook(url: Self.directory(asked.url), offersSyncCollection: own.offersSyncCollection)
        }
        var principal = asked.answer.responses.first?.principal.map { ($0, asked.url) }
        var home = asked.answer.responses.first?.addressBookHome.map { ($0, asked.url) }
        if principal == nil, home == nil {
            let wellKnown = server.resolving("/.well-known/carddav")
            if let known = try? await multistatus(.propfind, wellKnown, depth: "0", body: Self.propfind(Self.discoveryProperties)) {
                principal = known.answer.responses.first?.principal.map { ($0, known.url) }
                home = known.answer.responses.first?.addressBookHome.map { ($0, known.url) }
            }
        }
        if home == nil, let (href, base) = principal {
            let asked = try await multistatus(
                .propfind, base.resolving(href), depth: "0",
                body: Self.propfind(["<c:addressbook-home-set/>"]))
            home = asked.answer.responses.first?.addressBookHome.map { ($0, asked.url) }
        }
        guard let (href, base) = home else {
            throw PeopleAPIError.failed("no address book found at \(server.absoluteString)")
        }
        let homeURL = base.resolving(href)
        let books = try await multistatus(.propfind, homeURL, depth: "1", body: Self.propfind(Self.discoveryProperties))
            .answer.responses.filter(\.isAddressBook)
        let chosen =
            bookName.map { name in
                books.first { $0.displayName == name || Self.lastSegment(of: $0.href) == name }
            } ?? books.first
        guard let book = chosen else {
            let names = books.map { $0.displayName ?? Self.lastSegment(of: $0.href) }
            throw PeopleAPIError.failed(
                bookName.map { "no address book named \($0) (there are: \(names.joined(separator: ", ")))" }
                    ?? "the people server holds no address book for \(account)")
        }
        return AddressBook(url: Self.directory(homeURL.resolving(book.href)), offersSyncCollection: book.offersSyncCollection)
    }

    private static let discoveryProperties = [
        "<d:resourcetype/>", "<d:displayname/>", "<d:current-user-principal/>", "<c:addressbook-home-set/>",
        "<d:supported-report-set/>",
    ]
}

/// An address book found: its URL (ending in `/`) and whether it offers `sync-collection`.
struct AddressBook: Equatable, Sendable {
    let url: URL
    let offersSyncCollection: Bool
}

/// The book once found, shared by the API's copies.
///
/// Sendable unchecked: its one mutable field is read and written only while holding `lock`.
private final class FoundBook: @unchecked Sendable {
    private let lock = NSLock()
    private var value: AddressBook?  // guarded by `lock`

    var book: AddressBook? {
        get { lock.withLock { value } }
        set { lock.withLock { value = newValue } }
    }
}

extension PeopleAPIError {
    /// Whether a `sync-collection` that asked for the cards' text may do without it: the answer
    /// would pass the limit, or the server refused or failed to make it (a server that cannot
    /// send `address-data` there may say so with any of these).
    var isAnswerTooHeavy: Bool {
        switch self {
        case .tooLarge: true
        case .serverError(let status): [400, 403, 500, 501, 507].contains(status)
        default: false
        }
    }
}
