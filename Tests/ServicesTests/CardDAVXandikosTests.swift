import Foundation
import Models
import Services
import Testing
import TestSupport

/// The CardDAV client and the two-way sync against a second real server, Xandikos on loopback,
/// whose ways differ from Radicale's: its book is two levels under the principal, it keeps each
/// book in git, and its sync tokens are the git tree ids of the book, so a card added and then
/// removed brings a token the client saw before. After every step the store holds the people of
/// exactly the cards on the server, once each. One test at a time: Xandikos takes a second of
/// CPU to start, and a dozen starting together beside the Radicale tests on two cores kept
/// Radicale from answering within its start limit.
@Suite(.serialized) struct CardDAVXandikosTests {
    private static func card(_ uid: String, _ given: String, _ family: String, extra: String = "") -> String {
        CardDAVRadicaleTests.card(uid, given, family, extra: extra)
    }

    private static let ada = card("ada", "Ada", "Lovelace", extra: "X-ODD;TYPE=weird:keep me\r\n")
    private static let grace = card("grace", "Grace", "Hopper")

    /// Xandikos with a book "contacts" holding `cards`, and a store in a new SQLite file synced
    /// with that book. `end()` stops Xandikos and removes the file.
    private struct Fixture {
        static let book = "contacts"
        let server: XandikosServer
        let database: AppDatabase
        let store: SQLitePeopleStore
        let path: String

        init(cards: [(uid: String, vcard: String)] = []) async throws {
            server = try await XandikosServer.start()
            try await server.makeAddressBook(named: Self.book, displayName: "Contacts")
            try await server.seed(cards: cards, inBook: Self.book)
            path = FileManager.default.temporaryDirectory.appendingPathComponent("carddav-\(UUID().uuidString).sqlite").path
            database = try AppDatabase(path: path)
            store = SQLitePeopleStore(database: database)
        }

        func sync() throws -> PeopleSync {
            let api = try CardDAVPeopleAPI(server: server.bookURL(Self.book),
                                           credentials: HTTPCredentials(user: server.user, password: server.password))
            return PeopleSync(store: store, api: api, runner: InlineRunner())
        }

        /// The sync token the store keeps for the book.
        func keptToken() throws -> String? {
            try SQLitePreferences(database: database).string(forKey: "people.server.token")
        }

        /// Everyone kept, by id.
        func keptIDs() throws -> [String] {
            try store.people(matching: "", sortedBy: .lastName, offset: 0, limit: 10_000).map(\.id).sorted()
        }

        /// Expects the store to hold one person for each card on the server, by UID (less the
        /// `urn:uuid:` the program writes before an id that is a UUID), and the server no UID twice.
        func expectInStep(_ step: Comment, sourceLocation: SourceLocation = #_sourceLocation) async throws {
            let onServer = try await server.cardUIDs(inBook: Self.book)
                .map { $0.lowercased().hasPrefix("urn:uuid:") ? String($0.dropFirst(9)) : $0 }.sorted()
            let kept = try keptIDs()
            let counted = try store.count(matching: "")
            #expect(kept == onServer, step, sourceLocation: sourceLocation)
            #expect(Set(onServer).count == onServer.count, step, sourceLocation: sourceLocation)
            #expect(counted == onServer.count, step, sourceLocation: sourceLocation)
        }

        func end() {
            server.stop()
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        }
    }

    @Test func theBookIsFoundFromTheServersRootAndItsCardsAreRead() async throws {
        let server = try await XandikosServer.start()
        defer { server.stop() }
        try await server.seed(cards: [("ada", Self.ada), ("grace", Self.grace)], inBook: XandikosServer.defaultBook)
        // The root names the principal, the principal its home, the home the one book.
        let api = try CardDAVPeopleAPI(server: server.baseURL, credentials: HTTPCredentials(user: server.user, password: server.password))
        let people = try await api.getPeople()
        #expect(Set(people.map(\.fullName)) == ["Ada Lovelace", "Grace Hopper"])

        // With a second book, the one named is taken, by its display name.
        try await server.makeAddressBook(named: "work", displayName: "Work")
        try await server.seed(cards: [("katherine", Self.card("katherine", "Katherine", "Johnson"))], inBook: "work")
        let work = try CardDAVPeopleAPI(server: server.baseURL, book: "Work",
                                        credentials: HTTPCredentials(user: server.user, password: server.password))
        #expect(try await work.getPeople().map(\.fullName) == ["Katherine Johnson"])
    }

    @Test func anyPasswordIsTakenForXandikosChecksNone() async throws {
        let server = try await XandikosServer.start()
        defer { server.stop() }
        let api = try CardDAVPeopleAPI(server: server.baseURL, credentials: HTTPCredentials(user: server.user, password: "wrong"))
        let changes = try await api.changes(since: nil)
        #expect(changes.isComplete)
        #expect(changes.changed.isEmpty)
    }

    @Test func pullPushEditDeleteAndAConflictAgainstXandikos() async throws {
        let fixture = try await Fixture(cards: [("ada", Self.ada), ("grace", Self.grace)])
        defer { fixture.end() }
        let server = fixture.server
        let store = fixture.store
        let book = Fixture.book
        let sync = try fixture.sync()

        let first = try #require(try await sync.sync())
        #expect(first.fetched == 2)
        #expect(first.fetchError == nil)
        try await fixture.expectInStep("pulled")

        // Added here: reaches the server. Deleted here: leaves it.
        try store.add(Person(id: "katherine", firstName: "Katherine", lastName: "Johnson"))
        try store.delete(id: "grace")
        let second = try #require(try await sync.sync())
        #expect(second.posted == 1)
        #expect(second.deleted == 1)
        #expect(second.postError == nil)
        #expect(try await server.cardUIDs(inBook: book) == ["ada", "katherine"])
        try await fixture.expectInStep("added and deleted here")

        // Edited here: the card keeps what the program does not show.
        var ada = try #require(try store.person(id: "ada"))
        ada.firstName = "Augusta Ada"
        try store.update(ada, at: Date())
        let edit = try #require(try await sync.postPending())
        #expect(edit.posted == 1)
        let stored = try #require(try await server.card(uid: "ada", inBook: book))
        #expect(stored.contains("Augusta Ada"))
        #expect(stored.contains("X-ODD;TYPE=weird:keep me"))
        try await fixture.expectInStep("edited here")

        // Changed on the server: read again by the next sync (sync-collection).
        try await server.seed(cards: [("katherine", Self.card("katherine", "Katherine", "Goble"))], inBook: book)
        let third = try #require(try await sync.sync())
        #expect(third.fetched == 1)
        #expect(try store.person(id: "katherine")?.lastName == "Goble")
        try await fixture.expectInStep("changed on the server")

        // Changed on both sides: the server's wins, the local one is kept as a copy.
        try await server.seed(cards: [("katherine", Self.card("katherine", "Katherine", "Coleman"))], inBook: book)
        var local = try #require(try store.person(id: "katherine"))
        local.firstName = "Kathy"
        try store.update(local, at: Date())
        let fourth = try #require(try await sync.postPending())
        #expect(fourth.conflicts == 1)
        #expect(try store.person(id: "katherine")?.lastName == "Coleman")
        #expect(try await server.cardUIDs(inBook: book).count == 3)
        let copy = try #require(try store.people(matching: "Kathy", sortedBy: .lastName, offset: 0, limit: 10).first)
        #expect(copy.lastName == "Coleman (conflict)" || copy.lastName == "Goble (conflict)")
        #expect(try await server.card(uid: copy.id, inBook: book)?.contains("Kathy") == true)
        try await fixture.expectInStep("changed on both sides")

        // And a sync after it all reads back only what the program sent itself: nothing new.
        let fifth = try #require(try await sync.sync())
        #expect(fifth.fetchError == nil)
        #expect(fifth.posted == 0)
        try await fixture.expectInStep("synced once more")
    }

    @Test func aSyncWithNothingChangedFetchesNothingAndLeavesTheStoreAsItWas() async throws {
        let fixture = try await Fixture(cards: [("ada", Self.ada), ("grace", Self.grace)])
        defer { fixture.end() }
        let sync = try fixture.sync()
        _ = try await sync.sync()
        let token = try #require(try fixture.keptToken())
        let people = try fixture.store.people(matching: "", sortedBy: .lastName, offset: 0, limit: 100)
        let cards = try fixture.store.keptCards(for: nil)

        let again = try #require(try await sync.sync())
        #expect(again.fetchError == nil)
        #expect(again.fetched == 0)
        #expect(again.removed == 0)
        #expect(again.posted == 0)
        #expect(again.deleted == 0)
        #expect(try fixture.store.people(matching: "", sortedBy: .lastName, offset: 0, limit: 100) == people)
        #expect(try fixture.store.keptCards(for: nil) == cards)
        #expect(try fixture.store.outboxStatus().pendingCount == 0)
        #expect(try fixture.keptToken() == token)
        try await fixture.expectInStep("synced twice")
    }

    /// Xandikos's token is the git tree id of the book: a card added and then removed gives the
    /// book the tree, and the token, it had before. The client, holding the token of the tree
    /// with the card, is told of the removal and given the old token again; a card added once
    /// more, changed or not, is a change from that token.
    @Test func aTokenThatComesBackAfterACardIsAddedAndRemovedLosesAndDoublesNothing() async throws {
        let fixture = try await Fixture(cards: [("ada", Self.ada), ("grace", Self.grace)])
        defer { fixture.end() }
        let server = fixture.server
        let store = fixture.store
        let book = Fixture.book
        let sync = try fixture.sync()

        _ = try await sync.sync()
        let before = try #require(try fixture.keptToken())
        try await fixture.expectInStep("pulled")

        // Added on the server.
        try await server.seed(cards: [("katherine", Self.card("katherine", "Katherine", "Johnson"))], inBook: book)
        let added = try #require(try await sync.sync())
        #expect(added.fetched == 1)
        let withKatherine = try #require(try fixture.keptToken())
        #expect(withKatherine != before)
        try await fixture.expectInStep("added on the server")

        // Removed on the server: the token is the one from before it came.
        try await server.remove(uid: "katherine", inBook: book)
        let removed = try #require(try await sync.sync())
        #expect(removed.fetchError == nil)
        #expect(removed.removed == 1)
        #expect(try fixture.keptToken() == before)
        #expect(try store.person(id: "katherine") == nil)
        try await fixture.expectInStep("removed on the server")

        // Added again with other content: a new tree, a new token, the new card.
        try await server.seed(cards: [("katherine", Self.card("katherine", "Katherine", "Goble"))], inBook: book)
        let again = try #require(try await sync.sync())
        #expect(again.fetchError == nil)
        #expect(again.fetched == 1)
        #expect(try fixture.keptToken() != withKatherine)
        #expect(try store.person(id: "katherine")?.lastName == "Goble")
        try await fixture.expectInStep("added again, changed")

        // Removed, then added back as it first was: the token the client held two syncs ago.
        try await server.remove(uid: "katherine", inBook: book)
        _ = try await sync.sync()
        try await fixture.expectInStep("removed again")
        try await server.seed(cards: [("katherine", Self.card("katherine", "Katherine", "Johnson"))], inBook: book)
        let back = try #require(try await sync.sync())
        #expect(back.fetched == 1)
        #expect(try fixture.keptToken() == withKatherine)
        #expect(try store.person(id: "katherine")?.lastName == "Johnson")
        try await fixture.expectInStep("added back as it first was")

        // Removed and added back between two syncs: the same tree, so nothing to tell.
        try await server.remove(uid: "katherine", inBook: book)
        try await server.seed(cards: [("katherine", Self.card("katherine", "Katherine", "Johnson"))], inBook: book)
        let same = try #require(try await sync.sync())
        #expect(same.fetched == 0)
        #expect(same.removed == 0)
        try await fixture.expectInStep("removed and added back between syncs")

        // The program's own add and delete go the same way round.
        try store.add(Person(id: "alan", firstName: "Alan", lastName: "Turing"))
        _ = try await sync.sync()
        try await fixture.expectInStep("added here")
        try store.delete(id: "alan")
        _ = try await sync.sync()
        // That sync read the token of the tree with Alan before it sent the delete; the next
        // one is told of the delete and given the token from before Alan again.
        let last = try #require(try await sync.sync())
        #expect(last.fetched == 0)
        #expect(try fixture.keptToken() == withKatherine)
        try await fixture.expectInStep("deleted here")
    }

    @Test func aTokenXandikosDoesNotKnowMeansAFullListing() async throws {
        let fixture = try await Fixture(cards: [("ada", Self.ada), ("grace", Self.grace)])
        defer { fixture.end() }
        let server = fixture.server
        let sync = try fixture.sync()
        _ = try await sync.sync()
        // A tree id no book ever had: Xandikos answers 412 with valid-sync-token.
        try SQLitePreferences(database: fixture.database).set(String(repeating: "f", count: 40), forKey: "people.server.token")
        try await server.remove(uid: "grace", inBook: Fixture.book)

        let report = try #require(try await sync.sync())
        #expect(report.fetchError == nil)
        #expect(report.removed == 1)
        #expect(try fixture.keptIDs() == ["ada"])
        try await fixture.expectInStep("listed in full")
    }
}
