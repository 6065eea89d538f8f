import Foundation
import Testing

/// The People screen in the real binary, on a fresh data directory.
@Suite(.serialized) struct PeopleEndToEndTests {
    private let dataDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("mvvm-tui-e2e-data-\(UUID().uuidString)").path

    @Test func addAdaLovelaceSortAndFindHerAfterARelaunch() throws {
        let first = try TmuxSession(arguments: ["--tab", "people", "--data-dir", dataDirectory])
        try first.waitFor("No one here yet. Press a to add someone")
        try Self.add(["Ada", "Lovelace", "1815-12-10"], in: first)
        try first.waitFor("December 10, 1815")
        try Self.add(["Grace", "Hopper", "1906-12-09"], in: first)
        let byLast = try first.waitFor("December 9, 1906")
        #expect(Self.listed(byLast) == ["Grace Hopper", "Ada Lovelace"])
        try first.type("s")
        let byFirst = try first.waitFor("by first name")
        #expect(Self.listed(byFirst) == ["Ada Lovelace", "Grace Hopper"])
        try first.type("q")
        #expect(try first.waitForExit().status == 0)

        let second = try TmuxSession(arguments: ["--tab", "people", "--data-dir", dataDirectory])
        let relaunched = try second.waitFor("Ada Lovelace")
        #expect(relaunched.contains("by first name"))
        #expect(relaunched.contains("Sunday December 10, 1815"))
    }

    @Test func aWrongBirthdaySaysWhy() throws {
        let session = try TmuxSession(arguments: ["--tab", "people", "--data-dir", dataDirectory])
        try session.waitFor("people")
        try Self.add(["Ada", "Lovelace", "1815-02-30"], in: session)
        try session.waitFor("1815-02-30 is not a day on the calendar")
    }

    @Test func keysAnswerDuringAnImportAndEscStopsItKeepingWhatWasCommitted() throws {
        try FileManager.default.createDirectory(atPath: dataDirectory, withIntermediateDirectories: true)
        let cards = dataDirectory + "/cards.vcf"
        // Enough cards that the import is still running, in the release binary too, when Esc comes.
        try (1...100_000).map { "BEGIN:VCARD\r\nVERSION:3.0\r\nN:Card;Person \($0);;;\r\nEND:VCARD\r\n" }
            .joined().write(toFile: cards, atomically: true, encoding: .utf8)
        let session = try TmuxSession(arguments: ["--tab", "people", "--data-dir", dataDirectory])
        try session.waitFor("No one here yet")
        try session.type("i")
        try session.waitFor("Import vCard file")
        try session.type(cards)
        try session.press("Enter")
        try session.waitFor("Importing", timeout: .seconds(30))
        try session.press("F4")  // a Scoreboard move, committed to the database the import writes to
        try session.waitFor("Shaq")
        try session.type("1")
        try session.waitFor("1 - 0")
        try session.press("F5")
        try session.waitFor("Importing")
        try session.press("Escape")
        let stopped = try session.waitFor("Import stopped", timeout: .seconds(30))
        // "Import stopped: 4,200 of 100,000 people imported from …", and the header counts them.
        let line = try #require(stopped.split(separator: "\n").first { $0.contains("Import stopped") })
        let kept = try #require(line.split(separator: ":")[1].split(separator: " ").first)
        #expect(stopped.contains("\(kept) people, by last name"), "the header counts what was kept")
        #expect(kept != "0" && kept != "100,000")
    }

    /// Opens the form with `a`, leaves the salutation empty, and types `fields` (first name, last
    /// name, birthday), each followed by Enter, then Enter past the email and the phone: the last saves.
    private static func add(_ fields: [String], in session: TmuxSession) throws {
        try session.type("a")
        try session.waitFor("Salutation:")
        try session.press("Enter")
        for text in fields + Array(repeating: "", count: max(0, 5 - fields.count)) {  // email and phone left empty
            if !text.isEmpty { try session.type(text) }
            try session.press("Enter")
        }
    }

    /// Ada's and Grace's rows, top to bottom: the lines with their December birthdays (the
    /// detail pane beside a row names nobody else).
    private static func listed(_ screen: String) -> [String] {
        screen.split(separator: "\n").filter { $0.contains("December") }
            .compactMap { line in ["Ada Lovelace", "Grace Hopper"].first { line.contains($0) } }
    }
}
