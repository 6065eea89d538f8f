import Foundation
import Testing
import TestSupport

/// A status bar running `mvvm-tui weather` every 100 ms while the app runs on the same data: it reads
/// what the app keeps as the app keeps it, and changes none of it.
@Suite(.serialized, .startsProcesses) struct StatusBarEndToEndTests {
    private let dataDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("mvvm-tui-e2e-bar-\(UUID().uuidString)").path

    /// Runs `weather` (the kept place) and `weather Lisbon --unit c --json` by turns, 100 ms apart,
    /// `count` runs in all.
    private func statusBar(runs count: Int) async throws -> [CommandResult] {
        let binary = try ProgramUnderTest.path()
        var runs: [CommandResult] = []
        while runs.count < count {
            let arguments = runs.count.isMultiple(of: 2) ? ["weather"] : ["weather", "Lisbon", "--unit", "c", "--json"]
            runs.append(try await TmuxSession.runForStatus(binary, arguments + ["--offline", "--data-dir", dataDirectory]))
            try await Task.sleep(for: .milliseconds(100))
        }
        return runs
    }

    /// Waits, for five seconds at most, until `weather` names `place` first.
    private func keptPlace(becomes place: String) async throws {
        let binary = try ProgramUnderTest.path()
        for _ in 0..<50 {
            let run = try await TmuxSession.runForStatus(binary, ["weather", "--offline", "--data-dir", dataDirectory])
            if run.output.hasPrefix(place) { return }
            try await Task.sleep(for: .milliseconds(100))
        }
        Issue.record("the app did not keep \(place) within five seconds")
    }

    @Test func aStatusBarReadsWhatTheAppKeepsAndChangesNothing() async throws {
        let app = try await TmuxSession(arguments: ["--offline", "--data-dir", dataDirectory, "--location", "Paris"])
        try await app.waitFor("Paris, France")

        let first = try await statusBar(runs: 12)
        try await app.type("Tokyo")
        try await app.waitFor("a suggestion for Tokyo") { $0.contains("Tokyo, ") && $0.contains("Japan") }
        try await app.press("Enter")
        try await app.waitFor("Tokyo, Japan")
        // The screen names the place before the app has kept it: the first runs may still read Paris.
        try await keptPlace(becomes: "Tokyo, Japan")
        let second = try await statusBar(runs: 12)

        for run in first + second {
            #expect(run.status == 0, "\(run.error)")
            #expect(run.error.isEmpty)
        }
        // Each loop starts with the kept place, then Lisbon, by turns.
        let runs = { (runs: [CommandResult], kept: Bool) in
            runs.enumerated().filter { $0.offset.isMultiple(of: 2) == kept }.map(\.element.output)
        }
        #expect(Set(runs(first, true).map { $0.prefix { $0 != "\n" } }) == ["Paris, France"])
        #expect(Set(runs(second, true).map { $0.prefix { $0 != "\n" } }) == ["Tokyo, Japan"])
        #expect((runs(first, false) + runs(second, false)).allSatisfy { $0.contains("\"locationName\" : \"Lisbon, Portugal\"") })

        // The app still answers at once, and kept its own place and unit, not the status bar's.
        try await app.press("Escape")
        try await app.waitFor("the input line left") { !$0.contains("Esc leave") }
        try await app.press("C-c")
        #expect(try await app.waitForExit().status == 0)
        let relaunched = try await TmuxSession(arguments: ["--offline", "--data-dir", dataDirectory])
        // The kept place is named at once; its weather follows a frame later.
        let screen = try await relaunched.waitFor("Tokyo, Japan and its weather") {
            $0.contains("Tokyo, Japan") && ($0.contains("℉") || $0.contains("℃"))
        }
        #expect(screen.contains("℉") && !screen.contains("℃"))
        #expect(!screen.contains("Lisbon"))
    }
}
