import Foundation
import Models
import Services
import Testing
import TestSupport

/// The CardDAV client and the two-way sync against each real server on loopback, Radicale and
/// Xandikos (`CardDAVServerKind.both`): finding the book, pull, push, edit, delete, a conflict,
/// a sync with nothing changed. After every step the store holds the people of exactly the cards
/// on the server, once each. What one server does alone is tested in its own suite
/// (`CardDAVRadicaleFailureTests`, `CardDAVXandikosTests`). One test at a time: Xandikos takes a
/// second of CPU to start, and a dozen starting together beside the Radicale tests on two cores
/// kept Radicale from answering within its start limit.
@Suite(.serialized, .startsProcesses) struct CardDAVSyncTests {
    private static let book = CardDAVFixture.book

    /// The root names the principal, the principal its home, the home its books: with one, it is
    /// taken; with two, the one named, by its display name. Radicale also over HTTPS.
    @Test(arguments: CardDAVServerKind.allCases)
    func theBookIsFoundFromTheServersRootAndItsCardsAreRead(_ kind: CardDAVServerKind) async throws {
        let fixture = try await CardDAVFixture(kind, cards: CardDAVFixture.adaAndGrace)
        defer { fixture.end() }
        let server = fixture.server
        let api = try CardDAVPeopleAPI(server: server.baseURL, credentials: server.credentials, certificateAuthorities: server.caFile)
        #expect(Set(try await api.getPeople().map(\.fullName)) == ["Ada Lovelace", "Grace Hopper"])

        try await server.makeAddressBook(named: "work", displayName: "Work")
        try await server.seed(cards: [("katherine", DAVTestBodies.card("katherine", "Katherine", "Johnson"))], inBook: "work")
        let work = try CardDAVPeopleAPI(
            server: server.baseURL, book: "Work", credentials: server.credentials,
            certificateAuthorities: server.caFile)
        #expect(try await work.getPeople().map(\.fullName) == ["Katherine Johnson"])
    }

    @Test(arguments: CardDAVServerKind.both)
    func pullPushEditDeleteAndAConflict(_ kind: CardDAVServerKind) async throws {
        let fixture = try await CardDAVFixture(kind, cards: CardDAVFixture.adaAndGrace)
        defer { fixture.end() }
        let server = fixture.server
        let store = fixture.store
        let sync = fixture.sync

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
        #expect(try await server.cardUIDs(inBook: Self.book) == ["ada", "katherine"])
        try await fixture.expectInStep("added and deleted here")
        // Neither server says where it stored the new card (no `Location`): the place waits for a
        // listing to name it, and the next sync's does, reading nothing again.
        let book = try #require(try store.boundBook())
        #expect(try store.serverState(for: book).unconfirmed.count == 1)
        let confirming = try #require(try await sync.sync())
        #expect(confirming.fetched == 0)
        #expect(try store.serverState(for: book).unconfirmed.isEmpty)
        try await fixture.expectInStep("the new card's place confirmed")

        // Edited here: the card keeps what the program does not show.
        var ada = try #require(try store.person(id: "ada"))
        ada.firstName = "Augusta Ada"
        try store.update(ada, at: Date())
        let edit = try #require(try await sync.postPending())
        #expect(edit.posted == 1)
        let stored = try #require(try await server.card(uid: "ada", inBook: Self.book))
        #expect(stored.contains("Augusta Ada"))
        #expect(stored.contains("X-ODD;TYPE=weird:keep me"))
        try await fixture.expectInStep("edited here")

        // Changed on the server: read again by the next sync (sync-collection).
        try await server.seed(cards: [("katherine", DAVTestBodies.card("katherine", "Katherine", "Goble"))], inBook: Self.book)
        let third = try #require(try await sync.sync())
        #expect(third.fetched == 1)
        #expect(try store.person(id: "katherine")?.lastName == "Goble")
        try await fixture.expectInStep("changed on the server")

        // Changed on both sides: the server's wins, the local one is kept as a copy.
        try await server.seed(cards: [("katherine", DAVTestBodies.card("katherine", "Katherine", "Coleman"))], inBook: Self.book)
        var local = try #require(try store.person(id: "katherine"))
        local.firstName = "Kathy"
        try store.update(local, at: Date())
        let fourth = try #require(try await sync.postPending())
        #expect(fourth.conflicts == 1)
        #expect(try store.person(id: "katherine")?.lastName == "Coleman")
        #expect(try await server.cardUIDs(inBook: Self.book).count == 3)
        let copy = try #require(try store.people(matching: "Kathy", sortedBy: .lastName, offset: 0, limit: 10).first)
        #expect(copy.lastName == "Coleman" || copy.lastName == "Goble")
        #expect(copy.conflictOf == "katherine")
        #expect(try await server.card(uid: copy.id, inBook: Self.book)?.contains("Kathy") == true)
        try await fixture.expectInStep("changed on both sides")

        // And a sync after it all reads back only what the program sent itself: nothing new.
        let fifth = try #require(try await sync.sync())
        #expect(fifth.fetchError == nil)
        #expect(fifth.posted == 0)
        try await fixture.expectInStep("synced once more")
    }

    @Test(arguments: CardDAVServerKind.both)
    func aSyncWithNothingChangedFetchesNothingAndLeavesTheStoreAsItWas(_ kind: CardDAVServerKind) async throws {
        let fixture = try await CardDAVFixture(kind, cards: CardDAVFixture.adaAndGrace)
        defer { fixture.end() }
        let store = fixture.store
        _ = try await fixture.sync.sync()
        let token = try #require(try fixture.keptToken())
        let people = try store.people(matching: "", sortedBy: .lastName, offset: 0, limit: 100)
        let cards = try store.keptCards(for: nil)

        let again = try #require(try await fixture.sync.sync())
        #expect(again.fetchError == nil)
        #expect(again.fetched == 0)
        #expect(again.removed == 0)
        #expect(again.posted == 0)
        #expect(again.deleted == 0)
        #expect(try store.people(matching: "", sortedBy: .lastName, offset: 0, limit: 100) == people)
        #expect(try store.keptCards(for: nil) == cards)
        #expect(try fixture.keptToken() == token)
        try await fixture.expectInStep("synced twice")
    }

    /// After a restart an edit may go out before any pull: the API finds its book first.
    @Test(arguments: CardDAVServerKind.both)
    func anEditSentBeforeAnyPullFindsTheBookFirst(_ kind: CardDAVServerKind) async throws {
        let fixture = try await CardDAVFixture(kind, cards: [("ada", DAVTestBodies.card("ada", "Ada", "Lovelace"))])
        defer { fixture.end() }
        let server = fixture.server
        let href = server.bookURL(Self.book).appendingPathComponent("ada.vcf").path
        let fresh = try CardDAVPeopleAPI(server: server.baseURL, credentials: server.credentials)
        _ = try await fresh.update(DAVTestBodies.card("ada", "Augusta", "Lovelace"), at: href, ifMatching: nil)
        #expect(try await server.card(uid: "ada", inBook: Self.book)?.contains("Augusta") == true)
    }

    @Test func plainHTTPToAnotherMachineIsRefused() {
        #expect(throws: PeopleAPIError.self) {
            _ = try CardDAVPeopleAPI(server: URL(string: "http://dav.example.org/")!)
        }
    }

    /// A vdir's export imported into a new data folder, then synced: the same card is linked, a
    /// card the server holds otherwise is kept as there, a new one is sent, and nothing doubles.
    @Test(arguments: CardDAVServerKind.both)
    func anImportThenASyncMeetsTheServerByTheImportsRule(_ kind: CardDAVServerKind) async throws {
        let fixture = try await CardDAVFixture(kind, cards: CardDAVFixture.adaAndGrace)
        defer { fixture.end() }
        let file =
            CardDAVFixture.adaAndGrace[0].vcard + DAVTestBodies.card("grace", "Grace Brewster", "Hopper")
            + DAVTestBodies.card("katherine", "Katherine", "Johnson")
        let read = VCard.people(from: file)
        _ = try fixture.store.importPeople(
            read.people, cards: Dictionary(uniqueKeysWithValues: zip(read.people.map(\.id), read.cards)),
            replacing: false, writing: true)
        let report = try #require(try await fixture.sync.sync())
        #expect(report.fetched == 2)
        #expect(report.posted == 1, "Katherine alone")
        #expect(report.keptAsOnServer == 1, "Grace, whose card here has no REV to compare")
        #expect(report.conflicts == 0)
        #expect(try fixture.store.person(id: "grace")?.firstName == "Grace")
        try await fixture.expectInStep("imported, then synced")
    }

    /// A data folder synced with one book, then pointed at another: refused, naming both, and
    /// neither book nor the store changes.
    @Test(arguments: CardDAVServerKind.both)
    func aStorePointedAtASecondBookIsRefusedAndThatBookUnchanged(_ kind: CardDAVServerKind) async throws {
        let fixture = try await CardDAVFixture(kind, cards: CardDAVFixture.adaAndGrace)
        defer { fixture.end() }
        let server = fixture.server
        _ = try await fixture.sync.sync()
        try fixture.store.add(Person(id: "alan", firstName: "Alan", lastName: "Turing"))
        try await server.makeAddressBook(named: "work", displayName: "Work")
        try await server.seed(cards: [("katherine", DAVTestBodies.card("katherine", "Katherine", "Johnson"))], inBook: "work")
        let work = try CardDAVPeopleAPI(
            server: server.bookURL("work"), credentials: server.credentials,
            certificateAuthorities: server.caFile)
        let report = try #require(try await PeopleSync(store: fixture.store, api: work, queue: InlineQueue()).sync())
        #expect(report.fetchError == .failed(BookMismatch(kept: fixture.api.identity, asked: work.identity).description))
        #expect(report.posted == 0 && report.fetched == nil)
        #expect(try await server.cardUIDs(inBook: "work") == ["katherine"])
        #expect(try fixture.keptIDs() == ["ada", "alan", "grace"])
        #expect(try await server.cardUIDs(inBook: Self.book) == ["ada", "grace"])
        #expect(try fixture.store.outboxStatus().pendingCount == 1, "Alan waits for the first book")
    }

    /// Two windows on one data folder (or the screen and a cron `people --sync`) sync at once with
    /// an edit waiting: it is sent once, and no `(conflict)` copy reaches the server.
    @MainActor @Test(arguments: CardDAVServerKind.both)
    func twoSyncsStartedTogetherSendAWaitingEditOnce(_ kind: CardDAVServerKind) async throws {
        let fixture = try await CardDAVFixture(kind, cards: CardDAVFixture.adaAndGrace)
        defer { fixture.end() }
        _ = try await fixture.sync.sync()
        var ada = try #require(try fixture.store.person(id: "ada"))
        ada.firstName = "Augusta Ada"
        try fixture.store.update(ada, at: Date())
        let other = PeopleSync(
            store: SQLitePeopleStore(database: try AppDatabase(path: fixture.path)), api: fixture.api,
            queue: InlineQueue(), lockPatience: .seconds(30).scaledForThisRun)
        let sync = fixture.sync
        let first = Task { try await sync.sync() }
        let second = Task { try await other.sync() }
        let reports = [try await first.value, try await second.value].compactMap { $0 }
        #expect(reports.map(\.blockedByAnotherSync) == [false, false], "the second waited for the first")
        #expect(reports.map(\.posted).reduce(0, +) == 1)
        #expect(reports.map(\.conflicts) == [0, 0])
        #expect(try await fixture.server.cardUIDs(inBook: Self.book).sorted() == ["ada", "grace"])
        #expect(try fixture.store.person(id: "ada")?.firstName == "Augusta Ada")
        try await fixture.expectInStep("sent once")
    }
}
