import Dispatch
import Models

/// Work that takes time (loading and searching embedded data), run on one serial queue of the
/// program's own, so the main actor stays free while a catalogue loads or a search runs.
enum BackgroundWork {
    private static let queue = DispatchQueue(label: "mvvm-tui.background-work")

    /// Runs `work` on the background queue and returns its result to the caller's actor, by way
    /// of the main queue, never Swift's global executor (`MainQueueTaskExecutor`).
    static func run<Result: Sendable>(_ work: @escaping @Sendable () throws -> Result) async throws -> Result {
        try await resumingOnMainQueue(queue, work)
    }

    /// Runs `work` on `queue` and resumes its caller through the main queue.
    static func resumingOnMainQueue<Result: Sendable>(_ queue: DispatchQueue, _ work: @escaping @Sendable () throws -> Result)
        async throws -> Result
    {
        try await withTaskExecutorPreference(MainQueueTaskExecutor.shared) {
            try await withCheckedThrowingContinuation { continuation in
                queue.async { continuation.resume(with: Swift.Result { try work() }) }
            }
        }
    }
}
