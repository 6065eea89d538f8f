import Foundation
import Models
import Services
import Testing
import TestSupport

/// What the CardDAV client and a sync do when Radicale is down, hangs, refuses the password, has
/// forgotten the sync token, holds cards too large to read together or a card with no name: the
/// kept people stay, the report or the error says why (a wrong password names the account), and
/// nothing on the server is touched.
@Suite(.startsProcesses) struct CardDAVRadicaleFailureTests {
    /// Radicale with a book "contacts" holding `cards`, and a store in a new SQLite file synced
    /// with it through an API that counts its requests. `end()` stops Radicale and removes the file.
    private struct Fixture {
        let server: RadicaleServer
        let database: AppDatabase
        let store: SQLitePeopleStore
        let client: RecordingHTTPClient
        let path: String

        init(cards: [(uid: String, vcard: String)] = []) async throws {
            server = try await RadicaleServer.start()
            try server.makeAddressBook(named: "contacts")
            try server.seed(cards: cards, inBook: "contacts")
            path = FileManager.default.temporaryDirectory.appendingPathComponent("carddav-\(UUID().uuidString).sqlite").path
            database = try AppDatabase(path: path)
            store = SQLitePeopleStore(database: database)
            client = RecordingHTTPClient()
        }

        func sync(password: String? = nil, timeout: Duration = .seconds(10)) throws -> PeopleSync {
            let api = try CardDAVPeopleAPI(
                server: server.bookURL("contacts"),
                credentials: HTTPCredentials(user: server.user, password: password ?? server.password),
                client: client, timeout: timeout)
            return PeopleSync(store: store, api: api, queue: InlineQueue())
        }

        /// A sync of the store with the book through a `FaultProxy` in front of Radicale, passing
        /// every request until told otherwise; the caller stops the proxy.
        func syncThroughProxy() async throws -> (FaultProxy, PeopleSync) {
            let proxy = try await FaultProxy.start(in: server.baseURL)
            let api = try CardDAVPeopleAPI(
                server: proxy.url(for: server.bookURL("contacts")),
                credentials: HTTPCredentials(user: server.user, password: server.password))
            return (proxy, PeopleSync(store: store, api: api, queue: InlineQueue()))
        }

        func end() {
            server.stop()
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        }
    }

    private static let ada = DAVTestBodies.card("ada", "Ada", "Lovelace")
    private static let grace = DAVTestBodies.card("grace", "Grace", "Hopper")

    @Test func aServerThatIsDownLeavesThePeopleKeptAndSaysItCouldNotBeReached() async throws {
        let fixture = try await Fixture(cards: [("ada", Self.ada), ("grace", Self.grace)])
        defer { fixture.end() }
        let server = fixture.server
        let sync = try fixture.sync()
        _ = try await sync.sync()

        server.stop()
        try fixture.store.add(Person(id: "alan", firstName: "Alan", lastName: "Turing"))
        let report = try #require(try await sync.sync())
        #expect(report.fetchError?.isUnreachable == true)
        #expect(report.fetchError?.message.contains("could not be reached") == true)
        #expect(try fixture.store.count(matching: "") == 3)
        #expect(try fixture.store.outboxStatus().pendingCount == 1)
    }

    /// An answer cut mid-way (through `FaultProxy`) is said as what it is, not as no network, and
    /// is a network failure all the same: the send stops, and a retry is armed.
    @Test(arguments: [0, 1])
    func anAnswerCutMidwayIsSaidAsCut(request: Int) async throws {
        let fixture = try await Fixture(cards: [("ada", DAVTestBodies.card("ada", "Ada", "Lovelace"))])
        defer { fixture.end() }
        let (proxy, sync) = try await fixture.syncThroughProxy()
        defer { proxy.stop() }
        try proxy.fail(Array(repeating: .pass, count: request) + [.cut])
        try fixture.store.add(Person(id: "alan", firstName: "Alan", lastName: "Turing"))
        let report = try #require(try await sync.sync())
        #expect(report.fetchError == .connectionCut)
        #expect(report.fetchError?.message == "the connection to the people server broke before its answer ended")
        #expect(report.fetchError?.isNetworkFailure == true)
        #expect(report.posted == 1, "the send after the failed pull goes")
        #expect(proxy.faultsLeft == 0)
    }

    /// A new card that meets a card of its name (412) is linked when that card reads as the very
    /// person sent; when it cannot be read (a 503 through `FaultProxy`), the add fails with that
    /// failure, not as a card changed on the server, and the next send links it.
    @Test func aCreateWhoseCardThereCannotBeReadSaysWhyAndIsLinkedNextTime() async throws {
        let fixture = try await Fixture(cards: [("alan", DAVTestBodies.card("alan", "Alan", "Turing"))])
        defer { fixture.end() }
        let (proxy, sync) = try await fixture.syncThroughProxy()
        defer { proxy.stop() }
        try fixture.store.add(Person(id: "alan", firstName: "Alan", lastName: "Turing"))
        // The book's PROPFIND, the PUT (412), then the read of the card there.
        try proxy.fail([.pass, .pass, .unavailable])
        let refused = try #require(try await sync.postPending())
        #expect(refused.postError == .serverError(status: 503))
        #expect(proxy.faultsLeft == 0)
        let next = try #require(try await sync.postPending())
        #expect(next.posted == 1)
        #expect(next.postError == nil)
        #expect(fixture.server.cardUIDs(inBook: "contacts") == ["alan"])
    }

    /// An edit of a card removed on the server, sent when the pull failed (a 503 through
    /// `FaultProxy`), meets Radicale's 412 to an If-Match on a card it no longer has: the card
    /// there is asked for, none is found, and the edit is sent again as a new card, as after a 404.
    @Test func anEditOfACardRemovedThereIsSentAsNewThoughTheServerAnswers412() async throws {
        let fixture = try await Fixture(cards: [("alan", DAVTestBodies.card("alan", "Alan", "Turing"))])
        defer { fixture.end() }
        let (proxy, sync) = try await fixture.syncThroughProxy()
        defer { proxy.stop() }
        _ = try await sync.sync()
        try FileManager.default.removeItem(at: fixture.server.bookFolder("contacts").appendingPathComponent("alan.vcf"))
        var alan = try #require(try fixture.store.person(id: "alan"))
        alan.firstName = "Alan M."
        try fixture.store.update(alan, at: Date())
        try proxy.fail([.unavailable])  // the report: the book was found by the first sync

        let report = try #require(try await sync.sync())
        #expect(report.fetchError == .serverError(status: 503))
        #expect(report.posted == 1)
        #expect(report.postError == nil)
        #expect(fixture.server.card(uid: "alan", inBook: "contacts")?.contains("FN:Alan M. Turing") == true)
        #expect(try fixture.store.outboxStatus().pendingCount == 0)
    }

    @Test func aServerThatHangsTimesOutAndTheOutboxWaits() async throws {
        let fixture = try await Fixture()
        defer { fixture.end() }
        let server = fixture.server
        try fixture.store.add([
            Person(id: "alan", firstName: "Alan", lastName: "Turing"),
            Person(id: "joan", firstName: "Joan", lastName: "Clarke"),
        ])
        server.pause()
        defer { server.resume() }
        let report = try #require(try await fixture.sync(timeout: .seconds(1)).sync())
        #expect(report.fetchError == .timedOut)
        #expect(report.postError == .timedOut)
        #expect(report.failedPosts == 1)  // the second post waits for the next sync, not for a time-out of its own
        #expect(try fixture.store.outboxStatus().pendingCount == 2)
    }

    @Test func aWrongPasswordIsAskedOnceAndNamesTheAccount() async throws {
        let fixture = try await Fixture()
        defer { fixture.end() }
        let server = fixture.server
        try fixture.store.add([
            Person(id: "alan", firstName: "Alan", lastName: "Turing"),
            Person(id: "joan", firstName: "Joan", lastName: "Clarke"),
        ])
        let report = try #require(try await fixture.sync(password: "wrong").sync())
        #expect(report.fetchError == .unauthorized(account: "ada@127.0.0.1"))
        #expect(report.failedPosts == 1)
        #expect(fixture.client.count == 2)  // the listing, then the first post: no storm
        #expect(server.cardUIDs(inBook: "contacts").isEmpty)
    }

    @Test func aWrongPasswordNamesTheAccount() async throws {
        let fixture = try await Fixture()
        defer { fixture.end() }
        let api = try CardDAVPeopleAPI(
            server: fixture.server.baseURL,
            credentials: HTTPCredentials(user: fixture.server.user, password: "wrong"))
        await #expect(throws: PeopleAPIError.unauthorized(account: "ada@127.0.0.1")) {
            _ = try await api.changes(since: nil)
        }
    }

    @Test func aTokenTheServerNoLongerKnowsMeansAFullListing() async throws {
        let fixture = try await Fixture(cards: [("ada", Self.ada), ("grace", Self.grace)])
        defer { fixture.end() }
        let server = fixture.server
        let sync = try fixture.sync()
        _ = try await sync.sync()
        try SQLitePreferences(database: fixture.database).set("http://radicale.org/ns/sync/0000", forKey: "people.server.token")
        try FileManager.default.removeItem(at: server.bookFolder("contacts").appendingPathComponent("grace.vcf"))

        let report = try #require(try await sync.sync())
        #expect(report.fetchError == nil)
        #expect(report.removed == 1)
        #expect(try fixture.store.people(matching: "", sortedBy: .lastName, offset: 0, limit: 10).map(\.id) == ["ada"])
    }

    @Test func cardsWhoseAnswerWouldBeOver16MBAreReadInSmallerBatches() async throws {
        let photo = String(repeating: "QUFB", count: 50_000)  // 200 KB of base64: 100 cards make 20 MB
        let fixture = try await Fixture(
            cards: (0..<100).map { index in
                ("p\(index)", DAVTestBodies.card("p\(index)", "P\(index)", "Photo", extra: "PHOTO;ENCODING=b;TYPE=JPEG:\(photo)\r\n"))
            })
        defer { fixture.end() }
        let report = try #require(try await fixture.sync().sync())
        #expect(report.fetchError == nil)
        #expect(report.fetched == 100)
        #expect(report.unreadableCards.isEmpty)
        #expect(try fixture.store.count(matching: "") == 100)
    }

    @Test func aCardWithNoNameAtAllIsKeptAndLeftOnTheServerAsItIs() async throws {
        // Radicale serves only cards with an FN; an empty one gives the program no name, and
        // the card nothing else to be known by.
        let nameless = "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:nameless\r\nFN:\r\nNOTE:no name at all\r\nEND:VCARD\r\n"
        let fixture = try await Fixture(cards: [("ada", Self.ada), ("nameless", nameless)])
        defer { fixture.end() }
        let server = fixture.server
        let before = server.card(uid: "nameless", inBook: "contacts")
        let sync = try fixture.sync()
        let report = try #require(try await sync.sync())
        #expect(report.unreadableCards.isEmpty)
        #expect(report.fetched == 2)
        _ = try await sync.sync()
        #expect(server.card(uid: "nameless", inBook: "contacts") == before)
        #expect(try fixture.store.person(id: "nameless").map { ($0.hasName, $0.shownName) } ?? (true, "?") == (false, ""))
        #expect(try fixture.store.count(matching: "") == 2)
    }
}
