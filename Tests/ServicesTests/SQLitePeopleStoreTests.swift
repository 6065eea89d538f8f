import Foundation
import GRDB
import Models
@testable import Services
import Synchronization
import Testing
import TestSupport

struct SQLitePeopleStoreTests {
    /// Where a store's database lives in a test: in memory, or in a file of a new temporary directory.
    enum Backing: CaseIterable, CustomTestStringConvertible {
        case memory, file

        var testDescription: String { self == .memory ? "in memory" : "in a file" }

        func database() throws -> AppDatabase {
            switch self {
            case .memory: try AppDatabase(inMemoryNamed: UUID().uuidString)
            case .file: try AppDatabase(path: temporaryDatabasePath())
            }
        }
    }

    private static let ada = Person(
        id: "ada", salutation: "Countess", firstName: "Ada", lastName: "Lovelace",
        birthday: BirthDate("1815-12-10"))
    private static let grace = Person(id: "grace", firstName: "Grace", lastName: "Hopper", birthday: BirthDate("--12-09"))
    private static let alan = Person(id: "alan", firstName: "Alan", lastName: "Turing")
    private static let zoe = Person(id: "zoe", firstName: "Zoë", lastName: "Ádám")

    /// The day the stores of these tests take for today.
    static let today = CalendarDay(year: 2026, month: 12, day: 30)

    private func store(_ backing: Backing = .memory, holding people: [Person] = []) throws -> SQLitePeopleStore {
        let store = SQLitePeopleStore(database: try backing.database(), today: { Self.today })
        try store.merge(people)
        return store
    }

    private func all(_ store: SQLitePeopleStore, _ order: PersonSortOrder = .lastName, filter: String = "") throws -> [Person] {
        try store.people(matching: filter, sortedBy: order, offset: 0, limit: 1_000)
    }

    // MARK: - Two instances

    @Test func theCountKeptByTriggersIsEveryoneWhateverWroteThem() throws {
        let database = try Backing.memory.database()
        let store = SQLitePeopleStore(database: database)
        func counted() throws -> Int { try database.writer.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM person") ?? -1 } }
        try store.add([Self.ada, Self.grace])
        try store.merge([Self.grace, Self.alan, Self.zoe])
        var edited = Self.ada
        edited.firstName = "Augusta"
        try store.update(edited, at: Date(timeIntervalSince1970: 0))
        try store.delete(id: "zoe")
        try store.takeServerCards(
            [
                ServerPerson(
                    version: ServerVersion(href: "/b/x.vcf", etag: "1"),
                    person: Person(id: "x", firstName: "X", lastName: "Y"),
                    card: "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:x\r\nFN:X Y\r\nN:Y;X;;;\r\nEND:VCARD\r\n")
            ],
            removed: [], token: nil)
        try store.takeServerCards([], removed: ["/b/x.vcf"], token: nil)
        #expect(try store.count(matching: "") == 3)
        #expect(try counted() == 3)
    }

    @Test func twoStoresOnOneFileEachSeeTheOthersCommitOnTheirNextRead() throws {
        let path = temporaryDatabasePath()
        let here = SQLitePeopleStore(database: try AppDatabase(path: path))
        let there = SQLitePeopleStore(database: try AppDatabase(path: path))
        #expect(try !here.changedElsewhere())
        #expect(try !there.changedElsewhere())
        try there.add(Self.ada)
        #expect(try here.changedElsewhere())
        #expect(try !here.changedElsewhere(), "told once")
        #expect(try here.count(matching: "") == 1)
        #expect(try !there.changedElsewhere(), "its own commit is not another's")
        try here.add(Self.grace)
        #expect(try there.changedElsewhere())
        #expect(try all(there).map(\.id) == ["grace", "ada"])
    }

    @Test func askingForAnotherProgramsCommitNeverWaitsForThisProgramsWriteUnderWay() throws {
        let path = temporaryDatabasePath()
        let database = try AppDatabase(path: path)
        let here = SQLitePeopleStore(database: database)
        let there = SQLitePeopleStore(database: try AppDatabase(path: path))
        #expect(try !here.changedElsewhere())
        try there.add(Self.ada)
        // A write of this program's holds the writer connection, as an import's batch does,
        // until two seconds have passed.
        let writing = DispatchSemaphore(value: 0)
        let released = Flag()
        let writer = Thread {
            try? database.write { _ in
                writing.signal()
                Thread.sleep(forTimeInterval: 2)
                released.set()
            }
        }
        writer.start()
        writing.wait()
        #expect(try !here.changedElsewhere(), "answered at once, as the write's own notice will reread")
        #expect(!released.isSet, "did not wait for the write")
        while !released.isSet { Thread.sleep(forTimeInterval: 0.01) }
        Thread.sleep(forTimeInterval: 0.05)
        #expect(try here.changedElsewhere(), "the other program's commit is told once the writer is free")
    }

    @Test(arguments: Backing.allCases)
    func theFilterFindsPeopleByAnAddressOrANumberAndTheyComeBackWithThem(_ backing: Backing) throws {
        var ada = Self.ada
        ada.emails = [ContactDetail("ada@analytical.example", kinds: ["work"])]
        ada.phones = [ContactDetail("+44 20 7946 0000", kinds: ["cell"])]
        let store = try store(backing, holding: [ada, Self.grace, Self.alan])
        for filter in ["analytical", "ANALYTICAL.example", "ic", "7946", "20 79"] {
            #expect(try all(store, filter: filter).map(\.id) == ["ada"], "\(filter)")
            #expect(try store.count(matching: filter) == 1, "\(filter)")
        }
        #expect(try store.person(id: "ada") == ada)
    }

    @Test(arguments: Backing.allCases)
    func aPersonFromTheServerKeepsTheAddressesAndNumbersKnownHere(_ backing: Backing) throws {
        var ada = Self.ada
        ada.emails = [ContactDetail("ada@analytical.example")]
        ada.phones = [ContactDetail("+44 20 7946 0000")]
        let store = try store(backing, holding: [ada])
        var fromServer = Self.ada  // the people server keeps no addresses or numbers
        fromServer.lastName = "King"
        try store.merge([fromServer])
        let merged = try #require(try store.person(id: "ada"))
        #expect(merged.lastName == "King")
        #expect(merged.emails == ada.emails)
        #expect(merged.phones == ada.phones)
        #expect(try all(store, filter: "analytical").map(\.id) == ["ada"])
    }

    // MARK: - Kept cards

    @Test(arguments: Backing.allCases)
    func aCardIsKeptBesideItsPersonReplacedWithItAndGoesWithIt(_ backing: Backing) throws {
        let store = try store(backing)
        try store.add([Self.ada, Self.grace], cards: ["ada": "BEGIN:VCARD\r\nX-ONE:1\r\nEND:VCARD\r\n"])
        let graceCard = VCard.text(for: [Self.grace])  // made from what is known: she came with none
        #expect(try store.keptCards(for: nil) == ["ada": "BEGIN:VCARD\r\nX-ONE:1\r\nEND:VCARD\r\n", "grace": graceCard])
        try store.add([Self.ada, Self.grace], cards: ["ada": "BEGIN:VCARD\r\nX-TWO:2\r\nEND:VCARD\r\n"])
        #expect(try store.keptCards(for: ["ada"]) == ["ada": "BEGIN:VCARD\r\nX-TWO:2\r\nEND:VCARD\r\n"])
        #expect(try store.keptCards(for: ["grace"]) == ["grace": graceCard], "hers is kept as it was")
        try store.delete(id: "ada")
        #expect(try store.keptCards(for: nil) == ["grace": graceCard])
    }

    @Test(arguments: Backing.allCases)
    func anEditIsKeptInPlaceItsCardRevisedAndItIsQueuedToBeSent(_ backing: Backing) throws {
        let store = try store(backing)
        let card = "BEGIN:VCARD\r\nVERSION:4.0\r\nUID:ada\r\nN:Lovelace;Ada;;;\r\nX-KEPT:yes\r\nEND:VCARD\r\n"
        let ada = try #require(VCard.people(from: card).people.first)
        try store.add([ada], cards: [ada.id: card])
        try store.markPosted(ada.id)
        var edited = ada
        edited.firstName = "Augusta Ada"
        try store.update(edited, at: Date(timeIntervalSince1970: 0))
        #expect(try all(store) == [edited])
        #expect(
            try store.keptCards(for: [ada.id])[ada.id]
                == "BEGIN:VCARD\r\nVERSION:4.0\r\nUID:ada\r\nN:Lovelace;Augusta Ada;;;\r\nX-KEPT:yes\r\nREV:19700101T000000Z\r\nEND:VCARD\r\n"
        )
        #expect(try store.pendingPosts().map(\.person) == [edited])
    }

    @Test func peopleKeptBeforeCardsWereKeptGetACardMadeFromWhatIsKnown() throws {
        let path = try databaseKeptBeforeCards(
            holding: """
                ('ada', 'Countess', 'Ada', 'Lovelace', 1815, 12, 10, 'ada', 'lovelace', 'ada lovelace'),
                ('alan', NULL, 'Alan', 'Turing', NULL, NULL, NULL, 'alan', 'turing', 'alan turing')
                """)
        let store = SQLitePeopleStore(database: try AppDatabase(path: path))
        let everyone = try all(store)
        #expect(everyone.map(\.id) == ["ada", "alan"])
        let cards = try store.keptCards(for: nil)
        #expect(cards.count == 2)
        #expect(VCard.text(for: everyone, keeping: cards) == VCard.text(for: everyone))
        #expect(VCard.people(from: VCard.text(for: everyone, keeping: cards)).people == everyone)
    }

    /// A database as the release before kept cards left it (its migrations up to "people"), holding
    /// the person rows `values` lists.
    private func databaseKeptBeforeCards(holding values: String) throws -> String {
        try databaseKept(
            upTo: "people",
            holding: """
                INSERT INTO person (id, salutation, firstName, lastName, birthYear, birthMonth, birthDay, firstKey, lastKey, nameKey)
                VALUES \(values)
                """)
    }

    /// A database as an older release left it, its migrations up to `migration`, after `insert`.
    private func databaseKept(upTo migration: String, holding insert: String) throws -> String {
        let path = temporaryDatabasePath()
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let old = try DatabaseQueue(path: path)
        try AppDatabase.migrator.migrate(old, upTo: migration)
        try old.write { db in try db.execute(sql: insert) }
        try old.close()
        return path
    }

    @Test func aDatabaseAnOlderVersionKeptIsReadMigratedInMemoryAndLeftAsItIs() throws {
        let path = try databaseKeptBeforeCards(
            holding: "('ada', 'Countess', 'Ada', 'Lovelace', 1815, 12, 10, 'ada', 'lovelace', 'ada lovelace')")
        let before = try Data(contentsOf: URL(fileURLWithPath: path))

        let database = try AppDatabase.openForReading(path: path)
        let store = SQLitePeopleStore(database: database)
        #expect(try all(store).map(\.id) == ["ada"])
        #expect(try store.birthdays(within: 366).map(\.id) == ["ada"])  // birthKey: a later migration's column
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        #expect(try DatabaseQueue(path: path).read { try AppDatabase.migrator.completedMigrations($0) } == ["games", "people"])
    }

    @Test func aDatabaseOpenedForReadingRefusesWritesAndNoFileStaysNoFile() throws {
        let path = temporaryDatabasePath()
        try SQLitePeopleStore(database: AppDatabase(path: path)).add(Self.ada)
        let store = SQLitePeopleStore(database: try AppDatabase.openForReading(path: path))
        #expect(try all(store) == [Self.ada])
        #expect(throws: AppDatabase.Failure.self) { try store.add(Self.grace) }

        let missing = temporaryDatabasePath()
        #expect(try all(SQLitePeopleStore(database: AppDatabase.openForReading(path: missing))).isEmpty)
        #expect(!FileManager.default.fileExists(atPath: missing))
    }

    // MARK: - Reading

    @Test(arguments: Backing.allCases)
    func aPageIsCountedAndReadAtTheOffsetItsMatchesGive(_ backing: Backing) throws {
        let store = try store(backing, holding: [Self.ada, Self.grace, Self.alan, Self.zoe])
        var told: Int?
        let page = try store.page(matching: "a", sortedBy: .lastName, limit: 2) { matches in
            told = matches
            return matches - 2
        }
        let matching = try all(store, filter: "a")
        #expect(told == matching.count)
        #expect(page.total == 4)
        #expect(page.matches == matching.count)
        #expect(page.offset == matching.count - 2)
        #expect(page.people == Array(matching.suffix(2)))
    }

    @Test(arguments: Backing.allCases)
    func aNewDatabaseHoldsNobody(backing: Backing) throws {
        let store = try store(backing)
        #expect(try store.count(matching: "") == 0)
        #expect(try all(store).isEmpty)
        #expect(try store.outboxStatus() == .empty)
    }

    @Test(arguments: Backing.allCases)
    func peopleReadBackAsTheyWereKept(backing: Backing) throws {
        let store = try store(backing, holding: [Self.ada, Self.grace])
        #expect(try store.person(id: "ada") == Self.ada)
        #expect(try store.person(id: "grace") == Self.grace)
        #expect(try store.person(id: "nobody") == nil)
    }

    @Test func byLastNameSortsByLastThenFirstThenIdIgnoringCaseAndAccents() throws {
        let twins = [Person(id: "b", firstName: "Jo", lastName: "Doe"), Person(id: "a", firstName: "jo", lastName: "DOE")]
        let store = try store(
            holding: [Self.alan, Self.ada, Self.zoe, Self.grace] + twins
                + [Person(id: "c", firstName: "Al", lastName: "Doe")])
        #expect(try all(store, .lastName).map(\.id) == ["zoe", "c", "a", "b", "grace", "ada", "alan"])
    }

    @Test func byFirstNameSortsByFirstThenLastThenId() throws {
        let twins = [Person(id: "b", firstName: "Ada", lastName: "Lovelace"), Person(id: "a", firstName: "ADA", lastName: "lovelace")]
        let store = try store(
            holding: [Self.alan, Self.ada, Self.zoe, Self.grace] + twins
                + [Person(id: "c", firstName: "Ada", lastName: "Byron")])
        #expect(try all(store, .firstName).map(\.id) == ["c", "a", "ada", "b", "alan", "grace", "zoe"])
    }

    @Test func aPageIsTheRowsAtItsOffset() throws {
        let people = (0..<30).map { Person(id: String(format: "%02d", $0), firstName: "Jo", lastName: "Doe") }
        let store = try store(holding: people.shuffled())
        #expect(try store.people(matching: "", sortedBy: .lastName, offset: 10, limit: 5).map(\.id) == ["10", "11", "12", "13", "14"])
        #expect(try store.people(matching: "", sortedBy: .lastName, offset: 28, limit: 5).map(\.id) == ["28", "29"])
        #expect(try store.people(matching: "", sortedBy: .lastName, offset: 30, limit: 5).isEmpty)
        #expect(try store.people(matching: "", sortedBy: .lastName, offset: 0, limit: 0).isEmpty)
    }

    @Test func theFilterIsASubstringOfTheFullNameIgnoringCaseAndAccents() throws {
        let store = try store(holding: [Self.ada, Self.grace, Self.alan, Self.zoe])
        #expect(try all(store, filter: "LOVE").map(\.id) == ["ada"])
        #expect(try all(store, filter: "a l").map(\.id) == ["ada"])
        #expect(try all(store, filter: "zoe ad").map(\.id) == ["zoe"])
        #expect(try all(store, filter: "an").map(\.id) == ["alan"])
        #expect(try store.count(matching: "a") == 4)
        #expect(try store.count(matching: "countess") == 0)
        #expect(try store.count(matching: "%") == 0)
    }

    @Test func theFilterMatchesNamesInOtherScripts() throws {
        let store = try store(holding: [Person(id: "t", firstName: "太郎", lastName: "東京"), Self.ada])
        #expect(try all(store, filter: "東京").map(\.id) == ["t"])
    }

    @Test func everyWayOfFindingAPageAgreesWithFilteringAndSortingEveryone() throws {
        // Common filters walk the sort index ("son" is in over 2,000 names), rare ones go through
        // the trigram index, and pages past the middle are counted back from the end.
        let firsts = ["Ada", "Anna", "Ann", "Zoë", "太郎", "Grace", "O\"Neil"]
        let lasts = ["Lovelace", "Hopper", "東京", "Ånnsdóttir", "Smith", "O'Brien", "Doe", "Lee", "Müller", "Ng", "Ito"]
        let people = (0..<2_200).map { (index: Int) -> Person in
            let id = String(format: "%05d", (index * 7_919) % 2_200)
            let suffix = index % 20 == 0 ? "" : "-son\(index % 13)"
            let birthday =
                index % 3 == 0
                ? nil
                : BirthDate(
                    year: index % 2 == 0 ? nil : 1900 + index % 100,
                    month: 1 + index % 12, day: 1 + index % 29)
            return Person(
                id: id, firstName: firsts[index % firsts.count], lastName: lasts[(index / 7) % lasts.count] + suffix,
                birthday: birthday)
        }
        let store = try store(holding: people)
        // Each name folded once: folding in every comparison would make this test slow.
        let folded = people.map {
            (
                person: $0, first: Person.foldedName($0.firstName), last: Person.foldedName($0.lastName),
                name: Person.foldedName($0.fullName)
            )
        }
        for filter in ["", "a", "zz", "ÄNN", "son", "a l", "東京", "zzz", "o\"n", "smith-son12"] {
            let needle = Person.foldedName(filter)
            let matching = folded.filter { needle.isEmpty || $0.name.contains(needle) }
            for order in PersonSortOrder.allCases {
                let expected = matching.sorted { one, other in
                    switch order {
                    case .lastName: (one.last, one.first, one.person.id) < (other.last, other.first, other.person.id)
                    case .firstName: (one.first, one.last, one.person.id) < (other.first, other.last, other.person.id)
                    case .nextBirthday: one.person.precedes(other.person, in: .nextBirthday, today: Self.today)
                    }
                }.map(\.person)
                #expect(try store.count(matching: filter) == expected.count, "\(filter)")
                for offset in [0, expected.count / 2 + 1, max(expected.count - 5, 0)] {
                    let page = try store.people(matching: filter, sortedBy: order, offset: offset, limit: 10)
                    #expect(page == Array(expected.dropFirst(offset).prefix(10)), "\(filter) \(order) at \(offset)")
                }
            }
        }
    }

    @Test(arguments: Backing.allCases)
    func theNextBirthdaysCrossTheYearsEndAndYearlessOnesSortByTheDay(_ backing: Backing) throws {
        func person(_ id: String, _ birthday: String?) -> Person {
            Person(id: id, firstName: id, lastName: "Test", birthday: birthday.flatMap(BirthDate.init))
        }
        // Today is 30 December 2026.
        let people = [
            person("newYear", "1990-01-01"), person("today", "--12-30"), person("none", nil),
            person("leap", "2000-02-29"), person("lastDay", "1985-12-31"), person("yesterday", "1970-12-29"),
            person("feb28", "--02-28"),
        ]
        let store = try store(backing, holding: people)
        #expect(try all(store, .nextBirthday).map(\.id) == ["today", "lastDay", "newYear", "feb28", "leap", "yesterday", "none"])
        #expect(try store.birthdays(within: 2).map(\.id) == ["today", "lastDay", "newYear"])
        #expect(try store.birthdays(within: 0).map(\.id) == ["today"])
    }

    // MARK: - Writing

    @Test(arguments: Backing.allCases)
    func mergingTwiceKeepsOneOfEachAndTakesTheNewerForm(backing: Backing) throws {
        let store = try store(backing, holding: [Self.ada, Self.grace])
        var renamed = Self.grace
        renamed.lastName = "Murray Hopper"
        try store.merge([Self.ada, renamed, Self.alan])
        #expect(try all(store).map(\.id) == ["ada", "grace", "alan"])
        #expect(try store.person(id: "grace") == renamed)
    }

    @Test func aDeletedPersonIsGoneAndStaysGoneAfterAMerge() throws {
        let store = try store(holding: [Self.ada, Self.grace])
        try store.delete(id: "ada")
        try store.delete(id: "nobody")
        try store.merge([Self.ada, Self.alan])
        #expect(try all(store).map(\.id) == ["grace", "alan"])
    }

    @Test func aPersonAddedAgainAfterDeletionComesBack() throws {
        let store = try store(holding: [Self.ada])
        try store.delete(id: "ada")
        try store.add(Self.ada)
        #expect(try store.person(id: "ada") == Self.ada)
    }

    @Test func aPersonWaitingInTheOutboxKeepsItsLocalFormThroughAMerge() throws {
        let store = try store()
        try store.add(Self.ada)
        var older = Self.ada
        older.firstName = "Augusta"
        try store.merge([older])
        #expect(try store.person(id: "ada") == Self.ada)
    }

    // MARK: - Outbox

    @Test(arguments: Backing.allCases)
    func addedPeopleWaitInTheOutboxOldestFirst(backing: Backing) throws {
        let store = try store(backing)
        try store.add(Self.grace)
        try store.add([Self.ada, Self.alan])
        try store.add(Self.grace)
        #expect(try store.pendingPosts() == [Self.grace, Self.ada, Self.alan].map { PendingPost(person: $0) })
        #expect(try store.outboxStatus() == OutboxStatus(pendingCount: 3, lastError: nil))
    }

    @Test func aFailureIsCountedAndTheLatestOneIsTheStatus() throws {
        let store = try store()
        try store.add([Self.ada, Self.grace])
        try store.recordFailure("ada", message: "no network")
        try store.recordFailure("grace", message: "the people server answered 500")
        try store.recordFailure("ada", message: "the people server did not answer in time")
        #expect(
            try store.pendingPosts() == [
                PendingPost(person: Self.ada, attempts: 2, lastError: "the people server did not answer in time"),
                PendingPost(person: Self.grace, attempts: 1, lastError: "the people server answered 500"),
            ])
        #expect(try store.outboxStatus() == OutboxStatus(pendingCount: 2, lastError: "the people server did not answer in time"))
        try store.markPosted("ada")
        #expect(try store.outboxStatus() == OutboxStatus(pendingCount: 1, lastError: "the people server answered 500"))
        try store.markPosted("grace")
        #expect(try store.outboxStatus() == .empty)
    }

    @Test func deletingAWaitingPersonTakesItOutOfTheOutbox() throws {
        let store = try store()
        try store.add([Self.ada, Self.grace])
        try store.delete(id: "ada")
        #expect(try store.pendingPosts().map(\.person) == [Self.grace])
    }

    @Test func theOutboxSurvivesReopeningTheFile() throws {
        let path = temporaryDatabasePath()
        try SQLitePeopleStore(database: AppDatabase(path: path)).add(Self.ada)
        let reopened = SQLitePeopleStore(database: try AppDatabase(path: path))
        #expect(try reopened.pendingPosts() == [PendingPost(person: Self.ada)])
    }

    // MARK: - Changes

    @Test(arguments: Backing.allCases)
    func anObserverIsToldOnItsQueueAfterACommit(backing: Backing) throws {
        let store = try store(backing)
        let queue = DispatchQueue(label: "observer")
        let told = DispatchSemaphore(value: 0)
        let observation = store.observeChanges(on: queue) {
            dispatchPrecondition(condition: .onQueue(queue))
            told.signal()
        }
        try store.add(Self.ada)
        #expect(told.wait(timeout: .now() + .seconds(10 * TestTimeScale.factor)) == .success)
        try store.recordFailure("ada", message: "no network")
        #expect(told.wait(timeout: .now() + .seconds(10 * TestTimeScale.factor)) == .success)
        observation.cancel()
    }

    @Test func commitsAreCountedAsTheyEndBeforeTheirNoticesArrive() throws {
        let store = try store()
        let queue = DispatchQueue(label: "observer")
        let observation = store.observeChanges(on: queue) {}
        queue.suspend()
        try store.add(Self.ada)
        #expect(observation.commits == 1)
        try store.add(Self.grace)
        #expect(observation.commits == 2)
        _ = try store.count(matching: "")
        #expect(observation.commits == 2)  // a read is no commit
        queue.resume()
        observation.cancel()
    }

    @Test func aCancelledObserverIsToldNothing() throws {
        let store = try store()
        let queue = DispatchQueue(label: "observer")
        let calls = Counter()
        let observation = store.observeChanges(on: queue) { calls.increment() }
        queue.suspend()
        try store.add(Self.ada)
        observation.cancel()
        queue.resume()
        queue.sync {}
        try store.add(Self.grace)
        queue.sync {}
        #expect(calls.value == 0)
    }

    // MARK: - Files

    @Test func aSecondConnectionToTheFileSeesCommittedPeople() throws {
        let path = temporaryDatabasePath()
        let writer = SQLitePeopleStore(database: try AppDatabase(path: path))
        let reader = SQLitePeopleStore(database: try AppDatabase(path: path))
        for (count, person) in [Self.ada, Self.grace, Self.alan].enumerated() {
            try writer.add(person)
            #expect(try reader.count(matching: "") == count + 1)
            #expect(try reader.person(id: person.id) == person)
        }
        try writer.markPosted("ada")
        #expect(try reader.outboxStatus().pendingCount == 2)
    }

    @Test func aDamagedDatabaseIsReportedAndLeftAsItIs() throws {
        let path = temporaryDatabasePath()
        do {
            try SQLitePeopleStore(database: AppDatabase(path: path)).merge([Self.ada])
        }
        var contents = try Data(contentsOf: URL(fileURLWithPath: path))
        contents.replaceSubrange(100..<1_000, with: Data(repeating: 0xA5, count: 900))  // the schema's page, scrambled
        try contents.write(to: URL(fileURLWithPath: path))
        let directory = (path as NSString).deletingLastPathComponent
        let filesBefore = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
        #expect {
            try AppDatabase(path: path)
        } throws: { error in
            String(describing: error) == "\(path) is not a database this program can read; it was left as it is"
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == contents)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: directory).filter { !$0.hasSuffix("-shm") && !$0.hasSuffix("-wal") }
                == filesBefore.filter { !$0.hasSuffix("-shm") && !$0.hasSuffix("-wal") })
    }

    // MARK: - Preferences

    @Test(arguments: Backing.allCases)
    func aPreferenceIsKeptReplacedAndRemoved(backing: Backing) throws {
        let preferences = SQLitePreferences(database: try backing.database())
        #expect(try preferences.string(forKey: PersonSortOrder.preferenceKey) == nil)
        try preferences.set("lastName", forKey: PersonSortOrder.preferenceKey)
        try preferences.set("Lisbon", forKey: "weather.lastPlace")
        try preferences.set("firstName", forKey: PersonSortOrder.preferenceKey)
        #expect(try preferences.string(forKey: PersonSortOrder.preferenceKey) == "firstName")
        #expect(try preferences.string(forKey: "weather.lastPlace") == "Lisbon")
        try preferences.set(nil, forKey: "weather.lastPlace")
        #expect(try preferences.string(forKey: "weather.lastPlace") == nil)
    }

    @Test func preferencesSurviveReopeningTheFile() throws {
        let path = temporaryDatabasePath()
        try SQLitePreferences(database: AppDatabase(path: path)).set("東京", forKey: "weather.lastPlace")
        #expect(try SQLitePreferences(database: AppDatabase(path: path)).string(forKey: "weather.lastPlace") == "東京")
    }

    // MARK: - vCards

    @Test func cardsImportInOneBatchAndReadBackTheSame() throws {
        let people = (0..<500).map { index in
            Person(
                firstName: "Given\(index)", lastName: "Family\(index % 97)",
                birthday: BirthDate(year: 1900 + index % 120, month: index % 12 + 1, day: index % 28 + 1))
        }
        let read = VCard.people(from: VCard.text(for: people))
        #expect(read.problems.isEmpty)
        let store = try store(.file)
        try store.add(read.people)
        #expect(try store.count(matching: "") == 500)
        #expect(try store.outboxStatus().pendingCount == 500)
        let exported = try all(store, .firstName, filter: "given123")
        #expect(exported == people.filter { $0.firstName == "Given123" })
    }

    @Test func everyShapeOfCardIsKeptShownInItsPlaceAndExportedByteForByte() throws {
        let read = VCard.people(from: CardShape.file)
        let store = try store(.file)
        try store.add(read.people, cards: Dictionary(uniqueKeysWithValues: zip(read.people.map(\.id), read.cards)))
        for person in read.people { #expect(try store.person(id: person.id) == person) }
        let everyone = try all(store)
        #expect(VCard.text(for: read.people, keeping: try store.keptCards(for: nil)) == CardShape.file)
        // A birthday that is not a date sorts after every real one, and is nobody's birthday soon.
        let byBirthday = try all(store, .nextBirthday)
        let dated = byBirthday.prefix { $0.birthday != nil }
        #expect(Set(dated.map(\.id)) == Set(everyone.filter { $0.birthday != nil }.map(\.id)))
        #expect(try store.birthdays(within: 366).allSatisfy { $0.birthday != nil })
        // Someone without a name sorts and is found by what they are shown by.
        #expect(everyone.map(\.shownName) == everyone.sorted { $0.precedes($1, in: .lastName, today: Self.today) }.map(\.shownName))
        #expect(try all(store, filter: "analytical").map(\.id) == ["company"])
        #expect(try all(store, .firstName, filter: "someone@").map(\.id) == ["email-only"])
        // Saved untouched, a text birthday and a nameless card stay as they were.
        for id in ["text-birthday", "company"] {
            let person = try #require(try store.person(id: id))
            let card = try store.keptCards(for: [id])[id]
            try store.update(person, at: Date())
            #expect(try store.person(id: id) == person)
            #expect(try store.keptCards(for: [id])[id] == card)
        }
    }

    @Test func aDatabaseKeptBeforeBirthdaysAsWrittenIsReadThroughAMigratedCopy() throws {
        let path = try databaseKept(
            upTo: "serverCards",
            holding: """
                INSERT INTO person (id, firstName, lastName, birthMonth, birthDay, firstKey, lastKey, nameKey, searchKey, birthKey)
                VALUES ('grace', 'Grace', 'Hopper', 12, 9, 'grace', 'hopper', 'grace hopper', 'grace hopper', 1209)
                """)
        let copy = try AppDatabase.openForReading(path: path)
        let columns = try copy.read { try $0.columns(in: "person").map(\.name) }
        #expect(columns.contains("birthText") && columns.contains("knownAs"), "the copy read is migrated")
        let reading = SQLitePeopleStore(database: copy)
        #expect(
            try reading.person(id: "grace") == Person(id: "grace", firstName: "Grace", lastName: "Hopper", birthday: BirthDate("--12-09")))
        let migrated = SQLitePeopleStore(database: try AppDatabase(path: path))
        var grace = try #require(try migrated.person(id: "grace"))
        (grace.birthday, grace.birthdayText) = (nil, "December, some year")
        try migrated.update(grace, at: Date())
        #expect(try migrated.person(id: "grace")?.birthdayText == "December, some year")
    }
}

/// A path for the database in a new temporary directory.
func temporaryDatabasePath() -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent("mvvm-tui-\(UUID().uuidString)/\(AppDatabase.fileName)").path
}

/// A count that any thread may add to.
private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    var value: Int { lock.withLock { count } }

    func increment() {
        lock.withLock { count += 1 }
    }
}

/// A flag one thread sets and another reads.
private final class Flag: Sendable {
    private let value = Atomic(false)
    var isSet: Bool { value.load(ordering: .acquiring) }
    func set() { value.store(true, ordering: .releasing) }
}
