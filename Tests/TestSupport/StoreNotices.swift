import Foundation
import Models

/// The change notices of `InMemoryPeopleStore`: who observes, on which queue, and which of them
/// has a notice on its way, so that commits in a row are told once. A commit is counted on the
/// store's thread and told on each observer's queue, so both may touch this at once.
///
/// Sendable unchecked: its mutable fields are read and written only while holding `lock`.
final class StoreNotices: @unchecked Sendable {
    private let lock = NSLock()
    private var observers: [UUID: (DispatchQueue, @Sendable () -> Void)] = [:]  // guarded by `lock`
    private var noticed: Set<UUID> = []  // guarded by `lock`: the observers with a notice on its way
    private var commits = 0  // guarded by `lock`

    /// Adds an observer, told on `queue` after commits; it counts them as they end.
    func observe(on queue: DispatchQueue, _ onChange: @escaping @Sendable () -> Void) -> StoreObservation {
        let key = UUID()
        lock.withLock { observers[key] = (queue, onChange) }
        return StoreObservation(
            commits: { [weak self] in
                guard let self else { return 0 }
                return lock.withLock { commits }
            },
            stop: { [weak self] in
                guard let self else { return }
                lock.withLock { observers[key] = nil }
            })
    }

    /// Counts a commit and sends a notice to each observer that has none on its way.
    func committed() {
        let sent = lock.withLock {
            commits += 1
            return observers.filter { noticed.insert($0.key).inserted }
        }
        for (key, (queue, _)) in sent {
            queue.async { [weak self] in self?.tell(key) }
        }
    }

    /// Tells each observer with a notice on its way, now, on the caller's thread.
    func deliver() {
        for key in lock.withLock({ noticed }) { tell(key) }
    }

    /// Tells the observer `key` of the commits since it was last told, once, unless it stopped.
    private func tell(_ key: UUID) {
        let onChange = lock.withLock { noticed.remove(key) != nil ? observers[key]?.1 : nil }
        onChange?()
    }
}
