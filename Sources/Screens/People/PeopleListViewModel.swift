import Binding
import Foundation
import Models

/// The People screen: everyone in the store, sorted and filtered, a page at a time.
///
/// The list is one value, `PeopleList`, whose transitions name each read of the store as work;
/// its runner (`PeopleListRunner`) reads the rows in view before the key that asked returns, so
/// 100,000 people page as fast as ten. A person added here is kept first and sent to
/// the people server after. The list owns a view-model per other concern and hears them through
/// their outputs: `prompt` (the input line), `transfer` (vCard files) and `syncStatus` (the
/// exchange with the server, whose outputs the header shows).
///
/// ```swift
/// func show(_ store: any PeopleStore, preferences: any PreferencesStore, files: any TextFiles) -> [BindingToken] {
///     let runners = PeopleRunners.live(
///         openStore: { store }, api: nil, files: files, background: PeopleWorkQueue(), now: Date.init,
///         birthdayWindow: 7, birthdaysRead: 20, retryScheduler: nil)
///     let people = PeopleListViewModel(runners: runners, openPreferences: { preferences }, today: { CalendarDay.today() })
///     let rows = people.rows.bindAndFire { print($0.map(\.nameText)) }   // [] until it appears
///     people.screenAppeared()         // then the first page: ["Ada Lovelace", …]
///     people.prompt.startAdding()     // the form opens in the input line
///     return [rows]
/// }
/// ```
@MainActor
public final class PeopleListViewModel {
    /// What the empty screen says.
    public nonisolated static let emptyMessage = "No one here yet. Press a to add someone, or i to import a vCard file."
    /// How many days ahead the birthdays soon look unless told otherwise: a week.
    public static let defaultBirthdayWindow = 7

    // MARK: - Outputs

    /// The people in view, from `firstVisibleIndex`.
    public let rows: Output<[PersonViewModel]>
    /// The place in the whole list of the first row in view.
    public let firstVisibleIndex: Output<Int>
    /// The place in the whole list of the person under the cursor.
    public let selectedIndex: Output<Int>
    /// The person under the cursor, for the detail pane.
    public let selectedPerson: Output<PersonViewModel?>
    /// `3 people`, `1 of 3 people`, for the header.
    public let countText: Output<String>
    /// How many people match the filter.
    public let matchCount: Output<Int>
    /// The order of the list.
    public let sortOrder: Output<PersonSortOrder>
    /// `by last name`, `by first name` or `by next birthday`.
    public let sortText: Output<String>
    /// `3 people, by last name`: the count and the order, as the header and the printout say them.
    public var headerText: Output<String> { machine.state.map(\.headerText).distinct().output }
    /// Where the cursor is when the list is longer than the rows in view: `37/100`; else empty.
    public var positionText: Output<String> { machine.state.map(\.positionText).distinct().output }
    /// What the screen says in place of an empty list; empty when there are rows.
    public let emptyText: Output<String>
    /// Whether a sync, an import or an export runs on; it falls once what it did is shown.
    public var isBusy: Output<Bool> { activity.isBusy }
    /// The first `birthdaysShown` people whose birthday falls within `birthdayWindow` days, soonest first.
    public let birthdaysSoon: Output<[PersonViewModel]>
    /// `Birthdays soon: Ada Lovelace today, Grace Hopper in 3 days`; empty when there are none.
    public let birthdaysSoonText: Output<String>
    /// How many days ahead `birthdaysSoon` looks; the screen shows the first 20 (more than its line holds).
    public let birthdayWindow: Int, birthdaysShown: Int
    /// The latest news (`Added Ada Lovelace`, a failure) of the list, its prompt, the sync or a transfer.
    public var message: Output<String> { activity.message }
    /// Whether `message` tells of a failure.
    public var messageIsProblem: Output<Bool> { activity.messageIsProblem }
    /// The line under the header: a question, a transfer's progress, `message` or the birthdays soon.
    public var newsLine: Output<PeopleNewsLine> { activity.line }
    /// The conflict's copy shown full-size, beside the server's version of them; nil while the
    /// detail shows anyone else, or none shows.
    public let conflict: Output<PersonConflict?>
    /// What the kept card of the person shown full-size says beyond the row, a line each:
    /// `Address 12 St James's Square, London (home)`, `Organisation Analytical Engines`, notes,
    /// websites, nicknames; empty while no one shows full-size.
    public let cardLines: Output<[String]>

    // MARK: - Concerns

    /// The input line and what it asks for: the filter, the form, a file's path, the question
    /// before a delete.
    public let prompt: PeoplePromptViewModel
    /// vCard files, imported and exported.
    public let transfer: PeopleTransferViewModel
    /// The exchange with the people server, for the header.
    public let syncStatus: PeopleSyncStatusViewModel

    // MARK: - State

    private let machine: ScreenMachine<PeopleList>
    let activity = PeopleActivity()
    private let openPreferences: @MainActor () throws -> any PreferencesStore
    private let chosenOrder: PersonSortOrder?
    private var preferences: (any PreferencesStore)?
    private var hasAppeared = false
    /// Whether the list shows, no question, form, detail or path asked for in its place, as the
    /// prompt's `mode` says: a click or the wheel acts on the list only then.
    private(set) var promptShowsList = true
    private let today: () -> CalendarDay
    private var tokens: [BindingToken] = []

    /// Creates the screen over `runners` (the composition root's `PeopleRunners.live`, or a
    /// test's); the preferences open when it first appears. `today` is the user's day, and
    /// `timeZone` their time zone. The order is `chosenOrder` (`--sort`, not kept), else the one
    /// kept by `toggleSort`, else `defaultOrder`; the birthdays soon look `birthdayWindow` days
    /// ahead and the first `birthdaysShown` show. `offline` is `--offline`, which the header tells
    /// rather than a server not set.
    public init(
        runners: PeopleRunners, openPreferences: @escaping @MainActor () throws -> any PreferencesStore,
        today: @escaping () -> CalendarDay, timeZone: TimeZone = .current, defaultOrder: PersonSortOrder = .lastName,
        birthdayWindow: Int = PeopleListViewModel.defaultBirthdayWindow, birthdaysShown: Int = 20, chosenOrder: PersonSortOrder? = nil,
        offline: Bool = false
    ) {
        (self.openPreferences, self.chosenOrder) = (openPreferences, chosenOrder)

        (self.birthdayWindow, self.birthdaysShown) = (birthdayWindow, birthdaysShown)
        machine = ScreenMachine(PeopleList(order: chosenOrder ?? defaultOrder, today: today()), runner: runners.list)
        self.today = today
        let listed = machine.state
        let window = listed.map(\.window).distinct()
        rows = listed.map { listed in listed.window.people.map(listed.row) }.distinct().output
        selectedPerson = listed.map { listed in listed.window.selected.map(listed.row) }.distinct().output
        firstVisibleIndex = window.map(\.offset).distinct().output
        selectedIndex = window.map(\.cursor).distinct().output
        matchCount = window.map(\.matches).distinct().output
        countText = listed.map(\.countText).distinct().output
        emptyText = listed.map(\.emptyText).distinct().output
        conflict = listed.map(\.conflict).distinct().output
        cardLines = listed.map(\.cardLines).distinct().output
        birthdaysSoon =
            listed.map { listed in listed.window.birthdays.map { PersonViewModel(person: $0, today: listed.today) } }
            .distinct().output
        birthdaysSoonText = birthdaysSoon.map(PeopleList.birthdaysText)
        sortOrder = listed.map(\.shownOrder).distinct().output
        sortText = sortOrder.map(PeopleList.sortText)
        let storeIsOpen = listed.map(\.isOpen).distinct().output
        transfer = PeopleTransferViewModel(runner: runners.transfer, storeIsOpen: storeIsOpen)
        syncStatus = PeopleSyncStatusViewModel(
            hasServer: runners.hasServer, offline: offline, timeZone: timeZone, runner: runners.exchange, storeIsOpen: storeIsOpen)
        prompt = PeoplePromptViewModel(
            selectedPerson: selectedPerson, transferIsRunning: transfer.isRunning,
            storeIsOpen: storeIsOpen, today: listed.map(\.today).distinct().output)
        hearChildren()
    }

    /// Hears the children: their news, the end of a transfer, and whether work runs.
    private func hearChildren() {
        prompt.requests.bind { [unowned self] in answer($0) }.store(in: &tokens)
        prompt.mode.bindAndFire { [unowned self] in promptShowsList = $0 == .list }.store(in: &tokens)
        prompt.mode.map { mode -> Person? in
            if case .viewing(let shown) = mode { shown.person } else { nil }
        }.distinct().bindAndFire { [unowned self] in send(.detailShown($0)) }.store(in: &tokens)
        machine.told.bind { [unowned self] in told($0) }.store(in: &tokens)
        activity.hear(prompt.news)
        activity.hear(syncStatus.news)
        activity.show(question: prompt.question, progress: transfer.progress, birthdays: birthdaysSoonText)
        transfer.report.bind { [unowned self] in transferEnded($0) }.store(in: &tokens)
        // What the sync kept is listed before the screen says it is done.
        activity.follow(transferring: transfer.isRunning, exchanging: syncStatus.isExchanging) { [unowned self] in
            send(.catchUpAsked)
        }
    }

    // MARK: - Appearing

    /// The screen came into view: the first time, it opens the store, reads the kept order,
    /// follows the store's changes and syncs with the people server; after that, it reads again
    /// if a commit (an import's batches, another instance's) landed meanwhile.
    public func screenAppeared() {
        guard !hasAppeared else { return send(.appeared(today: today())) }
        hasAppeared = true
        do {
            preferences = try openPreferences()
            if chosenOrder == nil,
                let kept = try preferences?.string(forKey: PersonSortOrder.preferenceKey).flatMap(PersonSortOrder.init(rawValue:))
            {
                send(.sorted(kept))
            }
        } catch {
            activity.say(PeopleNews("The sort order is not kept: \(error)", isProblem: true))
        }
        send(.appeared(today: today()))
        syncStatus.exchange(fetching: true)  // once the store opens, if it cannot yet
    }

    /// The screen went out of view: the store's commits (an import's batches) are read when it
    /// shows again, not as they come.
    public func screenDisappeared() {
        send(.disappeared)
    }

    /// How many rows the screen has room for; the view tells it before drawing.
    public func setVisibleRowCount(_ count: Int) {
        send(.resized(rows: count))
    }

    // MARK: - Moving and sorting

    /// Sorts by the next order (`PersonSortOrder.next`), keeps the choice, and goes to the top.
    public func toggleSort() {
        let order = machine.state.value.order.next
        do { try preferences?.set(order.rawValue, forKey: PersonSortOrder.preferenceKey) } catch {
            activity.say(PeopleNews("The sort order is not kept: \(error)", isProblem: true))
        }
        send(.sorted(order))
    }

    /// Sends `event` to the list, after the new day when one began since the last event.
    func send(_ event: PeopleList.Event) {
        machine.send(.dayBegan(today()))
        machine.send(event)
    }

    /// The list as last read.
    var list: PeopleList { machine.state.value }

    // MARK: - Conflicts

    /// Settles the conflict shown full-size (`conflict`): keeps the version entered here, the
    /// server's, or both as two people; then goes back to the list, and sends what changed.
    public func settleConflict(keeping choice: PersonConflict.Choice) {
        guard let conflict = machine.state.value.conflict else { return }
        send(.writeAsked(.settle(conflict, keeping: choice)))
    }
}
