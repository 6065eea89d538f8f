import Foundation

/// A source of time: the monotonic now, and actions run once after a delay.
///
/// View-models and operators take a scheduler in `init` instead of reading the wall clock, so
/// tests drive time by hand with a test scheduler and never sleep.
@MainActor
public protocol Scheduler: AnyObject {
    /// Monotonic time since an arbitrary fixed origin.
    var now: Duration { get }

    /// Runs `action` once, `delay` from now, unless the returned action is cancelled first.
    func schedule(after delay: Duration, _ action: @escaping @MainActor () -> Void) -> ScheduledAction
}

/// An action waiting on a ``Scheduler``; cancelling it means it never runs.
@MainActor
public final class ScheduledAction {
    private var onCancel: (@MainActor () -> Void)?

    /// Creates a handle whose `cancel()` calls `onCancel` once.
    public init(onCancel: @escaping @MainActor () -> Void) {
        self.onCancel = onCancel
    }

    /// Stops the action from running; calling it again does nothing.
    public func cancel() {
        let action = onCancel
        onCancel = nil
        action?()
    }
}

/// The live scheduler: the monotonic clock and timers on the main dispatch queue.
///
/// A timer exists only while an action waits, so an idle program makes no wake-ups.
@MainActor
public final class MainQueueScheduler: Scheduler {
    private let clock = ContinuousClock()
    private let origin: ContinuousClock.Instant

    /// Creates a scheduler whose `now` starts at zero.
    public init() {
        origin = clock.now
    }

    public var now: Duration {
        origin.duration(to: clock.now)
    }

    public func schedule(after delay: Duration, _ action: @escaping @MainActor () -> Void) -> ScheduledAction {
        let item = DispatchWorkItem {
            MainActor.assumeIsolated { action() }
        }
        DispatchQueue.main.asyncAfter(deadline: .now() + .nanoseconds(Int(max(0, delay.nanoseconds))), execute: item)
        return ScheduledAction { item.cancel() }
    }
}
