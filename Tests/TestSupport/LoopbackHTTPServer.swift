#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// A real HTTP/1.1 server on 127.0.0.1, for tests of live web clients: it takes one connection per
/// reply, in order, answers each with its reply and closes it, then stops by itself.
///
/// Bounded on every side: it waits at most `idleLimit` for each connection and for each request,
/// keeps a silent connection open no longer than the reply says, and `stop()` (or dropping it)
/// ends it at once. Plain POSIX sockets on one background thread; no Foundation networking.
///
/// ```swift
/// let server = try LoopbackHTTPServer(replies: [.answer(status: 200, body: json)])
/// defer { server.stop() }
/// let url = server.baseURL.appendingPathComponent("movie/popular")   // http://127.0.0.1:<port>/…
/// ```
public final class LoopbackHTTPServer: Sendable {
    /// What the server does with one connection once it has read the request.
    public enum Reply: Sendable {
        /// Answers `status` with `body` and `Content-Length`, then closes.
        case answer(status: Int, body: Data, contentType: String = "application/json")
        /// Answers `status` with `body` but no `Content-Length`, so that only closing the
        /// connection ends the body, then closes.
        case unsized(status: Int, body: Data)
        /// Waits `delay`, then answers as `.answer` does.
        case late(delay: Duration, status: Int, body: Data)
        /// Says nothing and keeps the connection open until the client leaves or `upTo` passes.
        case silence(upTo: Duration)
        /// Closes the connection at once, having said nothing.
        case drop
    }

    /// Why the server could not start: the socket call that failed and its `errno`.
    public struct SetupError: Error, CustomStringConvertible {
        /// The call that failed, such as "bind".
        public let call: String
        /// The `errno` it left.
        public let code: Int32

        /// The failure in words.
        public var description: String { "\(call) failed: \(String(cString: strerror(code)))" }
    }

    /// The port the server listens on, chosen by the system.
    public let port: UInt16
    /// Where clients reach it: `http://127.0.0.1:<port>`.
    public var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }
    /// The heads of the requests received so far (request line and headers, each line ending in
    /// CR LF; the blank line after them left out), in order.
    public var requests: [String] { log.requests }
    /// The bodies of the requests received so far, in order: what `Content-Length` announced,
    /// empty for a request without one.
    public var bodies: [Data] { log.bodies }

    private let log = RequestLog()
    private let stopSocket: Int32

    /// Starts listening on a free loopback port and serves `replies`, one connection each; it
    /// waits 30 s for each unless told otherwise (longer in a slower run: `TestTimeScale`).
    public init(replies: [Reply], idleLimit: Duration = .seconds(30).scaledForThisRun) throws {
        let listener = try Self.listeningSocket()
        var control: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Self.streamType, 0, &control) == 0 else {
            close(listener)
            throw SetupError(call: "socketpair", code: errno)
        }
        port = try Self.port(of: listener)
        stopSocket = control[0]
        let worker = Worker(
            listener: listener, wakeUp: control[1], replies: replies,
            idleLimit: idleLimit, log: log)
        let thread = Thread { worker.run() }
        thread.name = "LoopbackHTTPServer"
        thread.start()
    }

    deinit {
        stop()
        close(stopSocket)
    }

    /// Stops serving now: closes whatever connection is open and the listening socket.
    public func stop() {
        var byte: UInt8 = 1
        _ = send(stopSocket, &byte, 1, Self.noSignal)
    }

    /// A loopback port that refuses connections while `port` is alive: see `RefusingPort`.
    public static func refusingPort() throws -> RefusingPort {
        try RefusingPort(descriptor: boundSocket(listening: false))
    }

    // MARK: - Sockets

    #if os(Linux)
    static let streamType = Int32(SOCK_STREAM.rawValue)
    static let noSignal = Int32(MSG_NOSIGNAL)
    #else
    static let streamType = SOCK_STREAM
    static let noSignal: Int32 = 0
    #endif

    private static func listeningSocket() throws -> Int32 {
        try boundSocket(listening: true)
    }

    /// A socket bound to a free loopback port, closed on exec (the test servers' Python children
    /// started meanwhile do not keep it, and with it the port), listening or not.
    private static func boundSocket(listening: Bool) throws -> Int32 {
        #if os(Linux)
        let descriptor = socket(AF_INET, streamType | Int32(SOCK_CLOEXEC.rawValue), 0)
        #else
        let descriptor = socket(AF_INET, streamType, 0)
        if descriptor >= 0 { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        #endif
        guard descriptor >= 0 else { throw SetupError(call: "socket", code: errno) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, !listening || listen(descriptor, 8) == 0 else {
            let code = errno
            close(descriptor)
            throw SetupError(call: "bind/listen", code: code)
        }
        return descriptor
    }

    static func port(of socket: Int32) throws -> UInt16 {
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let result = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket, $0, &length) }
        }
        guard result == 0 else { throw SetupError(call: "getsockname", code: errno) }
        return UInt16(bigEndian: address.sin_port)
    }
}

// MARK: - Serving

/// The server's thread: owns the listening socket and every connection, and closes them all.
private struct Worker: Sendable {
    let listener: Int32
    let wakeUp: Int32
    let replies: [LoopbackHTTPServer.Reply]
    let idleLimit: Duration
    let log: RequestLog

    func run() {
        defer {
            close(listener)
            close(wakeUp)
        }
        for reply in replies {
            guard wait(for: listener, upTo: idleLimit) else { return }
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { return }
            defer { close(connection) }
            guard let (head, body) = readRequest(from: connection) else { return }
            log.append(head, body: body)
            switch reply {
            case .answer(let status, let body, let contentType):
                answer(status: status, body: body, contentType: contentType, on: connection)
            case .late(let delay, let status, let body):
                _ = wait(for: wakeUp, upTo: delay)
                answer(status: status, body: body, contentType: "application/json", on: connection)
            case .unsized(let status, let body):
                let header =
                    "HTTP/1.1 \(status) \(status == 200 ? "OK" : "Status")\r\n"
                    + "Content-Type: application/json\r\nConnection: close\r\n\r\n"
                sendAll(Data(header.utf8) + body, to: connection)
            case .silence(let limit):
                let deadline = ContinuousClock.now + limit
                var byte: UInt8 = 0
                while case let left = deadline - .now, left > .zero,
                    wait(for: connection, upTo: left), recv(connection, &byte, 1, 0) > 0
                {}
            case .drop:
                break
            }
        }
    }

    /// Waits until `socket` has something to read; false when `limit` passed or `stop()` was called.
    private func wait(for socket: Int32, upTo limit: Duration) -> Bool {
        var sockets = [
            pollfd(fd: socket, events: Int16(POLLIN), revents: 0),
            pollfd(fd: wakeUp, events: Int16(POLLIN), revents: 0),
        ]
        let milliseconds = Int32(
            clamping: limit.components.seconds * 1000
                + limit.components.attoseconds / 1_000_000_000_000_000)
        let ready = poll(&sockets, nfds_t(sockets.count), milliseconds)
        return ready > 0 && sockets[1].revents == 0 && sockets[0].revents != 0
    }

    /// Reads up to the blank line that ends a request head, then the body its `Content-Length`
    /// announces (none without one), and returns the lines before the blank line and the body;
    /// nil if either never comes whole.
    private func readRequest(from connection: Int32) -> (head: String, body: Data)? {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        let end: [UInt8] = Array("\r\n\r\n".utf8)
        var head: (text: String, bodyStart: Int, bodyLength: Int)?
        while received.count < 1_048_576 {
            if head == nil, let range = received.firstRange(of: end) {
                let text = String(decoding: received[..<(range.lowerBound + 2)], as: UTF8.self)
                head = (text, range.upperBound, Self.contentLength(in: text))
            }
            if let head, received.count >= head.bodyStart + head.bodyLength {
                return (head.text, Data(received[head.bodyStart..<(head.bodyStart + head.bodyLength)]))
            }
            guard wait(for: connection, upTo: idleLimit) else { return nil }
            let count = recv(connection, &buffer, buffer.count, 0)
            guard count > 0 else { return nil }
            received += buffer[0..<count]
        }
        return nil
    }

    /// The `Content-Length` a request head announces; 0 when it has none.
    private static func contentLength(in head: String) -> Int {
        for line in head.components(separatedBy: "\r\n") {
            let parts = line.split(separator: ":", maxSplits: 1)
            if parts.count == 2, parts[0].lowercased() == "content-length" {
                return Int(parts[1].trimmingCharacters(in: .whitespaces)) ?? 0
            }
        }
        return 0
    }

    /// Sends `status` with `body`, its type and length, on `connection`.
    private func answer(status: Int, body: Data, contentType: String, on connection: Int32) {
        let header =
            "HTTP/1.1 \(status) \(status == 200 ? "OK" : "Status")\r\n"
            + "Content-Type: \(contentType)\r\nContent-Length: \(body.count)\r\nConnection: close\r\n\r\n"
        sendAll(Data(header.utf8) + body, to: connection)
    }

    private func sendAll(_ data: Data, to connection: Int32) {
        let bytes = [UInt8](data)
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes {
                send(connection, $0.baseAddress, $0.count, LoopbackHTTPServer.noSignal)
            }
            guard count > 0 else { return }
            sent += count
        }
    }
}

/// The requests the server has read, shared between its thread and the test.
private final class RequestLog: @unchecked Sendable {
    private let lock = NSLock()
    private var heads: [String] = []  // guarded by `lock`
    private var received: [Data] = []  // guarded by `lock`

    var requests: [String] { lock.withLock { heads } }
    var bodies: [Data] { lock.withLock { received } }

    func append(_ head: String, body: Data) {
        lock.withLock {
            heads.append(head)
            received.append(body)
        }
    }
}

/// A loopback port that refuses connections until `close()` (or the value's end; keep it with a
/// `defer`, as below, since Swift may end a value after its last use): a socket bound to it and
/// never listened on, so that no other test's server can be given the port meanwhile. (A port
/// bound and released could be handed to a server another test starts a moment later, whose one
/// reply the connection meant to be refused would then take.)
///
/// ```swift
/// let nowhere = try LoopbackHTTPServer.refusingPort()
/// defer { nowhere.close() }
/// let url = URL(string: "http://127.0.0.1:\(nowhere.port)/")!   // connections are refused
/// ```
public final class RefusingPort: @unchecked Sendable {
    /// The port.
    public let port: UInt16
    private let lock = NSLock()
    private var descriptor: Int32  // guarded by `lock`

    init(descriptor: Int32) throws {
        do {
            port = try LoopbackHTTPServer.port(of: descriptor)
        } catch {
            closeSocket(descriptor)
            throw error
        }
        self.descriptor = descriptor
    }

    deinit {
        close()
    }

    /// Releases the port. Safe to call more than once.
    public func close() {
        lock.withLock {
            if descriptor >= 0 { closeSocket(descriptor) }
            descriptor = -1
        }
    }
}

/// Closes `descriptor` (the C library's `close`, which `RefusingPort.close()` hides inside it).
private func closeSocket(_ descriptor: Int32) {
    _ = close(descriptor)
}
