import Binding
import Models

/// The People screen's exchange with the people server, and what its header says of it: what
/// waits in the outbox, or that all is sent.
///
/// The list owns it and calls its inputs: `storeOpened` when the store opens, `exchange` after
/// the list writes, `showState` after each commit. Both write to the store directly; a failed
/// exchange is told in the screen's line of news, which they share.
@MainActor
public final class PeopleSyncStatusViewModel {
    // MARK: - Outputs

    /// The state of the exchange with the people server, for the header.
    public var text: Output<String> { _text.output }
    /// Whether `text` tells of a failure.
    public var isProblem: Output<Bool> { _isProblem.output }

    // MARK: - State

    private let _text = Dynamic("")
    private let _isProblem = Dynamic(false)
    private let api: (any PeopleAPI)?
    private let runner: any BackgroundRunner
    private let news: PeopleNews
    private var store: (any PeopleStore)?
    private var sync: PeopleSync?
    /// The exchange with the server under way, for tests to await.
    public private(set) var task: Task<Void, Never>?

    /// `api` is nil when no people server is set.
    init(api: (any PeopleAPI)?, runner: any BackgroundRunner, news: PeopleNews) {
        self.api = api
        self.runner = runner
        self.news = news
        _text.value = api == nil ? "Sync off: no people server set (--people-api)" : ""
    }

    // MARK: - Inputs

    /// The store is open: from now on it can be synced.
    func storeOpened(_ store: any PeopleStore) {
        self.store = store
        if let api { sync = PeopleSync(store: store, api: api, runner: runner) }
    }

    /// Sends the people waiting in the outbox now.
    public func retry() {
        exchange(fetching: false)
    }

    /// Sends what waits, and first reads the server's people when `fetching`.
    func exchange(fetching: Bool) {
        guard let sync else { return }
        _text.change(to: fetching ? "Syncing…" : "Sending…")
        _isProblem.change(to: false)
        task = Task { [weak self] in
            let report: PeopleSyncReport?
            do {
                report = fetching ? try await sync.sync() : try await sync.postPending()
            } catch {
                self?.news.say("Sync stopped: \(error)", isProblem: true)
                report = nil
            }
            self?.showState(fetchError: report?.fetchError)
        }
    }

    /// Says what waits in the outbox, or why the last fetch failed, or that all is sent.
    func showState(fetchError: PeopleAPIError? = nil) {
        guard let store, api != nil else { return }
        let status = (try? store.outboxStatus()) ?? .empty
        if status.pendingCount > 0 {
            let waiting = "\(PeopleListViewModel.count(status.pendingCount)) waiting to be sent"
            _text.change(to: status.lastError.map { "\(waiting): \($0)" } ?? waiting)
            _isProblem.change(to: status.lastError != nil)
        } else if let fetchError {
            _text.change(to: "Sync failed: \(fetchError.message)")
            _isProblem.change(to: true)
        } else {
            _text.change(to: "Synced")
            _isProblem.change(to: false)
        }
    }
}
