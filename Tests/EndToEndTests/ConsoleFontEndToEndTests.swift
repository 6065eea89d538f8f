import Foundation
import Testing
import TestSupport

/// The app on a console whose font has no Braille, no weather symbols and no `℃`: the Linux
/// console (`TERM=linux`), or any terminal with `--ascii`. Colour stays as `NO_COLOR` says.
@Suite(.serialized, .startsProcesses) struct ConsoleFontEndToEndTests {
    private static let fullSymbols = "℉℃☀☁☂❄☈≋"

    private static func hasFullSymbols(_ screen: String) -> Bool {
        screen.unicodeScalars.contains { fullSymbols.unicodeScalars.contains($0) || (0x2800...0x28FF).contains($0.value) }
    }

    /// Whether a word of `screen` is a temperature in F: `72F`, `-3F`.
    private static func writesDegreesF(_ screen: String) -> Bool {
        screen.split(whereSeparator: \.isWhitespace).contains {
            $0.count > 1 && $0.hasSuffix("F") && $0.dropLast().allSatisfy { $0.isNumber || $0 == "-" }
        }
    }

    @Test func onTheLinuxConsoleTheWeatherIsASCIIAndNoColourHolds() async throws {
        let session = try await TmuxSession(
            arguments: ["--offline", "--location", "Paris"], columns: 80, rows: 24,
            environment: ["TERM": "linux", "NO_COLOR": "1"])
        let screen = try await session.waitFor("Paris, France")
        let weather = try await session.waitFor("the weather in F") { Self.writesDegreesF($0) }
        #expect(!Self.hasFullSymbols(weather), "\(screen)\n\(weather)")
        #expect(!ShellEndToEndTests.usesColour(try await session.screen(withEscapes: true)))
    }

    @Test func theFlagWritesASCIIOnAnyTerminalAndKeepsItsColours() async throws {
        let session = try await TmuxSession(arguments: ["--offline", "--location", "Paris", "--ascii"], columns: 80, rows: 24)
        let weather = try await session.waitFor("the weather in F") { Self.writesDegreesF($0) }
        #expect(!Self.hasFullSymbols(weather), "\(weather)")
        #expect(ShellEndToEndTests.usesColour(try await session.screen(withEscapes: true)))
    }
}
