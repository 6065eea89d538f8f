import Foundation
import Testing

/// The Weather screen in the real binary, offline: the gazetteer and sample weather.
@Suite(.serialized) struct WeatherEndToEndTests {
    private let dataDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("mvvm-tui-e2e-data-\(UUID().uuidString)").path

    @Test func launchShowsTheOriginalsPlaceThenParisThenNotFoundAndRemembersParis() async throws {
        let first = try await TmuxSession(arguments: ["--offline", "--data-dir", dataDirectory])
        let launch = try await first.waitFor("McGaheysville, VA")
        #expect(launch.contains("℉"))
        try await first.waitFor("Source: Sample data (offline) — not a forecast")
        try await first.type("Paris")
        try await first.waitFor("a suggestion for Paris") { $0.contains("Paris, ") && $0.contains("France") }
        try await first.press("Enter")
        try await first.waitFor("Paris, France")
        try await first.press("C-u")
        try await first.type("Qxqzvjkville")
        try await first.press("Enter")
        let missing = try await first.waitFor("Not found")
        #expect(!missing.contains("℉"))  // nothing of Paris is left
        try await first.press("C-c")
        #expect(try await first.waitForExit().status == 0)

        let second = try await TmuxSession(arguments: ["--offline", "--data-dir", dataDirectory])
        try await second.waitFor("Paris, France")
    }

    @Test func theLocationOptionAndTheUnitKey() async throws {
        let session = try await TmuxSession(arguments: ["--offline", "--data-dir", dataDirectory, "--location", "東京"])
        try await session.waitFor("Tokyo, Japan")
        try await session.waitFor("℉")
        try await session.press("Escape")
        // The Esc must have left the input line before the u is sent: bytes that reach the
        // program together read as Alt-u, as they would from any terminal.
        try await session.waitFor("the input line left") { !$0.contains("Esc leave") }
        try await session.type("u")
        try await session.waitFor("℃")
    }
}
