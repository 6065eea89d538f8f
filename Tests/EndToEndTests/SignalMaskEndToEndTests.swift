import Foundation
import Testing

/// Every thread of the running program blocks the signals it answers, so that each one waits for
/// libdispatch's signalfd instead of being taken, and dropped, by a thread that does not block it.
/// Without the block on the main thread, a resize or a Ctrl-C sent just after the first frame was
/// lost now and then (Docs/DECISIONS.md, "The answered signals are blocked on every thread and read
/// from a signalfd").
@Suite struct SignalMaskEndToEndTests {
    /// SIGHUP, SIGINT, SIGTERM and SIGWINCH, as bits of `/proc`'s `SigBlk` mask (bit n - 1 for n).
    static let answered: [(name: String, number: Int32)] = [("HUP", SIGHUP), ("INT", SIGINT), ("TERM", SIGTERM), ("WINCH", SIGWINCH)]

    @Test func everyThreadBlocksTheSignalsTheProgramAnswers() async throws {
        let dataDirectory = FileManager.default.temporaryDirectory
            .appendingPathComponent("mvvm-tui-e2e-data-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: dataDirectory) }
        let session = try await TmuxSession(arguments: ["--tab", "search", "--offline", "--data-dir", dataDirectory])
        try await session.waitFor("Start searching your favorite movies")
        try await session.type("star wars")  // a search runs on a queue of its own: more threads
        try await session.waitFor("› Star Wars (1977)")
        let process = try #require(try await session.programID(), "the program is not running")

        let threads = try FileManager.default.contentsOfDirectory(atPath: "/proc/\(process)/task")
        #expect(!threads.isEmpty)
        for thread in threads {
            let status = try String(contentsOfFile: "/proc/\(process)/task/\(thread)/status", encoding: .utf8)
            let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("SigBlk:") })
            let mask = try #require(UInt64(line.dropFirst("SigBlk:".count).trimmingCharacters(in: .whitespaces), radix: 16))
            let unblocked = Self.answered.filter { mask & (1 << UInt64($0.number - 1)) == 0 }.map(\.name)
            #expect(unblocked.isEmpty, "thread \(thread) of \(process) takes SIG\(unblocked.joined(separator: ", SIG")) itself")
        }

        try await session.press("C-c")
        #expect(try await session.waitForExit().status == 0)
    }
}
