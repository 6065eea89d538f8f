import Foundation
import Subprocess

/// Many requests in one curl process: each a transfer of its own (`next`), run `parallel`, at
/// most `inFlight` at a time, over connections curl keeps and reuses. The whole config, bodies
/// included, goes to curl on its standard input as a deleted file, as `CurlRun`'s does, so no
/// secret and no card is on a command line or in a file another process can open.
///
/// Each transfer writes one line on curl's standard error when it ends (`write-out`): its index,
/// curl's exit status for it, the status code, the final URL, the `ETag`, the `Location` and
/// curl's message. The line is read as it comes and the answer handed on at once, so a caller
/// that keeps each answer as it comes keeps every one a server took before a run was stopped.
/// An answer's body goes to a file of its own in a folder readable by this user only, read and
/// removed when its line comes; a body the caller does not read goes nowhere.
struct CurlBatch {
    let program: String
    let requests: [HTTPRequest]
    let headers: [[String]]
    let inFlight: Int
    let maximumBodySize: Int
    /// Which answers' bodies are read; the others are not kept.
    let keepsBody: (HTTPRequest) -> Bool

    /// Runs curl to the end, handing each answer to `answer` as its line comes; a request curl
    /// did not answer (it was stopped, or could not start) gets the failure that stopped it.
    func perform(answer: (Int, Result<HTTPResponse, any Error>) async throws -> Void) async throws {
        var answered = Set<Int>()
        let limit = maximumBodySize
        do {
            let folder = try Self.privateFolder()
            defer { Self.remove(folder) }
            let configuration = try Self.configuration(
                for: requests, headers: headers, inFlight: inFlight, folder: folder, maximumBodySize: limit,
                keepsBody: keepsBody)
            let configFile = try CurlRun.unlinkedFile(holding: Array(configuration.utf8), in: NSTemporaryDirectory())
            defer { close(configFile) }
            try Task.checkCancellation()

            let stop = CurlStop()
            let rounds = (requests.count + max(inFlight, 1) - 1) / max(inFlight, 1)
            let longest = requests.map(\.timeout).max() ?? .seconds(10)
            let deadline = longest * rounds + .seconds(5)
            let count = requests.count
            var messages: [String] = []
            let result: ExecutionResult<Void, SequenceOutput, CombinedErrorOutput>
            do {
                // Its lines go to standard error, which curl does not buffer, so each comes as its
                // transfer ends; standard output, buffered, carries nothing.
                result = try await CurlRun.start(program, config: configFile, errors: .combinedWithOutput) { execution in
                    stop.watch(execution, overdueAfter: deadline)
                    defer { stop.finish() }
                    var pending: [UInt8] = []
                    for try await buffer in execution.standardOutput {
                        buffer.withUnsafeBytes { pending.append(contentsOf: $0) }
                        while let newline = pending.firstIndex(of: 0x0A) {
                            let line = String(decoding: pending[..<newline], as: UTF8.self)
                            pending.removeSubrange(...newline)
                            guard let ended = Ended(line), (0..<count).contains(ended.index), !answered.contains(ended.index)
                            else {
                                messages = Array((messages + [line]).suffix(8))
                                continue
                            }
                            answered.insert(ended.index)
                            let body = Self.take(bodyOf: ended.index, in: folder)
                            do {
                                try await answer(ended.index, Self.result(of: ended, body: body, limit: limit))
                            } catch {
                                throw AnswerFailed(error: error)
                            }
                        }
                    }
                }
            } catch let error as SubprocessError {
                try Task.checkCancellation()
                throw CurlRun.startFailure(error, program: program)
            }
            try Task.checkCancellation()
            let unanswered = (0..<count).filter { !answered.contains($0) }
            guard !unanswered.isEmpty else { return }
            let failure =
                CurlRun.failure(stoppedBecause: stop.reason, ended: result.terminationStatus, limit: limit)
                ?? Self.failure(ended: result.terminationStatus, message: messages.joined(separator: "\n"), limit: limit)
            for index in unanswered {
                answered.insert(index)
                do { try await answer(index, .failure(failure)) } catch { throw AnswerFailed(error: error) }
            }
        } catch let failure as AnswerFailed {
            throw failure.error
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            for index in 0..<requests.count where !answered.contains(index) {
                answered.insert(index)
                do { try await answer(index, .failure(error)) } catch { throw AnswerFailed(error: error) }
            }
        }
    }

    /// An error `answer` threw, passed on as it is.
    private struct AnswerFailed: Error {
        let error: any Error
    }

    /// What one transfer's line says.
    struct Ended: Equatable {
        let index: Int
        let exitStatus: Int32
        let status: Int
        let url: String
        let etag: String?
        let location: String?
        let message: String

        /// The line `index\texitcode\thttp_code\turl\tetag\tlocation\tmessage` read; nil for any other.
        init?(_ line: String) {
            let fields = line.split(separator: "\t", maxSplits: 6, omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 7, let index = Int(fields[0]), let exit = Int32(fields[1]), let status = Int(fields[2])
            else { return nil }
            self.index = index
            exitStatus = exit
            self.status = status
            url = fields[3]
            etag = fields[4].isEmpty ? nil : fields[4]
            location = fields[5].isEmpty ? nil : fields[5]
            message = fields[6]
        }
    }

    /// The answer a transfer's line and body make, or the failure curl's exit status for it means.
    static func result(of ended: Ended, body: Data, limit: Int) -> Result<HTTPResponse, any Error> {
        guard ended.exitStatus == 0 else {
            return .failure(CurlHTTPClient.failure(forExitStatus: ended.exitStatus, message: ended.message, maximumBodySize: limit))
        }
        guard (100...999).contains(ended.status) else { return .failure(URLError(.badServerResponse)) }
        guard body.count <= limit else { return .failure(HTTPClientError.bodyTooLarge(limit: limit)) }
        return .success(
            HTTPResponse(status: ended.status, body: body, etag: ended.etag, url: URL(string: ended.url), location: ended.location))
    }

    /// What a curl that ended without answering every transfer failed with.
    private static func failure(ended: TerminationStatus, message: String, limit: Int) -> any Error {
        switch ended {
        case .exited(let code) where code != 0:
            return CurlHTTPClient.failure(forExitStatus: code, message: message, maximumBodySize: limit)
        case .signaled(let signal):
            return CurlHTTPClient.failure(forExitStatus: 128 + signal, message: message, maximumBodySize: limit)
        default:
            return URLError(.badServerResponse)
        }
    }

    // MARK: Config

    /// The config curl reads for `requests`: `parallel`, then each request's options (those of
    /// `CurlHTTPClient.configuration`), its body inline (`data-raw`, escaped, so no file holds it),
    /// where its answer's body goes, and its line; `next` between requests.
    static func configuration(
        for requests: [HTTPRequest], headers: [[String]], inFlight: Int, folder: String, maximumBodySize: Int,
        keepsBody: (HTTPRequest) -> Bool
    ) throws -> String {
        // `parallel-immediate`: connections are opened as the transfers need them, rather than the
        // first awaited to see whether it multiplexes; against a server that closes each connection
        // after its answer (Radicale's own, in HTTP/1.0), curl otherwise sends one at a time.
        var lines = ["no-progress-meter", "parallel", "parallel-immediate", "parallel-max = \(min(max(inFlight, 1), 300))"]
        for (index, request) in requests.enumerated() {
            if index > 0 { lines.append("next") }
            var body: [String] = []
            if request.method.sendsBody {
                let data = request.body ?? Data()
                // curl reads a config line of at most 100 KB: a larger body (a card with a photo)
                // goes in a file of the private folder, as a request sent alone sends it.
                let inline = data.count <= inlineBodyLimit ? try escaped(data) : nil
                body.append(
                    try inline.map { "data-raw = \($0)" }
                        ?? "data-binary = \(try CurlHTTPClient.quoted("@" + upload(data, index: index, in: folder)))")
            }
            lines += try CurlHTTPClient.options(
                for: request, headers: headers[index], maximumBodySize: maximumBodySize,
                writeOut:
                    "%{stderr}\(index)\\t%{exitcode}\\t%{http_code}\\t%{url_effective}\\t%header{etag}\\t%header{location}\\t%{errormsg}\\n",
                body: body)
            lines.append("output = \(try CurlHTTPClient.quoted(keepsBody(request) ? bodyPath(of: index, in: folder) : "/dev/null"))")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `body` as a quoted value of curl's config file, byte for byte: `\`, `"`, CR, LF and tab
    /// escaped as curl reads them back; a NUL, which no escape gives, is refused.
    static func escaped(_ body: Data) throws -> String {
        var bytes: [UInt8] = [UInt8(ascii: "\"")]
        bytes.reserveCapacity(body.count + body.count / 16 + 2)
        for byte in body {
            switch byte {
            case 0x00: throw HTTPClientError.invalidBody
            case UInt8(ascii: "\\"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
            case UInt8(ascii: "\""): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
            case 0x0D: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
            case 0x0A: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
            case 0x09: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The largest body sent inline in the config: escaped, it stays within curl's 100 KB line.
    static let inlineBodyLimit = 48 * 1024

    // MARK: Files

    /// Writes `body` to a new file of `folder`, readable by this user only, and returns its path.
    private static func upload(_ body: Data, index: Int, in folder: String) throws -> String {
        let path = (folder as NSString).appendingPathComponent("\(index).upload")
        guard FileManager.default.createFile(atPath: path, contents: body, attributes: [.posixPermissions: 0o600]) else {
            throw URLError(.unknown, userInfo: [NSLocalizedDescriptionKey: "could not write a temporary file in \(folder)"])
        }
        return path
    }

    private static func bodyPath(of index: Int, in folder: String) -> String {
        (folder as NSString).appendingPathComponent("\(index)")
    }

    /// The body of answer `index`, removed from `folder`; empty when none was written.
    private static func take(bodyOf index: Int, in folder: String) -> Data {
        let path = bodyPath(of: index, in: folder)
        defer { unlink(path) }
        return FileManager.default.contents(atPath: path) ?? Data()
    }

    /// A new folder for the answers' bodies, readable by this user only.
    private static func privateFolder() throws -> String {
        var template = Array((NSTemporaryDirectory() as NSString).appendingPathComponent("mvvm-tui-curl-XXXXXX").utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ $0.baseAddress.flatMap { mkdtemp($0) } }) else {
            throw URLError(
                .unknown, userInfo: [NSLocalizedDescriptionKey: "could not make a temporary folder: \(String(cString: strerror(errno)))"])
        }
        return String(cString: made)
    }

    /// Removes `folder` and what is left in it.
    private static func remove(_ folder: String) {
        try? FileManager.default.removeItem(atPath: folder)
    }
}
