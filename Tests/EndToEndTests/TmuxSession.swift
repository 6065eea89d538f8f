import Foundation
import TestSupport

/// The real program in a real terminal: a tmux session of its own, driven by keys and read back.
///
/// The program runs inside a small shell script that, when it exits, prints `EXIT=<status>`
/// and the terminal's modes, so a test sees both how it ended and what it left behind.
final class TmuxSession {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    let socket = "mvvm-tui-e2e-\(UUID().uuidString.prefix(8))"
    let directory: URL

    /// Starts the program with `arguments` in a `columns` x `rows` terminal.
    init(arguments: [String] = [], columns: Int = 100, rows: Int = 30, environment: [String: String] = [:]) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent(socket)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let exports = environment.map { "export \($0.key)=\(Self.quoted($0.value))" }.joined(separator: "\n")
        // `trap : INT` keeps this shell alive when Ctrl-C reaches the whole process group, as it
        // does without job control; a trap, unlike an ignored signal, is not inherited.
        let script = """
            trap : INT
            \(exports)
            \(Self.quoted(try Self.binary())) \(arguments.map(Self.quoted).joined(separator: " "))
            echo "EXIT=$?"
            stty -a | tr ' ;' '\\n\\n' | grep -Ex -- '-?(icanon|echo|isig)' | tr '\\n' ' '
            echo
            sleep 600
            """
        let scriptFile = directory.appendingPathComponent("run.sh")
        try script.write(to: scriptFile, atomically: true, encoding: .utf8)
        try tmux(["new-session", "-d", "-x", "\(columns)", "-y", "\(rows)",
                  "-e", "LANG=C.UTF-8", "-e", "TERM=tmux-256color",
                  "-e", "SWIFT_BACKTRACE=enable=no",
                  "-e", "XDG_DATA_HOME=\(directory.path)",
                  "-e", "XDG_CONFIG_HOME=\(directory.path)",
                  "sh \(Self.quoted(scriptFile.path))"])
    }

    deinit {
        _ = try? tmux(["kill-server"])
        try? FileManager.default.removeItem(at: directory)
    }

    // MARK: - Driving

    /// Sends keys by tmux's names: `Tab`, `BTab`, `Escape`, `Enter`, `C-c`, `F1`.
    func press(_ keys: String...) throws {
        try press(keys)
    }

    /// Sends a list of keys by tmux's names.
    func press(_ keys: [String]) throws {
        try tmux(["send-keys"] + keys)
    }

    /// Types `text` literally, as UTF-8.
    func type(_ text: String) throws {
        try tmux(["send-keys", "-l", text])
    }

    /// Sends raw bytes, invalid UTF-8 included.
    func send(bytes: [UInt8]) throws {
        try tmux(["send-keys", "-H"] + bytes.map { String($0, radix: 16) })
    }

    /// Pastes `text` as a terminal does: between bracketed-paste markers when the program in the
    /// pane asked for them, as plain typing when not.
    func paste(_ text: String) throws {
        let file = directory.appendingPathComponent("paste-\(UUID().uuidString)")
        try text.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        try tmux(["load-buffer", "-b", "paste", file.path])
        try tmux(["paste-buffer", "-p", "-d", "-b", "paste"])
    }

    /// Resizes the terminal; the program receives SIGWINCH.
    func resize(columns: Int, rows: Int) throws {
        try tmux(["resize-window", "-x", "\(columns)", "-y", "\(rows)"])
    }

    /// Sends `signal` (`TERM`, `HUP`, `SEGV`…) to the program itself.
    func kill(_ signal: String) throws {
        guard let pid = try programID() else { throw Failure(description: "the program is not running") }
        try Self.run("/bin/kill", ["-\(signal)", pid])
    }

    /// Waits until the program's process is gone (after SIGKILL nothing is printed to wait for).
    func waitForProgramToEnd(timeout: Duration = .seconds(10)) throws {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        while try programID() != nil {
            guard clock.now < deadline else { throw Failure(description: "the program still runs after \(timeout)") }
            Thread.sleep(forTimeInterval: 0.02)
        }
    }

    private func programID() throws -> String? {
        let shell = try tmux(["display-message", "-p", "#{pane_pid}"]).trimmingCharacters(in: .whitespacesAndNewlines)
        let found = try Self.runForStatus("/usr/bin/pgrep", ["-P", shell, "-f", "mvvm-tui"])
        return found.output.split(separator: "\n").first.map(String.init)
    }

    // MARK: - Reading back

    /// The screen as text, one line per row.
    func screen(withEscapes: Bool = false) throws -> String {
        try tmux(["capture-pane", "-p"] + (withEscapes ? ["-e"] : []))
    }

    /// The cursor's column and row.
    func cursor() throws -> (column: Int, row: Int) {
        let parts = try tmux(["display-message", "-p", "#{cursor_x} #{cursor_y}"])
            .split(separator: " ").compactMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        guard parts.count == 2 else { throw Failure(description: "tmux gave no cursor position") }
        return (parts[0], parts[1])
    }

    /// The modes the terminal is in, as the program's escape sequences left them: whether the
    /// alternate screen shows, and whether the cursor is visible.
    func screenModes() throws -> (alternateScreen: Bool, cursorVisible: Bool) {
        let flags = try tmux(["display-message", "-p", "#{alternate_on} #{cursor_flag}"])
            .split(separator: " ").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        guard flags.count == 2 else { throw Failure(description: "tmux gave no modes") }
        return (flags[0] == "1", flags[1] == "1")
    }

    /// Waits until the screen satisfies `condition`, and returns it; fails after `timeout`.
    @discardableResult
    func waitFor(_ what: String, timeout: Duration = .seconds(10), _ condition: (String) -> Bool) throws -> String {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        var last = ""
        while clock.now < deadline {
            last = try screen()
            if condition(last) { return last }
            Thread.sleep(forTimeInterval: 0.02)
        }
        throw Failure(description: "waited \(timeout) for \(what); the screen was:\n\(last)")
    }

    /// Waits until the screen shows `text`.
    @discardableResult
    func waitFor(_ text: String, timeout: Duration = .seconds(10)) throws -> String {
        try waitFor("“\(text)”", timeout: timeout) { $0.contains(text) }
    }

    /// Waits for the program to exit and returns its status and the terminal modes it left.
    func waitForExit() throws -> (status: Int, modes: Set<String>) {
        let screen = try waitFor("the program to exit") { $0.range(of: #"EXIT=\d+\n\S"#, options: .regularExpression) != nil }
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
        guard let index = lines.lastIndex(where: { $0.hasPrefix("EXIT=") }), index + 1 < lines.count,
              let status = Int(lines[index].dropFirst(5)) else { throw Failure(description: "no exit line in:\n\(screen)") }
        return (status, Set(lines[index + 1].split(separator: " ").map(String.init)))
    }

    // MARK: - Processes

    @discardableResult
    private func tmux(_ arguments: [String]) throws -> String {
        try Self.run("/usr/bin/env", ["tmux", "-L", socket, "-f", "/dev/null", "-u"] + arguments)
    }

    /// The program under test: `MVVM_TUI_BINARY`, else the package's debug build.
    static func binary() throws -> String {
        let path = ProcessInfo.processInfo.environment["MVVM_TUI_BINARY"]
            ?? URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent(".build/debug/mvvm-tui").path
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw Failure(description: "no program at \(path): run `swift build` first, or `make test`")
        }
        return path
    }

    /// Runs a command to the end and returns its standard output; fails on a non-zero exit.
    @discardableResult
    static func run(_ executable: String, _ arguments: [String]) throws -> String {
        let result = try runForStatus(executable, arguments)
        guard result.status == 0 else {
            throw Failure(description: "\(executable) \(arguments.joined(separator: " ")) exited \(result.status): \(result.error)")
        }
        return result.output
    }

    /// Runs a command to the end and returns its status, standard output and standard error.
    ///
    /// It spawns and reaps the child itself (`posix_spawn`, `waitpid`): `tmux new-session`
    /// leaves a server behind that inherits the output descriptors, so output goes through
    /// files rather than pipes, and Foundation's `Process` was seen not to reap the tmux client.
    static func runForStatus(_ executable: String, _ arguments: [String]) throws -> (status: Int32, output: String, error: String) {
        let outputPath = FileManager.default.temporaryDirectory.appendingPathComponent("mvvm-tui-out-\(UUID().uuidString)").path
        let errorPath = FileManager.default.temporaryDirectory.appendingPathComponent("mvvm-tui-err-\(UUID().uuidString)").path
        defer {
            unlink(outputPath)
            unlink(errorPath)
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        // A small, fixed environment: a new tmux server hands its own to every pane, and the
        // test runner's (NO_COLOR, for one) must not reach the program.
        let inherited = ProcessInfo.processInfo.environment
        let environment = [
            "PATH": inherited["PATH"] ?? "/usr/bin:/bin",
            "HOME": inherited["HOME"] ?? "/tmp",
            "LC_ALL": "C.UTF-8",
            "TERM": "xterm-256color",
        ]
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = withDefaultSignals { posix_spawn(&pid, executable, &actions, $0, argv, envp) }
        guard spawned == 0 else { throw Failure(description: "cannot start \(executable): error \(spawned)") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { throw Failure(description: "lost \(executable): error \(errno)") }
        }
        let exitStatus = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        let output = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
        let error = (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
        return (exitStatus, output, error)
    }

    private static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
