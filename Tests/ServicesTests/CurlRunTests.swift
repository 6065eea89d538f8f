import Foundation
@testable import Services
import Testing

/// How one curl process is run and read (`CurlRun`): what the request does when curl itself
/// misbehaves, and how curl's error output is read.
struct CurlRunTests {
    @Test func aCurlThatOutlivesItsOwnTimeLimitIsKilledAndTimedOut() async throws {
        // A stand-in for curl that ignores its time limit: it never ends of itself.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mvvm-tui-curl-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let program = folder.appendingPathComponent("curl").path
        // Written through a descriptor closed on exec: a process that other tests start meanwhile
        // would otherwise keep it open for writing, and running the script would fail (ETXTBSY).
        let descriptor = open(program, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o700)
        try #require(descriptor >= 0)
        let script = Array("#!/bin/sh\nexec sleep 120\n".utf8)
        #expect(write(descriptor, script, script.count) == script.count)
        close(descriptor)
        let url = try #require(URL(string: "http://127.0.0.1:1/"))

        let start = ContinuousClock.now
        let error = await #expect(throws: URLError.self) {
            try await CurlHTTPClient(curl: program).get(HTTPRequest(url: url, timeout: .milliseconds(200)))
        }
        #expect(error?.code == .timedOut, "\(String(describing: error))")
        // Its 0.2 s, then the 5 s this side allows past it.
        #expect(ContinuousClock.now - start >= .seconds(5))
        #expect(ContinuousClock.now - start < .seconds(60))
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
}
