#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Models
import Services
import Subprocess
import SystemPackage
import Testing
import TestSupport

/// A program killed with SIGKILL in the middle of an import keeps every batch it had committed,
/// and no part of the batch it was writing.
///
/// The test starts this test binary again, running only `importBatchesUntilKilled`, which imports
/// batches of 10,000 people into the database and notes each batch once committed; it kills that
/// process while a batch is being written and reads the database back.
@Suite(.startsProcesses) struct ImportKilledMidwayTests {
    private static let databaseVariable = "MVVM_TUI_KILLED_IMPORT_DATABASE"
    private static let batchSize = 10_000

    @Test func aProcessKilledDuringAnImportLosesNoCommittedPerson() async throws {
        let path = temporaryDatabasePath()
        _ = try AppDatabase(path: path)
        let progress = path + ".committed"
        let testBinary = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        var environment = ProcessInfo.processInfo.environment
        environment[Self.databaseVariable] = path
        let run = try await Subprocess.run(
            .path(FilePath(testBinary)),
            arguments: ["--testing-library", "swift-testing", "--filter", "importBatchesUntilKilled"],
            environment: .custom(Dictionary(uniqueKeysWithValues: environment.map { (Environment.Key(stringLiteral: $0.key), $0.value) })),
            input: .none, output: .discarded, error: .discarded
        ) { execution in
            // Wait for a batch, then kill it within the second's transaction time. Sleeping, not
            // blocking: the other tests share this process's few threads.
            let deadline = ContinuousClock.now + .seconds(120).scaledForThisRun
            while Self.committedBatches(in: progress) < 1, ContinuousClock.now < deadline,
                Self.isRunning(execution.processIdentifier.value)
            {
                try await Task.sleep(for: .milliseconds(5))
            }
            try await Task.sleep(for: .milliseconds(Int.random(in: 0...150)))
            try? execution.send(signal: .kill)
        }
        let noted = Self.committedBatches(in: progress)
        try #require(noted >= 1, "the child did not import (\(run.terminationStatus))")

        let store = SQLitePeopleStore(database: try AppDatabase(path: path))
        let kept = try store.count(matching: "")
        #expect(kept == noted * Self.batchSize || kept == (noted + 1) * Self.batchSize, "\(kept) people after \(noted) batches")
        #expect(try store.outboxStatus().pendingCount == kept)
    }

    /// Runs only as the child of the test above: imports batches until killed. A child whose
    /// parent went away first (a test run stopped halfway) stops by itself, rather than filling
    /// the disk for ever.
    @Test(.enabled(if: ProcessInfo.processInfo.environment[databaseVariable] != nil, "only as the child of the kill test"))
    func importBatchesUntilKilled() throws {
        let path = try #require(ProcessInfo.processInfo.environment[Self.databaseVariable])
        let store = SQLitePeopleStore(database: try AppDatabase(path: path))
        let progress = open(path + ".committed", O_WRONLY | O_CREAT | O_APPEND, 0o600)
        defer { close(progress) }
        let parent = getppid()
        for batch in 1... {
            guard getppid() == parent else { return }
            let people = (0..<Self.batchSize).map { Person(firstName: "Given\($0)", lastName: "Batch\(batch)") }
            try store.add(people)
            _ = write(progress, "\(batch)\n", "\(batch)\n".utf8.count)
        }
    }

    /// Whether `process` runs: it exists and has not exited (a zombie waits for its reaping).
    private static func isRunning(_ process: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(process)/stat", encoding: .utf8),
            let end = stat.lastIndex(of: ")")
        else { return false }
        return !stat[end...].dropFirst(2).hasPrefix("Z")
    }

    /// How many batches the child has noted as committed.
    private static func committedBatches(in path: String) -> Int {
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { Int($0) }.max() ?? 0
    }
}
