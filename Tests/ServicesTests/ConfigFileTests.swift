import Foundation
import Services
import Testing

/// The config file: defaults for the command line and the environment, read before the screen opens.
struct ConfigFileTests {
    private let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mvvm-tui config \(UUID().uuidString)")

    private func write(_ text: String, mode: Int = 0o600) throws -> String {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("config.toml").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: path)
        return path
    }

    @Test func everyKeyIsRead() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = try write(
            """
            # Mine
            tab = "people"
            color = false

            [weather]
            unit = "celsius"

            [weatherbit]
            api_key = "wb"

            [tmdb]
            api_key = "v3"
            read_access_token = "token"

            [people]
            sort = "first"
            url = "https://dav.example.org/"
            user = "ada"
            password = "pw"
            """)
        let file = try ConfigFile.load(path: path, isExplicit: true)
        #expect(
            file.settings == [
                "tab": "people", "color": "false", "weather.unit": "celsius", "weatherbit.api_key": "wb",
                "tmdb.api_key": "v3", "tmdb.read_access_token": "token", "people.sort": "first",
                "people.url": "https://dav.example.org/", "people.user": "ada", "people.password": "pw",
            ])
        #expect(file.warnings.isEmpty)
    }

    @Test func theExampleInTheDocsSetsEveryKeyAndNothingElse() throws {
        let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Docs/Configuration.md")
        let text = try String(contentsOf: docs, encoding: .utf8)
        let start = try #require(text.range(of: "```toml\n"))
        let end = try #require(text.range(of: "```", range: start.upperBound..<text.endIndex))
        let file = try ConfigFile.parse(String(text[start.upperBound..<end.lowerBound]), path: "Docs/Configuration.md")
        #expect(Set(file.settings.keys) == Set(ConfigFile.keys.map(\.name)))
        #expect(file.warnings.isEmpty)
        for key in ConfigFile.keys {
            let row = text.split(separator: "\n").first { $0.hasPrefix("| `\(key.name)` |") }
            #expect(row?.hasSuffix("| \(key.summary) |") == true, "the table's row for \(key.name) is \(String(describing: row))")
            if let variable = key.environmentVariable {
                #expect(row?.contains("`\(variable)`") == true, "the table's row for \(key.name) lacks \(variable)")
            }
        }
    }

    @Test func quotedAndDottedTableNamesAreRead() throws {
        let file = try ConfigFile.parse("[people]\nurl = \"u\"\n[ \"tmdb\" ]\napi_key = \"k\"\n[[a.\"b\"]]\n", path: "/c.toml")
        #expect(file.settings["people.url"] == "u")
        #expect(file.settings["tmdb.api_key"] == "k")
    }

    @Test func dottedKeysAreTheSameAsTables() throws {
        let file = try ConfigFile.parse("people.url = \"http://127.0.0.1:8080\"\nweather.unit = \"fahrenheit\"\n", path: "c")
        #expect(file.settings == ["people.url": "http://127.0.0.1:8080", "weather.unit": "fahrenheit"])
    }

    @Test func aMissingDefaultFileIsAnEmptyOne() throws {
        let file = try ConfigFile.load(path: folder.appendingPathComponent("none.toml").path, isExplicit: false)
        #expect(file.settings.isEmpty)
        #expect(file.warnings.isEmpty)
    }

    @Test func anEmptyFileSetsNothing() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = try ConfigFile.load(path: try write(""), isExplicit: true)
        #expect(file.settings.isEmpty)
        #expect(file.warnings.isEmpty)
    }

    @Test func aMissingFileNamedByConfigIsAProblem() {
        let path = folder.appendingPathComponent("none.toml").path
        #expect(throws: ConfigFile.Problem(path: path, line: nil, key: nil, message: "no such file")) {
            try ConfigFile.load(path: path, isExplicit: true)
        }
    }

    @Test func aFolderIsAProblem() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(throws: ConfigFile.Problem(path: folder.path, line: nil, key: nil, message: "is a folder, not a file")) {
            try ConfigFile.load(path: folder.path, isExplicit: true)
        }
    }

    // A control character or a `#` starting a table's name aborted TOMLKit's parser (found by the
    // config fuzz target; Fuzz/Corpus/config/found-*).
    @Test(arguments: [
        ("tab = \"weather\"\ncolor = \n", 2), ("[people\nurl = 1\n", 1), ("a = 1\na = 2\n", 2),
        ("tab = \"weather\"\n[\u{01}eweather]\n", 2), ("# a note\u{7F}\n", 1), ("[# people]\nurl = \"x\"\n", 1), ("[\n", 1),
        ("[[[uu[uu\n", 1), ("[people. #]\n", 1), ("\u{FEFF}[\u{E5D6}\n", 1), ("\u{3000}[#]\n", 1),
    ])
    func textThatIsNotTOMLNamesItsLine(text: String, line: Int) {
        let problem = #expect(throws: ConfigFile.Problem.self) { try ConfigFile.parse(text, path: "/c.toml") }
        #expect(problem?.line == line)
        #expect(problem?.description.hasPrefix("/c.toml:\(line): not TOML") == true, "\(String(describing: problem))")
    }

    @Test(arguments: [
        ("\n\ncolor = \"no\"\n", 3, "color", "must be true or false, not string"),
        ("tab = \"home\"\n", 1, "tab", #"must be one of "weather", "movies", "search", "scoreboard", "people""#),
        ("[tmdb]\n# the key\napi_key = 42\n", 3, "tmdb.api_key", "must be text in quotes, not integer"),
        ("[weather]\nunit = [\"c\"]\n", 2, "weather.unit", #"must be one of "fahrenheit", "celsius""#),
    ])
    func aValueOfTheWrongTypeNamesTheLineAndTheKey(text: String, line: Int, key: String, message: String) {
        #expect(throws: ConfigFile.Problem(path: "/c.toml", line: line, key: key, message: message)) {
            try ConfigFile.parse(text, path: "/c.toml")
        }
        #expect(
            ConfigFile.Problem(path: "/c.toml", line: line, key: key, message: message).description
                == "/c.toml:\(line):\(key): \(message)")
    }

    @Test func unknownKeysAreAWarningNotAFailure() throws {
        let file = try ConfigFile.parse("tab = \"movies\"\ncolour = true\n[people]\nserver = \"x\"\n", path: "/c.toml")
        #expect(file.settings == ["tab": "movies"])
        #expect(file.warnings == ["/c.toml: unknown keys colour (line 2), people.server (line 4) ignored"])
    }

    @Test func aSecretOthersCanReadIsWarnedAbout() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = try write("[tmdb]\napi_key = \"v3\"\n", mode: 0o644)
        #expect(
            try ConfigFile.load(path: path, isExplicit: true).warnings
                == ["other users can read \(path), which holds tmdb.api_key: chmod 600 it"])
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
        #expect(try ConfigFile.load(path: path, isExplicit: true).warnings.isEmpty)
    }

    @Test func aSymbolicLinkToAPrivateFileIsNotWarnedAbout() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = try write("[tmdb]\napi_key = \"v3\"\n", mode: 0o600)
        let link = folder.appendingPathComponent("link.toml").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: path)
        #expect(try ConfigFile.load(path: link, isExplicit: true).warnings.isEmpty)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
        #expect(try ConfigFile.load(path: link, isExplicit: true).warnings.count == 1)
    }

    @Test func aFileWithoutSecretsMayBeReadByAnyone() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try ConfigFile.load(path: try write("tab = \"people\"\n", mode: 0o644), isExplicit: true).warnings.isEmpty)
    }

    @Test func invalidUTF8IsAProblem() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("config.toml").path
        try Data([0x74, 0x61, 0x62, 0x20, 0x3D, 0x20, 0x22, 0xFF, 0x22]).write(to: URL(fileURLWithPath: path))
        #expect(throws: ConfigFile.Problem(path: path, line: nil, key: nil, message: "is not UTF-8 text")) {
            try ConfigFile.load(path: path, isExplicit: true)
        }
    }

    @Test func theDefaultPathFollowsXDG() {
        #expect(ConfigFile.defaultPath(environment: ["XDG_CONFIG_HOME": "/x", "HOME": "/h"]) == "/x/mvvm-tui/config.toml")
        #expect(ConfigFile.defaultPath(environment: ["XDG_CONFIG_HOME": "relative", "HOME": "/h"]) == "/h/.config/mvvm-tui/config.toml")
        #expect(ConfigFile.defaultPath(environment: ["HOME": "/h"]) == "/h/.config/mvvm-tui/config.toml")
    }
}
