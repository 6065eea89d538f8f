import Foundation
import Testing
@testable import TestSupport

/// The CardDAV test server (`RadicaleServer`, a real Radicale on loopback) does what the CardDAV
/// client's tests count on, asked with the `curl` command: seeded cards are served, a PUT reaches
/// the disk, a wrong password and a stale ETag are refused, HTTPS needs its certificate; and how
/// Radicale answers discovery, `sync-collection` and `addressbook-multiget`, which the client
/// follows. Each test starts its own server, so they run in parallel.
@Suite(.startsProcesses) struct RadicaleServerTests {
    @Test func aBookWithThreeSeededCardsListsThemInAPropfind() async throws {
        let server = try await RadicaleServer.start()
        defer { server.stop() }
        let book = try server.makeAddressBook(named: "contacts", displayName: "Contacts")
        try server.seed(
            cards: (1...3).map { (uid: "card-\($0)", vcard: DAVTestBodies.vcard(uid: "card-\($0)", name: "Person \($0)")) },
            inBook: "contacts")

        let reply = try await Self.curl(
            server, "PROPFIND", book, headers: ["Depth: 1"], body: DAVTestBodies.propfind("<d:getetag/><d:displayname/>"))
        #expect(reply.status == 207)
        #expect(
            Self.hrefs(in: reply.body).filter { $0.hasSuffix(".vcf") }.sorted()
                == ["/ada/contacts/card-1.vcf", "/ada/contacts/card-2.vcf", "/ada/contacts/card-3.vcf"])
        #expect(reply.body.contains("<displayname>Contacts</displayname>"))
        // ETags are quoted SHA-256 digests of the card.
        #expect(reply.body.firstMatch(of: /<getetag>"[0-9a-f]{64}"<\/getetag>/) != nil)
        #expect(server.cardUIDs(inBook: "contacts") == ["card-1", "card-2", "card-3"])
    }

    @Test func aPutOfANewCardIsCreatedOnDiskAndAStaleETagIsRefused() async throws {
        let server = try await RadicaleServer.start()
        defer { server.stop() }
        let book = try server.makeAddressBook(named: "contacts")
        let card = book.appendingPathComponent("new-1.vcf")

        let created = try await Self.curl(
            server, "PUT", card, headers: ["If-None-Match: *", "Content-Type: text/vcard; charset=utf-8"],
            body: DAVTestBodies.vcard(uid: "new-1", name: "New One"))
        #expect(created.status == 201)
        let etag = try #require(created.header("ETag"))
        #expect(etag.wholeMatch(of: /"[0-9a-f]{64}"/) != nil)
        #expect(server.card(uid: "new-1", inBook: "contacts")?.contains("FN:New One") == true)
        #expect(server.cardUIDs(inBook: "contacts") == ["new-1"])

        // Creating it again, or changing it against an ETag it no longer has: 412.
        let again = try await Self.curl(
            server, "PUT", card, headers: ["If-None-Match: *", "Content-Type: text/vcard"],
            body: DAVTestBodies.vcard(uid: "new-1", name: "New Again"))
        #expect(again.status == 412)
        let stale = try await Self.curl(
            server, "PUT", card, headers: ["If-Match: \"0123\"", "Content-Type: text/vcard"],
            body: DAVTestBodies.vcard(uid: "new-1", name: "New Stale"))
        #expect(stale.status == 412)
        let staleDelete = try await Self.curl(server, "DELETE", card, headers: ["If-Match: \"0123\""])
        #expect(staleDelete.status == 412)
        #expect(server.card(uid: "new-1", inBook: "contacts")?.contains("FN:New One") == true)

        // With the ETag it has: changed, and a new ETag.
        let changed = try await Self.curl(
            server, "PUT", card, headers: ["If-Match: \(etag)", "Content-Type: text/vcard"],
            body: DAVTestBodies.vcard(uid: "new-1", name: "New Two"))
        #expect(changed.status == 204)
        #expect(changed.header("ETag") != etag)
        #expect(server.card(uid: "new-1", inBook: "contacts")?.contains("FN:New Two") == true)
    }

    @Test func aWrongPasswordIsAnswered401() async throws {
        let server = try await RadicaleServer.start()
        defer { server.stop() }
        let book = try server.makeAddressBook(named: "contacts")

        let reply = try await Self.curl(
            server, "PROPFIND", book, headers: ["Depth: 0"], body: DAVTestBodies.propfind("<d:getetag/>"),
            password: "wrong horse")
        #expect(reply.status == 401)
        #expect(reply.header("WWW-Authenticate")?.hasPrefix("Basic") == true)
    }

    @Test func httpsWorksWithItsCertificateAndFailsWithout() async throws {
        let server = try await RadicaleServer.start(https: true)
        defer { server.stop() }
        let book = try server.makeAddressBook(named: "contacts")
        #expect(server.baseURL.scheme == "https")
        let caFile = try #require(server.caFile)

        let trusted = try await Self.curl(
            server, "PROPFIND", book, headers: ["Depth: 0"], body: DAVTestBodies.propfind("<d:getetag/>"),
            extra: ["--cacert", caFile])
        #expect(trusted.status == 207)
        let untrusted = try await Self.curl(server, "PROPFIND", book, headers: ["Depth: 0"], body: DAVTestBodies.propfind("<d:getetag/>"))
        #expect(untrusted.curlStatus == 60)  // curl: the peer's certificate could not be verified
    }

    @Test func discoveryGoesFromTheWellKnownAddressToTheUsersHome() async throws {
        let server = try await RadicaleServer.start()
        defer { server.stop() }
        try server.makeAddressBook(named: "contacts", displayName: "Contacts")

        // /.well-known/carddav: 301 to the root, with or without credentials.
        let wellKnown = try await Self.curl(server, "GET", server.baseURL.appendingPathComponent(".well-known/carddav"))
        #expect(wellKnown.status == 301)
        #expect(wellKnown.header("Location") == "/")
        let wellKnownPropfind = try await Self.curl(
            server, "PROPFIND", server.baseURL.appendingPathComponent(".well-known/carddav"),
            headers: ["Depth: 0"], body: DAVTestBodies.propfind("<d:current-user-principal/>"))
        #expect(wellKnownPropfind.status == 301)

        // The root names the user's principal; the principal is its own address-book home.
        let root = try await Self.curl(
            server, "PROPFIND", server.baseURL, headers: ["Depth: 0"],
            body: DAVTestBodies.propfind("<d:current-user-principal/>"))
        #expect(root.status == 207)
        #expect(root.body.contains("<current-user-principal><href>/ada/</href></current-user-principal>"))
        let principal = server.baseURL.appendingPathComponent("ada/")
        let home = try await Self.curl(
            server, "PROPFIND", principal, headers: ["Depth: 0"],
            body: DAVTestBodies.propfind("<c:addressbook-home-set/>"))
        #expect(home.status == 207)
        #expect(home.body.contains("<CR:addressbook-home-set><href>/ada/</href></CR:addressbook-home-set>"))

        // Depth 1 on the home lists the book, typed as an address book, with its sync token.
        let books = try await Self.curl(
            server, "PROPFIND", principal, headers: ["Depth: 1"],
            body: DAVTestBodies.propfind("<d:resourcetype/><d:displayname/><d:sync-token/>"))
        #expect(books.status == 207)
        #expect(Self.hrefs(in: books.body) == ["/ada/", "/ada/contacts/"])
        #expect(books.body.contains("<resourcetype><CR:addressbook /><collection /></resourcetype>"))
        #expect(books.body.contains("<sync-token>http://radicale.org/ns/sync/"))
    }

    @Test func syncCollectionGivesChangesSinceAToken() async throws {
        let server = try await RadicaleServer.start()
        defer { server.stop() }
        let book = try server.makeAddressBook(named: "contacts")
        try server.seed(
            cards: [
                (uid: "a", vcard: DAVTestBodies.vcard(uid: "a", name: "A")), (uid: "b", vcard: DAVTestBodies.vcard(uid: "b", name: "B")),
            ],
            inBook: "contacts")

        let first = try await Self.curl(server, "REPORT", book, headers: ["Depth: 1"], body: DAVTestBodies.syncCollection(token: ""))
        #expect(first.status == 207)
        #expect(Self.hrefs(in: first.body).sorted() == ["/ada/contacts/a.vcf", "/ada/contacts/b.vcf"])
        let token = try #require(Self.syncToken(in: first.body))
        #expect(token.hasPrefix("http://radicale.org/ns/sync/"))

        // A card seeded on disk while Radicale runs, and one deleted over HTTP, are the changes.
        try server.seed(cards: [(uid: "c", vcard: DAVTestBodies.vcard(uid: "c", name: "C"))], inBook: "contacts")
        let deleted = try await Self.curl(server, "DELETE", book.appendingPathComponent("a.vcf"))
        #expect(deleted.status == 200)
        let second = try await Self.curl(server, "REPORT", book, headers: ["Depth: 1"], body: DAVTestBodies.syncCollection(token: token))
        #expect(second.status == 207)
        #expect(Self.hrefs(in: second.body).sorted() == ["/ada/contacts/a.vcf", "/ada/contacts/c.vcf"])
        #expect(second.body.contains("<response><href>/ada/contacts/a.vcf</href><status>HTTP/1.1 404 Not Found</status></response>"))
        #expect(try #require(Self.syncToken(in: second.body)) != token)

        // A token it never gave: 403 with the DAV:valid-sync-token precondition.
        let invalid = try await Self.curl(
            server, "REPORT", book, headers: ["Depth: 1"],
            body: DAVTestBodies.syncCollection(token: "http://radicale.org/ns/sync/0000"))
        #expect(invalid.status == 403)
        #expect(invalid.body.contains("<error xmlns=\"DAV:\"><valid-sync-token /></error>"))
    }

    @Test func addressbookMultigetReturnsTheCardsAnd404ForMissingOnes() async throws {
        let server = try await RadicaleServer.start()
        defer { server.stop() }
        let book = try server.makeAddressBook(named: "contacts")
        try server.seed(cards: [(uid: "a", vcard: DAVTestBodies.vcard(uid: "a", name: "Ada Lovelace"))], inBook: "contacts")

        let body = """
            <?xml version="1.0" encoding="utf-8"?>
            <c:addressbook-multiget xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:carddav">
            <d:prop><d:getetag/><c:address-data/></d:prop>
            <d:href>/ada/contacts/a.vcf</d:href><d:href>/ada/contacts/missing.vcf</d:href>
            </c:addressbook-multiget>
            """
        let reply = try await Self.curl(server, "REPORT", book, headers: ["Depth: 1"], body: body)
        #expect(reply.status == 207)
        #expect(reply.body.contains("<CR:address-data>BEGIN:VCARD"))
        #expect(reply.body.contains("FN:Ada Lovelace"))
        #expect(reply.body.contains("<response><href>/ada/contacts/missing.vcf</href><status>HTTP/1.1 404 Not Found</status></response>"))
    }

    @Test func stopEndsTheServerAndRemovesItsFolder() async throws {
        let server = try await RadicaleServer.start()
        let folder = server.folder
        #expect(FileManager.default.fileExists(atPath: folder.path))
        server.stop()
        server.stop()
        #expect(!FileManager.default.fileExists(atPath: folder.path))
        let reply = try await Self.curl(server, "GET", server.baseURL)
        #expect(reply.curlStatus == 7)  // curl: could not connect
    }

    @Test func serversStartedTogetherAreIndependent() async throws {
        async let first = RadicaleServer.start()
        async let second = RadicaleServer.start(user: "grace", password: "hopper")
        let (one, two) = try await (first, second)
        defer { one.stop(); two.stop() }
        #expect(one.port != two.port)
        #expect(one.storageFolder != two.storageFolder)
        let book = try two.makeAddressBook(named: "work")
        #expect(book.absoluteString == "\(two.baseURL.absoluteString)grace/work/")
        let reply = try await Self.curl(two, "PROPFIND", book, headers: ["Depth: 0"], body: DAVTestBodies.propfind("<d:getetag/>"))
        #expect(reply.status == 207)
    }

    /// Two servers given the same free port: the one that binds it second answers through the
    /// first until it exits with "address already in use", and is not taken for started then
    /// (its test would talk to the other server, and lose it when that one stops).
    @Test func aServerWhosePortAnotherHoldsIsNotReadyThroughTheOther() async throws {
        let holder = try await RadicaleServer.start()
        defer { holder.stop() }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mvvm-tui-taken-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let late = try LoopbackServerProcess.launch(
            module: "http.server", arguments: ["--bind", "127.0.0.1", String(holder.port)],
            port: holder.port, folder: folder,
            logFile: folder.appendingPathComponent("server.log"),
            failing: RadicaleServer.Failure.init)
        defer { late.stop() }
        switch await late.waitUntilAnswering(name: "http.server", within: .seconds(10)) {
        case .exited(let message): #expect(message.contains("in use"))
        case .answering: Issue.record("taken for started through Radicale's port \(holder.port)")
        case .silent(let message): Issue.record("\(message)")
        }
    }

    // MARK: - Helpers

    /// What curl brought back: its exit status, and the HTTP status, headers and body when it got an answer.
    struct Reply {
        let curlStatus: Int32
        let status: Int
        let headers: [String]
        let body: String

        func header(_ name: String) -> String? {
            headers.lazy.compactMap { line -> String? in
                guard let colon = line.firstIndex(of: ":"),
                    line[..<colon].caseInsensitiveCompare(name) == .orderedSame
                else { return nil }
                return line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            }.first
        }
    }

    /// Runs `curl -X method url` as the server's user (or with `password`), reading its reply.
    static func curl(
        _ server: RadicaleServer, _ method: String, _ url: URL, headers: [String] = [], body: String? = nil,
        password: String? = nil, extra: [String] = []
    ) async throws -> Reply {
        var arguments = [
            "-sS", "--max-time", "20", "-i", "-X", method, "-u", "\(server.user):\(password ?? server.password)",
            "-H", "Expect:",
        ]
        for header in headers { arguments += ["-H", header] }
        if let body {
            // XML unless `headers` say otherwise.
            if !headers.contains(where: { $0.lowercased().hasPrefix("content-type:") }) {
                arguments += ["-H", "Content-Type: application/xml; charset=utf-8"]
            }
            arguments += ["--data-binary", body]
        }
        arguments += extra + ["-w", "\n%{http_code}", url.absoluteString]
        let result = try await runToEnd("curl", arguments)
        var text = result.output
        let codeStart = text.lastIndex(of: "\n") ?? text.startIndex
        let status = Int(text[codeStart...].trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
        text = String(text[..<codeStart])
        let parts = text.components(separatedBy: "\r\n\r\n")
        let head = parts.first ?? ""
        let rest = parts.dropFirst().joined(separator: "\r\n\r\n")
        return Reply(
            curlStatus: result.status, status: status,
            headers: head.components(separatedBy: "\r\n").dropFirst().map { $0 }, body: rest)
    }

    /// The `<href>`s of a multistatus' responses, in order.
    static func hrefs(in body: String) -> [String] {
        body.matches(of: /<response><href>([^<]*)<\/href>/).map { String($0.1) }
    }

    static func syncToken(in body: String) -> String? {
        body.firstMatch(of: /<sync-token>([^<]*)<\/sync-token>/).map { String($0.1) }
    }
}
