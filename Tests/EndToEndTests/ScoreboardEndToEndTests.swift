import Foundation
import Testing
import TestSupport

/// The Scoreboard in the real binary: the clock, a move, and the game kept across launches.
@Suite(.serialized, .startsProcesses) struct ScoreboardEndToEndTests {
    private let dataDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("mvvm-tui-e2e-data-\(UUID().uuidString)").path

    @Test func theClockRunsAndAMoveScoresAndBothSurviveARelaunch() async throws {
        let first = try await TmuxSession(arguments: ["--tab", "scoreboard", "--data-dir", dataDirectory])
        let launch = try await first.waitFor("00:00.0")
        for text in ["Ballerz", "Ringerz", "0 - 0", "[ Start ]"] { #expect(launch.contains(text)) }
        try await first.press("Space")
        try await first.waitFor("[ Pause ]")
        // The clock keeps moving: wait for a state that stays (a second or more has passed), not
        // for a moment of it, so that a slow machine's captures cannot step past it.
        let running = try await first.waitFor("the clock to pass a second") { (Self.clockSeconds(in: $0) ?? 0) >= 1 }
        let passed = try #require(Self.clockSeconds(in: running))
        try await first.waitFor("the clock to go on past \(passed) s") { (Self.clockSeconds(in: $0) ?? 0) > passed }
        try await first.press("2")
        try await first.waitFor("2 - 0")
        try await first.press("q")
        #expect(try await first.waitForExit().status == 0)

        let second = try await TmuxSession(arguments: ["--tab", "scoreboard", "--data-dir", dataDirectory])
        let relaunched = try await second.waitFor("2 - 0")
        #expect(relaunched.contains("[ Start ]"))  // back paused
    }

    @Test func aGameKilledWithSigkillLosesNoMoveTheScreenShowed() async throws {
        let first = try await TmuxSession(arguments: ["--tab", "scoreboard", "--data-dir", dataDirectory])
        try await first.waitFor("[ Start ]")
        try await first.type("1j2j1")
        try await first.waitFor("4 - 0")
        try await first.kill("KILL")
        try await first.waitForProgramToEnd()

        let second = try await TmuxSession(arguments: ["--tab", "scoreboard", "--data-dir", dataDirectory])
        try await second.waitFor("4 - 0")
    }

    @Test func aSecondProcessRunningAtTheSameTimeSeesEveryCommittedMove() async throws {
        let first = try await TmuxSession(arguments: ["--tab", "scoreboard", "--data-dir", dataDirectory])
        try await first.waitFor("[ Start ]")
        try await first.type("2j2")
        try await first.waitFor("4 - 0")
        let second = try await TmuxSession(arguments: ["--tab", "scoreboard", "--data-dir", dataDirectory])
        try await second.waitFor("4 - 0")
        try await first.type("1")
        try await first.waitFor("5 - 0")
        let third = try await TmuxSession(arguments: ["--tab", "scoreboard", "--data-dir", dataDirectory])
        try await third.waitFor("5 - 0")
        try await second.press("q")
        #expect(try await second.waitForExit().status == 0)
        try await first.press("q")
        #expect(try await first.waitForExit().status == 0)
    }

    /// The game clock's time on `screen` in seconds (`01:02.3` is 62.3), nil when it shows none.
    private static func clockSeconds(in screen: String) -> Double? {
        guard let match = screen.firstMatch(of: /(\d\d):(\d\d)\.(\d)/),
            let minutes = Double(match.1), let seconds = Double(match.2), let tenths = Double(match.3)
        else { return nil }
        return minutes * 60 + seconds + tenths / 10
    }
}
