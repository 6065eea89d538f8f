import Foundation
import TestSupport

/// The program run as a shell runs a subcommand: no terminal, a small fixed environment (no
/// NO_COLOR, no config file, no keys from the test runner's), and a data directory of its own.
struct Subcommand {
    /// The data directory the runs share: new and empty, until a run or a test fills it.
    let dataDirectory: String
    /// Variables added to the fixed environment.
    var environment: [String: String] = [:]

    init(environment: [String: String] = [:]) throws {
        dataDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("mvvm-tui-cli-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dataDirectory, withIntermediateDirectories: true)
        self.environment = environment
    }

    /// The fixed environment: the C locale in UTF-8 (℉), a home and a config folder that hold nothing.
    var fullEnvironment: [String: String] {
        let inherited = ProcessInfo.processInfo.environment
        return [
            "PATH": inherited["PATH"] ?? "/usr/bin:/bin",
            "HOME": dataDirectory + "/home",
            "XDG_CONFIG_HOME": dataDirectory + "/config",
            "LC_ALL": "C.UTF-8",
        ].merging(environment) { $1 }
    }

    /// Runs `mvvm-tui ARGUMENTS --data-dir DIR` to the end.
    func run(_ arguments: [String]) async throws -> CommandResult {
        try await runToEnd(try ProgramUnderTest.path(), arguments + ["--data-dir", dataDirectory], environment: fullEnvironment)
    }

    /// Runs `mvvm-tui ARGUMENTS --data-dir DIR` to the end, with `input` on its standard input.
    func run(_ arguments: [String], input: String) async throws -> CommandResult {
        let command = #"printf '%s' "$TEST_INPUT" | "$0" "$@""#
        return try await runToEnd(
            "bash", ["-c", command, try ProgramUnderTest.path()] + arguments + ["--data-dir", dataDirectory],
            environment: fullEnvironment.merging(["TEST_INPUT": input]) { $1 })
    }

    /// Runs `mvvm-tui ARGUMENTS --data-dir DIR | head -1` in bash: the program's status (from
    /// PIPESTATUS) on the first line of the output, then what head printed; standard error is the program's.
    func runIntoHead(_ arguments: [String]) async throws -> (status: Int32, firstLine: String, error: String) {
        let command = #""$0" "$@" | head -1; echo "status ${PIPESTATUS[0]}" >&3"#
        let result = try await runToEnd(
            "bash", ["-c", "exec 3>&2; " + command, try ProgramUnderTest.path()] + arguments + ["--data-dir", dataDirectory],
            environment: fullEnvironment)
        var lines = result.error.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let statusLine = lines.lastIndex(where: { $0.hasPrefix("status ") }) else {
            throw Failure(description: "no status from bash: \(result.error)")
        }
        let status = Int32(lines[statusLine].dropFirst("status ".count)) ?? -1
        lines.remove(at: statusLine)
        return (status, result.output.split(separator: "\n").first.map(String.init) ?? "", lines.joined(separator: "\n"))
    }

    /// `text` parsed as the JSON document `Document`.
    static func decode<Document: Decodable>(_ type: Document.Type, from text: String) throws -> Document {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try decoder.decode(type, from: Data(text.utf8))
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }
}
