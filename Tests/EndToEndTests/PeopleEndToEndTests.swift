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

    /// Opens the form with `a`, leaves the salutation empty, and types `fields` (first name, last
    /// name, birthday), each followed by Enter; the last Enter saves.
    private static func add(_ fields: [String], in session: TmuxSession) throws {
        try session.type("a")
        try session.waitFor("Salutation:")
        try session.press("Enter")
        for text in fields {
            try session.type(text)
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
