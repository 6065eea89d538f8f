import Foundation
import Testing
import TestSupport

/// The config file, read by the real program before the screen opens.
@Suite(.serialized, .startsProcesses) struct ConfigEndToEndTests {
    /// A config file holding `text`, readable by `mode`, in a folder of its own.
    private static func configFile(_ text: String, mode: Int = 0o600) async throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("m-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("config.toml").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: path)
        return path
    }

    @Test func aMalformedFileIsNamedWithItsLineBeforeTheScreenOpensAndExits78() async throws {
        let path = try await Self.configFile("tab = \"people\"\ncolor = \"maybe\"\n")
        let session = try await TmuxSession(arguments: ["--config", path])
        let (status, modes) = try await session.waitForExit()
        #expect(status == 78)
        #expect(modes == ["icanon", "echo", "isig"], "the terminal was touched")
        let screen = try await session.screen().replacingOccurrences(of: "\n", with: "")
        #expect(screen.contains("mvvm-tui: \(path):2:color: must be true or false"), "\(screen)")
        #expect(try await !session.screenModes().alternateScreen)
    }

    @Test func theFilesTabOpensAndAFlagBeatsIt() async throws {
        let path = try await Self.configFile("tab = \"people\"\n")
        let people = try await TmuxSession(arguments: ["--config", path, "--offline"])
        try await people.waitFor("[People]")
        let movies = try await TmuxSession(arguments: ["--config", path, "--offline", "--tab", "movies"])
        try await movies.waitFor("[Movies]")
    }

    @Test func aSecretOthersCanReadIsWarnedAboutUntilAKeyClosesTheWarning() async throws {
        let path = try await Self.configFile("[tmdb]\napi_key = \"k\"\n", mode: 0o644)
        let session = try await TmuxSession(arguments: ["--config", path, "--offline", "--tab", "scoreboard"])
        try await session.waitFor("Warning: other users can read \(path), which holds tmdb.api_key: chmod 600 it")
        try await session.waitFor("any key close the notice")
        try await session.press("?")
        try await session.waitFor("the status line's keys to return, the help still closed") {
            !$0.contains("chmod 600") && $0.contains("? keys  q quit")
        }
    }

    @Test(arguments: ["folder", "missing"])
    func configNamingAFolderOrAMissingFileIsRefused(kind: String) async throws {
        let folder = FileManager.default.temporaryDirectory.path
        let path = kind == "folder" ? folder : folder + "/mvvm-tui-no-such-\(UUID().uuidString).toml"
        let result = try await TmuxSession.runForStatus(try ProgramUnderTest.path(), ["--config", path])
        #expect(result.status == 78)
        #expect(result.error == "mvvm-tui: \(path): \(kind == "folder" ? "is a folder, not a file" : "no such file")\n")
    }

    @Test func offlineThePeopleHeaderSaysSoRatherThanThatNoServerIsSet() async throws {
        let path = try await Self.configFile("tab = \"people\"\n[people]\nurl = \"https://dav.example.org/\"\n")
        let session = try await TmuxSession(arguments: ["--config", path, "--offline"])
        try await session.waitFor("Sync off (--offline): changes wait here")
    }

    @Test func aPeopleURLWithAPasswordIsRefusedWithoutShowingIt() async throws {
        let result = try await TmuxSession.runForStatus(
            try ProgramUnderTest.path(), ["--people-api", "https://ada:hunter2@dav.example.org/"])
        #expect(result.status == 64)
        #expect(result.error.contains("MVVM_TUI_PEOPLE_PASSWORD"))
        #expect(!result.error.contains("hunter2"))
    }
}
