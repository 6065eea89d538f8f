import Foundation
import Testing

/// Every thread of the running program blocks the signals it answers, so that each one waits for
/// libdispatch's signalfd instead of being taken, and dropped, by a thread that does not block it.
/// Without the block on the main thread, a resize or a Ctrl-C sent just after the first frame was
/// lost now and then (Docs/DECISIONS.md, "The answered signals are blocked on every thread and read
/// from a signalfd"). By the first frame each of them is caught by libdispatch's handler, none
/// still ignored.
@Suite struct SignalMaskEndToEndTests {
    /// SIGHUP, SIGINT, SIGTERM and SIGWINCH, as bits of `/proc`'s signal masks (bit n - 1 for n).
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

    /// By the first frame, libdispatch's handler catches each answered signal: none is still
    /// ignored, which would let swift-subprocess's monitor thread (it waits with an empty mask once
    /// the first curl starts, a moment after that frame) take a SIGHUP and drop it. The program
    /// waits for those handlers before it draws; without that wait this fails only when the
    /// manager thread that installs them is late, the likeliest reading of one unanswered SIGHUP
    /// in a loaded suite.
    @Test func eachAnsweredSignalIsCaughtByTheFirstFrame() async throws {
        let session = try await TmuxSession()
        try await session.waitFor("[Weather]")
        let process = try #require(try await session.programID(), "the program is not running")
        let status = try String(contentsOfFile: "/proc/\(process)/status", encoding: .utf8)
        func mask(_ name: String) throws -> UInt64 {
            let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("\(name):") })
            return try #require(UInt64(line.dropFirst(name.count + 1).trimmingCharacters(in: .whitespaces), radix: 16))
        }
        let caught = try mask("SigCgt"), ignored = try mask("SigIgn")
        for (name, number) in Self.answered {
            #expect(caught & (1 << UInt64(number - 1)) != 0, "SIG\(name) has no handler")
            #expect(ignored & (1 << UInt64(number - 1)) == 0, "SIG\(name) is still ignored")
        }
        try await session.kill("HUP")
        #expect(try await session.waitForExit().status == 129)
    }
}
