import Binding
import Foundation
import Models

/// The live steps of the exchange with the people server: the sync runs in a task (its store work
/// on the background queue), telling how far its reading got; what waits in the outbox is read
/// at once, on the main actor, as the list reads its rows. The store opens the first time a step
/// needs it (the composition root builds this runner, with the list's). The wait before trying the server again is a timer on `scheduler`, armed only
/// while it waits; without a scheduler (a subcommand, which ends when its sync does) it never ends.
@MainActor
public final class PeopleSyncSteps: WorkRunner {
    private let open: @MainActor () throws -> any PeopleStore
    private let api: (any PeopleAPI)?
    private let queue: any BackgroundQueue
    private let now: () -> Date
    private var store: (any PeopleStore)?
    private var sync: PeopleSync?
    private var tasks: [WorkID: Task<Void, Never>] = [:]
    private let scheduler: (any Scheduler)?
    private var timers: [WorkID: ScheduledAction] = [:]

    /// Steps over the store `openStore` gives and `api` (nil: no people server), the sync's store
    /// work on `queue`, dated `now`; the waits before trying the server again on `scheduler`.
    public init(
        openStore: @escaping @MainActor () throws -> any PeopleStore, api: (any PeopleAPI)?, queue: any BackgroundQueue,
        now: @escaping () -> Date, scheduler: (any Scheduler)? = nil
    ) {
        open = openStore
        self.api = api
        self.queue = queue
        self.now = now
        self.scheduler = scheduler
    }

    isolated deinit {
        for task in tasks.values { task.cancel() }
        for timer in timers.values { timer.cancel() }
    }

    /// The store, opened the first time it is needed (tried again each time until it opens), and
    /// the sync over it when there is a server.
    private func opened() throws -> (store: any PeopleStore, sync: PeopleSync?) {
        if let store { return (store, sync) }
        let store = try open()
        self.store = store
        if let api { sync = PeopleSync(store: store, api: api, queue: queue, now: now) }
        return (store, sync)
    }

    public func start(_ work: PeopleExchange.Work, as id: WorkID, deliver: @escaping @MainActor (PeopleExchange.Answer) -> Void) {
        switch work {
        case .readOutbox:
            // A store that cannot open has an outbox nobody can read: the header says so.
            do {
                let store = try opened().store
                let status = try store.outboxStatus()
                let deletes = try store.pendingDeletes().count
                let outcome = try store.syncOutcome()
                deliver(.outbox(waiting: status.pendingCount + deletes, lastError: status.lastError, outcome: outcome, now: now()))
            } catch {
                deliver(.outboxUnread("\(error)"))
            }
        case .wait(let delay):
            timers[id] = scheduler?.schedule(after: delay) { [weak self] in
                guard self?.timers.removeValue(forKey: id) != nil else { return }
                deliver(.due)
            }
        case .exchange(let fetching):
            let sync: PeopleSync
            do {
                guard let opened = try opened().sync else { return deliver(.ended(nil)) }
                sync = opened
            } catch {
                return deliver(.stopped("People cannot be read: \(error)"))
            }
            tasks[id] = Task { [weak self] in
                let answer: PeopleExchange.Answer
                do {
                    let progress = { (progress: PeopleSyncProgress) in deliver(.progress(progress)) }
                    answer = .ended(fetching ? try await sync.sync(progress: progress) : try await sync.postPending())
                } catch {
                    answer = .stopped("\(error)")
                }
                guard let self, !Task.isCancelled, tasks.removeValue(forKey: id) != nil else { return }
                deliver(answer)
            }
        }
    }

    public func cancel(_ id: WorkID) {
        tasks.removeValue(forKey: id)?.cancel()
        timers.removeValue(forKey: id)?.cancel()
    }
}
