import Foundation
import Renderer
import Testing

/// `mvvm-tui weather` for a console whose font has no Braille, no weather symbols and no `℃`:
/// with `TERM=linux`, `--ascii` or `ascii = true`, the printout writes what the screen would.
struct ConsoleFontSubcommandTests {
    private static let fullSymbols = "℉℃☀☁☂❄☈≋"

    private static func isASCIIWeather(_ text: String) -> Bool {
        !text.unicodeScalars.contains { fullSymbols.unicodeScalars.contains($0) || (0x2800...0x28FF).contains($0.value) }
    }

    @Test(arguments: [(["TERM": "linux"], [String]()), (["TERM": "xterm-256color"], ["--ascii"])])
    func theLinuxConsoleOrTheFlagWritesASCII(environment: [String: String], flags: [String]) async throws {
        let result = try await Subcommand(environment: environment).run(["weather", "Paris", "--offline"] + flags)
        #expect(result.status == 0)
        #expect(Self.isASCIIWeather(result.output), "\(result.output)")
        #expect(result.output.split(separator: "\n").contains { $0.contains(" - ") && $0.hasSuffix("F") }, "\(result.output)")
        let json = try await Subcommand(environment: environment).run(["weather", "Paris", "--offline", "--json"] + flags)
        let document = try Subcommand.decode(WeatherPrintout.Document.self, from: json.output)
        #expect(document.icon.unicodeScalars.allSatisfy { $0.isASCII })
        #expect(document.forecast.allSatisfy { $0.lowText.hasSuffix("F") && $0.icon.unicodeScalars.allSatisfy(\.isASCII) })
    }

    @Test func theConfigFilesKeyWritesASCIIAndAnotherTerminalTheFullSymbols() async throws {
        let subcommand = try Subcommand(environment: ["TERM": "xterm-256color"])
        let full = try await subcommand.run(["weather", "Paris", "--offline"])
        #expect(!Self.isASCIIWeather(full.output), "\(full.output)")
        let folder = subcommand.dataDirectory + "/config/mvvm-tui"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try "ascii = true\n".write(toFile: folder + "/config.toml", atomically: true, encoding: .utf8)
        let ascii = try await subcommand.run(["weather", "Paris", "--offline"])
        #expect(ascii.status == 0)
        #expect(Self.isASCIIWeather(ascii.output), "\(ascii.output)")
    }
}
