import Dispatch

/// A task executor that runs its jobs on the main queue, where the program's event loop serves
/// them on the main thread.
///
/// A continuation resumed from one of the program's own queues (`BackgroundWork`,
/// `PeopleWorkQueue`) goes to the executor the task prefers before it hops back to its actor;
/// without a preference that is Swift's global executor, libdispatch's worker pool, whose first
/// use starts a timer that wakes the process every second. Work run with this preference
/// (`withTaskExecutorPreference`) sends no job there. Docs/DECISIONS.md, "Async jobs run on the
/// main queue", lists every source of such jobs.
final class MainQueueTaskExecutor: TaskExecutor {
    static let shared = MainQueueTaskExecutor()

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        DispatchQueue.main.async { job.runSynchronously(on: executor) }
    }
}
