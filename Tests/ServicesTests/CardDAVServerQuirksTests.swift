import Foundation
import Models
import Services
import Testing
import TestSupport

/// What CardDAV servers do differently, met by the sync against a real Radicale (and Xandikos
/// where said), with one thing of their traffic changed by a `RecordingHTTPClient` in between:
/// a whole book read in one report, a report answered in parts, two cards of one UID, a card the server rewrites as it stores it, ETags sent
/// bare. After every sync the store holds one person for each card on the server (by UID, less
/// the `urn:uuid:` the program writes before an id that is a UUID), the outbox what is still to
/// send, and the server each card once: the user loses nothing and sees no one twice.
@Suite(.startsProcesses) struct CardDAVServerQuirksTests {
    /// `count` cards, `p000`, `p001`, …: their UIDs and file names sort as their numbers.
    private static func numberedCards(_ count: Int) -> [(uid: String, vcard: String)] {
        (0..<count).map { index in
            let uid = String(format: "p%03d", index)
            return (uid, DAVTestBodies.card(uid, "Person", "Number \(index)", extra: "EMAIL;TYPE=INTERNET:\(uid)@example.com\r\n"))
        }
    }

    // MARK: - One report

    /// A first sync of a book reads it all from one `sync-collection` report that asks for the
    /// cards' text. Radicale sends it, so nothing more is asked. Xandikos 0.4.10 answers
    /// `address-data` with 404 in that report (it sends the text only to `addressbook-multiget`
    /// and `addressbook-query`), so its cards are then read 250 at a time: two multigets for
    /// 300 cards, and no second report.
    @Test(arguments: CardDAVServerKind.both)
    func aFirstSyncReadsTheWholeBookInOneReport(_ kind: CardDAVServerKind) async throws {
        let xandikos = kind == .xandikos
        let fixture = try await CardDAVFixture(kind, cards: Self.numberedCards(300))
        defer { fixture.end() }
        let report = try #require(try await fixture.sync.sync())
        #expect(report.fetchError == nil)
        #expect(report.fetched == 300)
        #expect(report.unreadableCards.isEmpty)

        let exchanges = fixture.client.exchanges
        let listings = exchanges.filter { $0.request.method == .report && $0.request.text.contains("sync-collection") }
        #expect(listings.count == 1)
        #expect(listings.first?.request.text.contains("address-data") == true)
        let multigets = exchanges.filter { $0.request.text.contains("addressbook-multiget") }
        let sentText = listings.first.map { String(decoding: $0.response.body, as: UTF8.self).contains("BEGIN:VCARD") }
        #expect(sentText == !xandikos)
        #expect(multigets.count == (xandikos ? 2 : 0))
        #expect(multigets.map { $0.request.text.components(separatedBy: "<d:href>").count - 1 } == (xandikos ? [250, 50] : []))
        #expect(exchanges.filter { $0.request.method == .report }.count == 1 + multigets.count)
        #expect(try fixture.store.count(matching: "") == 300)
        try await fixture.expectInStep("read in one report")
    }

    // MARK: - A report in parts

    /// The token a `sync-collection` request asks from (its `sync-token` element), nil for
    /// another request.
    private static func askedToken(in request: HTTPRequest) -> String? {
        guard request.method == .report, request.text.contains("sync-collection"),
            let match = request.text.firstMatch(of: #/sync-token>([^<]*)</#)
        else { return nil }
        return String(match.1)
    }

    /// Radicale's answer to a whole-book `sync-collection` given in parts of `size` responses,
    /// as a server that cuts its reply (RFC 6578, section 3.6): the first part to the empty
    /// token, with a 507 for the book and the token `part-2`; the part `n` to `part-n`, the last
    /// with Radicale's own token. Each part is Radicale's answer to the request passed through
    /// (asking from the empty token), its responses sorted by href and cut. With
    /// `repeatingFrom`, the part of that number and those after it hand back the token they
    /// were asked with, as a server that says there is more and never gives it.
    private static func answeringInParts(of size: Int, repeatingFrom repeating: Int? = nil) -> RecordingHTTPClient.Rewrite {
        { request, pass in
            guard let asked = askedToken(in: request) else { return try await pass(request) }
            let part: Int
            if asked.isEmpty {
                part = 1
            } else if asked.hasPrefix("part-"), let number = Int(asked.dropFirst(5)) {
                part = number
            } else {
                return try await pass(request)  // a token of Radicale's own
            }
            var whole = request
            whole.body = Data(request.text.replacing("sync-token>\(asked)<", with: "sync-token><").utf8)
            let answer = try await pass(whole)
            guard answer.status == 207 else { return answer }
            let text = String(decoding: answer.body, as: UTF8.self)
            let responses = text.matches(of: #/<response>.*?</response>/#.dotMatchesNewlines()).map { String($0.output) }
                .sorted { href(in: $0) < href(in: $1) }
            let start = min((part - 1) * size, responses.count)
            let end = min(part * size, responses.count)
            var token = text.firstMatch(of: #/<sync-token>([^<]*)</sync-token>/#).map { String($0.1) } ?? ""
            var cut = ""
            if let repeating, part >= repeating {
                token = asked
                cut = "<response><href>\(request.url.path)</href><status>HTTP/1.1 507 Insufficient Storage</status></response>"
            } else if end < responses.count {
                token = "part-\(part + 1)"
                cut = "<response><href>\(request.url.path)</href><status>HTTP/1.1 507 Insufficient Storage</status></response>"
            }
            let root =
                text.firstMatch(of: #/<multistatus[^>]*[^/]>/#).map { String($0.output) }
                ?? #"<multistatus xmlns="DAV:" xmlns:CR="urn:ietf:params:xml:ns:carddav">"#
            let body =
                "<?xml version='1.0' encoding='utf-8'?>\n\(root)<sync-token>\(token)</sync-token>"
                + responses[start..<end].joined() + cut + "</multistatus>"
            return HTTPResponse(status: 207, body: Data(body.utf8), etag: answer.etag, url: answer.url, location: answer.location)
        }
    }

    /// The href of a response of a multistatus.
    private static func href(in response: String) -> String {
        response.firstMatch(of: #/<href>([^<]*)</href>/#).map { String($0.1) } ?? ""
    }

    /// A server may answer a whole-book report in parts; the sync reads on to the last part, and
    /// the full listing made of the parts removes only the cards really gone: a person kept from
    /// an earlier sync whose card comes in a later part stays.
    @Test func aReportAnsweredInPartsIsReadToTheEnd() async throws {
        let fixture = try await CardDAVFixture(cards: Self.numberedCards(40), rewrite: Self.answeringInParts(of: 15))
        defer { fixture.end() }
        let first = try #require(try await fixture.sync.sync())
        #expect(first.fetchError == nil)
        #expect(first.fetched == 40)
        #expect(fixture.client.requests.compactMap(Self.askedToken(in:)) == ["", "part-2", "part-3"])
        #expect(!fixture.client.requests.contains { $0.text.contains("addressbook-multiget") })  // the parts carried the cards
        #expect(try fixture.keptToken()?.hasPrefix("http://radicale.org/ns/sync/") == true)
        try await fixture.expectInStep("read in three parts")

        // The token forgotten, the book is listed in full again, in parts: p020 comes in the
        // second part and stays; p035, gone from the server, comes in none and goes.
        try fixture.forgetToken()
        let radicale = try #require(fixture.server as? RadicaleServer)
        try FileManager.default.removeItem(at: radicale.bookFolder(CardDAVFixture.book).appendingPathComponent("p035.vcf"))
        fixture.client.forget()
        let second = try #require(try await fixture.sync.sync())
        #expect(second.fetchError == nil)
        #expect(second.removed == 1)
        #expect(fixture.client.requests.compactMap(Self.askedToken(in:)).filter { !$0.hasPrefix("http") } == ["", "part-2", "part-3"])
        #expect(try fixture.store.person(id: "p020") != nil)
        #expect(try fixture.store.person(id: "p035") == nil)
        #expect(try fixture.store.count(matching: "") == 39)
        try await fixture.expectInStep("listed in full again, in parts")
    }

    /// A server that says its answer goes on but hands back the token it was asked with would
    /// have the client ask for ever, or take the first parts for the whole book and remove
    /// everyone else: the sync reports a fetch error instead, and removes nobody.
    @Test func aReportThatSaysThereIsMoreButGivesBackTheSameTokenIsAFetchError() async throws {
        let fixture = try await CardDAVFixture(cards: Self.numberedCards(40))
        defer { fixture.end() }
        _ = try await fixture.sync.sync()
        try await fixture.expectInStep("pulled")

        try fixture.forgetToken()
        fixture.client.rewrite = Self.answeringInParts(of: 15, repeatingFrom: 2)
        let cut = try #require(try await fixture.sync.sync())
        #expect(cut.fetchError == .unreadableAnswer)
        #expect(cut.removed == 0)
        #expect(try fixture.store.count(matching: "") == 40)
        #expect(try fixture.store.person(id: "p039") != nil)
        try await fixture.expectInStep("an answer that never ends")

        // The server mended, the next sync lists the book whole.
        fixture.client.rewrite = nil
        let mended = try #require(try await fixture.sync.sync())
        #expect(mended.fetchError == nil)
        #expect(mended.removed == 0)
        try await fixture.expectInStep("the server mended")
    }

    // MARK: - One UID, two cards

    /// Two cards of one UID, as another client may leave them, are two people, and stay two:
    /// neither is merged into the other, removed or sent back.
    @Test func twoCardsWithOneUIDAreTwoPeopleAndStaySo() async throws {
        let fixture = try await CardDAVFixture(cards: [
            ("twin-a", DAVTestBodies.card("twin", "Ada", "First")),
            ("twin-b", DAVTestBodies.card("twin", "Ada", "Second")),
        ])
        defer { fixture.end() }
        let radicale = try #require(fixture.server as? RadicaleServer)
        let before = ["twin-a", "twin-b"].map { radicale.card(uid: $0, inBook: CardDAVFixture.book) }
        for step in ["pulled", "synced again", "synced a third time"] {
            let report = try #require(try await fixture.sync.sync())
            #expect(report.fetchError == nil, Comment(rawValue: step))
            #expect(report.posted == 0, Comment(rawValue: step))
            #expect(report.removed == 0, Comment(rawValue: step))
            #expect(report.fetched == (step == "pulled" ? 2 : 0), Comment(rawValue: step))
            let people = try fixture.store.people(matching: "", sortedBy: .lastName, offset: 0, limit: 10)
            #expect(people.map(\.lastName) == ["First", "Second"], Comment(rawValue: step))
            #expect(people.contains { $0.id == "twin" }, Comment(rawValue: step))
            #expect(try fixture.store.outboxStatus().pendingCount == 0, Comment(rawValue: step))
            #expect(radicale.cardFileNames(inBook: CardDAVFixture.book) == ["twin-a.vcf", "twin-b.vcf"], Comment(rawValue: step))
            #expect(radicale.cardUIDs(inBook: CardDAVFixture.book) == ["twin", "twin"], Comment(rawValue: step))
        }
        #expect(["twin-a", "twin-b"].map { radicale.card(uid: $0, inBook: CardDAVFixture.book) } == before)
        #expect(!fixture.client.requests.contains { $0.method == .put || $0.method == .delete })
    }

    // MARK: - A card rewritten

    /// A card as Apple's contacts write one, which Radicale 3.9 rewrites as it stores it: `UID`
    /// first, properties in its own order, names and parameter names in capitals
    /// (`item1.X-ABLABEL`, `TYPE=`, `NOTE`).
    private static let rewritten =
        "BEGIN:VCARD\r\nVERSION:3.0\r\nitem1.X-ABLabel:Work\r\n"
        + "item1.EMAIL;type=INTERNET:ada@example.com\r\nFN:Ada Lovelace\r\nN:Lovelace;Ada;;;\r\n"
        + "note:the first programmer\r\nTEL;type=cell:+44 20 7946 0000\r\nUID:rewritten\r\nEND:VCARD\r\n"

    /// A card the server stores in a form of its own keeps the ETag the server gave for that
    /// form: later syncs read nothing, and the person stays as entered.
    @Test func aCardTheServerRewritesDoesNotLookChangedAtEverySync() async throws {
        let fixture = try await CardDAVFixture()
        defer { fixture.end() }
        let ada = try #require(VCard.people(from: Self.rewritten).people.first)
        try fixture.store.add([ada], cards: [ada.id: Self.rewritten])
        let first = try #require(try await fixture.sync.sync())
        #expect(first.posted == 1)
        #expect(first.postError == nil)
        let radicale = try #require(fixture.server as? RadicaleServer)
        let stored = try #require(radicale.card(uid: "rewritten", inBook: CardDAVFixture.book))
        #expect(stored.contains("item1.X-ABLABEL:Work"))  // Radicale did rewrite it
        #expect(stored.hasPrefix("BEGIN:VCARD\r\nVERSION:3.0\r\nUID:rewritten\r\n"))
        let kept = try #require(try fixture.store.person(id: ada.id))
        try await fixture.expectInStep("sent")

        let second = try #require(try await fixture.sync.sync())
        #expect(second.fetchError == nil)
        #expect(second.posted == 0)
        try await fixture.expectInStep("synced again")
        let third = try #require(try await fixture.sync.sync())
        #expect(third.fetchError == nil)
        #expect(third.fetched == 0)
        #expect(third.posted == 0)
        #expect(try fixture.store.person(id: ada.id) == kept)
        #expect(try fixture.store.person(id: ada.id) == ada)
        #expect(radicale.card(uid: "rewritten", inBook: CardDAVFixture.book) == stored)
        try await fixture.expectInStep("synced a third time")
    }

    // MARK: - Bare ETags

    /// Takes the quotes off every ETag in the server's answers: the `ETag` header and each
    /// `getetag` of a multistatus, as a server that sends them bare.
    private static let strippingETagQuotes: RecordingHTTPClient.Rewrite = { request, pass in
        let answer = try await pass(request)
        let text = String(decoding: answer.body, as: UTF8.self)
        let body = text.replacing(#/<getetag>"([^"<]*)"</getetag>/#) { "<getetag>\($0.1)</getetag>" }
        let etag = answer.etag.map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "\"")) }
        return HTTPResponse(
            status: answer.status, body: body == text ? answer.body : Data(body.utf8), etag: etag,
            url: answer.url, location: answer.location)
    }

    /// A server that sends its ETags bare (`abc`, not `"abc"`) is read as if it had quoted them:
    /// the same version from a listing and from a `PUT`'s answer is the same, so nothing reads
    /// as changed, and an edit is sent with `If-Match` quoted, as HTTP writes it.
    @Test func bareETagsAreKeptQuoted() async throws {
        let fixture = try await CardDAVFixture(
            cards: [("ada", DAVTestBodies.card("ada", "Ada", "Lovelace")), ("grace", DAVTestBodies.card("grace", "Grace", "Hopper"))],
            rewrite: Self.strippingETagQuotes)
        defer { fixture.end() }
        let first = try #require(try await fixture.sync.sync())
        #expect(first.fetchError == nil)
        #expect(first.fetched == 2)
        #expect(
            fixture.client.exchanges.contains {
                $0.response.status == 207 && String(decoding: $0.response.body, as: UTF8.self).contains("<getetag>")
                    && !String(decoding: $0.response.body, as: UTF8.self).contains("<getetag>\"")
            })
        #expect(try fixture.keptETags().values.allSatisfy { $0?.hasPrefix("\"") == true && $0?.hasSuffix("\"") == true })
        try await fixture.expectInStep("pulled")

        let second = try #require(try await fixture.sync.sync())
        #expect(second.fetchError == nil)
        #expect(second.fetched == 0)
        try await fixture.expectInStep("synced again")

        var ada = try #require(try fixture.store.person(id: "ada"))
        ada.firstName = "Augusta Ada"
        try fixture.store.update(ada, at: Date())
        let known = try #require(try fixture.keptETags().first { $0.key.hasSuffix("/ada.vcf") }?.value)
        fixture.client.forget()
        let edit = try #require(try await fixture.sync.sync())
        #expect(edit.posted == 1)
        #expect(edit.postError == nil)
        #expect(edit.conflicts == 0)
        let put = try #require(fixture.client.exchanges.first { $0.request.method == .put })
        #expect(put.request.headers["If-Match"] == known)
        #expect(put.request.headers["If-Match"]?.hasPrefix("\"") == true && put.request.headers["If-Match"]?.hasSuffix("\"") == true)
        #expect((200..<300).contains(put.response.status))
        #expect(put.response.etag?.hasPrefix("\"") == false)  // the server's answer, bare
        let radicale = try #require(fixture.server as? RadicaleServer)
        #expect(radicale.card(uid: "ada", inBook: CardDAVFixture.book)?.contains("Augusta Ada") == true)
        try await fixture.expectInStep("edited here")

        let third = try #require(try await fixture.sync.sync())
        #expect(third.fetchError == nil)
        #expect(third.fetched == 0)
        #expect(third.posted == 0)
        #expect(try fixture.store.person(id: "ada")?.firstName == "Augusta Ada")
        try await fixture.expectInStep("synced a third time")
    }
}
