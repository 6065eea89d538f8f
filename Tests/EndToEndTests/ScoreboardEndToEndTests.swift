import Foundation
import Testing

/// The Scoreboard in the real binary: the clock, a move, and the game kept across launches.
@Suite(.serialized) struct ScoreboardEndToEndTests {
    private let dataDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("mvvm-tui-e2e-data-\(UUID().uuidString)").path

    @Test func theClockRunsAndAMoveScoresAndBothSurviveARelaunch() throws {
        let first = try TmuxSession(arguments: ["--tab", "scoreboard", "--data-dir", dataDirectory])
        let launch = try first.waitFor("00:00.0")
        for text in ["Ballerz", "Ringerz", "0 - 0", "[ Start ]"] { #expect(launch.contains(text)) }
        try first.press("Space")
        try first.waitFor("[ Pause ]")
        try first.waitFor("the clock to pass a second") { $0.range(of: #"00:0[1-9]\.\d"#, options: .regularExpression) != nil }
        try first.press("2")
        try first.waitFor("2 - 0")
        try first.press("q")
        #expect(try first.waitForExit().status == 0)

        let second = try TmuxSession(arguments: ["--tab", "scoreboard", "--data-dir", dataDirectory])
        let relaunched = try second.waitFor("2 - 0")
        #expect(relaunched.contains("[ Start ]"))  // back paused
    }

    @Test func aGameKilledWithSigkillLosesNoMoveTheScreenShowed() throws {
        let first = try TmuxSession(arguments: ["--tab", "scoreboard", "--data-dir", dataDirectory])
        try first.waitFor("[ Start ]")
        try first.type("1j2j1")
        try first.waitFor("4 - 0")
        try first.kill("KILL")
        try first.waitForProgramToEnd()

        let second = try TmuxSession(arguments: ["--tab", "scoreboard", "--data-dir", dataDirectory])
        try second.waitFor("4 - 0")
    }

    @Test func aSecondProcessRunningAtTheSameTimeSeesEveryCommittedMove() throws {
        let first = try TmuxSession(arguments: ["--tab", "scoreboard", "--data-dir", dataDirectory])
        try first.waitFor("[ Start ]")
        try first.type("2j2")
        try first.waitFor("4 - 0")
        let second = try TmuxSession(arguments: ["--tab", "scoreboard", "--data-dir", dataDirectory])
        try second.waitFor("4 - 0")
        try first.type("1")
        try first.waitFor("5 - 0")
        let third = try TmuxSession(arguments: ["--tab", "scoreboard", "--data-dir", dataDirectory])
        try third.waitFor("5 - 0")
        try second.press("q")
        #expect(try second.waitForExit().status == 0)
        try first.press("q")
        #expect(try first.waitForExit().status == 0)
    }
}
