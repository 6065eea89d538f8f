import Foundation
import Testing
import TestSupport

/// The People screen in the real binary, on a fresh data directory.
@Suite(.serialized, .startsProcesses) struct PeopleEndToEndTests {
    private let dataDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("mvvm-tui-e2e-data-\(UUID().uuidString)").path

    @Test func addAdaLovelaceSortAndFindHerAfterARelaunch() async throws {
        let first = try await TmuxSession(arguments: ["--tab", "people", "--data-dir", dataDirectory])
        try await first.waitFor("No one here yet. Press a to add someone")
        try await first.addPerson(["Ada", "Lovelace", "1815-12-10"])
        try await first.waitFor("December 10, 1815")
        try await first.addPerson(["Grace", "Hopper", "1906-12-09"])
        let byLast = try await first.waitFor("December 9, 1906")
        #expect(Self.listed(byLast) == ["Grace Hopper", "Ada Lovelace"])
        try await first.type("s")
        let byFirst = try await first.waitFor("by first name")
        #expect(Self.listed(byFirst) == ["Ada Lovelace", "Grace Hopper"])
        try await first.type("q")
        #expect(try await first.waitForExit().status == 0)

        let second = try await TmuxSession(arguments: ["--tab", "people", "--data-dir", dataDirectory])
        let relaunched = try await second.waitFor("Ada Lovelace")
        #expect(relaunched.contains("by first name"))
        #expect(relaunched.contains("Sunday December 10, 1815"))
    }

    @Test func aWrongBirthdaySaysWhy() async throws {
        let session = try await TmuxSession(arguments: ["--tab", "people", "--data-dir", dataDirectory])
        try await session.waitFor("people")
        try await session.addPerson(["Ada", "Lovelace", "1815-02-30"])
        try await session.waitFor("1815-02-30 is not a day on the calendar")
    }

    @Test func enterEditsThePersonUnderTheCursorAndTheEditIsKept() async throws {
        let session = try await TmuxSession(arguments: ["--tab", "people", "--data-dir", dataDirectory])
        try await session.waitFor("No one here yet")
        try await session.addPerson(["Ada", "Lovelace", "1815-12-10"])
        try await session.waitFor("December 10, 1815")
        try await session.press("Enter")
        try await session.waitFor("Edit Ada Lovelace")
        try await session.press("Enter")  // the first name as it was
        try await session.press("C-u")
        try await session.type("King")
        try await session.press("Enter", "Enter", "Enter")  // the salutation and the birthday as they were
        try await session.type("ada@analytical.example")
        try await session.press("Enter", "Enter")  // no phone: saved
        let saved = try await session.waitFor("Saved Ada King")
        #expect(saved.contains("Email ada@analytical.example"))
        #expect(!saved.contains("Lovelace"))
    }

    @Test func keysAnswerDuringAnImportAndEscStopsItKeepingWhatWasCommitted() async throws {
        // Enough cards that the import is still running, in the release binary too, when Esc comes.
        let session = try await importing(
            (1...100_000).map { "BEGIN:VCARD\r\nVERSION:3.0\r\nN:Card;Person \($0);;;\r\nEND:VCARD\r\n" }.joined())
        try await session.waitFor("Importing", timeout: .seconds(30))
        try await session.press("F4")  // a Scoreboard move, committed to the database the import writes to
        try await session.waitFor("Shaq")
        try await session.type("1")
        try await session.waitFor("1 - 0")
        try await session.press("F5")
        try await session.waitFor("Importing")
        try await session.press("Escape")
        let stopped = try await session.waitFor("Import stopped", timeout: .seconds(30))
        // "Import stopped: 4,200 new people; 95,800 of 100,000 left in …", and the header counts them.
        let line = try #require(stopped.split(separator: "\n").first { $0.contains("Import stopped") })
        let kept = try #require(line.split(separator: ":")[1].split(separator: " ").first)
        #expect(stopped.contains("\(kept) people, by last name"), "the header counts what was kept")
        #expect(kept != "0" && kept != "100,000")
    }

    @Test func everyShapeOfCardIsImportedShownAndATextBirthdayOutlivesAnEdit() async throws {
        let session = try await importing(CardShape.file)
        let imported = try await session.waitFor("Imported \(CardShape.all.count) new people", timeout: .seconds(30))
        #expect(!imported.contains("skipped"))
        #expect(imported.contains("Analytical Engines Ltd"), "a company is listed by its name")
        try await session.type("/")
        try await session.type("germain")
        try await session.press("Enter")
        try await session.waitFor("circa 1800")
        try await session.press("Enter")
        try await session.waitFor("Edit Sophie Germain")
        try await session.press("Enter", "Enter", "Enter", "Enter", "Enter", "Enter")  // every field as it was: saved
        let saved = try await session.waitFor("Saved Sophie Germain")
        #expect(saved.contains("circa 1800"))
    }

    @Test func anEditOutlivesAReimportOfTheFileThePersonCameFrom() async throws {
        let card =
            "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:marie\r\nN:Curie;Marie;;;\r\nFN:Marie Curie\r\n"
            + "TEL;TYPE=work:+33 1 40 79 00 00\r\nREV:20190301T120000Z\r\nEND:VCARD\r\n"
        let session = try await importing(card)
        try await session.waitFor("Imported 1 new person", timeout: .seconds(30))
        try await session.press("Enter")
        try await session.waitFor("Edit Marie Curie")
        try await session.press("Enter", "Enter", "Enter", "Enter", "Enter")  // names, salutation, birthday, email as they were
        try await session.press("C-u")
        try await session.type("+33 6 12 34 56 78")
        try await session.press("Enter")  // the phone, the last field: saved
        try await session.waitFor("Saved Marie Curie")
        try await session.type("i")
        try await session.waitFor("Import vCard file")
        try await session.type(dataDirectory + "/cards.vcf")
        try await session.press("Enter")
        try await session.waitFor("Take cards.vcf's card for 1 kept? y/n", timeout: .seconds(30))
        try await session.type("n")
        let again = try await session.waitFor("Nothing to import")
        #expect(again.contains("1 kept (newer here)"))
        #expect(again.contains("+33 6 12 34 56 78"), "the edit is still shown")
        #expect(!again.contains("+33 1 40 79 00 00"))
    }

    /// The program on the People tab of an empty data directory, importing a file of `cards` (`i`).
    private func importing(_ cards: String) async throws -> TmuxSession {
        try FileManager.default.createDirectory(atPath: dataDirectory, withIntermediateDirectories: true)
        let file = dataDirectory + "/cards.vcf"
        try cards.write(toFile: file, atomically: true, encoding: .utf8)
        let session = try await TmuxSession(arguments: ["--tab", "people", "--data-dir", dataDirectory])
        try await session.waitFor("No one here yet")
        try await session.type("i")
        try await session.waitFor("Import vCard file")
        try await session.type(file)
        try await session.press("Enter")
        return session
    }

    /// Ada's and Grace's rows, top to bottom: the lines with their December birthdays (the
    /// detail pane beside a row names nobody else).
    private static func listed(_ screen: String) -> [String] {
        screen.split(separator: "\n").filter { $0.contains("December") }
            .compactMap { line in ["Ada Lovelace", "Grace Hopper"].first { line.contains($0) } }
    }
}
