import Binding

/// A scheduler whose time moves only when a test advances it.
///
/// ```swift
/// let scheduler = TestScheduler()
/// search.inputLineEdited(.insert("star"))
/// scheduler.advance(by: .milliseconds(300))   // runs everything due by then, in order
/// ```
///
/// A repeating action stays waiting after each run, due again an interval later, until it is
/// cancelled.
@MainActor
public final class TestScheduler: Scheduler {
    private struct Entry {
        var due: Duration
        let order: Int
        /// The interval of a repeating action; nil for one that runs once.
        let interval: Duration?
        let action: @MainActor () -> Void
    }

    public private(set) var now: Duration = .zero
    private var entries: [Int: Entry] = [:]
    private var nextOrder = 0

    /// Creates a scheduler at time zero with nothing waiting.
    public init() {}

    /// The number of actions waiting to run, repeating ones included.
    public var waitingCount: Int { entries.count }

    /// The number of repeating actions armed: each is one live timer.
    public var repeatingCount: Int { entries.values.count { $0.interval != nil } }

    public func schedule(after delay: Duration, _ action: @escaping @MainActor () -> Void) -> ScheduledAction {
        add(Entry(due: now + max(delay, .zero), order: nextOrder, interval: nil, action: action))
    }

    public func schedule(
        every interval: Duration, after delay: Duration,
        _ action: @escaping @MainActor () -> Void
    ) -> ScheduledAction {
        precondition(interval > .zero, "a repeating action needs an interval")
        return add(Entry(due: now + max(delay, .zero), order: nextOrder, interval: interval, action: action))
    }

    private func add(_ entry: Entry) -> ScheduledAction {
        nextOrder += 1
        entries[entry.order] = entry
        return ScheduledAction { [weak self] in self?.entries[entry.order] = nil }
    }

    /// Moves time forward by `duration`, running every action that falls due on the way, in
    /// the order of their due times (and of scheduling, for equal times). A repeating action is
    /// due again an interval after each run, and runs as often as that falls within `duration`.
    public func advance(by duration: Duration = .zero) {
        let target = now + duration
        while var next = entries.values.filter({ $0.due <= target }).min(by: { ($0.due, $0.order) < ($1.due, $1.order) }) {
            now = next.due
            if let interval = next.interval {
                next.due += interval
                entries[next.order] = next  // before the run, so the action may cancel itself
            } else {
                entries[next.order] = nil
            }
            next.action()
        }
        now = target
    }
}
