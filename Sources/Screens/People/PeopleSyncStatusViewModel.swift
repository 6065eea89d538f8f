import Binding
import Models

/// The People screen's exchange with the people server, and what its header says of it: what
/// waits in the outbox, or that all is sent.
///
/// The list owns it and calls its inputs: `storeOpened` when the store opens, `exchange` after
/// the list writes, `showState` after each commit. Both write to the store directly. What needs
/// the user's eye (a failed exchange, conflicts) is its `news`, which the screen's line of news
/// shows when it is the latest said.
@MainActor
public final class PeopleSyncStatusViewModel {
    /// What the header says when no people server is set.
    public static let noServerText = "Sync off: no people server set (--people-api)"

    // MARK: - Outputs

    /// The state of the exchange with the people server, for the header.
    public var text: Output<String> { _text.output }
    /// Whether `text` tells of a failure.
    public var isProblem: Output<Bool> { _isProblem.output }
    /// Whether an exchange runs: up when one starts, down once it ended and `text` and the news
    /// say how.
    public var isExchanging: Output<Bool> { _isExchanging.output }
    /// What the last exchange had to say beside the header: why it stopped, or the conflicts it
    /// settled and the cards it could not read. Told each time it is said.
    public var news: Output<PeopleNews> { _news.output }

    // MARK: - State

    private let _text = Dynamic("")
    private let _isProblem = Dynamic(false)
    private let _isExchanging = Dynamic(false)
    private let _news = Dynamic(PeopleNews.none)
    /// The exchanges started and not yet ended (one asked for while another runs joins it).
    private var exchanges = 0
    private let api: (any PeopleAPI)?
    private let runner: any BackgroundRunner
    private var store: (any PeopleStore)?
    private var sync: PeopleSync?
    /// The exchange with the server under way, for tests to await.
    public private(set) var task: Task<Void, Never>?

    /// `api` is nil when no people server is set.
    init(api: (any PeopleAPI)?, runner: any BackgroundRunner) {
        self.api = api
        self.runner = runner
        _text.value = api == nil ? Self.noServerText : ""
    }

    // MARK: - Inputs

    /// The store is open: from now on it can be synced.
    func storeOpened(_ store: any PeopleStore) {
        self.store = store
        if let api { sync = PeopleSync(store: store, api: api, runner: runner) }
    }

    /// Syncs now, as `r` asks: reads what changed on the server, then sends what waits here.
    public func syncNow() {
        exchange(fetching: true)
    }

    /// Sends what waits, and first reads the server's people when `fetching`. While an exchange
    /// runs, it is asked to do this too once it has done its own.
    func exchange(fetching: Bool) {
        guard let sync else { return }
        let joinsTheRunningOne = sync.isRunning
        if !joinsTheRunningOne {
            _text.change(to: fetching ? "Syncing…" : "Sending…")
            _isProblem.change(to: false)
            exchanges += 1
            _isExchanging.change(to: true)
        }
        let exchange = Task { [weak self] in
            defer { if !joinsTheRunningOne { self?.exchangeEnded() } }
            let report: PeopleSyncReport?
            do {
                let progress = { (progress: PeopleSyncProgress) -> Void in self?.showProgress(progress) }
                report = fetching ? try await sync.sync(progress: progress) : try await sync.postPending()
            } catch {
                self?._news.value = PeopleNews("Sync stopped: \(error)", isProblem: true)
                self?.showState()
                return
            }
            // Nil: an exchange already ran, and takes this one in; it tells how it ended.
            guard let report else { return }
            self?.announce(report)
            self?.showState(fetchError: report.fetchError, postError: report.postError)
        }
        if !joinsTheRunningOne { task = exchange }
    }

    /// An exchange ended, and said how: `isExchanging` falls with the last one.
    private func exchangeEnded() {
        exchanges -= 1
        if exchanges == 0 { _isExchanging.change(to: false) }
    }

    /// Counts the cards read up, while the list shows them as they are kept.
    private func showProgress(_ progress: PeopleSyncProgress) {
        guard progress.total > 0 else { return }
        _text.change(to: "Syncing… \(progress.read.grouped) of \(progress.total.grouped) card\(progress.total == 1 ? "" : "s")")
    }

    /// Tells in the news line what a sync did that needs the user's eye: people changed both
    /// here and on the server, and cards on the server this program cannot read.
    private func announce(_ report: PeopleSyncReport) {
        var told: [String] = []
        if report.conflicts > 0 {
            told.append("\(PeopleListed.count(report.conflicts)) changed both here and on the server: "
                + "both versions kept, yours marked (conflict)")
        }
        if let first = report.unreadableCards.first {
            let others = report.unreadableCards.count - 1
            told.append("cannot read the server's card \(first)\(others > 0 ? " and \(others.grouped) more" : ""), left as it is")
        }
        guard !told.isEmpty else { return }
        let text = told.joined(separator: "; ")
        _news.value = PeopleNews(text.prefix(1).uppercased() + text.dropFirst(), isProblem: true)
    }

    /// Says what waits to be sent (adds, edits and deletes) and why, or why the last fetch
    /// failed, or that all is sent. While an exchange runs, the header keeps saying so: it tells
    /// the state when it ends.
    func showState(fetchError: PeopleAPIError? = nil, postError: PeopleAPIError? = nil) {
        guard let store, let sync, !sync.isRunning else { return }
        let status = (try? store.outboxStatus()) ?? .empty
        let waiting = status.pendingCount + ((try? store.pendingDeletes().count) ?? 0)
        if waiting > 0 {
            let text = "\(PeopleListed.count(waiting)) waiting to be sent"
            // The outbox keeps each post's error; a delete's is the exchange's.
            let reason = status.lastError ?? postError?.message
            _text.change(to: reason.map { "\(text): \($0)" } ?? text)
            _isProblem.change(to: reason != nil)
        } else if let fetchError {
            _text.change(to: "Sync failed: \(fetchError.message)")
            _isProblem.change(to: true)
        } else {
            _text.change(to: "Synced")
            _isProblem.change(to: false)
        }
    }
}
