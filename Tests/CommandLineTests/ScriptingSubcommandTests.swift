import Foundation
import Renderer
import Testing
import TestSupport

/// What a script meets: status 1 for made-up weather, the standard streams for vCards, lines no
/// wider than the output, one prefix for every message.
@MainActor
struct ScriptingSubcommandTests {
    /// No network: the live weather is asked of a port nothing answers.
    static let noNetwork = [
        "MVVM_TUI_OPEN_METEO_URL": "http://127.0.0.1:9/", "MVVM_TUI_OPEN_METEO_GEOCODING_URL": "http://127.0.0.1:9/",
    ]

    @Test func sampleWeatherWhenLiveWasAskedIsAProblemAndOfflineItIsNot() async throws {
        let subcommand = try Subcommand(environment: Self.noNetwork)
        let text = try await subcommand.run(["weather", "Paris"])
        #expect(text.status == 1)
        #expect(text.output.isEmpty, "a status bar shows nothing made up")
        #expect(text.error == "mvvm-tui: \(WeatherPrintout.sampleProblem); the weather shown is sample data, not a forecast\n")
        let json = try await subcommand.run(["weather", "Paris", "--json"])
        #expect(json.status == 1)
        let document = try Subcommand.decode(WeatherPrintout.Document.self, from: json.output)
        #expect(document.isSample)
        #expect(document.problem.hasPrefix(WeatherPrintout.sampleProblem))
        let offline = try await subcommand.run(["weather", "Paris", "--offline", "--json"])
        #expect(offline.status == 0)
        #expect(try Subcommand.decode(WeatherPrintout.Document.self, from: offline.output).problem == "")
    }

    @Test func aPlaceNotFoundSetsTheProblem() async throws {
        let result = try await Subcommand().run(["weather", "Qwxyzzz", "--offline", "--json"])
        #expect(result.status == 1)
        let document = try Subcommand.decode(WeatherPrintout.Document.self, from: result.output)
        #expect(document.problem == "Not found: Qwxyzzz")
        #expect(document.temperature == nil)
    }

    @Test func aDashImportsFromStandardInputAndExportsToStandardOutput() async throws {
        let subcommand = try Subcommand()
        let card = "BEGIN:VCARD\r\nVERSION:4.0\r\nUID:ada\r\nFN:Ada Lovelace\r\nN:Lovelace;Ada;;;\r\nEND:VCARD\r\n"
        let imported = try await subcommand.run(["people", "--import", "-"], input: card)
        #expect(imported.status == 0, "\(imported.error)")
        #expect(imported.output == "Imported 1 new person from -\n")
        #expect(!FileManager.default.fileExists(atPath: subcommand.dataDirectory + "/-"))
        let exported = try await subcommand.run(["people", "--export", "-"])
        #expect(exported.status == 0, "\(exported.error)")
        #expect(exported.output.hasPrefix("BEGIN:VCARD\r\n"))
        #expect(exported.output.contains("UID:ada\r\n") || exported.output.contains("UID;VALUE=text:ada\r\n"))
        #expect(exported.error == "Exported 1 person to standard output\n")
        #expect(!FileManager.default.fileExists(atPath: FileManager.default.currentDirectoryPath + "/-"))
        let json = try await subcommand.run(["people", "--export", "-", "--json"])
        #expect(json.status == 64)
    }

    @Test func anExportToAReaderThatGoesAwayEndsQuietly() async throws {
        let subcommand = try Subcommand()
        let cards = (0..<3_000).map { "BEGIN:VCARD\r\nVERSION:4.0\r\nUID:p\($0)\r\nFN:P \($0)\r\nN:P\($0);A;;;\r\nEND:VCARD\r\n" }
        let file = subcommand.dataDirectory + "/many.vcf"
        try cards.joined().write(toFile: file, atomically: true, encoding: .utf8)
        #expect(try await subcommand.run(["people", "--import", file]).status == 0)
        let head = try await subcommand.runIntoHead(["people", "--export", "-"])
        #expect(head.status == 0)
        #expect(head.firstLine.hasPrefix("BEGIN:VCARD"))
        #expect(head.error.isEmpty, "\(head.error)")
    }

    @Test func aLongNameIsCutToTheWidthNotPaddedTo() async throws {
        let subcommand = try Subcommand()
        let name = String(repeating: "Long", count: 750)
        let cards =
            "BEGIN:VCARD\r\nVERSION:4.0\r\nUID:long\r\nFN:\(name)\r\nN:\(name);A;;;\r\nBDAY:1815-12-10\r\nEND:VCARD\r\n"
            + "BEGIN:VCARD\r\nVERSION:4.0\r\nUID:ada\r\nFN:Ada Lovelace\r\nN:Lovelace;Ada;;;\r\nBDAY:1906-12-09\r\nEND:VCARD\r\n"
        #expect(try await subcommand.run(["people", "--import", "-"], input: cards).status == 0)
        let result = try await subcommand.run(["people"])
        let lines = result.output.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines.allSatisfy { DisplayWidth.of($0) <= 80 }, "\(lines.map(\.count))")
        #expect(lines.contains { $0.hasPrefix("A LongLong") && $0.contains("…  December 10, 1815") })
        #expect(lines.contains("Ada Lovelace") == false)
        #expect(lines.contains { $0.hasPrefix("Ada Lovelace ") && $0.hasSuffix("  December 9, 1906") })
    }
}

extension ScriptingSubcommandTests {
    @Test(arguments: [
        ["movies", "--limit", "0"], ["wether", "Paris"], ["weather", "--unit", "k"], ["games", "--sort", "last"],
        ["search", "star", "--tab", "people"], ["people", "--export", "-", "--json"],
    ])
    func everyMessageBeginsWithTheProgramsName(arguments: [String]) async throws {
        let result = try await Subcommand().run(arguments)
        #expect(result.status == 64)
        #expect(result.error.hasPrefix("mvvm-tui: "), "\(result.error)")
        #expect(!result.error.contains("Error:"))
    }

    @Test func theConfigFilesWarningsGoToStandardErrorAndChangeNoStatus() async throws {
        let subcommand = try Subcommand()
        let folder = subcommand.dataDirectory + "/config/mvvm-tui"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try "colour = false\n[people]\nuser = \"ada\"\npassword = \"secret\"\n".write(
            toFile: folder + "/config.toml", atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: folder + "/config.toml")
        let result = try await subcommand.run(["games"])
        #expect(result.status == 0)
        #expect(result.output == "No games yet.\n")
        let lines = result.error.split(separator: "\n").map(String.init)
        #expect(lines.count == 2, "\(result.error)")
        #expect(lines.allSatisfy { $0.hasPrefix("mvvm-tui: \(folder)/config.toml") || $0.hasPrefix("mvvm-tui: other users can read") })
        #expect(lines.contains { $0.contains("unknown key colour (line 1) ignored") })
        #expect(lines.contains { $0.contains("which holds people.password: chmod 600 it") })
        #expect(!result.error.contains("secret"))
    }
}
