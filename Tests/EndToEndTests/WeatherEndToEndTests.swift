import Foundation
import Testing

/// The Weather screen in the real binary, offline: the gazetteer and sample weather.
@Suite(.serialized) struct WeatherEndToEndTests {
    private let dataDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("mvvm-tui-e2e-data-\(UUID().uuidString)").path

    @Test func launchShowsTheOriginalsPlaceThenParisThenNotFoundAndRemembersParis() throws {
        let first = try TmuxSession(arguments: ["--offline", "--data-dir", dataDirectory])
        let launch = try first.waitFor("McGaheysville, VA")
        #expect(launch.contains("℉"))
        try first.waitFor("Source: Sample data (offline) — not a forecast")
        try first.type("Paris")
        try first.waitFor("a suggestion for Paris") { $0.contains("Paris, ") && $0.contains("France") }
        try first.press("Enter")
        try first.waitFor("Paris, France")
        try first.press("C-u")
        try first.type("Qxqzvjkville")
        try first.press("Enter")
        let missing = try first.waitFor("Not found")
        #expect(!missing.contains("℉"))  // nothing of Paris is left
        try first.press("C-c")
        #expect(try first.waitForExit().status == 0)

        let second = try TmuxSession(arguments: ["--offline", "--data-dir", dataDirectory])
        try second.waitFor("Paris, France")
    }

    @Test func theLocationOptionAndTheUnitKey() throws {
        let session = try TmuxSession(arguments: ["--offline", "--data-dir", dataDirectory, "--location", "東京"])
        try session.waitFor("Tokyo, Japan")
        try session.waitFor("℉")
        try session.press("Escape")
        Thread.sleep(forTimeInterval: 0.1)  // a lone Esc, not Alt-u
        try session.type("u")
        try session.waitFor("℃")
    }
}
