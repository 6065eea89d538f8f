#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// One request's curl process, from start to reaping, and the one place that may signal it.
///
/// The pid is signalled only between its start and the moment it is known to have exited (seen
/// with `WNOWAIT`, before it is reaped), both under `lock`, so a signal never reaches a process
/// that took over a reaped pid.
final class CurlRun: @unchecked Sendable {
    /// Why the process was stopped by this side, when it was.
    private enum Stop { case cancelled, tooLarge, overdue }

    /// Held while any curl is started: the pipe and files made for one run get their
    /// close-on-exec flag before another run can start a process that would inherit them.
    private static let spawnLock = NSLock()
    /// How often the thread looks at the body's size and the deadline while curl runs.
    private static let tick: Int32 = 50  // milliseconds

    private let program: String
    private let request: HTTPRequest
    private let headers: [String]
    private let maximumBodySize: Int

    private let lock = NSLock()
    private var pid: pid_t = 0          // guarded by `lock`; 0 until started
    private var exited = false          // guarded by `lock`
    private var cancelled = false       // guarded by `lock`
    private var stop: Stop?             // guarded by `lock`

    init(program: String, request: HTTPRequest, headers: [String], maximumBodySize: Int) {
        self.program = program
        self.request = request
        self.headers = headers
        self.maximumBodySize = maximumBodySize
    }

    /// Stops curl, or keeps it from starting: the task was cancelled.
    func cancel() {
        lock.withLock {
            cancelled = true
            deliver(SIGTERM, because: .cancelled)
        }
    }

    /// Sends `signal` to curl if it runs, remembering why; call with `lock` held.
    private func deliver(_ signal: Int32, because reason: Stop) {
        guard pid > 0, !exited else { return }
        if stop == nil { stop = reason }
        kill(pid, signal)
    }

    /// Runs curl to the end (on the calling thread, which it blocks) and reads what it fetched.
    func perform() throws -> HTTPResponse {
        let directory = NSTemporaryDirectory()
        let bodyPath = (directory as NSString).appendingPathComponent("mvvm-tui-curl-\(UUID().uuidString).body")
        let errorPath = (directory as NSString).appendingPathComponent("mvvm-tui-curl-\(UUID().uuidString).err")
        let bodyFile = open(bodyPath, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard bodyFile >= 0 else { throw Self.setupFailure("create a temporary file in \(directory)") }
        defer {
            close(bodyFile)
            unlink(bodyPath)
        }
        let errorFile = open(errorPath, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard errorFile >= 0 else { throw Self.setupFailure("create a temporary file in \(directory)") }
        unlink(errorPath)  // kept open: curl writes to it, then it is read and goes with the descriptor
        defer { close(errorFile) }
        let upload = try Self.upload(of: request, in: directory)
        defer { if let upload { unlink(upload) } }
        let configuration = try CurlHTTPClient.configuration(for: request, headers: headers, output: bodyPath,
                                                             upload: upload, maximumBodySize: maximumBodySize)
        let configFile = try Self.unlinkedFile(holding: Array(configuration.utf8), in: directory)
        defer { close(configFile) }
        let arguments = [program, "--disable", "--config", "-"]

        let (statusPipe, started) = try start(arguments: arguments, input: configFile, errorFile: errorFile)
        defer { close(statusPipe) }
        guard started else { throw CancellationError() }

        let written = watch(statusPipe: statusPipe, bodyFile: bodyFile)
        let reaped = reap()

        let reason: Stop? = lock.withLock { cancelled ? .cancelled : stop }
        switch reason {
        case .cancelled?: throw CancellationError()
        case .tooLarge?: throw HTTPClientError.bodyTooLarge(limit: maximumBodySize)
        case .overdue?: throw URLError(.timedOut)
        case nil: break
        }
        guard let status = reaped else {
            throw URLError(.unknown, userInfo: [NSLocalizedDescriptionKey: "curl's exit status was lost"])
        }
        let exitStatus: Int32 = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        guard exitStatus == 0 else {
            throw CurlHTTPClient.failure(forExitStatus: exitStatus, message: Self.text(of: errorFile, upTo: 4096),
                                         maximumBodySize: maximumBodySize)
        }
        guard let code = Int(String(decoding: written, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)),
              (100...999).contains(code) else {
            throw URLError(.badServerResponse)
        }
        guard let body = Self.contents(of: bodyFile, upTo: maximumBodySize) else {
            throw HTTPClientError.bodyTooLarge(limit: maximumBodySize)
        }
        return HTTPResponse(status: code, body: body)
    }

    // MARK: Starting

    /// Starts curl with `arguments`, input from `input`, output into a pipe and errors into
    /// `errorFile`; returns the pipe's reading end and false when the task was already cancelled.
    private func start(arguments: [String], input: Int32, errorFile: Int32) throws -> (statusPipe: Int32, started: Bool) {
        var ends: [Int32] = [-1, -1]
        let result: (Int32, Bool) = try Self.spawnLock.withLock {
            guard pipe(&ends) == 0 else { throw Self.setupFailure("create a pipe") }
            _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
            _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
            _ = fcntl(ends[0], F_SETFL, fcntl(ends[0], F_GETFL) | O_NONBLOCK)
            defer { close(ends[1]) }

            var actions = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            posix_spawn_file_actions_adddup2(&actions, input, 0)
            posix_spawn_file_actions_adddup2(&actions, ends[1], 1)
            posix_spawn_file_actions_adddup2(&actions, errorFile, 2)

            // Its own process group (keys typed at the terminal signal nothing to it), no signal
            // blocked, every signal at its default (so SIGTERM ends it whatever this program ignores).
            var attributes = posix_spawnattr_t()
            posix_spawnattr_init(&attributes)
            defer { posix_spawnattr_destroy(&attributes) }
            var signals = sigset_t()
            sigemptyset(&signals)
            posix_spawnattr_setsigmask(&attributes, &signals)
            sigfillset(&signals)
            posix_spawnattr_setsigdefault(&attributes, &signals)
            posix_spawnattr_setpgroup(&attributes, 0)
            posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF
                                                         | POSIX_SPAWN_SETPGROUP))

            let argv = arguments.map { strdup($0) } + [nil]
            defer { argv.forEach { free($0) } }
            let environment = CurlHTTPClient.curlEnvironment(from: ProcessInfo.processInfo.environment)
                .map { strdup("\($0.key)=\($0.value)") } + [nil]
            defer { environment.forEach { free($0) } }

            return try lock.withLock {
                guard !cancelled else { return (ends[0], false) }
                var child: pid_t = 0
                let failure = posix_spawnp(&child, program, &actions, &attributes, argv, environment)
                guard failure == 0 else {
                    close(ends[0])
                    if failure == ENOENT { throw HTTPClientError.curlNotInstalled }
                    throw URLError(.unknown, userInfo: [
                        NSLocalizedDescriptionKey: "could not start \(program): \(String(cString: strerror(failure)))",
                    ])
                }
                pid = child
                return (ends[0], true)
            }
        }
        return (statusPipe: result.0, started: result.1)
    }

    /// The file holding `request`'s body, new in `directory` (its caller removes it); nil for a GET.
    private static func upload(of request: HTTPRequest, in directory: String) throws -> String? {
        guard request.method != .get else { return nil }
        let path = (directory as NSString).appendingPathComponent("mvvm-tui-curl-\(UUID().uuidString).upload")
        let file = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard file >= 0 else { throw setupFailure("create a temporary file in \(directory)") }
        defer { close(file) }
        do {
            try writeAll([UInt8](request.body ?? Data()), to: file, in: directory)
        } catch {
            unlink(path)
            throw error
        }
        return path
    }

    /// A new file in `directory` that holds `bytes`, readable by this user only, already deleted
    /// (so that nothing else can open it) and read from its start: curl's standard input.
    private static func unlinkedFile(holding bytes: [UInt8], in directory: String) throws -> Int32 {
        let path = (directory as NSString).appendingPathComponent("mvvm-tui-curl-\(UUID().uuidString).config")
        let file = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard file >= 0 else { throw setupFailure("create a temporary file in \(directory)") }
        unlink(path)
        do {
            try writeAll(bytes, to: file, in: directory)
        } catch {
            close(file)
            throw error
        }
        lseek(file, 0, SEEK_SET)
        return file
    }

    /// Writes all of `bytes` to `file`, a new file in `directory`.
    private static func writeAll(_ bytes: [UInt8], to file: Int32, in directory: String) throws {
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { write(file, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { throw setupFailure("write a temporary file in \(directory)") }
            written += count
        }
    }

    // MARK: Waiting

    /// Reads curl's output (the status code) until curl exits, meanwhile stopping it when the
    /// body grows past the limit or the time limit (curl's own, plus 5 s) has long passed.
    private func watch(statusPipe: Int32, bodyFile: Int32) -> [UInt8] {
        let deadline = ContinuousClock.now + request.timeout + .seconds(5)
        var written: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 256)
        var running = true
        while running {
            var ready = pollfd(fd: statusPipe, events: Int16(POLLIN), revents: 0)
            _ = poll(&ready, 1, Self.tick)
            // Read what there is; a closed pipe means curl is gone.
            while true {
                let count = read(statusPipe, &buffer, buffer.count)
                if count > 0 {
                    if written.count < 64 { written += buffer[0..<count] }
                } else {
                    if count == 0 || (errno != EAGAIN && errno != EINTR) { running = false }
                    break
                }
            }
            if running, hasExited() { running = false }  // the pipe may live on in a process it leaked to
            var status = stat()
            if fstat(bodyFile, &status) == 0, status.st_size > maximumBodySize {
                lock.withLock { deliver(SIGTERM, because: .tooLarge) }
            }
            if ContinuousClock.now > deadline {
                lock.withLock { deliver(SIGKILL, because: .overdue) }
            }
        }
        // Whatever curl wrote just before exiting.
        while case let count = read(statusPipe, &buffer, buffer.count), count > 0, written.count < 64 {
            written += buffer[0..<count]
        }
        return written
    }

    /// Whether curl has exited, looked at without reaping it.
    private func hasExited() -> Bool {
        var info = siginfo_t()
        let child = lock.withLock { pid }
        guard waitid(P_PID, id_t(child), &info, WEXITED | WNOHANG | WNOWAIT) == 0 else { return true }
        return info.si_signo != 0  // left zero while the child runs
    }

    /// Waits for curl to exit, closes the window for signals, reaps it and returns its wait
    /// status; nil if something else reaped it (SIGCHLD ignored, say).
    private func reap() -> Int32? {
        let child = lock.withLock { pid }
        var info = siginfo_t()
        while waitid(P_PID, id_t(child), &info, WEXITED | WNOWAIT) != 0, errno == EINTR {}
        lock.withLock { exited = true }
        var status: Int32 = 0
        while waitpid(child, &status, 0) < 0 {
            guard errno == EINTR else { return nil }
        }
        return status
    }

    // MARK: Reading files

    /// The whole of `file`, or nil when it holds more than `limit` bytes.
    private static func contents(of file: Int32, upTo limit: Int) -> Data? {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        var offset: off_t = 0
        while true {
            let count = pread(file, &buffer, buffer.count, offset)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            data.append(contentsOf: buffer[0..<count])
            offset += off_t(count)
            if data.count > limit { return nil }
        }
        return data
    }

    /// The start of `file` as text, for curl's error message.
    private static func text(of file: Int32, upTo limit: Int) -> String {
        var buffer = [UInt8](repeating: 0, count: limit)
        let count = pread(file, &buffer, limit, 0)
        return count > 0 ? String(decoding: buffer[0..<count], as: UTF8.self) : ""
    }

    // MARK: Helpers

    /// A failure to prepare the run, with `errno` in words.
    private static func setupFailure(_ what: String) -> URLError {
        URLError(.unknown, userInfo: [NSLocalizedDescriptionKey: "could not \(what): \(String(cString: strerror(errno)))"])
    }
}
