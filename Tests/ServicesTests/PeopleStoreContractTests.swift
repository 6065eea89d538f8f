import Foundation
import Models
import Services
import Testing
import TestSupport

/// The in-memory people store the view-model tests use does what the SQLite store does, role by
/// role: one contract, run against both.
struct PeopleStoreContractTests {
    enum Kind: String, CaseIterable, CustomTestStringConvertible {
        case fake, real
        var testDescription: String { rawValue }
    }

    private static let today = CalendarDay(year: 2026, month: 11, day: 22)
    private let ada = Person(
        id: "ada", firstName: "Ada", lastName: "Lovelace", birthday: BirthDate(year: 1815, month: 12, day: 10),
        emails: [ContactDetail("ada@example.org")])
    private let grace = Person(id: "grace", firstName: "Grace", lastName: "Hopper", birthday: BirthDate(year: 1906, month: 12, day: 9))
    private let alan = Person(id: "alan", firstName: "Alan", lastName: "Turing", birthday: BirthDate(year: 1912, month: 6, day: 23))

    private func store(_ kind: Kind) throws -> any PeopleStore {
        switch kind {
        case .fake:
            let store = InMemoryPeopleStore()
            store.today = Self.today
            return store
        case .real:
            return SQLitePeopleStore(database: try AppDatabase(inMemoryNamed: UUID().uuidString), today: { Self.today })
        }
    }

    // MARK: - Reading

    @Test(arguments: Kind.allCases)
    func pagesAreCountedFilteredAndSortedAsTheListShowsThem(_ kind: Kind) throws {
        let store = try store(kind)
        try store.add([ada, grace, alan])
        #expect(try store.count(matching: "") == 3)
        #expect(try store.count(matching: "LOVE") == 1)
        #expect(try store.people(matching: "", sortedBy: .lastName, offset: 0, limit: 2).map(\.id) == ["grace", "ada"])
        #expect(try store.people(matching: "", sortedBy: .firstName, offset: 1, limit: 5).map(\.id) == ["alan", "grace"])
        #expect(try store.people(matching: "", sortedBy: .nextBirthday, offset: 0, limit: 5).map(\.id) == ["grace", "ada", "alan"])
        let page = try store.page(matching: "a", sortedBy: .lastName, limit: 2) { matches in matches - 2 }
        #expect(
            page
                == PeoplePage(
                    total: 3, matches: 3, offset: 1,
                    people: [
                        try #require(try store.person(id: "ada")),
                        try #require(try store.person(id: "alan")),
                    ]))
        #expect(try store.person(id: "nobody") == nil)
    }

    @Test(arguments: Kind.allCases)
    func birthdaysWithinAWindowComeSoonestFirst(_ kind: Kind) throws {
        let store = try store(kind)
        try store.add([ada, grace, alan])
        #expect(try store.birthdays(within: 18).map(\.id) == ["grace", "ada"])
        #expect(try store.birthdays(within: 16).map(\.id) == [])
    }

    @Test(arguments: Kind.allCases)
    func aPersonsCardIsKeptAsItCameAndANewPersonIsGivenOne(_ kind: Kind) throws {
        let store = try store(kind)
        let card = "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:ada\r\nFN:Ada Lovelace\r\nN:Lovelace;Ada;;;\r\nEND:VCARD\r\n"
        try store.add([ada], cards: ["ada": card])
        try store.add(grace)
        let cards = try store.keptCards(for: nil)
        #expect(cards["ada"] == card)
        #expect(cards["grace"]?.contains("FN:Grace Hopper") == true)
        #expect(try store.keptCards(for: ["grace"]).keys.sorted() == ["grace"])
    }

    // MARK: - Writing

    @Test(arguments: Kind.allCases)
    func anEditFromAPersonChangedOrDeletedSinceIsRefusedAndChangesNothing(_ kind: Kind) throws {
        let store = try store(kind)
        try store.add([ada])
        var elsewhere = ada
        elsewhere.firstName = "Augusta"
        try store.update(elsewhere, at: Date(timeIntervalSince1970: 0), replacing: ada)
        var mine = ada
        mine.lastName = "King"
        #expect(throws: StaleEdit(kept: elsewhere)) { try store.update(mine, at: Date(timeIntervalSince1970: 1), replacing: ada) }
        #expect(try store.person(id: "ada") == elsewhere)
        try store.delete(id: "ada")
        #expect(throws: StaleEdit(kept: nil)) { try store.update(mine, at: Date(timeIntervalSince1970: 1), replacing: elsewhere) }
        #expect(try store.person(id: "ada") == nil)
    }

    @Test(arguments: Kind.allCases)
    func anEditReplacesThePersonAndADeleteOutlastsAMerge(_ kind: Kind) throws {
        let store = try store(kind)
        try store.add([ada, grace])
        var edited = ada
        edited.lastName = "King"
        try store.update(edited, at: Date(timeIntervalSince1970: 0))
        #expect(try store.person(id: "ada")?.lastName == "King")
        try store.delete(id: "grace")
        try store.delete(id: "nobody")
        try store.merge([grace, alan])
        #expect(try store.people(matching: "", sortedBy: .firstName, offset: 0, limit: 9).map(\.id) == ["ada", "alan"])
    }

    @Test(arguments: Kind.allCases)
    func aMergeKeepsTheFormEnteredHereForAPersonStillWaitingToBePosted(_ kind: Kind) throws {
        let store = try store(kind)
        try store.add(ada)
        var fromServer = ada
        fromServer.firstName = "Augusta"
        fromServer.emails = []
        try store.merge([fromServer])
        #expect(try store.person(id: "ada") == ada)
        try store.markPosted("ada")
        try store.merge([fromServer])
        #expect(try store.person(id: "ada")?.firstName == "Augusta")
        #expect(try store.person(id: "ada")?.emails == ada.emails, "the server keeps no addresses: those known here stay")
    }

    // MARK: - Outbox

    @Test(arguments: Kind.allCases)
    func theOutboxHoldsEachPersonToPostWithTheirAttempts(_ kind: Kind) throws {
        let store = try store(kind)
        try store.add([ada, grace])
        #expect(try store.pendingPosts().map(\.person.id) == ["ada", "grace"])
        try store.recordFailure("grace", message: "503")
        try store.recordFailure("grace", message: "timed out")
        try store.markPosted("ada")
        #expect(try store.pendingPosts() == [PendingPost(person: grace, attempts: 2, lastError: "timed out")])
        #expect(try store.outboxStatus() == OutboxStatus(pendingCount: 1, lastError: "timed out"))
        try store.markPosted("grace", as: ServerVersion(href: "/book/grace.vcf", etag: "1"))
        #expect(try store.outboxStatus() == .empty)
    }

    @Test(arguments: Kind.allCases)
    func aDeleteOfAPersonOnTheServerWaitsToBeSent(_ kind: Kind) throws {
        let store = try store(kind)
        try store.add(ada)
        try store.markPosted("ada", as: ServerVersion(href: "/book/ada.vcf", etag: "7"))
        try store.delete(id: "ada")
        #expect(try store.pendingDeletes() == [ServerVersion(href: "/book/ada.vcf", etag: "7")])
        try store.markDeleteSent("/book/ada.vcf")
        #expect(try store.pendingDeletes().isEmpty)
    }

    // MARK: - The server's book

    @Test(arguments: Kind.allCases)
    func cardsTakenFromTheServerAreKeptWithTheirVersionsAndToken(_ kind: Kind) throws {
        let store = try store(kind)
        #expect(try store.serverState(for: "book") == ServerState(token: nil, versions: [:]))
        let card = ServerPerson(
            version: ServerVersion(href: "/book/alan.vcf", etag: "3"), person: alan,
            card: "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:alan\r\nFN:Alan Turing\r\nN:Turing;Alan;;;\r\nEND:VCARD\r\n")
        try store.takeServerCards([card], removed: [], token: "t1")
        #expect(try store.serverState(for: "book") == ServerState(token: "t1", versions: ["/book/alan.vcf": "3"]))
        #expect(try store.person(id: "alan")?.fullName == "Alan Turing")
        #expect(try store.pendingPosts().isEmpty)
        try store.takeServerCards([], removed: ["/book/alan.vcf"], token: "t2")
        #expect(try store.person(id: "alan") == nil)
    }

    @Test(arguments: Kind.allCases)
    func aDeleteTheServerTookStaysKnownToImportsAndACardAddedAgainThereComesBack(_ kind: Kind) throws {
        let store = try store(kind)
        try store.add(ada)
        try store.markPosted("ada", as: ServerVersion(href: "/book/ada.vcf", etag: "1"))
        try store.delete(id: "ada")
        try store.markDeleteSent("/book/ada.vcf")
        let card = VCard.text(for: [ada])
        #expect(try store.importPeople([ada], cards: ["ada": card], replacing: false, writing: false) == [.keptDeletedHere])
        let again = ServerPerson(version: ServerVersion(href: "/book/ada.vcf", etag: "2"), person: ada, card: card)
        try store.takeServerCards([again], removed: [], token: nil)
        #expect(try store.person(id: "ada") == ada, "added again on another device")
        #expect(try store.pendingDeletes().isEmpty)
    }

    @Test(arguments: Kind.allCases)
    func aStoreIsBoundToItsFirstBookAndRefusesAnotherUntilRebound(_ kind: Kind) throws {
        let store = try store(kind)
        try store.add(ada)
        try store.markPosted(ada.id)
        #expect(try store.boundBook() == nil)
        try store.bind(to: "one")
        #expect(try store.pendingPosts().map(\.person.id) == ["ada"], "a first book is sent everyone kept before")
        try store.markPosted("ada", as: ServerVersion(href: "/one/ada.vcf", etag: "1"))
        try store.bind(to: "one")
        #expect(try store.pendingPosts().isEmpty)

        #expect(throws: BookMismatch(kept: "one", asked: "two")) { try store.bind(to: "two") }
        #expect(throws: BookMismatch(kept: "one", asked: "two")) { try store.serverState(for: "two") }
        #expect(try store.pendingPosts().isEmpty, "nothing is queued for another book")
        #expect(try store.serverState(for: "one") == ServerState(token: nil, versions: ["/one/ada.vcf": "1"]))

        #expect(try store.rebind(to: "two") == 1)
        #expect(try store.boundBook() == "two")
        #expect(try store.serverState(for: "two") == ServerState(token: nil, versions: [:]))
        #expect(try store.pendingPosts().map(\.person.id) == ["ada"])
    }

    @Test(arguments: Kind.allCases)
    func aConflictKeepsTheServersCardAndACopyOfThePersonToSend(_ kind: Kind) throws {
        let store = try store(kind)
        try store.add(ada)
        try store.markPosted("ada", as: ServerVersion(href: "/book/ada.vcf", etag: "1"))
        var edited = ada
        edited.firstName = "Augusta"
        try store.update(edited, at: Date(timeIntervalSince1970: 0))
        let server = ServerPerson(
            version: ServerVersion(href: "/book/ada.vcf", etag: "2"), person: ada,
            card: "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:ada\r\nFN:Ada Lovelace\r\nN:Lovelace;Ada;;;\r\nEND:VCARD\r\n")
        let copy = try store.keepConflict("ada", server: server)
        #expect(copy.lastName == "Lovelace", "the name every phone shows stays the person's")
        #expect(copy.conflictOf == "ada")
        #expect(try store.person(id: copy.id)?.conflictOf == "ada")
        #expect(try store.keptCards(for: [copy.id])[copy.id]?.contains("\r\nX-MVVM-TUI-CONFLICT-OF:ada\r\n") == true)
        #expect(copy.firstName == "Augusta")
        #expect(try store.person(id: "ada")?.firstName == "Ada")
        #expect(try store.pendingPosts().map(\.person.id) == [copy.id])
    }

    // MARK: - Changes

    @Test(arguments: Kind.allCases)
    func eachCommitIsToldAndCounted(_ kind: Kind) async throws {
        let store = try store(kind)
        let told = Told()
        let observation = store.observeChanges(on: .main) { told.add() }
        try store.add(ada)
        try store.delete(id: "ada")
        try await yieldUntil("the commits to be told on the main queue") { told.count > 0 }
        #expect(told.count >= 1)
        #expect(observation.commits == 2)
        observation.cancel()
    }

    // MARK: - Importing

    /// A card of Ada's, her first name `first`, with `REV:rev` (none when nil).
    private static func adaCard(_ first: String, rev: String?) -> String {
        "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:ada\r\nN:Lovelace;\(first);;;\r\nFN:\(first) Lovelace\r\n"
            + (rev.map { "REV:\($0)\r\n" } ?? "") + "END:VCARD\r\n"
    }

    /// Imports `card` as a file holding it alone would: its person and its text.
    private func importCard(
        _ card: String, into store: any PeopleStore, replacing: Bool = false,
        writing: Bool = true
    ) throws -> ImportOutcome? {
        let read = VCard.people(from: card)
        return try store.importPeople(
            read.people, cards: Dictionary(uniqueKeysWithValues: zip(read.people.map(\.id), read.cards)),
            replacing: replacing, writing: writing
        ).first
    }

    @Test(arguments: Kind.allCases)
    func anImportTakesANewOrNewerCardAndNothingElse(_ kind: Kind) throws {
        let store = try store(kind)
        let first = Self.adaCard("Ada", rev: "20190301T120000Z")
        #expect(try importCard(first, into: store) == .added)
        #expect(try store.pendingPosts().map(\.person.id) == ["ada"])
        try store.markPosted("ada")

        #expect(try importCard(first, into: store) == .unchanged)
        #expect(try importCard(Self.adaCard("Augusta", rev: "2019-03-01"), into: store) == .keptNewerHere, "older")
        #expect(
            try importCard(Self.adaCard("Augusta", rev: "2019-03-01T13:00:00+01:00"), into: store) == .keptNewerHere,
            "the same instant in another zone")
        #expect(try importCard(Self.adaCard("Augusta", rev: nil), into: store) == .keptNoRevision)
        #expect(try importCard(Self.adaCard("Augusta", rev: "yesterday"), into: store) == .keptNoRevision)
        #expect(try store.person(id: "ada")?.firstName == "Ada")
        #expect(try store.pendingPosts().isEmpty, "nothing kept is sent again")
        #expect(try store.keptCards(for: ["ada"])["ada"] == first)

        let newer = Self.adaCard("Augusta", rev: "2026-01-15T08:00:00Z")
        #expect(try importCard(newer, into: store, writing: false) == .updated, "a dry run says it")
        #expect(try store.person(id: "ada")?.firstName == "Ada", "and changes nothing")
        #expect(try store.pendingPosts().isEmpty)
        #expect(try importCard(newer, into: store) == .updated)
        #expect(try store.person(id: "ada")?.firstName == "Augusta")
        #expect(try store.keptCards(for: ["ada"])["ada"] == newer)
        #expect(try store.pendingPosts().map(\.person.id) == ["ada"])
    }

    @Test(arguments: Kind.allCases)
    func anEditMadeHereOutlivesAReimportOfTheFileItCameFrom(_ kind: Kind) throws {
        let store = try store(kind)
        let file = Self.adaCard("Ada", rev: "20190301T120000Z")
        #expect(try importCard(file, into: store) == .added)
        var edited = try #require(try store.person(id: "ada"))
        edited.firstName = "Augusta"
        try store.update(edited, at: Date(timeIntervalSince1970: 1_790_000_000))  // 2026: the card's REV
        #expect(try importCard(file, into: store) == .keptNewerHere)
        #expect(try store.person(id: "ada")?.firstName == "Augusta")
        #expect(try importCard(file, into: store, replacing: true) == .updated, "the file's version, when the user says so")
        #expect(try store.person(id: "ada")?.firstName == "Ada")
    }

    @Test(arguments: Kind.allCases)
    func aPersonDeletedHereComesBackOnlyWhenTheUserSaysSo(_ kind: Kind) throws {
        let store = try store(kind)
        let file = Self.adaCard("Ada", rev: "20190301T120000Z")
        #expect(try importCard(file, into: store) == .added)
        try store.delete(id: "ada")
        #expect(try importCard(file, into: store) == .keptDeletedHere)
        #expect(try store.person(id: "ada") == nil)
        #expect(try importCard(file, into: store, replacing: true) == .added)
        #expect(try store.person(id: "ada")?.firstName == "Ada")
    }

    @Test(arguments: Kind.allCases)
    func aPersonKeptWithoutACardIsComparedAsACardOfWhatIsKnown(_ kind: Kind) throws {
        let store = try store(kind)
        try store.merge([ada])  // from the server: kept with no card of its own in the SQLite store
        #expect(try importCard(Self.adaCard("Augusta", rev: "2026-01-15"), into: store) == .keptNoRevision)
        #expect(try store.person(id: "ada")?.firstName == "Ada")
    }

    @Test(arguments: Kind.allCases)
    func aBatchIsMergedCardByCardAsImportsOfOneCardEachWouldBe(_ kind: Kind) throws {
        let store = try store(kind)
        func card(_ id: String, _ first: String, rev: String?) -> String {
            Self.adaCard(first, rev: rev).replacingOccurrences(of: "UID:ada", with: "UID:\(id)")
        }
        let kept = card("kept", "Kept", rev: "20190301T120000Z")
        let deleted = card("gone", "Gone", rev: "20190301T120000Z")
        #expect(try importCard(kept, into: store) == .added)
        #expect(try importCard(deleted, into: store) == .added)
        try store.delete(id: "gone")
        try store.merge([ada])  // kept with no card of its own in the SQLite store
        let file = [
            kept, card("new", "New", rev: nil), deleted, card("ada", "Augusta", rev: "2026-01-15"),
            card("older", "Older", rev: "20190301T120000Z"),
        ]
        let read = VCard.people(from: file.joined())
        var cards = Dictionary(uniqueKeysWithValues: zip(read.people.map(\.id), read.cards))
        cards["older"] = nil  // a person without the card of the file: compared as a card of what is known
        let outcomes = try store.importPeople(read.people + [read.people[4]], cards: cards, replacing: false, writing: true)
        #expect(
            outcomes == [.unchanged, .added, .keptDeletedHere, .keptNoRevision, .added, .unchanged],
            "the same id again in the batch meets the card the batch kept")
        #expect(try store.person(id: "new")?.firstName == "New")
        #expect(try store.person(id: "gone") == nil)
        #expect(try store.person(id: "ada")?.firstName == "Ada")
        #expect(try store.keptCards(for: ["new", "older"]) == ["new": file[1], "older": VCard.text(for: [read.people[4]])])
        #expect(try Set(store.pendingPosts().map(\.person.id)).isSuperset(of: ["new", "older"]))
    }
}

private final class Told: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    var count: Int { lock.withLock { value } }
    func add() { lock.withLock { value += 1 } }
}
