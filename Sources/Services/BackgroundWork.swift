import Dispatch

/// Work that takes time (loading and searching embedded data), run on one serial queue of the
/// program's own rather than on Swift's global executor.
///
/// On Linux, the first job on the global executor starts libdispatch's worker-pool monitor, a
/// timer that wakes the process every second from then on; `make perf` saw it as one wake-up a
/// second on every idle tab after the Movies tab had loaded. A serial queue of our own does not
/// start it, and one queue is enough: the work is short and one thing at a time is what the
/// screens ask for.
enum BackgroundWork {
    private static let queue = DispatchQueue(label: "mvvm-tui.background-work")

    /// Runs `work` on the background queue and returns its result to the caller's actor.
    static func run<Result: Sendable>(_ work: @escaping @Sendable () throws -> Result) async throws -> Result {
        try await withCheckedThrowingContinuation { continuation in
            queue.async { continuation.resume(with: Swift.Result { try work() }) }
        }
    }
}
