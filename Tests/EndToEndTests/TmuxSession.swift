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
    /// The tmux server's process, ended when the session goes.
    private var server: pid_t = 0

    /// Starts the program with `arguments` in a `columns` x `rows` terminal.
    init(arguments: [String] = [], columns: Int = 100, rows: Int = 30, environment: [String: String] = [:]) async throws {
        try StartsProcesses.require(for: "TmuxSession")
        directory = FileManager.default.temporaryDirectory.appendingPathComponent(socket)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let exports = environment.map { "export \($0.key)=\(Self.quoted($0.value))" }.joined(separator: "\n")
        // `trap : INT` keeps this shell alive when Ctrl-C reaches the whole process group, as it
        // does without job control; a trap, unlike an ignored signal, is not inherited.
        let script = """
            trap : INT
            \(exports)
            \(Self.quoted(try ProgramUnderTest.path())) \(arguments.map(Self.quoted).joined(separator: " "))
            echo "EXIT=$?"
            stty -a | tr ' ;' '\\n\\n' | grep -Ex -- '-?(icanon|echo|isig)' | tr '\\n' ' '
            echo
            sleep 600
            """
        let scriptFile = directory.appendingPathComponent("run.sh")
        try script.write(to: scriptFile, atomically: true, encoding: .utf8)
        try await tmux([
            "new-session", "-d", "-x", "\(columns)", "-y", "\(rows)",
            // The locale is pinned: it chooses the Weather unit (℉ in C) and must be UTF-8.
            "-e", "LANG=C.UTF-8", "-e", "LC_ALL=C.UTF-8", "-e", "TERM=tmux-256color",
            "-e", "SWIFT_BACKTRACE=enable=no",
            "-e", "XDG_DATA_HOME=\(directory.path)",
            "-e", "XDG_CONFIG_HOME=\(directory.path)",
            "sh \(Self.quoted(scriptFile.path))",
        ])
        server = pid_t(try await tmux(["display-message", "-p", "#{pid}"]).trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
    }

    /// Ends the tmux server, which hangs up on the program and its shell (a deinit cannot wait
    /// for `tmux kill-server`).
    deinit {
        if server > 0 { Glibc.kill(server, SIGTERM) }
        try? FileManager.default.removeItem(at: directory)
    }

    // MARK: - Driving

    /// Sends keys by tmux's names: `Tab`, `BTab`, `Escape`, `Enter`, `C-c`, `F1`.
    func press(_ keys: String...) async throws {
        try await press(keys)
    }

    /// Sends a list of keys by tmux's names.
    func press(_ keys: [String]) async throws {
        try await tmux(["send-keys"] + keys)
    }

    /// Types `text` literally, as UTF-8.
    func type(_ text: String) async throws {
        try await tmux(["send-keys", "-l", text])
    }

    /// Sends raw bytes, invalid UTF-8 included.
    func send(bytes: [UInt8]) async throws {
        try await tmux(["send-keys", "-H"] + bytes.map { String($0, radix: 16) })
    }

    /// Pastes `text` as a terminal does: between bracketed-paste markers when the program in the
    /// pane asked for them, as plain typing when not.
    func paste(_ text: String) async throws {
        let file = directory.appendingPathComponent("paste-\(UUID().uuidString)")
        try text.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        try await tmux(["load-buffer", "-b", "paste", file.path])
        try await tmux(["paste-buffer", "-p", "-d", "-b", "paste"])
    }

    /// Resizes the terminal; the program receives SIGWINCH.
    func resize(columns: Int, rows: Int) async throws {
        try await tmux(["resize-window", "-x", "\(columns)", "-y", "\(rows)"])
    }

    /// Sends `signal` (`TERM`, `HUP`, `SEGV`…) to the program itself.
    func kill(_ signal: String) async throws {
        let numbers: [String: Int32] = [
            "TERM": SIGTERM, "HUP": SIGHUP, "INT": SIGINT, "KILL": SIGKILL, "SEGV": SIGSEGV,
            "ABRT": SIGABRT, "BUS": SIGBUS, "FPE": SIGFPE,
        ]
        guard let number = numbers[signal] else { throw Failure(description: "no signal named \(signal)") }
        guard let pid = try await programID().flatMap({ pid_t($0) }) else {
            throw Failure(description: "the program is not running")
        }
        guard Glibc.kill(pid, number) == 0 else { throw Failure(description: "kill -\(signal) \(pid): error \(errno)") }
    }

    /// Waits until the program's process is gone (after SIGKILL nothing is printed to wait for).
    func waitForProgramToEnd(timeout: Duration = .seconds(30)) async throws {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        while try await programID() != nil {
            guard clock.now < deadline else { throw Failure(description: "the program still runs after \(timeout)") }
            try await Task.sleep(for: .milliseconds(50))
        }
    }

    /// The program's process: the child of the pane's shell running the binary, read from /proc.
    func programID() async throws -> String? {
        let shell = try await tmux(["display-message", "-p", "#{pane_pid}"]).trimmingCharacters(in: .whitespacesAndNewlines)
        let children = (try? String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)) ?? ""
        return children.split(separator: " ").map(String.init).first { child in
            let commandLine = FileManager.default.contents(atPath: "/proc/\(child)/cmdline") ?? Data()
            return String(decoding: commandLine, as: UTF8.self).contains("mvvm-tui")
        }
    }

    // MARK: - Reading back

    /// The screen as text, one line per row.
    func screen(withEscapes: Bool = false) async throws -> String {
        try await tmux(["capture-pane", "-p"] + (withEscapes ? ["-e"] : []))
    }

    /// The cursor's column and row.
    func cursor() async throws -> (column: Int, row: Int) {
        let parts = try await tmux(["display-message", "-p", "#{cursor_x} #{cursor_y}"])
            .split(separator: " ").compactMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        guard parts.count == 2 else { throw Failure(description: "tmux gave no cursor position") }
        return (parts[0], parts[1])
    }

    /// The modes the terminal is in, as the program's escape sequences left them: whether the
    /// alternate screen shows, whether the cursor is visible, and whether mouse reports (any
    /// kind, or the SGR form) are asked for.
    func screenModes() async throws -> (alternateScreen: Bool, cursorVisible: Bool, mouseReporting: Bool) {
        let flags = try await tmux([
            "display-message", "-p",
            "#{alternate_on} #{cursor_flag} #{mouse_standard_flag}#{mouse_any_flag}#{mouse_sgr_flag}",
        ])
        .split(separator: " ").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        guard flags.count == 3 else { throw Failure(description: "tmux gave no modes") }
        return (flags[0] == "1", flags[1] == "1", flags[2].contains("1"))
    }

    /// Waits until the screen satisfies `condition`, and returns it; fails after `timeout`.
    ///
    /// The screen returned satisfied it in two captures in a row that are the same: tmux shows
    /// what the program wrote as it reads it, so one capture could hold a frame half drawn, and
    /// a test reading more of that screen than it waited for would fail by chance. A screen that
    /// keeps changing (a progress line, a running clock) is returned at the fifth capture in a
    /// row that satisfies the condition.
    @discardableResult
    func waitFor(_ what: String, timeout: Duration = .seconds(30), _ condition: (String) -> Bool) async throws -> String {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        var last = ""
        var satisfied = 0
        while clock.now < deadline {
            let previous = last
            last = try await screen()
            guard condition(last) else {
                satisfied = 0
                try await Task.sleep(for: .milliseconds(50))
                continue
            }
            satisfied += 1
            if last == previous || satisfied == 5 { return last }
        }
        throw Failure(description: "waited \(timeout) for \(what); the screen was:\n\(last)")
    }

    /// Waits until the screen shows `text`.
    @discardableResult
    func waitFor(_ text: String, timeout: Duration = .seconds(30)) async throws -> String {
        try await waitFor("“\(text)”", timeout: timeout) { $0.contains(text) }
    }

    /// Waits for the program to exit and returns its status and the terminal modes it left.
    func waitForExit() async throws -> (status: Int, modes: Set<String>) {
        let screen: String
        do {
            screen = try await waitFor("the program to exit") { $0.range(of: #"EXIT=\d+\n\S"#, options: .regularExpression) != nil }
        } catch let failure as Failure {
            guard let process = try? await programID() else { throw failure }
            throw Failure(description: failure.description + (await Self.threadReport(of: process)))
        }
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
        guard let index = lines.lastIndex(where: { $0.hasPrefix("EXIT=") }), index + 1 < lines.count,
            let status = Int(lines[index].dropFirst(5))
        else { throw Failure(description: "no exit line in:\n\(screen)") }
        return (status, Set(lines[index + 1].split(separator: " ").map(String.init)))
    }

    // MARK: - Processes

    /// What each thread of a program that did not exit is doing: its state, the signals pending
    /// for it and for the process, its mask, where it waits in the kernel, and its stack from gdb
    /// when gdb is installed. A test that waited for an exit in vain prints it.
    static func threadReport(of process: String) async -> String {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(process)/task"))?.sorted() ?? []
        var report = "\nthreads of \(process):\n"
        for task in tasks {
            let directory = "/proc/\(process)/task/\(task)"
            let status = (try? String(contentsOfFile: "\(directory)/status", encoding: .utf8)) ?? ""
            let fields = status.split(separator: "\n").filter { line in
                ["Name:", "State:", "SigPnd:", "ShdPnd:", "SigBlk:", "SigIgn:", "SigCgt:"].contains { line.hasPrefix($0) }
            }
            let waits = (try? String(contentsOfFile: "\(directory)/wchan", encoding: .utf8)) ?? "?"
            report += "\(task) " + fields.joined(separator: " ").replacingOccurrences(of: "\t", with: "") + " wchan:\(waits)\n"
        }
        // gdb at most 30 s (then killed), so that a report never holds up the run.
        let gdb = ["/usr/bin/gdb", "/bin/gdb"].first { FileManager.default.isExecutableFile(atPath: $0) }
        if let gdb,
            let stacks = try? await runForStatus(
                "/usr/bin/timeout",
                ["-k", "5", "30", gdb, "-p", process, "-batch", "-ex", "thread apply all bt 15"])
        {
            report += stacks.output.split(separator: "\n").filter { $0.hasPrefix("Thread") || $0.hasPrefix("#") }.joined(separator: "\n")
        }
        return report
    }

    @discardableResult
    private func tmux(_ arguments: [String]) async throws -> String {
        try await Self.run("/usr/bin/env", ["tmux", "-L", socket, "-f", "/dev/null", "-u"] + arguments)
    }

    /// Runs a command to the end and returns its standard output; fails on a non-zero exit.
    @discardableResult
    static func run(_ executable: String, _ arguments: [String]) async throws -> String {
        let result = try await runForStatus(executable, arguments)
        guard result.status == 0 else {
            throw Failure(description: "\(executable) \(arguments.joined(separator: " ")) exited \(result.status): \(result.error)")
        }
        return result.output
    }

    /// Runs a command to the end through swift-subprocess and returns its status, standard output
    /// and standard error, read from files (`runToEnd`).
    ///
    /// A small, fixed environment: a new tmux server hands its own to every pane, and the test
    /// runner's (NO_COLOR, for one) must not reach the program.
    static func runForStatus(_ executable: String, _ arguments: [String]) async throws -> CommandResult {
        let inherited = ProcessInfo.processInfo.environment
        let environment = [
            "PATH": inherited["PATH"] ?? "/usr/bin:/bin",
            "HOME": inherited["HOME"] ?? "/tmp",
            "LC_ALL": "C.UTF-8",
            "TERM": "xterm-256color",
        ]
        return try await runToEnd(executable, arguments, environment: environment)
    }

    private static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
