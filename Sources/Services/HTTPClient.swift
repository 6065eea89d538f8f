#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

// No Foundation networking module here, nor anywhere in the program: on Linux it links libcurl and some
// thirty libraries more, loaded at every start although the network is seldom used. HTTP goes
// through the `curl` program instead, started for each request.

/// One request: which method, where, with which headers and body, and how long it may take in all.
///
/// ```swift
/// let request = HTTPRequest(url: url, headers: ["Accept": "application/json"], timeout: .seconds(5))
/// let post = HTTPRequest(url: url, method: .post, headers: ["Content-Type": "application/json"], body: json)
/// ```
public struct HTTPRequest: Equatable, Sendable {
    /// The address asked; `http` or `https` only.
    public var url: URL
    /// GET or POST.
    public var method: HTTPMethod
    /// The headers sent, by name. A name or value holding CR, LF or NUL is refused before sending.
    /// A POST says its body's type here, as `Content-Type`.
    public var headers: [String: String]
    /// What a POST sends, byte for byte; nil sends nothing. A GET sends no body.
    public var body: Data?
    /// The longest the whole exchange may take, connecting included.
    public var timeout: Duration
    /// The user and password sent with HTTP Basic authentication; nil sends none.
    public var credentials: HTTPCredentials?

    /// Creates a request of `url` with `method`, `headers` and `body`, given up after `timeout`,
    /// signed in with `credentials` when given.
    public init(url: URL, method: HTTPMethod = .get, headers: [String: String] = [:], body: Data? = nil,
                timeout: Duration = .seconds(10), credentials: HTTPCredentials? = nil) {
        self.url = url
        self.method = method
        self.headers = headers
        self.body = body
        self.timeout = timeout
        self.credentials = credentials
    }
}

/// A user and password for HTTP Basic authentication. Its description names the user only, so
/// that printing a request never shows the password.
public struct HTTPCredentials: Equatable, Sendable, CustomStringConvertible {
    /// The user name.
    public var user: String
    /// The password.
    public var password: String

    /// Creates credentials of `user` with `password`.
    public init(user: String, password: String) {
        self.user = user
        self.password = password
    }

    /// The user, and the password hidden.
    public var description: String { "\(user):••••" }
}

/// The HTTP methods the program sends.
public enum HTTPMethod: String, Equatable, Sendable {
    /// Asks for something; sends no body.
    case get = "GET"
    /// Sends the request's body.
    case post = "POST"
}

/// What came back: the HTTP status and the body, whatever the status.
public struct HTTPResponse: Equatable, Sendable {
    /// The HTTP status code, such as 200 or 401.
    public let status: Int
    /// The body, possibly empty.
    public let body: Data

    /// Creates a response of `status` with `body`.
    public init(status: Int, body: Data) {
        self.status = status
        self.body = body
    }
}

/// Sends a request and hands back what came back: the seam every live web client goes
/// through, so that tests can answer in its place.
///
/// ```swift
/// let client: any HTTPClient = CurlHTTPClient()
/// let response = try await client.get(HTTPRequest(url: url, timeout: .seconds(5)))
/// response.status   // 200
/// ```
public protocol HTTPClient: Sendable {
    /// Sends the GET `request` and returns the status and body, whatever the status.
    ///
    /// A failure to reach the server is thrown as a `URLError` with the nearest code
    /// (`.cannotFindHost`, `.cannotConnectToHost`, `.timedOut`, `.networkConnectionLost`, …);
    /// a failure of the client itself as an `HTTPClientError`; cancellation as `CancellationError`.
    func get(_ request: HTTPRequest) async throws -> HTTPResponse
    /// Sends `request` with its method and body, and answers and fails as `get(_:)` does.
    func send(_ request: HTTPRequest) async throws -> HTTPResponse
}

extension HTTPClient {
    /// Sends a GET through `get(_:)`; a client that only knows GET refuses any other method with
    /// `HTTPClientError.unsupportedMethod`, before sending anything.
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        guard request.method == .get else { throw HTTPClientError.unsupportedMethod(request.method) }
        return try await get(request)
    }
}

/// A failure of the HTTP client rather than of the network.
public enum HTTPClientError: Error, Equatable, Sendable, CustomStringConvertible, LocalizedError {
    /// The `curl` program is not installed (not on `PATH`, or not at the path given).
    case curlNotInstalled
    /// The body is longer than the client reads, `limit` bytes.
    case bodyTooLarge(limit: Int)
    /// The header `name` (or its value) holds CR, LF or NUL, or the name is not an HTTP token;
    /// refused before anything was sent.
    case invalidHeader(name: String)
    /// The client cannot send requests of this method.
    case unsupportedMethod(HTTPMethod)
    /// The user name holds a colon, or the user, password or URL a line break or NUL: refused
    /// before anything was sent.
    case invalidCredentials

    /// The failure in words.
    public var description: String {
        switch self {
        case .curlNotInstalled: "curl is not installed"
        case .bodyTooLarge(let limit): "the answer is larger than \(limit) bytes"
        case .invalidHeader(let name): "the \(name.debugDescription) header cannot be sent as it is"
        case .unsupportedMethod(let method): "this client cannot send a \(method.rawValue) request"
        case .invalidCredentials: "the user name, password or address cannot be sent as it is"
        }
    }

    /// The failure in words, for `localizedDescription`.
    public var errorDescription: String? { description }
}

// MARK: - curl

/// An `HTTPClient` that runs the `curl` program for each request: no cookies, no cache and no
/// credentials kept between requests, `~/.curlrc` ignored, `http` and `https` only (redirects
/// too, at most 3), a time limit on the whole exchange and a limit on the body's size.
///
/// Nothing of the request is on curl's command line, which every user of the machine can read
/// (`ps`, `/proc/PID/cmdline`): the command line is `curl --disable --config -`, and the URL,
/// headers, credentials and every option reach curl as a config file on its standard input — a
/// temporary file, readable by this user only, deleted before curl starts. curl gets a minimal
/// environment (`PATH`, the locale, proxies and CA settings), so no API key of this program's
/// environment reaches it either.
///
/// Each request starts `curl` (found on `PATH`) with `posix_spawnp`, in its own process group,
/// the body written to a temporary file that is deleted afterwards; a POST's body goes to curl
/// in a temporary file too, deleted after. It waits on a thread of its own, never on the
/// caller's; cancelling the task stops `curl` (`SIGTERM`) and throws `CancellationError`. Curl's
/// exit status becomes a `URLError`:
///
/// | curl exit status                      | thrown                                  |
/// |---------------------------------------|-----------------------------------------|
/// | 5, 6 (could not resolve proxy, host)  | `URLError(.cannotFindHost)`             |
/// | 7 (could not connect)                 | `URLError(.cannotConnectToHost)`        |
/// | 28 (time limit)                       | `URLError(.timedOut)`                   |
/// | 18, 52, 55, 56 (cut short, no reply)  | `URLError(.networkConnectionLost)`      |
/// | 63 (body over the limit)              | `HTTPClientError.bodyTooLarge`          |
/// | 127, or not found                     | `HTTPClientError.curlNotInstalled`      |
/// | 35, 60, 47, 1, 3                      | TLS, certificate, redirects, bad URL    |
/// | any other                             | `URLError(.unknown)`, curl's message    |
///
/// ```swift
/// let client = CurlHTTPClient()
/// let response = try await client.get(HTTPRequest(url: url, headers: ["Accept": "application/json"]))
/// ```
public struct CurlHTTPClient: HTTPClient {
    /// The program run: a name looked up on `PATH`, or a path.
    public let curl: String
    /// The largest body read, in bytes; a longer one is `HTTPClientError.bodyTooLarge`.
    public let maximumBodySize: Int

    /// Creates a client that runs `curl` and reads bodies of at most `maximumBodySize` bytes.
    public init(curl: String = "curl", maximumBodySize: Int = 5_000_000) {
        self.curl = curl
        self.maximumBodySize = max(maximumBodySize, 0)
    }

    /// Sends `request` through `curl` and returns the status and the body.
    public func get(_ request: HTTPRequest) async throws -> HTTPResponse {
        try await send(request)
    }

    /// Sends `request`, GET or POST, through `curl` and returns the status and the body.
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let headers = try Self.headerLines(request.headers)
        guard let scheme = request.url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            throw URLError(.unsupportedURL)
        }
        try Task.checkCancellation()
        let run = CurlRun(program: curl, request: request, headers: headers, maximumBodySize: maximumBodySize)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<HTTPResponse, any Error>) in
                let thread = Thread { continuation.resume(with: Result { try run.perform() }) }
                thread.name = "curl"
                thread.start()
            }
        } onCancel: {
            run.cancel()
        }
    }

    // MARK: Arguments

    /// The headers as curl takes them, sorted by name, each `Name: value` (`Name;` for an empty
    /// value, which is how curl sends one); throws for a header that could add a line or an option.
    static func headerLines(_ headers: [String: String]) throws -> [String] {
        try headers.sorted { $0.key < $1.key }.map { name, value -> String in
            guard !name.isEmpty, name.utf8.allSatisfy(isTokenByte),
                  !value.utf8.contains(where: { $0 == 0x0D || $0 == 0x0A || $0 == 0x00 }) else {
                throw HTTPClientError.invalidHeader(name: name)
            }
            let trimmed = value.trimmingCharacters(in: .whitespaces)
            return trimmed.isEmpty ? "\(name);" : "\(name): \(trimmed)"
        }
    }

    /// The config file curl reads on its standard input for `request`: one option a line, every
    /// value quoted (`name = "value"`, with `\\` and `\"` escaped), so no
    /// value can start another option. `headers` are `headerLines`'s, `output` where the body
    /// goes, `upload` the file holding a POST's body.
    static func configuration(for request: HTTPRequest, headers: [String], output: String, upload: String?,
                              maximumBodySize: Int) throws -> String {
        var lines = ["silent", "show-error", "globoff", "location", "max-redirs = 3",
                     "proto = \"=http,https\"", "proto-redir = \"=http,https\"",
                     "max-time = \"\(seconds(request.timeout))\"", "max-filesize = \"\(maximumBodySize)\"",
                     "output = \(try quoted(output))", "write-out = \"%{http_code}\""]
        if let upload {
            lines += ["data-binary = \(try quoted("@" + upload))", "header = \"Expect:\""]
        }
        if let credentials = request.credentials {
            guard !credentials.user.contains(":") else { throw HTTPClientError.invalidCredentials }
            lines += ["basic", "user = \(try quoted(credentials.user + ":" + credentials.password))"]
        }
        lines += try headers.map { "header = \(try quoted($0))" }
        lines.append("url = \(try quoted(request.url.absoluteString))")
        return lines.joined(separator: "\n") + "\n"
    }

    /// `text` as a quoted value of curl's config file; throws for a line break or NUL, which
    /// would end the value early.
    private static func quoted(_ text: String) throws -> String {
        guard !text.utf8.contains(where: { $0 == 0x0D || $0 == 0x0A || $0 == 0x00 }) else {
            throw HTTPClientError.invalidCredentials
        }
        return "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    /// `duration` in seconds as curl's `max-time` takes it: "10", "7.5"; never 0 (no limit).
    static func seconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        guard seconds > 0 || attoseconds >= 1_000_000_000_000_000 else { return "0.001" }
        guard attoseconds >= 1_000_000_000_000_000 else { return String(seconds) }
        let milliseconds = attoseconds / 1_000_000_000_000_000
        var fraction = String(milliseconds)
        fraction = String(repeating: "0", count: 3 - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return "\(seconds).\(fraction)"
    }

    /// The part of `environment` curl is given: where programs are, the locale, proxies and
    /// certificate authorities. Nothing else — above all no API key or password.
    static func curlEnvironment(from environment: [String: String]) -> [String: String] {
        environment.filter { name, _ in
            passedToCurl.contains(name) || name.hasPrefix("LC_")
        }
    }

    /// The variables `curlEnvironment` keeps besides the locale's `LC_*`.
    private static let passedToCurl: Set<String> = [
        "PATH", "LANG", "LANGUAGE", "TZ",
        "http_proxy", "https_proxy", "HTTPS_PROXY", "all_proxy", "ALL_PROXY", "no_proxy", "NO_PROXY",
        "CURL_CA_BUNDLE", "SSL_CERT_FILE", "SSL_CERT_DIR",
    ]

    /// Whether `byte` may be part of a header name (RFC 9110 `tchar`): so no `@` (which curl reads
    /// as "headers from a file"), no `:`, no space, no control character.
    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "a")...UInt8(ascii: "z"):
            true
        default:
            Array("!#$%&'*+-.^_`|~".utf8).contains(byte)
        }
    }

    /// The error curl's exit `status` stands for; `message` is what it wrote on its error output.
    static func failure(forExitStatus status: Int32, message: String, maximumBodySize: Int) -> any Error {
        let code: URLError.Code
        switch status {
        case 5, 6: code = .cannotFindHost
        case 7: code = .cannotConnectToHost
        case 28: code = .timedOut
        case 18, 52, 55, 56: code = .networkConnectionLost
        case 35: code = .secureConnectionFailed
        case 60: code = .serverCertificateUntrusted
        case 47: code = .httpTooManyRedirects
        case 1: code = .unsupportedURL
        case 3: code = .badURL
        case 63: return HTTPClientError.bodyTooLarge(limit: maximumBodySize)
        case 127: return HTTPClientError.curlNotInstalled
        default: code = .unknown
        }
        let text = message.trimmingCharacters(in: .whitespacesAndNewlines)
        return URLError(code, userInfo: [
            NSLocalizedDescriptionKey: text.isEmpty ? "curl failed with exit status \(status)" : text,
            "curlExitStatus": Int(status),
        ])
    }
}

// MARK: - One run of curl

/// One request's curl process, from start to reaping, and the one place that may signal it.
///
/// The pid is signalled only between its start and the moment it is known to have exited (seen
/// with `WNOWAIT`, before it is reaped), both under `lock`, so a signal never reaches a process
/// that took over a reaped pid.
private final class CurlRun: @unchecked Sendable {
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
