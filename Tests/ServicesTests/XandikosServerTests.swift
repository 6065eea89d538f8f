import Foundation
import Testing
import TestSupport

/// The second CardDAV test server (`XandikosServer`, a real Xandikos 0.4.10 on loopback) does
/// what the CardDAV client's tests count on, and answers as its doc comment says: the layout a
/// client finds by discovery, ETags that are git blob ids, sync tokens that are the book's git
/// tree id (so they come back), a 412 for a token it never gave, no Location on a PUT, no
/// password asked, a second card with a UID taken. Each test starts its own server, one at a
/// time, as `CardDAVXandikosTests` does (Xandikos takes a second of CPU to start).
@Suite(.serialized, .startsProcesses) struct XandikosServerTests {
    @Test func discoveryGoesFromTheRootToThePrincipalsHomeAndItsBooks() async throws {
        let server = try await XandikosServer.start()
        defer { server.stop() }
        try await server.makeAddressBook(named: "contacts", displayName: "Contacts")

        // /.well-known/carddav: 302 to the root.
        let wellKnown = try await server.send(
            "PROPFIND", to: server.baseURL.appendingPathComponent(".well-known/carddav"),
            headers: ["Depth: 0"], body: DAVTestBodies.propfind("<d:current-user-principal/>"))
        #expect(wellKnown.status == 302)
        #expect(wellKnown.header("Location") == "/")

        // The root names the principal; the principal names its home, /ada/contacts/.
        let root = try await server.send(
            "PROPFIND", to: server.baseURL, headers: ["Depth: 0"],
            body: DAVTestBodies.propfind("<d:current-user-principal/>"))
        #expect(root.status == 207)
        #expect(root.body.contains("<ns0:current-user-principal><ns0:href>/ada/</ns0:href></ns0:current-user-principal>"))
        let principal = try await server.send(
            "PROPFIND", to: server.principalURL, headers: ["Depth: 0"],
            body: DAVTestBodies.propfind("<c:addressbook-home-set/>"))
        #expect(principal.body.contains("<ns1:addressbook-home-set><ns0:href>/ada/contacts/</ns0:href></ns1:addressbook-home-set>"))

        // Depth 1 on the home: the book --defaults made and the one made here, both offering sync-collection.
        let books = try await server.send(
            "PROPFIND", to: server.addressBookHomeURL, headers: ["Depth: 1"],
            body: DAVTestBodies.propfind("<d:resourcetype/><d:displayname/><d:supported-report-set/>"))
        #expect(books.status == 207)
        #expect(Self.hrefs(in: books.body).sorted() == ["/ada/contacts/", "/ada/contacts/addressbook/", "/ada/contacts/contacts/"])
        #expect(books.body.contains("<ns0:displayname>Contacts</ns0:displayname>"))
        #expect(books.body.contains("<ns0:resourcetype><ns0:collection /><ns1:addressbook /></ns0:resourcetype>"))
        #expect(books.body.contains("<ns0:sync-collection />"))
        #expect(server.bookURL("contacts").path == "/ada/contacts/contacts")
    }

    @Test func aPutIsAnsweredWithTheBlobIdAsETagAndNoLocationAndAStaleETagIsRefused() async throws {
        let server = try await XandikosServer.start()
        defer { server.stop() }
        let card = server.bookURL(XandikosServer.defaultBook).appendingPathComponent("new-1.vcf")
        let text = DAVTestBodies.vcard(uid: "new-1", name: "New One")

        let created = try await server.send("PUT", to: card, headers: ["If-None-Match: *", "Content-Type: text/vcard"], body: text)
        #expect(created.status == 201)
        #expect(created.header("Location") == nil)
        let etag = try #require(created.header("ETag"))
        #expect(etag == "\"\(try await Self.gitBlobID(of: text))\"")
        // Served byte for byte, CR LF kept.
        #expect(try await server.card(uid: "new-1", inBook: XandikosServer.defaultBook) == text)

        let again = try await server.send("PUT", to: card, headers: ["If-None-Match: *", "Content-Type: text/vcard"], body: text)
        #expect(again.status == 412)
        let stale = try await server.send(
            "PUT", to: card, headers: ["If-Match: \"0123\"", "Content-Type: text/vcard"],
            body: DAVTestBodies.vcard(uid: "new-1", name: "New Stale"))
        #expect(stale.status == 412)
        let staleDelete = try await server.send("DELETE", to: card, headers: ["If-Match: \"0123\""])
        #expect(staleDelete.status == 412)

        let changed = try await server.send(
            "PUT", to: card, headers: ["If-Match: \(etag)", "Content-Type: text/vcard"],
            body: DAVTestBodies.vcard(uid: "new-1", name: "New Two"))
        #expect(changed.status == 204)
        #expect(changed.header("ETag") != nil && changed.header("ETag") != etag)

        // A second card with the same UID under another name is taken too.
        let twin = try await server.send(
            "PUT", to: card.deletingLastPathComponent().appendingPathComponent("twin.vcf"),
            headers: ["Content-Type: text/vcard"], body: text)
        #expect(twin.status == 201)
        #expect(try await server.cardUIDs(inBook: XandikosServer.defaultBook) == ["new-1", "new-1"])
    }

    @Test func theSyncTokenIsTheBooksTreeAndComesBackWhenACardGoes() async throws {
        let server = try await XandikosServer.start()
        defer { server.stop() }
        let book = try await server.makeAddressBook(named: "contacts")
        try await server.seed(cards: [(uid: "a", vcard: DAVTestBodies.vcard(uid: "a", name: "A"))], inBook: "contacts")

        let first = try await server.send("REPORT", to: book, body: DAVTestBodies.syncCollection(token: ""))
        #expect(first.status == 207)
        #expect(Self.hrefs(in: first.body) == ["/ada/contacts/contacts/a.vcf"])
        let token = try #require(Self.syncToken(in: first.body))
        #expect(token.wholeMatch(of: /[0-9a-f]{40}/) != nil)  // bare, no URI scheme

        try await server.seed(cards: [(uid: "b", vcard: DAVTestBodies.vcard(uid: "b", name: "B"))], inBook: "contacts")
        let added = try await server.send("REPORT", to: book, body: DAVTestBodies.syncCollection(token: token))
        #expect(Self.hrefs(in: added.body) == ["/ada/contacts/contacts/b.vcf"])
        let withB = try #require(Self.syncToken(in: added.body))
        #expect(withB != token)

        // Removed: the token is the one before it came, and a removal is a response with a 404 of its own.
        try await server.remove(uid: "b", inBook: "contacts")
        let removed = try await server.send("REPORT", to: book, body: DAVTestBodies.syncCollection(token: withB))
        #expect(
            removed.body.contains(
                "<ns0:response><ns0:href>/ada/contacts/contacts/b.vcf</ns0:href><ns0:status>HTTP/1.1 404 Not Found</ns0:status></ns0:response>"
            ))
        #expect(Self.syncToken(in: removed.body) == token)

        // A token it never gave: 412 with the DAV:valid-sync-token precondition.
        let invalid = try await server.send(
            "REPORT", to: book,
            body: DAVTestBodies.syncCollection(token: String(repeating: "f", count: 40)))
        #expect(invalid.status == 412)
        #expect(invalid.body.contains("<ns0:valid-sync-token />"))
    }

    @Test func noPasswordIsAsked() async throws {
        let server = try await XandikosServer.start()
        defer { server.stop() }
        let result = try await runToEnd(
            "curl",
            [
                "-sS", "-o", "/dev/null", "-w", "%{http_code}", "-u", "ada:wrong horse",
                "-X", "PROPFIND", "-H", "Depth: 0", server.principalURL.absoluteString,
            ])
        #expect(result.output == "207")
    }

    @Test func stopEndsTheServerAndRemovesItsFolder() async throws {
        let server = try await XandikosServer.start()
        let folder = server.folder
        #expect(FileManager.default.fileExists(atPath: folder.path))
        server.stop()
        server.stop()
        #expect(!FileManager.default.fileExists(atPath: folder.path))
        let result = try await runToEnd("curl", ["-sS", "--max-time", "5", server.baseURL.absoluteString])
        #expect(result.status == 7)  // curl: could not connect
    }

    @Test func serversStartedTogetherAreIndependent() async throws {
        async let first = XandikosServer.start()
        async let second = XandikosServer.start(user: "grace", password: "hopper")
        let (one, two) = try await (first, second)
        defer { one.stop(); two.stop() }
        #expect(one.port != two.port)
        #expect(one.folder != two.folder)
        let book = try await two.makeAddressBook(named: "work")
        #expect(book.absoluteString == "\(two.baseURL.absoluteString)grace/contacts/work/")
        try await two.seed(cards: [(uid: "g", vcard: DAVTestBodies.vcard(uid: "g", name: "G"))], inBook: "work")
        #expect(try await two.cardUIDs(inBook: "work") == ["g"])
        #expect(try await one.cardUIDs(inBook: XandikosServer.defaultBook).isEmpty)
    }

    // MARK: - Helpers

    /// The `href`s of a multistatus' responses, in order (Xandikos prefixes DAV: with `ns0`).
    static func hrefs(in body: String) -> [String] {
        body.matches(of: /<ns0:response><ns0:href>([^<]*)<\/ns0:href>/).map { String($0.1) }
    }

    static func syncToken(in body: String) -> String? {
        body.firstMatch(of: /<ns0:sync-token>([^<]*)<\/ns0:sync-token>/).map { String($0.1) }
    }

    /// The id git gives `text` as a blob: SHA-1 of "blob <length>\0" and the text, by Python.
    static func gitBlobID(of text: String) async throws -> String {
        let script = "import hashlib,sys; d=sys.argv[1].encode(); print(hashlib.sha1(b'blob %d\\0' % len(d) + d).hexdigest())"
        return try await runToEnd("python3", ["-c", script, text]).output.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
