import Foundation
import Binding
import Models

/// The People screen's exchange with the people server, and what its header says of it: what
/// waits in the outbox, or that all is sent.
///
/// What the exchange is doing is one value, `PeopleExchange`, whose transitions name the work;
/// the runner does it (live, `PeopleSyncSteps`: the sync in a task, the outbox read at once). The
/// list builds it, scoped to whether the store is open, and calls its inputs: `exchange` after
/// the list writes, `showState` after each read. What needs the user's eye (a failed exchange,
/// conflicts) is its `news`, which the screen's line of news shows when it is the latest said.
@MainActor
public final class PeopleSyncStatusViewModel {
    /// What the header says when no people server is set.
    public nonisolated static let noServerText = "Sync off: no people server set (--people-api)"
    /// What the header says with `--offline`: the server is set, and not asked.
    public nonisolated static let offlineText = "Sync off (--offline): changes wait here"

    // MARK: - Outputs

    /// What the last exchange had to say beside the header: why it stopped, or the conflicts it
    /// settled and the cards it could not read. Told once each time it is said, before the
    /// header and `isExchanging` show the state that follows.
    public let news: Events<PeopleNews>
    /// The state of the exchange with the people server, for the header.
    public let text: Output<String>
    /// Whether `text` tells of a failure.
    public let isProblem: Output<Bool>
    /// How many people wait to be sent, as the header last said; nil before the outbox is read,
    /// or when it cannot be.
    public let waiting: Output<Int?>
    /// Whether an exchange runs: up when one starts, down once it ended and `text` and the news
    /// say how.
    public let isExchanging: Output<Bool>
    /// Whether the last exchange did nothing because another process on the data folder was
    /// exchanging with the server: `people --sync` then exits with status 75 (try again later).
    public let wasBlocked: Output<Bool>

    // MARK: - State

    private let machine: ScreenMachine<PeopleExchange>
    private var tokens: [BindingToken] = []

    /// The exchange whose work `runner` does (the live `PeopleSyncSteps`, or a test's), with a
    /// people server when `hasServer`; `offline` when `--offline` keeps the program off the
    /// network; `timeZone` (the user's) says when the book was last up to date. It can sync once
    /// `storeIsOpen` holds.
    init(
        hasServer: Bool, offline: Bool = false, timeZone: TimeZone = TimeZone(identifier: "UTC")!,
        runner: any WorkRunner<PeopleExchange.Work, PeopleExchange.Answer>, storeIsOpen: Output<Bool>
    ) {
        machine = ScreenMachine(PeopleExchange(hasServer: hasServer, offline: offline, timeZone: timeZone), runner: runner)
        let state = machine.state
        news = machine.told
        text = state.map(\.header).distinct().output
        isProblem = state.map(\.headerIsProblem).distinct().output
        waiting = state.map(\.waiting).distinct().output
        isExchanging = state.map(\.isExchanging).distinct().output
        wasBlocked = state.map(\.wasBlocked).distinct().output
        storeIsOpen.bindAndFire { [unowned self] open in
            if open { machine.send(.opened) }
        }.store(in: &tokens)
    }

    // MARK: - Inputs

    /// Syncs now, as `r` asks: reads what changed on the server, then sends what waits here;
    /// without a server, the news says how to set one.
    public func syncNow() {
        machine.send(.syncPressed)
    }

    /// Sends what waits, and first reads the server's people when `fetching`. While an exchange
    /// runs, it is asked to do this too once it has done its own.
    func exchange(fetching: Bool) {
        machine.send(.exchangeAsked(fetching: fetching))
    }

    /// Says what waits to be sent and why, or that all is sent; while an exchange runs, the
    /// header keeps saying so, and tells the state when it ends.
    func showState() {
        machine.send(.stateAsked)
    }
}
