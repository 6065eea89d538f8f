import Foundation
import Testing
import TestSupport

/// Every thread of the running program blocks the signals it answers, so that the main thread's
/// calls are never interrupted and a signal no thread takes waits for the main thread's signalfd;
/// a thread that does take one (swift-subprocess's monitor) runs the program's handler, which
/// hands it on through a self-pipe. By the first frame each of them is caught by that handler,
/// none ignored (Docs/DECISIONS.md, "The program catches the signals it answers itself").
@Suite(.startsProcesses) struct SignalMaskEndToEndTests {
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

    /// By the first frame, the program's handler catches each answered signal: none is ignored,
    /// which would let swift-subprocess's monitor thread (it waits with an empty mask once the
    /// first curl starts, a moment after that frame) take a SIGHUP and drop it. The handler is
    /// installed on the main thread before the terminal is taken over; nothing waits for it.
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

    /// A resize and a hang-up sent the moment after the first frame, while a curl runs, 150
    /// times over: each is answered (`Scripts/signal-stress.py`).
    @Test func everySignalSentRightAfterTheFirstFrameIsAnswered() async throws {
        let binary = try ProgramUnderTest.path()
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Scripts/signal-stress.py").path
        let result = try await TmuxSession.runForStatus("/usr/bin/env", ["python3", script, "--binary", binary, "--runs", "150"])
        #expect(result.status == 0, "\(result.output)\(result.error)")
    }
}
