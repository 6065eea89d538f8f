#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// A server written in Python, run for a test as a child of the test process on 127.0.0.1: what
/// `RadicaleServer` and `XandikosServer` share. It owns the server's temporary folder and its
/// process: the process is started with every signal at its default and none blocked, its output
/// goes to a log in the folder, and it ends itself (and removes the folder) once the test process
/// is gone, so a test run stopped halfway leaves no server behind. It is ready once it says it
/// listens on its port (the launcher leaves a `listening-<port>` file in the folder) and the port
/// answers: a port that answers is not enough, as another server given the same free port may
/// hold it while this one fails to bind it.
///
/// ```swift
/// let port = try LoopbackServerProcess.freePort(failing: Failure.init)
/// let process = try LoopbackServerProcess.launch(module: "radicale", arguments: ["--config", config],
///                                                port: port, folder: folder, logFile: log, failing: Failure.init)
/// switch await process.waitUntilAnswering(name: "Radicale", within: .seconds(10)) { … }
/// process.stop()  // SIGTERM, then SIGKILL after five seconds; the folder is removed
/// ```
final class LoopbackServerProcess: @unchecked Sendable {
    /// The port the server was told to listen on.
    let port: UInt16
    /// The temporary folder the server works in, removed by `stop()`.
    let folder: URL
    /// The server's standard output and error.
    let logFile: URL

    private let lock = NSLock()
    private var child: pid_t
    private var stopped = false

    private init(port: UInt16, folder: URL, logFile: URL, child: pid_t) {
        self.port = port
        self.folder = folder
        self.logFile = logFile
        self.child = child
    }

    deinit {
        stop()
    }

    /// Starts `python3` (found on PATH) running `module` as `python3 -m module arguments…`
    /// would, through the launcher that watches the test process. Returns at once; the server
    /// may not answer yet.
    static func launch<Failure: Error>(
        module: String, arguments: [String], port: UInt16, folder: URL, logFile: URL,
        failing: (String) -> Failure
    ) throws -> LoopbackServerProcess {
        let pid = try spawnPython(
            launcherArguments: [folder.path, String(getpid()), module] + arguments,
            log: logFile.path, failing: failing)
        return LoopbackServerProcess(port: port, folder: folder, logFile: logFile, child: pid)
    }

    // MARK: - Starting and stopping

    /// How waiting for the port ended: it answered, the server exited first (why, with the log's
    /// tail), or it stayed silent for the whole limit.
    enum Readiness {
        case answering
        case exited(String)
        case silent(String)
    }

    /// Polls every 50 ms until the server says it listens on the port and the port answers a TCP
    /// connect, the server exits, or `limit` passes. `name` starts the messages; `hint` adds a
    /// line to an exit's message, from the log.
    ///
    /// The port answering is not enough: two servers started at once may be given the same free
    /// port, and the one that binds it second answers through the first until it exits with
    /// "address already in use" (its test then talks to the other server, and gets "could not
    /// connect" once that one stops). Only this server's launcher says this server listens.
    func waitUntilAnswering(
        name: String, within limit: Duration,
        hint: (String) -> String = { _ in "" }
    ) async -> Readiness {
        let limit = limit.scaledForThisRun
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: limit)
        while true {
            var status: Int32 = 0
            let reaped = waitpid(child, &status, WNOHANG)
            if reaped == child {
                child = 0
                let log = logTail()
                return .exited("\(name) exited (wait status \(status)) before answering on port \(port):\n\(log)\(hint(log))")
            }
            if listens, Self.answers(port: port) {
                // The answer is the server's only if it is still running.
                if waitpid(child, &status, WNOHANG) == 0 { return .answering }
                child = 0
                return .exited("\(name) exited (wait status \(status)) while port \(port) answered:\n\(logTail())")
            }
            if clock.now >= deadline {
                return .silent("\(name) did not answer on port \(port) within \(limit):\n\(logTail())")
            }
            try? await Task.sleep(for: .milliseconds(50))
        }
    }

    /// Starts a server with `launch`, given a free port, and returns it once it answers
    /// (`waitUntilAnswering`). A port found free may be given to another server too, or taken
    /// before this one binds it: the server then exits with "address already in use", and is
    /// started again on another port, five times at most. Any other end throws `failing`'s error.
    static func start<Failure: Error>(
        name: String, within limit: Duration, hint: (String) -> String,
        failing: (String) -> Failure,
        launch: (UInt16) throws -> LoopbackServerProcess
    ) async throws -> LoopbackServerProcess {
        var lastFailure: Failure?
        for _ in 0..<5 {
            let process = try launch(try freePort(failing: failing))
            switch await process.waitUntilAnswering(name: name, within: limit, hint: hint) {
            case .answering:
                return process
            case .exited(let message):
                process.abandon()
                guard message.contains("in use") else { throw failing(message) }
                lastFailure = failing(message)
            case .silent(let message):
                process.stop()
                throw failing(message)
            }
        }
        throw lastFailure ?? failing("\(name) could not bind a port")
    }

    /// Ends the server (SIGTERM, then SIGKILL after five seconds), waits for it, and removes the
    /// temporary folder. Safe to call more than once.
    func stop() {
        lock.lock()
        defer { lock.unlock() }
        guard !stopped else { return }
        stopped = true
        if child > 0 {
            kill(child, SIGTERM)
            kill(child, SIGCONT)  // a paused server takes the SIGTERM once it runs again
            if !Self.waitForExit(child, upTo: .seconds(5)) {
                kill(child, SIGKILL)
                var status: Int32 = 0
                while waitpid(child, &status, 0) == -1 && errno == EINTR {}
            }
            child = 0
        }
        try? FileManager.default.removeItem(at: folder)
    }

    /// Gives up a server that already exited (and was reaped) while starting, keeping the folder
    /// for the next try: the caller removes it if it gives up too.
    func abandon() {
        lock.lock()
        defer { lock.unlock() }
        stopped = true
        child = 0
    }

    /// Stops the server where it is (SIGSTOP): the port still takes connections, which are never
    /// answered, as a server that hangs.
    func pause() {
        lock.withLock { if child > 0, !stopped { kill(child, SIGSTOP) } }
    }

    /// Lets a paused server run on (SIGCONT).
    func resume() {
        lock.withLock { if child > 0, !stopped { kill(child, SIGCONT) } }
    }

    /// Whether the server said it listens on `port`: its launcher's `listening-<port>` file.
    private var listens: Bool {
        FileManager.default.fileExists(atPath: folder.appendingPathComponent("listening-\(port)").path)
    }

    /// The last lines of the server's log.
    func logTail(lines: Int = 20) -> String {
        let text = (try? String(contentsOf: logFile, encoding: .utf8)) ?? "(no log)"
        return text.split(separator: "\n", omittingEmptySubsequences: false).suffix(lines).joined(separator: "\n")
    }

    // MARK: - Folders

    /// Removes the folders named `prefix<pid>-…` left in the temporary folder by test processes
    /// that were killed before they could stop their servers (a server removes its own folder
    /// when it sees that, but a folder made before its server started has no one else to remove it).
    static func removeFoldersOfEndedProcesses(prefix: String) {
        let temporary = FileManager.default.temporaryDirectory
        for name in (try? FileManager.default.contentsOfDirectory(atPath: temporary.path)) ?? []
        where name.hasPrefix(prefix) {
            guard let pid = pid_t(name.dropFirst(prefix.count).prefix { $0.isNumber }), pid > 0,
                kill(pid, 0) == -1, errno == ESRCH
            else { continue }
            try? FileManager.default.removeItem(at: temporary.appendingPathComponent(name))
        }
    }

    // MARK: - Ports

    /// A loopback port that was free a moment ago: bound to port 0, read back, closed. Another
    /// server may be given it too, or take it before the server binds it; the server that loses
    /// exits with "address already in use", never says it listens, and the servers try again then.
    static func freePort<Failure: Error>(failing: (String) -> Failure) throws -> UInt16 {
        let descriptor = socket(AF_INET, streamType, 0)
        guard descriptor >= 0 else { throw failing("socket failed: \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        var address = loopback(port: 0)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0 else { throw failing("bind failed: \(String(cString: strerror(errno)))") }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard named == 0 else { throw failing("getsockname failed: \(String(cString: strerror(errno)))") }
        return UInt16(bigEndian: address.sin_port)
    }

    /// Whether a TCP connection to 127.0.0.1:`port` is accepted now.
    static func answers(port: UInt16) -> Bool {
        let descriptor = socket(AF_INET, streamType, 0)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var address = loopback(port: port)
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        } == 0
    }

    #if canImport(Darwin)
    private static let streamType = SOCK_STREAM
    #else
    private static let streamType = Int32(SOCK_STREAM.rawValue)
    #endif

    private static func loopback(port: UInt16) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        return address
    }

    // MARK: - The process

    /// Python run as the server's process, given the server's folder, the test process's id
    /// (that process may be gone before Python starts), the module (or a script's path, ending in
    /// `.py`) to run and its arguments: the module in place, as `python3 -m`, and a thread that, once its parent is no longer the test
    /// process, signals the main thread to shut down (a signal sent to the process could land on
    /// the watching thread and wake nothing), after which the folder is removed. A signal that
    /// comes while the server is between handlers can be lost, so it is sent again every half
    /// second, and after five seconds the thread removes the folder and exits. Each TCP socket the
    /// server starts listening on leaves a file `listening-<port>` in the folder, which says the
    /// port is this server's (`waitUntilAnswering`).
    private static let launcher = """
        import os, runpy, shutil, signal, socket, sys, threading, time
        folder, parent, module = sys.argv[1], int(sys.argv[2]), sys.argv[3]
        listen = socket.socket.listen
        def listen_and_say(sock, *args):
            listen(sock, *args)
            if sock.family in (socket.AF_INET, socket.AF_INET6):
                open(os.path.join(folder, "listening-%d" % sock.getsockname()[1]), "w").close()
        socket.socket.listen = listen_and_say
        orphaned = threading.Event()
        # Until the server sets its own handler, SIGTERM ends Python through the cleanup below too.
        signal.signal(signal.SIGTERM, lambda number, frame: sys.exit(1))
        def watch():
            while os.getppid() == parent:
                time.sleep(0.5)
            orphaned.set()
            for _ in range(10):
                signal.pthread_kill(threading.main_thread().ident, signal.SIGTERM)
                time.sleep(0.5)
            shutil.rmtree(folder, ignore_errors=True)
            os._exit(1)
        threading.Thread(target=watch, daemon=True).start()
        sys.argv = [module] + sys.argv[4:]
        try:
            if module.endswith(".py"):
                runpy.run_path(module, run_name="__main__")
            else:
                runpy.run_module(module, run_name="__main__", alter_sys=True)
        finally:
            if orphaned.is_set():
                shutil.rmtree(folder, ignore_errors=True)
        """

    /// Starts `python3 -c launcher launcherArguments…`, standard input from /dev/null and both
    /// outputs appended to `log`, with every signal at its default and none blocked, whatever this
    /// process blocks. Returns its process id.
    private static func spawnPython<Failure: Error>(
        launcherArguments: [String], log: String,
        failing: (String) -> Failure
    ) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, log, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let arguments = ["python3", "-c", launcher] + launcherArguments
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let result = posix_spawnp(&pid, "python3", &actions, &attributes, &argv, environ)
        guard result == 0 else {
            throw failing("could not start python3: \(String(cString: strerror(result)))")
        }
        return pid
    }

    /// Waits up to `limit` for `pid` to exit; true once reaped.
    private static func waitForExit(_ pid: pid_t, upTo limit: Duration) -> Bool {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: limit)
        var status: Int32 = 0
        while clock.now < deadline {
            let reaped = waitpid(pid, &status, WNOHANG)
            if reaped == pid || (reaped == -1 && errno == ECHILD) { return true }
            usleep(10_000)
        }
        return false
    }
}
