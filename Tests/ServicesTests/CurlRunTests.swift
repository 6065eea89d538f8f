import Foundation
@testable import Services
import Subprocess
import TestSupport
import Testing

/// How one curl process is run and read (`CurlRun`): what the request does when curl itself
/// misbehaves, and how curl's error output is read.
struct CurlRunTests {
    @Test func aCurlThatOutlivesItsOwnTimeLimitIsKilledAndTimedOut() async throws {
        // A stand-in for curl that ignores its time limit: it never ends of itself.
        let program = try Self.standInCurl("#!/bin/sh\nexec sleep 120\n")
        defer { try? FileManager.default.removeItem(atPath: (program as NSString).deletingLastPathComponent) }
        let url = try #require(URL(string: "http://127.0.0.1:1/"))

        let start = ContinuousClock.now
        let error = await #expect(throws: URLError.self) {
            try await CurlHTTPClient(curl: program).get(HTTPRequest(url: url, timeout: .milliseconds(200)))
        }
        #expect(error?.code == .timedOut, "\(String(describing: error))")
        // Its 0.2 s, then the 5 s this side allows past it.
        #expect(ContinuousClock.now - start >= .seconds(5))
        #expect(ContinuousClock.now - start < .seconds(60).scaledForThisRun)
    }

    @Test func aCurlTheTimerFoundEndedIsNotTimedOut() {
        // On a busy machine the timer can fire after curl exited on its own but before the task
        // read its answer: the answer stands. Only a curl the timer killed ran over.
        #expect(CurlRun.failure(stoppedBecause: .overdue, ended: .exited(0), limit: 10) == nil)
        #expect(CurlRun.failure(stoppedBecause: .overdue, ended: .exited(7), limit: 10) == nil)
        let killed = CurlRun.failure(stoppedBecause: .overdue, ended: .signaled(SIGKILL), limit: 10)
        #expect((killed as? URLError)?.code == .timedOut)
        let tooLarge = CurlRun.failure(stoppedBecause: .tooLarge, ended: .signaled(SIGTERM), limit: 10)
        #expect(tooLarge as? HTTPClientError == .bodyTooLarge(limit: 10))
        #expect(CurlRun.failure(stoppedBecause: nil, ended: .exited(0), limit: 10) == nil)
    }

    @Test func aMissingCurlIsSaidToBeMissing() async throws {
        let url = try #require(URL(string: "http://127.0.0.1:1/"))
        await #expect(throws: HTTPClientError.curlNotInstalled) {
            try await CurlHTTPClient(curl: "/nonexistent/curl").get(HTTPRequest(url: url))
        }
        await #expect(throws: HTTPClientError.curlNotInstalled) {
            try await CurlHTTPClient(curl: "no-such-curl-\(UUID().uuidString.prefix(8))").get(HTTPRequest(url: url))
        }
    }

    @Test(arguments: [
        ("\n200", "", "200"),
        ("curl: (7) Failed to connect\n000", "curl: (7) Failed to connect", "000"),
        ("curl: (28) one\ncurl: two\n000", "curl: (28) one\ncurl: two", "000"),
        ("", "", ""),
    ])
    func theStatusCodeIsTheLastLineOfTheErrorOutput(text: String, message: String, status: String) {
        let read = CurlRun.messageAndStatus(in: text)
        #expect(read.message == message)
        #expect(read.status == status)
    }

    /// A program named curl in a new folder, running `script`; its path.
    private static func standInCurl(_ script: String) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mvvm-tui-curl-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let program = folder.appendingPathComponent("curl").path
        // Written through a descriptor closed on exec: a process that other tests start meanwhile
        // would otherwise keep it open for writing, and running the script would fail (ETXTBSY).
        let descriptor = open(program, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o700)
        guard descriptor >= 0 else { throw CocoaError(.fileWriteUnknown) }
        defer { close(descriptor) }
        let bytes = Array((script + "\n").utf8)
        guard write(descriptor, bytes, bytes.count) == bytes.count else { throw CocoaError(.fileWriteUnknown) }
        return program
    }
}
