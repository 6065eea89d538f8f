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
/// a second, ends itself and removes the folder (`LoopbackServerProcess`, which `XandikosServer`
/// shares).
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

    private let process: LoopbackServerProcess

    private init(
        baseURL: URL, user: String, password: String, caFile: String?, storageFolder: URL,
        process: LoopbackServerProcess
    ) {
        self.baseURL = baseURL
        port = process.port
        self.user = user
        self.password = password
        self.caFile = caFile
        folder = process.folder
        self.storageFolder = storageFolder
        logFile = process.logFile
        self.process = process
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
    public static func start(
        https: Bool = false, user: String = "ada",
        password: String = "correct horse"
    ) async throws -> RadicaleServer {
        try StartsProcesses.require(for: "RadicaleServer.start")
        LoopbackServerProcess.removeFoldersOfEndedProcesses(prefix: folderPrefix)
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
            let process = try await LoopbackServerProcess.start(
                name: "Radicale", within: startLimit, hint: hint(forLog:),
                failing: Failure.init
            ) { port in
                let config = folder.appendingPathComponent("radicale.conf")
                try Data(configuration(port: port, folder: folder, storage: storage, certificate: certificate).utf8)
                    .write(to: config)
                // Radicale runs as `python3 -m radicale --config FILE`; its folder holds the configuration.
                return try LoopbackServerProcess.launch(
                    module: "radicale", arguments: ["--config", config.path],
                    port: port, folder: folder, logFile: log, failing: Failure.init)
            }
            let scheme = https ? "https" : "http"
            return RadicaleServer(
                baseURL: URL(string: "\(scheme)://127.0.0.1:\(process.port)/")!, user: user,
                password: password, caFile: certificate, storageFolder: storage, process: process)
        } catch {
            try? FileManager.default.removeItem(at: folder)
            throw error
        }
    }

    /// The start of each server's folder name, which goes on with the test process's id.
    private static let folderPrefix = "mvvm-tui-radicale-"

    /// Ends Radicale (SIGTERM, then SIGKILL after five seconds), waits for it, and removes the
    /// temporary folder. Safe to call more than once.
    public func stop() {
        process.stop()
    }

    /// Stops Radicale where it is (SIGSTOP): the port still takes connections, which are never
    /// answered, as a server that hangs. `resume()` lets it run on.
    public func pause() {
        process.pause()
    }

    /// Lets a paused Radicale run on (SIGCONT).
    public func resume() {
        process.resume()
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
        return storedCards(inBook: name).first { CardUID.of($0.text) == uid }?.text
    }

    /// The `UID`s of the cards stored in book `name`, sorted.
    public func cardUIDs(inBook name: String) -> [String] {
        storedCards(inBook: name).compactMap { CardUID.of($0.text) }.sorted()
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

    /// A line for the failure's message when Radicale's log says python3 has no Radicale.
    private static func hint(forLog log: String) -> String {
        log.contains("No module named radicale")
            ? "\n(python3 on PATH has no Radicale: Scripts/ensure-deps.sh test installs it)" : ""
    }

    /// The last lines of Radicale's log.
    public func logTail(lines: Int = 20) -> String {
        process.logTail(lines: lines)
    }

    private static func configuration(port: UInt16, folder: URL, storage: URL, certificate: String?) -> String {
        let tls =
            certificate.map {
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
        let result = try await runToEnd(
            "openssl",
            [
                "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=127.0.0.1",
                "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", key, "-out", certificate,
            ])
        guard result.status == 0 else {
            throw Failure(description: "openssl could not make a certificate (status \(result.status)): \(result.error)")
        }
        return certificate
    }
}
