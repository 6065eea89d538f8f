#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// A second real CardDAV server, Xandikos, on 127.0.0.1, for tests of the CardDAV client against
/// a server other than Radicale: each `start()` runs its own `python3 -m xandikos serve` on a free
/// port over its own temporary folder, so tests that each start one can run in parallel.
///
/// Xandikos comes from PyPI (`Scripts/ensure-deps.sh test` installs the pinned version, 0.4.10).
/// It is started with `--defaults` and `--current-user-principal /<user>/`, which give this
/// layout, the one a client finds from the root by discovery:
///
/// - `/` names the principal in `current-user-principal`; `/.well-known/carddav` is a 302 to `/`;
/// - `/<user>/` is the principal, whose `addressbook-home-set` is `/<user>/contacts/`;
/// - `/<user>/contacts/addressbook/` is the book `--defaults` makes (`defaultBook`), and
///   `makeAddressBook(named:)` makes others beside it, `/<user>/contacts/<name>/`;
///   `removeAddressBook(named:)` removes any of them;
/// - a card is `<book>/<name>.vcf`, named by whoever PUT it.
///
/// Xandikos keeps each collection in a git repository and commits every change, so everything
/// here goes through HTTP, as a client's requests do, with `curl`: books are made with an
/// extended MKCOL (RFC 5689), cards are seeded with PUT, removed with DELETE and read back with an
/// `addressbook-query` report and GET. Its ETags are the quoted git blob ids of the cards, and its
/// sync tokens are the git tree ids of the book: they come from the content alone, so a card
/// added and then removed brings the token back to the one before.
///
/// Xandikos checks no password unless started with `--htpasswd`, which 0.4.10 takes only over its
/// own HTTPS (`--autocert`); it is started without, so the Basic credentials a client sends
/// (`user`, `password`) are ignored, and a wrong password is answered like a right one.
///
/// ```swift
/// let server = try await XandikosServer.start()
/// defer { server.stop() }
/// let book = try await server.makeAddressBook(named: "contacts", displayName: "Contacts")
/// try await server.seed(cards: [(uid: "ada-1", vcard: card)], inBook: "contacts")
/// // book == http://127.0.0.1:<port>/ada/contacts/contacts/
/// try await server.card(uid: "ada-1", inBook: "contacts")   // the card as served
/// try await server.remove(uid: "ada-1", inBook: "contacts") // a DELETE
/// ```
///
/// Bounded: `start()` waits at most `startLimit` for the port to answer, then throws with the
/// log's tail; each request to it gives up after ten seconds; `stop()` (also on deinit) sends
/// SIGTERM, waits at most five seconds, then SIGKILL. If the test process dies without stopping
/// it, Xandikos notices its parent is gone within half a second, ends itself and removes the
/// folder (`LoopbackServerProcess`).
public final class XandikosServer: @unchecked Sendable {
    /// Why the server could not start, or a request to it failed.
    public struct Failure: Error, CustomStringConvertible {
        /// What went wrong, with the end of Xandikos's log when it has one.
        public let description: String
    }

    /// What Xandikos answered a request: its status, headers (names in lower case) and body.
    public struct Reply: Sendable {
        /// The HTTP status.
        public let status: Int
        /// The headers of the answer, by lower-case name.
        public let headers: [String: String]
        /// The body, as UTF-8.
        public let body: String

        /// The value of header `name`, whatever its case.
        public func header(_ name: String) -> String? { headers[name.lowercased()] }
    }

    /// A card as Xandikos lists it: where it is, its ETag and its text.
    public struct StoredCard: Sendable {
        /// The card's path on the server, `/<user>/contacts/<book>/<name>.vcf`.
        public let href: String
        /// Its ETag, quoted, as sent.
        public let etag: String?
        /// The vCard, as read from the XML answer (whose parser turns each CR LF into LF).
        public let text: String
    }

    /// Where clients reach it: `http://127.0.0.1:<port>/`.
    public let baseURL: URL
    /// The port it listens on.
    public let port: UInt16
    /// The name in the principal's path, `/<user>/`, and the user a client signs in as.
    public let user: String
    /// The password a client sends; Xandikos ignores it.
    public let password: String
    /// The folder Xandikos serves (`--directory`): the principal's folder with a git repository
    /// per collection.
    public let collectionsFolder: URL
    /// The temporary folder that holds the collections, Xandikos's state, its log and the bodies
    /// of the requests sent to it.
    public let folder: URL
    /// Xandikos's log (its standard output and error).
    public let logFile: URL

    /// The book `--defaults` makes in the user's home.
    public static let defaultBook = "addressbook"
    /// How long `start()` waits for the port to answer: Xandikos imports more than Radicale
    /// before it listens.
    public static let startLimit: Duration = .seconds(20)

    private let process: LoopbackServerProcess

    private init(baseURL: URL, user: String, password: String, collectionsFolder: URL, process: LoopbackServerProcess) {
        self.baseURL = baseURL
        port = process.port
        self.user = user
        self.password = password
        self.collectionsFolder = collectionsFolder
        folder = process.folder
        logFile = process.logFile
        self.process = process
    }

    deinit {
        stop()
    }

    // MARK: - Starting and stopping

    /// Starts Xandikos in a new temporary folder, on a free loopback port, with the principal
    /// `/<user>/` and its default address book, and returns once the port answers. `password` is
    /// only what a client is told to send.
    ///
    /// Throws `Failure` (with the log's tail) when Xandikos exits or the port stays silent for
    /// `startLimit`; a port taken meanwhile by another process is tried again with another.
    public static func start(user: String = "ada", password: String = "correct horse") async throws -> XandikosServer {
        try StartsProcesses.require(for: "XandikosServer.start")
        LoopbackServerProcess.removeFoldersOfEndedProcesses(prefix: folderPrefix)
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("\(folderPrefix)\(getpid())-\(UUID().uuidString)", isDirectory: true)
        let collections = folder.appendingPathComponent("collections", isDirectory: true)
        let state = folder.appendingPathComponent("state", isDirectory: true)
        let log = folder.appendingPathComponent("xandikos.log")
        do {
            try FileManager.default.createDirectory(at: collections, withIntermediateDirectories: true)
            try FileManager.default.createDirectory(at: folder.appendingPathComponent("requests"), withIntermediateDirectories: true)
            // Xandikos says "Listening on" before it binds; a port taken says "address already in use".
            let process = try await LoopbackServerProcess.start(
                name: "Xandikos", within: startLimit, hint: hint(forLog:),
                failing: Failure.init
            ) { port in
                // `--no-detect-systemd`: a LISTEN_FDS in the tests' environment is not for it.
                // `--state-dir`: it keeps nothing under the user's home.
                try LoopbackServerProcess.launch(
                    module: "xandikos",
                    arguments: [
                        "serve", "--directory", collections.path, "--state-dir", state.path, "--defaults",
                        "--current-user-principal", "/\(user)/", "--listen-address", "127.0.0.1", "--port", String(port),
                        "--no-detect-systemd",
                    ], port: port, folder: folder, logFile: log, failing: Failure.init)
            }
            return XandikosServer(
                baseURL: URL(string: "http://127.0.0.1:\(process.port)/")!, user: user, password: password,
                collectionsFolder: collections, process: process)
        } catch {
            try? FileManager.default.removeItem(at: folder)
            throw error
        }
    }

    /// The start of each server's folder name, which goes on with the test process's id.
    private static let folderPrefix = "mvvm-tui-xandikos-"

    /// A line for the failure's message when Xandikos's log says python3 has no Xandikos.
    private static func hint(forLog log: String) -> String {
        log.contains("No module named xandikos")
            ? "\n(python3 on PATH has no Xandikos: Scripts/ensure-deps.sh test installs it)" : ""
    }

    /// Ends Xandikos (SIGTERM, then SIGKILL after five seconds), waits for it, and removes the
    /// temporary folder. Safe to call more than once.
    public func stop() {
        process.stop()
    }

    /// The last lines of Xandikos's log.
    public func logTail(lines: Int = 20) -> String {
        process.logTail(lines: lines)
    }

    // MARK: - URLs

    /// The user's principal: `baseURL/<user>/`.
    public var principalURL: URL {
        URL(string: "\(user)/", relativeTo: baseURL)!.absoluteURL
    }

    /// The user's `addressbook-home-set`: `baseURL/<user>/contacts/`.
    public var addressBookHomeURL: URL {
        URL(string: "\(user)/contacts/", relativeTo: baseURL)!.absoluteURL
    }

    /// The URL of book `name`: `baseURL/<user>/contacts/<name>/`.
    public func bookURL(_ name: String) -> URL {
        URL(string: "\(name)/", relativeTo: addressBookHomeURL)!.absoluteURL
    }

    // MARK: - Books and cards

    /// Makes an address book `name` in the user's home with an extended MKCOL (RFC 5689) that
    /// sets its resource type and, when given, its display name. Returns its URL,
    /// `baseURL/<user>/contacts/<name>/`. Throws unless Xandikos answers 201.
    @discardableResult
    public func makeAddressBook(named name: String, displayName: String? = nil) async throws -> URL {
        let url = bookURL(name)
        let shown = displayName.map { "<d:displayname>\(Self.escaped($0))</d:displayname>" } ?? ""
        let reply = try await send(
            "MKCOL", to: url,
            body: """
                <?xml version="1.0" encoding="utf-8"?>
                <d:mkcol xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:carddav"><d:set><d:prop>\
                <d:resourcetype><d:collection/><c:addressbook/></d:resourcetype>\(shown)</d:prop></d:set></d:mkcol>
                """)
        guard reply.status == 201 else {
            throw Failure(description: "MKCOL \(url.path) was answered \(reply.status): \(reply.body)\n\(logTail())")
        }
        return url
    }

    /// Removes address book `name` and every card in it with a DELETE. Throws unless Xandikos
    /// answers 204.
    public func removeAddressBook(named name: String) async throws {
        let reply = try await send("DELETE", to: bookURL(name))
        guard reply.status == 204 else {
            throw Failure(description: "DELETE \(bookURL(name).path) was answered \(reply.status): \(reply.body)\n\(logTail())")
        }
    }

    /// PUTs each card as `<uid>.vcf` into book `name`, in place of any card there by that name,
    /// as another client would: in six runs at the most, side by side, since one PUT at a time,
    /// each by its own curl, takes seconds for hundreds of cards. Throws unless each PUT is
    /// answered 201 or 204.
    public func seed(cards: [(uid: String, vcard: String)], inBook name: String) async throws {
        let run = max(1, (cards.count + 5) / 6)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for start in stride(from: 0, to: cards.count, by: run) {
                let part = cards[start..<min(start + run, cards.count)]
                group.addTask {
                    for card in part {
                        let url = self.bookURL(name).appendingPathComponent("\(card.uid).vcf")
                        let reply = try await self.send(
                            "PUT", to: url, headers: ["Content-Type: text/vcard; charset=utf-8"],
                            body: card.vcard)
                        guard reply.status == 201 || reply.status == 204 else {
                            throw Failure(description: "PUT \(url.path) was answered \(reply.status): \(reply.body)\n\(self.logTail())")
                        }
                    }
                }
            }
            try await group.waitForAll()
        }
    }

    /// Removes the card with `uid` from book `name` with a DELETE (no `If-Match`) of `<uid>.vcf`,
    /// or else of the card whose `UID` property is `uid`. Throws when there is no such card or
    /// Xandikos refuses.
    public func remove(uid: String, inBook name: String) async throws {
        let named = bookURL(name).appendingPathComponent("\(uid).vcf")
        var reply = try await send("DELETE", to: named)
        if reply.status == 404, let href = try await storedCards(inBook: name).first(where: { CardUID.of($0.text) == uid })?.href {
            reply = try await send("DELETE", to: baseURL.resolvingHref(href))
        }
        guard reply.status == 204 || reply.status == 200 else {
            throw Failure(description: "DELETE of \(uid) in \(name) was answered \(reply.status): \(reply.body)")
        }
    }

    /// The card with `uid` in book `name` as Xandikos serves it to a GET, byte for byte: the
    /// card `<uid>.vcf`, or else the one whose `UID` property is `uid` (a client may name its
    /// cards otherwise). Nil when there is none.
    public func card(uid: String, inBook name: String) async throws -> String? {
        let named = try await send("GET", to: bookURL(name).appendingPathComponent("\(uid).vcf"))
        if named.status == 200 { return named.body }
        guard let href = try await storedCards(inBook: name).first(where: { CardUID.of($0.text) == uid })?.href else {
            return nil
        }
        let found = try await send("GET", to: baseURL.resolvingHref(href))
        return found.status == 200 ? found.body : nil
    }

    /// The `UID`s of the cards in book `name`, sorted, once for each card that has one (a UID
    /// held by two cards is there twice: Xandikos does not refuse a second card with a UID).
    public func cardUIDs(inBook name: String) async throws -> [String] {
        try await storedCards(inBook: name).compactMap { CardUID.of($0.text) }.sorted()
    }

    /// The names of the cards in book `name` (their hrefs' last part), sorted.
    public func cardFileNames(inBook name: String) async throws -> [String] {
        try await storedCards(inBook: name).map { String($0.href.split(separator: "/").last ?? "") }.sorted()
    }

    /// Every card in book `name`, from an `addressbook-query` report with no filter.
    public func storedCards(inBook name: String) async throws -> [StoredCard] {
        let reply = try await send(
            "REPORT", to: bookURL(name), headers: ["Depth: 1"],
            body: """
                <?xml version="1.0" encoding="utf-8"?>
                <c:addressbook-query xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:carddav">\
                <d:prop><d:getetag/><c:address-data/></d:prop></c:addressbook-query>
                """)
        guard reply.status == 207 else {
            throw Failure(description: "addressbook-query of \(name) was answered \(reply.status): \(reply.body)")
        }
        return try CardListReader.cards(in: Data(reply.body.utf8))
    }

    // MARK: - Requests

    /// Sends `method` to `url` with `curl`, with `headers` ("Name: value") and `body`, and returns
    /// the answer; gives up after ten seconds. Throws when curl gets no answer. A body goes as
    /// XML unless `headers` name its type: Xandikos answers 415 to a body of curl's own type,
    /// `application/x-www-form-urlencoded`.
    public func send(_ method: String, to url: URL, headers: [String] = [], body: String? = nil) async throws -> Reply {
        let requests = folder.appendingPathComponent("requests", isDirectory: true)
        let name = UUID().uuidString
        let bodyFile = requests.appendingPathComponent("\(name).body")
        let answerFile = requests.appendingPathComponent("\(name).answer")
        let headerFile = requests.appendingPathComponent("\(name).headers")
        defer {
            for file in [bodyFile, answerFile, headerFile] { try? FileManager.default.removeItem(at: file) }
        }
        var arguments = [
            "--silent", "--show-error", "--max-time", "10", "--request", method,
            "--output", answerFile.path, "--dump-header", headerFile.path, "--write-out", "%{http_code}",
        ]
        for header in headers { arguments += ["--header", header] }
        if let body {
            if !headers.contains(where: { $0.lowercased().hasPrefix("content-type:") }) {
                arguments += ["--header", "Content-Type: application/xml; charset=utf-8"]
            }
            try Data(body.utf8).write(to: bodyFile)
            arguments += ["--data-binary", "@\(bodyFile.path)"]
        }
        arguments.append(url.absoluteString)
        let result = try await runToEnd("curl", arguments)
        guard result.status == 0, let status = Int(result.output.trimmingCharacters(in: .whitespaces)) else {
            throw Failure(
                description: "curl \(method) \(url.absoluteString) failed (status \(result.status)): \(result.error)\n\(logTail())")
        }
        let answer = (try? Data(contentsOf: answerFile)).map { String(decoding: $0, as: UTF8.self) } ?? ""
        let headerText = (try? String(contentsOf: headerFile, encoding: .utf8)) ?? ""
        var fields: [String: String] = [:]
        for line in headerText.split(whereSeparator: \.isNewline) {
            guard let colon = line.firstIndex(of: ":") else { continue }
            fields[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return Reply(status: status, headers: fields, body: answer)
    }

    // MARK: - Private

    /// `text` with XML's five special characters escaped.
    private static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "'", with: "&apos;")
    }
}

extension URL {
    /// `href` (a path, or an absolute URL) resolved against this URL.
    fileprivate func resolvingHref(_ href: String) -> URL {
        URL(string: href, relativeTo: self)?.absoluteURL ?? self
    }
}

/// Reads the cards out of a multistatus answer to an `addressbook-query`: each response's href,
/// `getetag` and `address-data`, skipping responses with no card.
private final class CardListReader: NSObject, XMLParserDelegate {
    private var cards: [XandikosServer.StoredCard] = []
    private var href = ""
    private var etag: String?
    private var text: String?
    private var characters = ""

    static func cards(in data: Data) throws -> [XandikosServer.StoredCard] {
        let parser = XMLParser(data: data)
        parser.shouldProcessNamespaces = true
        let reader = CardListReader()
        parser.delegate = reader
        guard parser.parse() else {
            throw XandikosServer.Failure(
                description: "unreadable multistatus (line \(parser.lineNumber)): \(String(decoding: data, as: UTF8.self))")
        }
        return reader.cards
    }

    func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        characters = ""
        if name == "response" { (href, etag, text) = ("", nil, nil) }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        characters += string
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        switch name {
        case "href" where href.isEmpty: href = characters.trimmingCharacters(in: .whitespacesAndNewlines)
        case "getetag": etag = characters.trimmingCharacters(in: .whitespacesAndNewlines)
        case "address-data": text = characters
        case "response": if let text { cards.append(.init(href: href, etag: etag, text: text)) }
        default: break
        }
    }
}
