import Foundation
import Testing
import TestSupport

/// Each frame reaches the terminal in one write, so that no terminal, and no test reading the
/// screen, catches one half drawn. ncurses 6.4 writes at every cursor movement until its screen
/// has once been suspended and resumed, which `NcursesTerminal` does before the first frame
/// (Docs/DECISIONS.md, "A frame goes to the terminal in one write"); this test fails if that
/// stops working.
@Suite(.startsProcesses) struct FrameWritesEndToEndTests {
    @Test func everyFrameReachesTheTerminalInOneWrite() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("mvvm-tui-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let trace = directory.appendingPathComponent("frames").path
        let session = try await TmuxSession(arguments: ["--tab", "movies", "--offline", "--data-dir", directory.path, "--trace", trace])
        try await session.waitFor("The Shawshank Redemption")
        for (key, shown) in [("F3", "Start searching"), ("F5", "No one here yet"), ("M-1", "Location:"), ("F4", "Shaq")] {
            try await session.press(key)
            try await session.waitFor(shown)
        }
        try await session.type("q")
        #expect(try await session.waitForExit().status == 0)

        // Writes each frame took, by the kernel's count for the main thread: one, one more for a
        // frame that hides or shows the cursor (ncurses sends that at once), none for a frame
        // that changes nothing. Without the resume, a tab switch took 10 to 50.
        let frames = try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n")
        let writes = frames.map { frame in
            frame.split(separator: " ").first { $0.hasPrefix("writes=") }.flatMap { Int($0.dropFirst(7)) }
        }
        #expect(frames.count >= 5, "\(frames)")
        #expect((writes.first ?? nil).map { $0 >= 1 } == true, "the first frame wrote nothing: \(frames)")
        for (frame, count) in zip(frames, writes) {
            #expect(count.map { 0...2 ~= $0 } == true, "a frame in pieces: \(frame)")
        }
    }
}
