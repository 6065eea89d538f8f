import Foundation
import Testing
import TestSupport

/// The idle program never wakes, even after work that resumed from `BackgroundWork`'s queue.
///
/// A task that resumes from another thread is enqueued on Swift's global executor; on Linux that
/// is libdispatch's worker pool, whose first use starts a monitor that wakes the process once a
/// second for the rest of its life. The program sets the runtime's global-executor hook
/// (`Sources/Platform/CJobs`) to run those jobs on the main queue instead. This test is what keeps that
/// hook: it fails when the hook stops working (Docs/DECISIONS.md, "Async jobs run on the main
/// queue").
@Suite(.serialized, .startsProcesses) struct IdleEndToEndTests {
    @Test func afterASearchAndAPlaceLookupTheIdleProgramMakesNoContextSwitch() async throws {
        let dataDirectory = FileManager.default.temporaryDirectory
            .appendingPathComponent("mvvm-tui-e2e-data-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: dataDirectory) }
        let session = try await TmuxSession(arguments: ["--tab", "search", "--offline", "--data-dir", dataDirectory])
        try await session.waitFor("Start searching your favorite movies")
        try await session.type("star wars")
        try await session.waitFor("› Star Wars (1977)")
        try await session.press("M-1")
        try await session.waitFor("McGaheysville, VA")
        try await session.type("Paris")
        try await session.waitFor("a suggestion for Paris") { $0.contains("Paris, ") && $0.contains("France") }
        try await session.press("Enter")
        try await session.waitFor("Paris, France")
        let process = try #require(try await session.programID(), "the program is not running")

        // A moment for the last frame to go out, then three seconds with nothing to do. libdispatch
        // ends a worker thread five seconds after its last job (the search's, on a loaded machine
        // just before the window): a window in which only such threads exit is measured again.
        try await Task.sleep(for: .milliseconds(500))
        var wakes = try await Self.wakes(of: process)
        if wakes.woke.isEmpty, !wakes.exited.isEmpty {
            wakes = try await Self.wakes(of: process)
        }
        #expect(
            wakes.woke.isEmpty && wakes.exited.isEmpty,
            "the idle program woke over 3 s: \((wakes.woke + wakes.exited).sorted().joined(separator: ", "))")
    }

    /// The threads of `process` that ran over the next three seconds (new ones included), and those
    /// that exited.
    private static func wakes(of process: String) async throws -> (woke: [String], exited: [String]) {
        let before = contextSwitches(of: process)
        try await Task.sleep(for: .seconds(3))
        let after = contextSwitches(of: process)
        let woke = after.filter { before[$0.key]?.count != $0.value.count }
            .map { "\($0.value.name) (\($0.key)): \($0.value.count - (before[$0.key]?.count ?? 0))" }
        let exited = before.filter { after[$0.key] == nil }.map { "\($0.value.name) (\($0.key)) exited" }
        return (woke, exited)
    }

    /// Each thread of `process`, by its id: its name and its context switches so far, voluntary
    /// and involuntary (`/proc/PID/task/TID/status`).
    private static func contextSwitches(of process: String) -> [String: (name: String, count: Int)] {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(process)/task")) ?? []
        var threads: [String: (name: String, count: Int)] = [:]
        for task in tasks {
            guard let status = try? String(contentsOfFile: "/proc/\(process)/task/\(task)/status", encoding: .utf8) else {
                continue  // the thread exited while we looked
            }
            let name =
                status.split(separator: "\n").first { $0.hasPrefix("Name:") }
                .map { $0.dropFirst(5).trimmingCharacters(in: .whitespaces) } ?? "?"
            let count = status.split(separator: "\n")
                .filter { $0.hasPrefix("voluntary_ctxt_switches:") || $0.hasPrefix("nonvoluntary_ctxt_switches:") }
                .compactMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) }
                .reduce(0, +)
            threads[task] = (name, count)
        }
        return threads
    }
}
