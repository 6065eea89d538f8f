import Binding

/// A scheduler whose time moves only when a test advances it.
///
/// ```swift
/// let scheduler = TestScheduler()
/// search.inputLineEdited(.insert("star"))
/// scheduler.advance(by: .milliseconds(300))   // runs everything due by then, in order
/// ```
@MainActor
public final class TestScheduler: Scheduler {
    private struct Entry {
        let due: Duration
        let order: Int
        let action: @MainActor () -> Void
    }

    public private(set) var now: Duration = .zero
    private var entries: [Int: Entry] = [:]
    private var nextOrder = 0

    /// Creates a scheduler at time zero with nothing waiting.
    public init() {}

    /// The number of actions waiting to run.
    public var waitingCount: Int { entries.count }

    public func schedule(after delay: Duration, _ action: @escaping @MainActor () -> Void) -> ScheduledAction {
        let order = nextOrder
        nextOrder += 1
        entries[order] = Entry(due: now + max(delay, .zero), order: order, action: action)
        return ScheduledAction { [weak self] in self?.entries[order] = nil }
    }

    /// Moves time forward by `duration`, running every action that falls due on the way, in
    /// the order of their due times (and of scheduling, for equal times).
    public func advance(by duration: Duration = .zero) {
        let target = now + duration
        while let next = entries.values.filter({ $0.due <= target }).min(by: { ($0.due, $0.order) < ($1.due, $1.order) }) {
            entries[next.order] = nil
            now = next.due
            next.action()
        }
        now = target
    }
}
