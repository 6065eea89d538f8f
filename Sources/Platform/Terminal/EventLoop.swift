import Foundation

/// The program's one event loop, the app's and the subcommands' alike: the main thread's run loop,
/// which drains the main queue on the main thread and fires the scheduler's run-loop timers
/// (`MainQueueScheduler.schedule(every:after:)`).
///
/// `dispatchMain()` would park the main thread and run main-queue work on pool threads that
/// libdispatch reaps five seconds after each event (a wake-up in every idle window), and a
/// run-loop timer would never fire under it.
public enum EventLoop {
    /// Serves the main queue and the run loop's timers until the program exits.
    public static func run() -> Never {
        while true {
            _ = RunLoop.main.run(mode: .default, before: .distantFuture)
        }
    }
}
