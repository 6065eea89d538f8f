#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Binding
import Dispatch
import Foundation
import Subprocess
#if canImport(System)
import System
#else
import SystemPackage
#endif

/// One request's curl process, started and reaped by swift-subprocess: the request goes in as a
/// config file on standard input, the body comes back on standard output as it arrives, and the
/// status code and any message on standard error, into a file.
///
/// curl is stopped when the body grows past the limit (`SIGTERM`), when its own time limit has
/// long passed (`SIGKILL`), or when the task is cancelled (swift-subprocess sends `SIGKILL`).
struct CurlRun {
    let program: String
    let request: HTTPRequest
    let headers: [String]
    let maximumBodySize: Int

    /// Runs curl to the end and returns what it fetched; throws `CancellationError` when the
    /// task was cancelled meanwhile.
    func perform() async throws -> HTTPResponse {
        let directory = NSTemporaryDirectory()
        let errorFile = try Self.unlinkedFile(holding: [], in: directory)
        defer { close(errorFile) }
        let upload = try Self.upload(of: request, in: directory)
        defer { if let upload { unlink(upload) } }
        let configuration = try CurlHTTPClient.configuration(
            for: request, headers: headers, upload: upload,
            maximumBodySize: maximumBodySize)
        let configFile = try Self.unlinkedFile(holding: Array(configuration.utf8), in: directory)
        defer { close(configFile) }
        try Task.checkCancellation()

        let stop = CurlStop()
        let limit = maximumBodySize
        let deadline = request.timeout + .seconds(5)
        let result: ExecutionResult<Data, SequenceOutput, FileDescriptorOutput>
        do {
            result = try await Self.start(
                program, config: configFile, errors: .fileDescriptor(FileDescriptor(rawValue: errorFile), closeAfterSpawningProcess: false)
            ) { execution in
                stop.watch(execution, overdueAfter: deadline)
                defer { stop.finish() }
                var body = Data()
                for try await buffer in execution.standardOutput {
                    buffer.withUnsafeBytes { body.append(contentsOf: $0) }
                    if body.count > limit {
                        stop.signal(.terminate, because: .tooLarge)
                        break
                    }
                }
                return body
            }
        } catch let error as SubprocessError {
            try Task.checkCancellation()
            throw Self.startFailure(error, program: program)
        }

        try Task.checkCancellation()
        if let failure = Self.failure(stoppedBecause: stop.reason, ended: result.terminationStatus, limit: maximumBodySize) {
            throw failure
        }
        let (message, written) = Self.messageAndStatus(in: Self.text(of: errorFile, upTo: 8192))
        let exitStatus: Int32
        switch result.terminationStatus {
        case .exited(let code): exitStatus = code
        case .signaled(let signal): exitStatus = 128 + signal
        }
        guard exitStatus == 0 else {
            throw CurlHTTPClient.failure(forExitStatus: exitStatus, message: message, maximumBodySize: maximumBodySize)
        }
        let fields = written.split(separator: "\t", maxSplits: 3, omittingEmptySubsequences: false).map(String.init)
        guard let code = Int(fields[0]), (100...999).contains(code) else { throw URLError(.badServerResponse) }
        guard result.closureResult.count <= maximumBodySize else {
            throw HTTPClientError.bodyTooLarge(limit: maximumBodySize)
        }
        let finalURL = fields.count > 1 ? URL(string: fields[1]) : nil
        let etag = fields.count > 2 && !fields[2].isEmpty ? fields[2] : nil
        let location = fields.count > 3 && !fields[3].isEmpty ? fields[3] : nil
        return HTTPResponse(status: code, body: result.closureResult, etag: etag, url: finalURL, location: location)
    }

    /// Runs `program` as `curl --disable --config -`, reading its config from the file `config`
    /// and writing its messages to `errors`, with `body` reading its standard output.
    /// Its own process group, so keys typed at the terminal signal nothing to it (swift-subprocess
    /// starts it with no signal blocked and every signal at its default), and the environment
    /// `curlEnvironment` keeps.
    static func start<Result, ErrorOutput: ErrorOutputProtocol>(
        _ program: String, config: Int32, errors: ErrorOutput,
        body: (Execution<FileDescriptorInput, SequenceOutput, ErrorOutput>) async throws -> Result
    ) async throws -> ExecutionResult<Result, SequenceOutput, ErrorOutput> {
        var options = PlatformOptions()
        options.processGroupID = 0
        let environment = CurlHTTPClient.curlEnvironment(from: ProcessInfo.processInfo.environment)
        return try await Subprocess.run(
            program.contains("/") ? .path(FilePath(program)) : .name(program),
            arguments: Arguments(executablePathOverride: program, remainingValues: ["--disable", "--config", "-"]),
            environment: .custom(Dictionary(uniqueKeysWithValues: environment.map { (Environment.Key(stringLiteral: $0.key), $0.value) })),
            platformOptions: options,
            input: .fileDescriptor(FileDescriptor(rawValue: config), closeAfterSpawningProcess: false),
            output: .sequence,
            error: errors,
            body: body)
    }

    /// What a curl this side signalled failed with, given why and how it ended; nil for one that
    /// was not stopped, or that the timer found already ended: on a busy machine the timer can
    /// fire after curl exited on its own but before this task read its answer, which then stands.
    static func failure(stoppedBecause reason: CurlStop.Reason?, ended: TerminationStatus, limit: Int) -> (any Error)? {
        switch reason {
        case .tooLarge?: HTTPClientError.bodyTooLarge(limit: limit)
        case .overdue? where ended == .signaled(SIGKILL): URLError(.timedOut)
        case .overdue?, nil: nil
        }
    }

    /// curl's message and what it wrote after it (`write-out`: the status code, then the final URL,
    /// the `ETag` and the `Location`, tab-separated), the last line of its error output.
    static func messageAndStatus(in text: String) -> (message: String, status: String) {
        guard let newline = text.lastIndex(of: "\n") else { return ("", text) }
        return (String(text[..<newline]), String(text[text.index(after: newline)...]))
    }

    /// The error for a curl that could not be started.
    static func startFailure(_ error: SubprocessError, program: String) -> any Error {
        if error.code == .executableNotFound || error.underlyingError?.rawValue == ENOENT {
            return HTTPClientError.curlNotInstalled
        }
        return URLError(.unknown, userInfo: [NSLocalizedDescriptionKey: "could not start \(program): \(error)"])
    }

    // MARK: Files

    /// The file holding `request`'s body, new in `directory` (its caller removes it); nil for a
    /// method that sends none.
    private static func upload(of request: HTTPRequest, in directory: String) throws -> String? {
        guard request.method.sendsBody else { return nil }
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
    /// (so that nothing else can open it) and read from its start: curl's standard input, or
    /// where its error output goes.
    static func unlinkedFile(holding bytes: [UInt8], in directory: String) throws -> Int32 {
        let path = (directory as NSString).appendingPathComponent("mvvm-tui-curl-\(UUID().uuidString)")
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

    /// The start of `file` as text.
    static func text(of file: Int32, upTo limit: Int) -> String {
        var buffer = [UInt8](repeating: 0, count: limit)
        let count = pread(file, &buffer, limit, 0)
        return count > 0 ? String(decoding: buffer[0..<count], as: UTF8.self) : ""
    }

    /// A failure to prepare the run, with `errno` in words.
    private static func setupFailure(_ what: String) -> URLError {
        URLError(.unknown, userInfo: [NSLocalizedDescriptionKey: "could not \(what): \(String(cString: strerror(errno)))"])
    }
}

/// Why this side stopped one curl, and the one place that signals it: from the run's body, or
/// from a timer when curl outlives its own time limit. A signal goes only while the run's body
/// has not returned (`lock`), so never to a process that swift-subprocess has reaped.
///
/// Sendable unchecked: its mutable fields are read and written only while holding `lock`.
final class CurlStop: @unchecked Sendable {
    /// Why curl was stopped.
    enum Reason { case tooLarge, overdue }

    private let lock = NSLock()
    private var send: ((Signal) -> Void)?  // guarded by `lock`; set while the body runs
    private var stoppedBecause: Reason?  // guarded by `lock`
    private var timer: (any DispatchSourceTimer)?  // guarded by `lock`

    /// Why curl was stopped, if it was.
    var reason: Reason? { lock.withLock { stoppedBecause } }

    /// Signals `execution` from now until `finish()`; `SIGKILL` once `delay` has passed.
    func watch<Input, Output, Error>(_ execution: Execution<Input, Output, Error>, overdueAfter delay: Duration) {
        // On the main queue, which the program's run loop drains: armed only while curl runs, and no
        // worker thread of libdispatch's is started for it, to exit seconds later.
        let timer = DispatchSource.makeTimerSource(queue: .main)
        timer.schedule(deadline: .now() + .nanoseconds(Int(delay.nanoseconds)))
        timer.setEventHandler { [weak self] in self?.signal(.kill, because: .overdue) }
        lock.withLock {
            send = { try? execution.send(signal: $0) }
            self.timer = timer
        }
        timer.resume()
    }

    /// Sends `signal` to curl if it still runs, remembering the first reason given.
    func signal(_ signal: Signal, because reason: Reason) {
        lock.withLock {
            guard let send else { return }
            if stoppedBecause == nil { stoppedBecause = reason }
            send(signal)
        }
    }

    /// Ends the window for signals and disarms the timer.
    func finish() {
        let timer = lock.withLock {
            send = nil
            defer { self.timer = nil }
            return self.timer
        }
        timer?.cancel()
    }
}
