import Foundation
import Testing
import TestSupport

/// The Weather screen in the real binary: offline (the gazetteer and sample weather), and with
/// Open-Meteo's recorded answers served on loopback.
@Suite(.serialized, .startsProcesses) struct WeatherEndToEndTests {
    private let dataDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("mvvm-tui-e2e-data-\(UUID().uuidString)").path

    @Test func launchShowsTheOriginalsPlaceThenParisThenATypoAndNotFoundAndRemembersParis() async throws {
        let first = try await TmuxSession(arguments: ["--offline", "--data-dir", dataDirectory])
        // The place shows at once and its weather a moment later, in another frame: the wait is for
        // both, not for the first screen that names the place.
        try await first.waitFor("McGaheysville, VA and its weather in ℉") { $0.contains("McGaheysville, VA") && $0.contains("℉") }
        try await first.waitFor("Source: Sample data (offline) — not a forecast")
        try await first.type("Paris")
        try await first.waitFor("a suggestion for Paris") { $0.contains("Paris, ") && $0.contains("France") }
        try await first.press("Enter")
        try await first.waitFor("Paris, France")
        try await first.press("C-u")
        try await first.type("Pariss")
        try await first.waitFor("Paris suggested for the typo") { $0.contains("Pariss") && $0.contains("\n   Paris, France") }
        try await first.press("C-u")
        try await first.type("Qxqzvjkville")
        try await first.press("Enter")
        let missing = try await first.waitFor("Not found: Qxqzvjkville")
        #expect(missing.contains("Paris, France") && missing.contains("℉"), "the weather shown stays")
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
        // r is on the status line, and says how the refresh ended: offline, sample weather.
        try await session.waitFor("r refresh")
        try await session.type("r")
        try await session.waitFor("Not refreshed (offline): no report of this place is kept, so sample weather shows")
    }

    @Test func aLiveReportIsKeptAndShownWithItsAgeAfterARelaunchOfflineAndWhenTheServerFails() async throws {
        let server = try LoopbackHTTPServer(replies: [
            .answer(status: 200, body: try Self.recorded("open-meteo-geocoding-paris")),
            .answer(status: 200, body: try Self.recorded("open-meteo-forecast-extras")),
        ])
        defer { server.stop() }
        let live = try await TmuxSession(
            arguments: ["--data-dir", dataDirectory, "--location", "Paris"],
            environment: Self.openMeteo(at: server.baseURL.absoluteString))
        let fetched = try await live.waitFor("Source: Open-Meteo")
        #expect(fetched.contains("Paris, France") && fetched.contains("49℉") && fetched.contains("Feels like 44℉"))
        #expect(!fetched.contains("as of"))
        #expect(server.requests.count == 2)
        try await live.press("C-c")
        #expect(try await live.waitForExit().status == 0)

        let offline = try await TmuxSession(arguments: ["--offline", "--data-dir", dataDirectory])
        let kept = try await offline.waitFor("Source: Open-Meteo, as of")
        #expect(kept.contains("Paris, France") && kept.contains("49℉") && kept.contains("Feels like 44℉"))
        #expect(kept.contains("just now") || kept.contains("min ago"))
        #expect(kept.contains("Live weather unavailable: offline"))
        #expect(!kept.contains("Sample data"))

        // A request that fails: the same report stays, with its age and the server's reason.
        let busy = try LoopbackHTTPServer(replies: [.answer(status: 429, body: Data(#"{"error":true,"reason":"Too many requests"}"#.utf8))])
        defer { busy.stop() }
        let failed = try await TmuxSession(
            arguments: ["--data-dir", dataDirectory], environment: Self.openMeteo(at: busy.baseURL.absoluteString))
        let shown = try await failed.waitFor("Weather unavailable: Open-Meteo: Too many requests")
        #expect(shown.contains("Source: Open-Meteo, as of") && shown.contains("49℉") && !shown.contains("Sample data"))
    }

    private static func openMeteo(at base: String) -> [String: String] {
        ["MVVM_TUI_OPEN_METEO_URL": base, "MVVM_TUI_OPEN_METEO_GEOCODING_URL": base]
    }

    /// A recorded Open-Meteo answer, from the service tests' fixtures.
    private static func recorded(_ name: String) throws -> Data {
        try Data(
            contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                .appendingPathComponent("../ServicesTests/Fixtures/weather/\(name).json").standardizedFileURL)
    }
}
