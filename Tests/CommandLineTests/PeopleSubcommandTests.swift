import Foundation
import Models
import Renderer
import Screens
import Services
import Testing
import TestSupport

/// `mvvm-tui people`: the People screen's list, its birthdays soon, and its vCard files in a shell.
@MainActor
struct PeopleSubcommandTests {
    let subcommand: Subcommand
    var path: String { subcommand.dataDirectory + "/" + AppDatabase.fileName }

    init() throws {
        subcommand = try Subcommand()
    }

    /// The month and day `days` from today, as a birthday in 1992 (a leap year).
    static func birthday(inDays days: Int) -> BirthDate? {
        var day = CalendarDay.today()
        for _ in 0..<days { day = day.next }
        return BirthDate(String(format: "1992-%02d-%02d", day.month, day.day))
    }

    /// Ada (birthday in 2 days, an email), Grace (in 20 days), Alan (none), and `more` others.
    @discardableResult
    func fill(more: Int = 0) throws -> SQLitePeopleStore {
        let store = SQLitePeopleStore(database: try AppDatabase(path: path))
        try store.add(
            [
                Person(
                    id: "ada", salutation: "Countess", firstName: "Ada", lastName: "Lovelace", birthday: Self.birthday(inDays: 2),
                    emails: [ContactDetail("ada@example.org", kinds: ["work"])]),
                Person(id: "grace", firstName: "Grace", lastName: "Hopper", birthday: Self.birthday(inDays: 20)),
                Person(id: "alan", firstName: "Alan", lastName: "Turing"),
            ] + (0..<more).map { Person(id: "p\($0)", firstName: "Person", lastName: String(format: "Zed%03d", $0)) })
        return store
    }

    /// The view-model the binary runs, run here on the same file read-only, everyone in view.
    func listed(filter: String? = nil, order: PersonSortOrder? = nil, window: Int = 7) async throws -> PeopleListViewModel {
        let database = try AppDatabase.openForReading(path: path)
        let people = PeopleListViewModel(
            openStore: { SQLitePeopleStore(database: database) },
            openPreferences: { UnkeptPreferences(reading: SQLitePreferences(database: database)) },
            api: nil, files: LocalTextFiles(), queue: PeopleWorkQueue(),
            today: { CalendarDay.today() }, now: Date.init, birthdayWindow: window, chosenOrder: order)
        people.setVisibleRowCount(PeoplePrintout.everyone)
        if let filter { people.prompt.inputLineEdited(.insert(filter)) }
        people.screenAppeared()
        return people
    }

    func expectSame(_ printed: [PeoplePrintout.Document.Person], _ people: [PersonViewModel]) {
        #expect(printed.count == people.count)
        for (printed, person) in zip(printed, people) {
            #expect(printed.nameText == person.nameText)
            #expect(printed.birthdateText == person.birthdateText)
            #expect(printed.longBirthdayText == person.longBirthdayText)
            #expect(printed.ageText == person.ageText)
            #expect(printed.nextBirthdayText == person.nextBirthdayText)
            #expect(printed.nextBirthdayLine == person.nextBirthdayLine)
            #expect(printed.rowBirthdayText == person.rowBirthdayText)
            #expect(printed.contactLines == person.contactLines)
            #expect(printed.birthday == person.birthdayData)
            #expect(printed.birthdayText == person.birthdayAsWritten)
            #expect(printed.uid == person.uid)
            #expect(printed.emails.map { [$0.value, $0.type] } == person.emails.map { [$0.value, $0.type] })
            #expect(printed.phones.map { [$0.value, $0.type] } == person.phones.map { [$0.value, $0.type] })
        }
        if let ada = printed.first(where: { $0.uid == "ada" }) {
            #expect(ada.emails == [.init(value: "ada@example.org", type: "work")])
        }
    }

    func document(_ result: CommandResult) throws -> PeoplePrintout.Document {
        try Subcommand.decode(PeoplePrintout.Document.self, from: result.output)
    }

    @Test func theJSONHoldsTheListsOutputsFieldByField() async throws {
        try fill(more: 25)
        let result = try await subcommand.run(["people", "--json"])
        #expect(result.status == 0)
        #expect(result.error.isEmpty)
        let printed = try document(result)
        let people = try await listed()
        #expect(printed.countText == latest(people.countText))
        #expect(printed.countText == "28 people")
        #expect(printed.sortText == latest(people.sortText))
        #expect(printed.matchCount == latest(people.matchCount))
        #expect(printed.emptyText == latest(people.emptyText))
        #expect(printed.birthdaysSoonText == latest(people.birthdaysSoonText))
        // Without --sync the header's exchange is not printed: no server was asked.
        #expect(printed.syncText == "")
        #expect(!printed.syncIsProblem)
        #expect(printed.message == latest(people.message))
        #expect(printed.messageIsProblem == latest(people.messageIsProblem))
        expectSame(printed.people, latest(people.rows))
        #expect(printed.people.count == 28)  // everyone, not the screen's page
        #expect(printed.people.map(\.nameText).prefix(3) == ["Grace Hopper", "Countess Ada Lovelace", "Alan Turing"])
        #expect(printed.people[1].contactLines == ["Email ada@example.org (work)"])
        expectSame(printed.birthdaysSoon, latest(people.birthdaysSoon))
        #expect(printed.birthdaysSoon.map(\.nameText) == ["Countess Ada Lovelace"])
    }

    @Test func theTextIsTheHeaderThenEveryoneInTheOrderInColumns() async throws {
        try fill()
        let result = try await subcommand.run(["people"])
        #expect(result.status == 0)
        let people = try await listed()
        let rows = latest(people.rows)
        let lines = result.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(
            lines == [
                "3 people, by last name",
                "Grace Hopper           " + rows[0].rowBirthdayText,
                "Countess Ada Lovelace  " + rows[1].rowBirthdayText,
                "Alan Turing",
                "",
            ])
        #expect(!result.output.contains("\u{1B}"))
    }

    @Test func sortAndFilterAreTheScreensForThisRunAndNothingIsWritten() async throws {
        let store = try fill()
        let preferences = SQLitePreferences(database: try AppDatabase(path: path))
        try preferences.set(PersonSortOrder.firstName.rawValue, forKey: PersonSortOrder.preferenceKey)
        let files = { try [path, path + "-wal"].map { try Data(contentsOf: URL(fileURLWithPath: $0)) } }
        let before = try files()

        let kept = try document(try await subcommand.run(["people", "--json"]))
        #expect(kept.sortText == "by first name")
        #expect(kept.people.map(\.nameText) == ["Countess Ada Lovelace", "Alan Turing", "Grace Hopper"])
        let sorted = try document(try await subcommand.run(["people", "--sort", "birthday", "--json"]))
        let byBirthday = try await listed(order: .nextBirthday)
        #expect(sorted.sortText == "by next birthday")
        expectSame(sorted.people, latest(byBirthday.rows))
        #expect(sorted.people.map(\.nameText) == ["Countess Ada Lovelace", "Grace Hopper", "Alan Turing"])
        let filtered = try await subcommand.run(["people", "--filter", "ada", "--sort", "last"])
        #expect(filtered.status == 0)
        #expect(filtered.output.hasPrefix("1 of 3 people, by last name\n"))
        #expect(filtered.output.contains("Countess Ada Lovelace"))
        #expect(!filtered.output.contains("Grace Hopper"))
        let filteredJSON = try document(try await subcommand.run(["people", "--filter", "ada", "--json"]))
        let adaOnly = try await listed(filter: "ada")
        #expect(filteredJSON.countText == latest(adaOnly.countText))
        expectSame(filteredJSON.people, latest(adaOnly.rows))

        #expect(try files() == before)
        #expect(try preferences.string(forKey: PersonSortOrder.preferenceKey) == PersonSortOrder.firstName.rawValue)
        withExtendedLifetime(store) {}
    }

    @Test func birthdaysAreThoseWithinTheDaysGivenSoonestFirst() async throws {
        try fill()
        let month = try await subcommand.run(["people", "--birthdays", "30", "--json"])
        #expect(month.status == 0)
        let printed = try document(month)
        let people = try await listed(window: 30)
        expectSame(printed.birthdaysSoon, latest(people.birthdaysSoon))
        #expect(printed.birthdaysSoon.map(\.nameText) == ["Countess Ada Lovelace", "Grace Hopper"])
        #expect(printed.people.isEmpty)
        let text = try await subcommand.run(["people", "--birthdays", "30"])
        #expect(
            text.output == "Countess Ada Lovelace  in 2 days   \(printed.birthdaysSoon[0].longBirthdayText)\n"
                + "Grace Hopper           in 20 days  \(printed.birthdaysSoon[1].longBirthdayText)\n")
        let week = try await subcommand.run(["people", "--birthdays", "1"])
        #expect(week.status == 0)
        #expect(week.output.isEmpty)
    }

    @Test func aFilterMatchingNoOneIsStatusOneWithTheScreensWords() async throws {
        try fill()
        let text = try await subcommand.run(["people", "--filter", "zzz"])
        #expect(text.status == 1)
        #expect(text.output.isEmpty)
        #expect(text.error == "mvvm-tui: No one matches “zzz”.\n")
        let json = try await subcommand.run(["people", "--filter", "zzz", "--json"])
        #expect(json.status == 1)
        #expect(try document(json).emptyText == "No one matches “zzz”.")
    }

    @Test(arguments: [
        ["people", "--birthdays", "367"], ["people", "--birthdays", "-1"], ["people", "--sort", "middle"],
        ["people", "--import", "a.vcf", "--export", "b.vcf"], ["people", "--birthdays", "3", "--filter", "ada"],
        ["games", "--sort", "last"],
    ])
    func badOptionsAreBadUsage(arguments: [String]) async throws {
        let result = try await subcommand.run(arguments)
        #expect(result.status == 64)
        #expect(result.output.isEmpty)
        #expect(result.error.hasPrefix("mvvm-tui: "), "one prefix for every message: \(result.error)")
    }

    @Test func anEmptyDataDirectoryListsNoOneWithStatusZeroAndIsLeftEmpty() async throws {
        let result = try await subcommand.run(["people"])
        #expect(result.status == 0)
        #expect(result.output == "0 people, by last name\n\(PeoplePrintout.emptyText)\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: subcommand.dataDirectory).isEmpty)
    }

    @Test func importAddsThePeopleOfAFileAndExportWritesEveryoneAsVCards() async throws {
        let card = subcommand.dataDirectory + "/friends.vcf"
        try "BEGIN:VCARD\nVERSION:4.0\nN:Lovelace;Ada;;;\nEND:VCARD\nBEGIN:VCARD\nVERSION:4.0\nN:Hopper;Grace;;;\nEND:VCARD\n"
            .write(toFile: card, atomically: true, encoding: .utf8)
        let imported = try await subcommand.run(["people", "--import", card])
        #expect(imported.status == 0)
        #expect(imported.error.isEmpty)
        #expect(imported.output == "Imported 2 new people from \(card)\n")
        let store = SQLitePeopleStore(database: try AppDatabase(path: path))
        #expect(try store.people(matching: "", sortedBy: .lastName, offset: 0, limit: 10).map(\.lastName) == ["Hopper", "Lovelace"])

        let out = subcommand.dataDirectory + "/out.vcf"
        let exported = try await subcommand.run(["people", "--export", out, "--json"])
        #expect(exported.status == 0)
        #expect(try document(exported).message == "Exported 2 people to \(out)")
        let written = try String(contentsOfFile: out, encoding: .utf8)
        #expect(written.contains("N:Lovelace;Ada;;;"))
        #expect(written.contains("N:Hopper;Grace;;;"))

        let again = try await subcommand.run(["people", "--export", out])
        #expect(again.status == 1, "a file there is replaced only with --force")
        #expect(again.error == "mvvm-tui: Not exported: \(out) exists\n")
        try "old".write(toFile: out, atomically: true, encoding: .utf8)
        #expect(try await subcommand.run(["people", "--export", out, "--force"]).status == 0)
        #expect(try String(contentsOfFile: out, encoding: .utf8).contains("N:Lovelace;Ada;;;"))
        #expect(try await subcommand.run(["people", "--force"]).status == 64, "--force needs --export")

        let missing = try await subcommand.run(["people", "--import", subcommand.dataDirectory + "/nowhere.vcf"])
        #expect(missing.status == 1)
        #expect(missing.error.hasPrefix("mvvm-tui: Not imported: "))
    }

    @Test func aSecondImportOfAFileChangesNothingAndAFileWithNoCardFails() async throws {
        let card = subcommand.dataDirectory + "/ada.vcf"
        try "BEGIN:VCARD\nVERSION:3.0\nUID:ada\nN:Lovelace;Ada;;;\nREV:20190301T120000Z\nEND:VCARD\n"
            .write(toFile: card, atomically: true, encoding: .utf8)
        #expect(try await subcommand.run(["people", "--import", card]).output == "Imported 1 new person from \(card)\n")
        let again = try await subcommand.run(["people", "--import", card])
        #expect(again.status == 0)
        #expect(again.output == "Nothing to import: 1 unchanged from \(card)\n")

        let older = subcommand.dataDirectory + "/older.vcf"
        try "BEGIN:VCARD\nVERSION:3.0\nUID:ada\nN:Lovelace;Augusta;;;\nREV:20180301T120000Z\nEND:VCARD\n"
            .write(toFile: older, atomically: true, encoding: .utf8)
        #expect(
            try await subcommand.run(["people", "--import", older, "--dry-run"]).output
                == "Nothing to import: 1 kept (newer here) from \(older)\n")
        #expect(
            try await subcommand.run(["people", "--import", older, "--replace", "--dry-run"]).output
                == "Would import 1 updated from \(older)\n")
        let store = SQLitePeopleStore(database: try AppDatabase(path: path))
        #expect(try store.person(id: "ada")?.firstName == "Ada", "a dry run changes nothing")
        #expect(try await subcommand.run(["people", "--import", older, "--replace"]).output == "Imported 1 updated from \(older)\n")
        #expect(try store.person(id: "ada")?.firstName == "Augusta", "the file's version, asked for")
        #expect(try await subcommand.run(["people", "--dry-run"]).status == 64, "--dry-run needs --import")

        let text = subcommand.dataDirectory + "/passwd"
        try "root:x:0:0:root:/root:/bin/bash\n".write(toFile: text, atomically: true, encoding: .utf8)
        let none = try await subcommand.run(["people", "--import", text])
        #expect(none.status == 1)
        #expect(none.error == "mvvm-tui: No vCard in \(text)\n")
    }

    @Test func aLatinOneFileIsImportedAndExportedAsUTF8AndAGuessedCharsetIsSaid() async throws {
        let latin1 = { (text: String) in Data(text.unicodeScalars.map { UInt8($0.value) }) }
        let outlook = subcommand.dataDirectory + "/outlook.vcf"
        try latin1("BEGIN:VCARD\r\nVERSION:2.1\r\nN;CHARSET=ISO-8859-1:Müller;Jürgen\r\nTEL;HOME:+49 89 1\r\nEND:VCARD\r\n")
            .write(to: URL(fileURLWithPath: outlook))
        #expect(try await subcommand.run(["people", "--import", outlook]).output == "Imported 1 new person from \(outlook)\n")
        let unnamed = subcommand.dataDirectory + "/unnamed.vcf"
        try latin1("BEGIN:VCARD\r\nVERSION:2.1\r\nN:Größe;Änne\r\nEND:VCARD\r\n").write(to: URL(fileURLWithPath: unnamed))
        #expect(
            try await subcommand.run(["people", "--import", unnamed]).output
                == "Imported 1 new person from \(unnamed) (read as Windows-1252)\n")
        let binary = subcommand.dataDirectory + "/binary"
        try Data([0x7F, 0x45, 0x4C, 0x46, 0xFF, 0x00, 0xC3, 0x0A, 0x9F]).write(to: URL(fileURLWithPath: binary))
        #expect(try await subcommand.run(["people", "--import", binary]).error == "mvvm-tui: No vCard in \(binary)\n")

        let out = subcommand.dataDirectory + "/out.vcf"
        #expect(try await subcommand.run(["people", "--export", out]).status == 0)
        let written = try #require(String(data: try Data(contentsOf: URL(fileURLWithPath: out)), encoding: .utf8))
        #expect(written.contains("\r\nN:Müller;Jürgen\r\n"))
        #expect(written.contains("\r\nN:Größe;Änne\r\n"))
        #expect(!written.contains("CHARSET"))
    }

    @Test func everyShapeOfCardIsImportedListedWithItsBirthdayAndExportedByteForByte() async throws {
        let file = subcommand.dataDirectory + "/phone.vcf"
        try CardShape.file.write(toFile: file, atomically: true, encoding: .utf8)
        let imported = try await subcommand.run(["people", "--import", file])
        #expect(imported.status == 0)
        #expect(imported.output == "Imported \(CardShape.all.count) new people from \(file)\n")

        let listed = try await subcommand.run(["people", "--json"])
        let printed = try document(listed).people
        expectSame(printed, latest(try await self.listed().rows))
        for shape in CardShape.all {
            let person = try #require(printed.first { $0.nameText == shape.shownName }, "\(shape.name)")
            #expect(person.birthday == shape.birthday?.description, "\(shape.name)")
            #expect(person.birthdayText == shape.birthdayText, "\(shape.name)")
            if let written = shape.birthdayText { #expect(person.rowBirthdayText == written) }
        }
        let year = try document(try await subcommand.run(["people", "--birthdays", "366", "--json"])).birthdaysSoon
        #expect(Set(year.map(\.nameText)) == Set(CardShape.all.filter { $0.birthday != nil }.map(\.shownName)))

        let out = subcommand.dataDirectory + "/out.vcf"
        #expect(try await subcommand.run(["people", "--export", out]).status == 0)
        let exported = VCard.people(from: try String(contentsOfFile: out, encoding: .utf8)).cards
        #expect(exported.sorted() == CardShape.all.map(\.text).sorted())
    }

    @Test func syncAsksThePeopleServerBeforeWritingAndNotWithout() async throws {
        let store = try fill()
        var syncing = subcommand
        // Nothing listens on the discard port: the exchange fails at once.
        syncing.environment = [
            "MVVM_TUI_PEOPLE_API": "http://127.0.0.1:9/", "MVVM_TUI_PEOPLE_USER": "u",
            "MVVM_TUI_PEOPLE_PASSWORD": "p",
        ]
        let failed = try await syncing.run(["people", "--sync"])
        #expect(failed.status == 1)
        #expect(failed.output.isEmpty)
        // The pull failed and the three added here wait in the outbox: the header says both, the reason once.
        #expect(failed.error == "mvvm-tui: Sync failed: no network: the people server could not be reached; 3 people waiting to be sent\n")
        let json = try document(try await syncing.run(["people", "--sync", "--json"]))
        #expect(json.syncIsProblem)
        #expect(json.syncText == "Sync failed: no network: the people server could not be reached; 3 people waiting to be sent")
        #expect(json.people.count == 3)

        let unsynced = try await syncing.run(["people"])
        #expect(unsynced.status == 0)
        #expect(unsynced.output.hasPrefix("3 people, by last name\n"))
        let offline = try await syncing.run(["people", "--sync", "--offline"])
        #expect(offline.status == 64)
        #expect(offline.error.contains("--sync and --offline: a sync needs the network"))
        withExtendedLifetime(store) {}
    }

    @Test func aSyncWhileAnotherHoldsTheDataFolderExitsWith75AndSendsNothing() async throws {
        let store = try fill()
        let held = try #require(try store.lockForExchange(), "as a sync in another window holds it")
        var syncing = subcommand
        syncing.environment = [
            "MVVM_TUI_PEOPLE_API": "http://127.0.0.1:9/", "MVVM_TUI_PEOPLE_USER": "u",
            "MVVM_TUI_PEOPLE_PASSWORD": "p",
        ]
        let blocked = try await syncing.run(["people", "--sync"])
        #expect(blocked.status == 75)
        #expect(blocked.error == "mvvm-tui: \(PeopleExchange.blockedText)\n")
        #expect(try store.outboxStatus().pendingCount == 3)
        held.release()
        #expect(try await syncing.run(["people", "--sync"]).status == 1, "its own sync, which finds no server")
    }

    @Test func aDataFolderBoundToAnotherBookMovesOnlyWhenTheUserSaysYes() async throws {
        let store = try fill()
        try store.bind(to: "carddav ada@example.org https://example.org/ada/book/ ")
        try store.markPosted("ada", as: ServerVersion(href: "/ada/book/ada.vcf", etag: "1"))
        var syncing = subcommand
        syncing.environment = [
            "MVVM_TUI_PEOPLE_API": "http://127.0.0.1:9/", "MVVM_TUI_PEOPLE_USER": "u",
            "MVVM_TUI_PEOPLE_PASSWORD": "p",
        ]
        let refused = try await syncing.run(["people", "--sync"])
        #expect(refused.status == 1)
        #expect(refused.error.contains("this data folder syncs with ada@example.org https://example.org/ada/book/, not u@127.0.0.1 "))
        #expect(refused.error.contains("--people-rebind"))

        let declined = try await syncing.run(["people", "--sync", "--people-rebind"], input: "n\n")
        #expect(declined.status == 1)
        #expect(declined.error.hasPrefix("This data folder syncs with ada@example.org https://example.org/ada/book/.\n"))
        #expect(declined.error.contains("sends the 3 people kept here to u@127.0.0.1 http://127.0.0.1:9/"))
        #expect(declined.error.hasSuffix("mvvm-tui: not rebound; nothing changed\n"))
        #expect(try store.boundBook() == "carddav ada@example.org https://example.org/ada/book/ ")
        #expect(try await syncing.run(["people", "--sync", "--people-rebind"], input: "").status == 1, "no answer is no")

        let moved = try await syncing.run(["people", "--sync", "--people-rebind"], input: "y\n")
        #expect(moved.error.hasSuffix("no network: the people server could not be reached; 3 people waiting to be sent\n"))
        #expect(try store.boundBook()?.contains("http://127.0.0.1:9/") == true)
        #expect(try store.pendingPosts().count == 3)
        #expect(try await syncing.run(["people", "--people-rebind"]).status == 64, "--people-rebind needs --sync")
    }

    @Test func syncWithNoServerSetSaysSoAndCreatesNothing() async throws {
        let result = try await subcommand.run(["people", "--sync"])
        #expect(result.status == 1)
        #expect(result.output.isEmpty)
        #expect(result.error == "mvvm-tui: Sync off: no people server set (--people-api)\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: subcommand.dataDirectory).isEmpty)
    }

    @Test func anExportOnlyReadsTheDatabase() async throws {
        let store = try fill()
        let path = subcommand.dataDirectory + "/" + AppDatabase.fileName
        let files = { try [path, path + "-wal"].map { try Data(contentsOf: URL(fileURLWithPath: $0)) } }
        let before = try files()
        let file = subcommand.dataDirectory + "/out.vcf"
        let result = try await subcommand.run(["people", "--export", file])
        #expect(result.status == 0)
        #expect(result.output.hasPrefix("Exported 3 people"))
        #expect(try files() == before)
        let filtered = try await subcommand.run(["people", "--export", file, "--filter", "Ada"])
        #expect(filtered.status == 64)
        withExtendedLifetime(store) {}
    }

    @Test func theAppsOwnOptionsAreRefusedOnASubcommandsLine() async throws {
        for arguments in [
            ["weather", "--location", "Tokyo"], ["--tab", "movies", "games"], ["search", "alien", "--trace", "/tmp/t"],
            ["games", "--people-api", "http://127.0.0.1:9/"],
        ] {
            let result = try await subcommand.run(arguments + ["--offline"])
            #expect(result.status == 64, "\(arguments)")
            #expect(result.error.contains("only of the full-screen app"), "\(arguments)")
            #expect(result.output.isEmpty)
        }
    }

    @Test func aReaderThatGoesAwayEndsItQuietly() async throws {
        try fill(more: 3000)
        let result = try await subcommand.runIntoHead(["people"])
        #expect(result.status == 0)
        #expect(result.firstLine == "3,003 people, by last name")
        #expect(result.error.isEmpty)
    }
}
