import Foundation

/// A source of time: the monotonic now, actions run once after a delay, and actions repeated at
/// an interval.
///
/// View-models and operators take a scheduler in `init` instead of reading the wall clock, so
/// tests drive time by hand with a test scheduler and never sleep.
@MainActor
public protocol Scheduler: AnyObject {
    /// Monotonic time since an arbitrary fixed origin.
    var now: Duration { get }

    /// Runs `action` once, `delay` from now, unless the returned action is cancelled first.
    func schedule(after delay: Duration, _ action: @escaping @MainActor () -> Void) -> ScheduledAction

    /// Runs `action` `delay` from now and then every `interval`, until the returned action is
    /// cancelled: one timer for as long as it repeats, not one armed again for each run.
    func schedule(
        every interval: Duration, after delay: Duration,
        _ action: @escaping @MainActor () -> Void
    ) -> ScheduledAction
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

/// The live scheduler: the monotonic clock, one-off actions on the main dispatch queue, and
/// repeating actions on a timer of the main run loop.
///
/// A timer exists only while an action waits or repeats, so an idle program makes no wake-ups.
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

    /// A timer of the main run loop, which the main thread waits on itself: each run wakes that
    /// thread once. A dispatch timer would wake libdispatch's manager thread too, to hand the
    /// run to the main queue (Docs/DECISIONS.md, "A repeating action is a timer of the main run
    /// loop").
    public func schedule(
        every interval: Duration, after delay: Duration,
        _ action: @escaping @MainActor () -> Void
    ) -> ScheduledAction {
        let seconds = { (duration: Duration) in Double(max(0, duration.nanoseconds)) / 1e9 }
        let timer = Timer(
            fire: Date(timeIntervalSinceNow: seconds(delay)), interval: seconds(interval),
            repeats: true
        ) { _ in MainActor.assumeIsolated { action() } }
        RunLoop.main.add(timer, forMode: .default)
        return ScheduledAction { timer.invalidate() }
    }
}
