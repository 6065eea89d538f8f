#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// A real CardDAV server, Radicale, on 127.0.0.1, for tests of the CardDAV client: each `start()`
/// runs its own `python3 -m radicale` on a free port over its own temporary folder, with one user,
/// so tests that each start one can run in parallel.
///
/// Radicale comes from PyPI (`Scripts/ensure-deps.sh test` installs the pinned version). Address
/// books and cards are made by writing Radicale's storage directly, which is fast, and what
/// reached the server is read back the same way. Radicale notices files written while it runs:
/// it lists a book's folder on each request and keys its item cache (`.Radicale.cache`) by the
/// SHA-256 of each file's content, so a card seeded at any time is served, with a new sync token.
///
/// ```swift
/// let server = try await RadicaleServer.start()
/// defer { server.stop() }
/// let book = try server.makeAddressBook(named: "contacts", displayName: "Contacts")
/// try server.seed(cards: [(uid: "ada-1", vcard: card)], inBook: "contacts")
/// // book == http://127.0.0.1:<port>/ada/contacts/ ; user "ada", password "correct horse"
/// server.card(uid: "ada-1", inBook: "contacts")   // the card as stored
/// ```
///
/// Bounded: `start()` waits at most `startLimit` for the port to answer, then throws with the
/// log's tail; `stop()` (also on deinit) sends SIGTERM, waits at most five seconds, then SIGKILL.
/// If the test process dies without stopping it, Radicale notices its parent is gone within half
/// a second, ends itself and removes the folder.
public final class RadicaleServer: @unchecked Sendable {
    /// Why the server could not start, or a storage operation failed.
    public struct Failure: Error, CustomStringConvertible {
        /// What went wrong, with the end of Radicale's log when it has one.
        public let description: String
    }

    /// Where clients reach it: `http://127.0.0.1:<port>/`, or `https://…` when started with `https`.
    public let baseURL: URL
    /// The port it listens on.
    public let port: UInt16
    /// The one user Radicale knows.
    public let user: String
    /// That user's password (kept as plain text in an htpasswd file).
    public let password: String
    /// For HTTPS: the path of the self-signed certificate (PEM) to trust, as `curl --cacert` takes it.
    public let caFile: String?
    /// Radicale's storage (`[storage] filesystem_folder`); collections are under `collection-root/`.
    public let storageFolder: URL
    /// The temporary folder that holds the configuration, storage, log and certificate.
    public let folder: URL
    /// Radicale's log (its standard output and error), at level warning.
    public let logFile: URL

    /// How long `start()` waits for the port to answer.
    public static let startLimit: Duration = .seconds(10)

    private let lock = NSLock()
    private var child: pid_t
    private var stopped = false

    private init(baseURL: URL, port: UInt16, user: String, password: String, caFile: String?,
                 folder: URL, storageFolder: URL, logFile: URL, child: pid_t) {
        self.baseURL = baseURL
        self.port = port
        self.user = user
        self.password = password
        self.caFile = caFile
        self.folder = folder
        self.storageFolder = storageFolder
        self.logFile = logFile
        self.child = child
    }

    deinit {
        stop()
    }

    // MARK: - Starting and stopping

    /// Starts Radicale in a new temporary folder, on a free loopback port, with `user` and
    /// `password` as its only account, and returns once the port answers.
    ///
    /// With `https`, it serves TLS with a self-signed certificate for 127.0.0.1 made by `openssl`;
    /// `caFile` is that certificate. Throws `Failure` (with the log's tail) when Radicale exits or
    /// the port stays silent for `startLimit`.
    public static func start(https: Bool = false, user: String = "ada",
                             password: String = "correct horse") async throws -> RadicaleServer {
        removeFoldersOfEndedProcesses()
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("\(folderPrefix)\(getpid())-\(UUID().uuidString)", isDirectory: true)
        let storage = folder.appendingPathComponent("storage", isDirectory: true)
        let log = folder.appendingPathComponent("radicale.log")
        do {
            try FileManager.default.createDirectory(at: storage, withIntermediateDirectories: true)
            // Plain htpasswd: one "user:password" line; Radicale takes everything after the first colon.
            try Data("\(user):\(password)\n".utf8).write(to: folder.appendingPathComponent("users"))
            var certificate: String?
            if https {
                certificate = try await makeCertificate(in: folder)
            }
            // A port found free may be taken by another process before Radicale binds it: try again.
            var lastFailure: Failure?
            for _ in 0..<5 {
                let port = try freePort()
                let config = folder.appendingPathComponent("radicale.conf")
                try Data(configuration(port: port, folder: folder, storage: storage, certificate: certificate).utf8)
                    .write(to: config)
                let pid = try spawnRadicale(config: config.path, log: log.path)
                let scheme = https ? "https" : "http"
                let server = RadicaleServer(
                    baseURL: URL(string: "\(scheme)://127.0.0.1:\(port)/")!, port: port, user: user,
                    password: password, caFile: certificate, folder: folder, storageFolder: storage,
                    logFile: log, child: pid)
                switch await server.waitUntilAnswering() {
                case .answering:
                    return server
                case .exited(let failure):
                    lastFailure = failure
                    server.abandon()
                    guard failure.description.contains("in use") else { throw failure }
                case .silent(let failure):
                    server.stop()
                    throw failure
                }
            }
            throw lastFailure ?? Failure(description: "Radicale could not bind a port")
        } catch {
            try? FileManager.default.removeItem(at: folder)
            throw error
        }
    }

    /// The start of each server's folder name, which goes on with the test process's id.
    private static let folderPrefix = "mvvm-tui-radicale-"

    /// Removes the folders left in the temporary folder by test processes that were killed before
    /// they could stop their servers (a server removes its own folder when it sees that, but a
    /// folder made before its server started has no one else to remove it).
    private static func removeFoldersOfEndedProcesses() {
        let temporary = FileManager.default.temporaryDirectory
        for name in (try? FileManager.default.contentsOfDirectory(atPath: temporary.path)) ?? []
        where name.hasPrefix(folderPrefix) {
            guard let pid = pid_t(name.dropFirst(folderPrefix.count).prefix { $0.isNumber }), pid > 0,
                  kill(pid, 0) == -1, errno == ESRCH else { continue }
            try? FileManager.default.removeItem(at: temporary.appendingPathComponent(name))
        }
    }

    /// Ends Radicale (SIGTERM, then SIGKILL after five seconds), waits for it, and removes the
    /// temporary folder. Safe to call more than once.
    public func stop() {
        lock.lock()
        defer { lock.unlock() }
        guard !stopped else { return }
        stopped = true
        if child > 0 {
            kill(child, SIGTERM)
            kill(child, SIGCONT)  // a paused Radicale takes the SIGTERM once it runs again
            if !Self.waitForExit(child, upTo: .seconds(5)) {
                kill(child, SIGKILL)
                var status: Int32 = 0
                while waitpid(child, &status, 0) == -1 && errno == EINTR {}
            }
            child = 0
        }
        try? FileManager.default.removeItem(at: folder)
    }

    /// Stops Radicale where it is (SIGSTOP): the port still takes connections, which are never
    /// answered, as a server that hangs. `resume()` lets it run on.
    public func pause() {
        lock.withLock { if child > 0, !stopped { kill(child, SIGSTOP) } }
    }

    /// Lets a paused Radicale run on (SIGCONT).
    public func resume() {
        lock.withLock { if child > 0, !stopped { kill(child, SIGCONT) } }
    }

    // MARK: - Storage

    /// The folder of `name`'s address book in Radicale's storage.
    public func bookFolder(_ name: String) -> URL {
        storageFolder.appendingPathComponent("collection-root", isDirectory: true)
            .appendingPathComponent(user, isDirectory: true)
            .appendingPathComponent(name, isDirectory: true)
    }

    /// The URL of `name`'s address book: `baseURL/<user>/<name>/`.
    public func bookURL(_ name: String) -> URL {
        URL(string: "\(user)/\(name)/", relativeTo: baseURL)!.absoluteURL
    }

    /// Makes an address book `name` for the user by writing Radicale's storage directly: the
    /// folder `collection-root/<user>/<name>/` and its `.Radicale.props`
    /// (`{"D:displayname": …, "tag": "VADDRESSBOOK"}`). Returns its URL, `baseURL/<user>/<name>/`.
    @discardableResult
    public func makeAddressBook(named name: String, displayName: String? = nil) throws -> URL {
        let book = bookFolder(name)
        try FileManager.default.createDirectory(at: book, withIntermediateDirectories: true)
        var props = ["tag": "VADDRESSBOOK"]
        if let displayName { props["D:displayname"] = displayName }
        let json = try JSONSerialization.data(withJSONObject: props, options: [.sortedKeys])
        try writeAtomically(json, to: book.appendingPathComponent(".Radicale.props"))
        return bookURL(name)
    }

    /// Writes each card as `<uid>.vcf` straight into book `name`'s folder (made by
    /// `makeAddressBook`), each file whole at once (written beside it, then renamed). Radicale
    /// serves them on its next request, running or not.
    public func seed(cards: [(uid: String, vcard: String)], inBook name: String) throws {
        let book = bookFolder(name)
        guard FileManager.default.fileExists(atPath: book.path) else {
            throw Failure(description: "no address book \(name): call makeAddressBook(named:) first")
        }
        for card in cards {
            try writeAtomically(Data(card.vcard.utf8), to: book.appendingPathComponent("\(card.uid).vcf"))
        }
    }

    /// The card with `uid` as stored in book `name`: the file `<uid>.vcf`, or else the file whose
    /// `UID` property is `uid` (a client may name its files otherwise). Nil when there is none.
    public func card(uid: String, inBook name: String) -> String? {
        let book = bookFolder(name)
        if let text = try? String(contentsOf: book.appendingPathComponent("\(uid).vcf"), encoding: .utf8) {
            return text
        }
        return storedCards(inBook: name).first { Self.uid(of: $0.text) == uid }?.text
    }

    /// The `UID`s of the cards stored in book `name`, sorted.
    public func cardUIDs(inBook name: String) -> [String] {
        storedCards(inBook: name).compactMap { Self.uid(of: $0.text) }.sorted()
    }

    /// The names of the files of the cards stored in book `name` (their hrefs' last part), sorted.
    public func cardFileNames(inBook name: String) -> [String] {
        storedCards(inBook: name).map(\.file).sorted()
    }

    // MARK: - Private

    private func storedCards(inBook name: String) -> [(file: String, text: String)] {
        let book = bookFolder(name)
        let files = (try? FileManager.default.contentsOfDirectory(atPath: book.path)) ?? []
        // Radicale's items are the folder's plain files whose names start with no dot.
        return files.filter { !$0.hasPrefix(".") && !$0.hasSuffix("~") }.sorted().compactMap { file in
            (try? String(contentsOf: book.appendingPathComponent(file), encoding: .utf8)).map { (file, $0) }
        }
    }

    /// The value of a vCard's `UID` property (parameters allowed), or nil.
    private static func uid(of card: String) -> String? {
        for line in card.split(whereSeparator: \.isNewline) {
            let upper = line.uppercased()
            guard upper.hasPrefix("UID:") || upper.hasPrefix("UID;"), let colon = line.firstIndex(of: ":") else { continue }
            return String(line[line.index(after: colon)...])
        }
        return nil
    }

    /// Writes `data` to a dot-named file beside `url` (which Radicale ignores), then renames it,
    /// so Radicale never reads half a file.
    private func writeAtomically(_ data: Data, to url: URL) throws {
        let temporary = url.deletingLastPathComponent().appendingPathComponent(".seeding-\(UUID().uuidString)")
        try data.write(to: temporary)
        guard rename(temporary.path, url.path) == 0 else {
            let code = errno
            try? FileManager.default.removeItem(at: temporary)
            throw Failure(description: "rename to \(url.path) failed: \(String(cString: strerror(code)))")
        }
    }

    private enum Readiness {
        case answering
        case exited(Failure)
        case silent(Failure)
    }

    /// Polls the port with a TCP connect every 50 ms until it answers, Radicale exits, or
    /// `startLimit` passes.
    private func waitUntilAnswering() async -> Readiness {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: Self.startLimit)
        while true {
            var status: Int32 = 0
            let reaped = waitpid(child, &status, WNOHANG)
            if reaped == child {
                child = 0
                let log = logTail()
                let hint = log.contains("No module named radicale")
                    ? "\n(python3 on PATH has no Radicale: Scripts/ensure-deps.sh test installs it)" : ""
                return .exited(Failure(description: "Radicale exited (wait status \(status)) before answering on port \(port):\n\(log)\(hint)"))
            }
            if Self.answers(port: port) {
                // The answer is Radicale's only if it is still running.
                if waitpid(child, &status, WNOHANG) == 0 { return .answering }
                child = 0
                return .exited(Failure(description: "Radicale exited (wait status \(status)) while port \(port) answered:\n\(logTail())"))
            }
            if clock.now >= deadline {
                return .silent(Failure(description: "Radicale did not answer on port \(port) within \(Self.startLimit):\n\(logTail())"))
            }
            try? await Task.sleep(for: .milliseconds(50))
        }
    }

    /// Gives up a server whose Radicale already exited (and was reaped) during `start()`, keeping
    /// the folder for the next try: `start()` removes it if it gives up too.
    private func abandon() {
        lock.lock()
        defer { lock.unlock() }
        stopped = true
        child = 0
    }

    /// The last lines of Radicale's log.
    public func logTail(lines: Int = 20) -> String {
        let text = (try? String(contentsOf: logFile, encoding: .utf8)) ?? "(no log)"
        return text.split(separator: "\n", omittingEmptySubsequences: false).suffix(lines).joined(separator: "\n")
    }

    private static func configuration(port: UInt16, folder: URL, storage: URL, certificate: String?) -> String {
        let tls = certificate.map {
            "ssl = True\ncertificate = \($0)\nkey = \(folder.appendingPathComponent("key.pem").path)\n"
        } ?? ""
        return """
        [server]
        hosts = 127.0.0.1:\(port)
        \(tls)
        [auth]
        type = htpasswd
        htpasswd_filename = \(folder.appendingPathComponent("users").path)
        htpasswd_encryption = plain
        # A wrong password is answered at once, not after the default second.
        delay = 0

        [rights]
        # Each user owns /<user>/ and what is under it.
        type = owner_only

        [storage]
        filesystem_folder = \(storage.path)

        [web]
        type = none

        [logging]
        level = warning

        """
    }

    /// Makes a self-signed certificate for 127.0.0.1 (and its key) in `folder`; returns its path.
    private static func makeCertificate(in folder: URL) async throws -> String {
        let certificate = folder.appendingPathComponent("cert.pem").path
        let key = folder.appendingPathComponent("key.pem").path
        let result = try await runToEnd("openssl", [
            "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=127.0.0.1",
            "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", key, "-out", certificate,
        ])
        guard result.status == 0 else {
            throw Failure(description: "openssl could not make a certificate (status \(result.status)): \(result.error)")
        }
        return certificate
    }

    /// A loopback port that was free a moment ago: bound to port 0, read back, closed.
    private static func freePort() throws -> UInt16 {
        let descriptor = socket(AF_INET, streamType, 0)
        guard descriptor >= 0 else { throw Failure(description: "socket failed: \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        var address = loopback(port: 0)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0 else { throw Failure(description: "bind failed: \(String(cString: strerror(errno)))") }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard named == 0 else { throw Failure(description: "getsockname failed: \(String(cString: strerror(errno)))") }
        return UInt16(bigEndian: address.sin_port)
    }

    /// Whether a TCP connection to 127.0.0.1:`port` is accepted now.
    private static func answers(port: UInt16) -> Bool {
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

    /// Python run as Radicale's process, given the configuration's path and the test process's
    /// id (that process may be gone before Python starts): `python3 -m radicale --config FILE` in
    /// place, and a thread that, once its parent is no longer the test process, signals Radicale's
    /// main thread to shut down (a signal sent to the process could land on the watching thread
    /// and wake nothing), after which the server's folder, which holds the configuration, is
    /// removed. A signal that comes while Radicale is between handlers can be lost, so it is sent
    /// again every half second, and after five seconds the thread removes the folder and exits.
    private static let launcher = """
    import os, runpy, shutil, signal, sys, threading, time
    config, parent = sys.argv[1], int(sys.argv[2])
    orphaned = threading.Event()
    # Until Radicale sets its own handler, SIGTERM ends Python through the cleanup below too.
    signal.signal(signal.SIGTERM, lambda number, frame: sys.exit(1))
    def watch():
        while os.getppid() == parent:
            time.sleep(0.5)
        orphaned.set()
        for _ in range(10):
            signal.pthread_kill(threading.main_thread().ident, signal.SIGTERM)
            time.sleep(0.5)
        shutil.rmtree(os.path.dirname(config), ignore_errors=True)
        os._exit(1)
    threading.Thread(target=watch, daemon=True).start()
    sys.argv = ["radicale", "--config", config]
    try:
        runpy.run_module("radicale", run_name="__main__", alter_sys=True)
    finally:
        if orphaned.is_set():
            shutil.rmtree(os.path.dirname(config), ignore_errors=True)
    """

    /// Starts `python3` (found on PATH) running Radicale with `config`, standard input from
    /// /dev/null and both outputs appended to `log`, with every signal at its default and none
    /// blocked, whatever this process blocks. Returns its process id.
    private static func spawnRadicale(config: String, log: String) throws -> pid_t {
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

        let arguments = ["python3", "-c", launcher, config, String(getpid())]
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let result = posix_spawnp(&pid, "python3", &actions, &attributes, &argv, environ)
        guard result == 0 else {
            throw Failure(description: "could not start python3: \(String(cString: strerror(result)))")
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
