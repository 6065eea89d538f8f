import Binding
import Dispatch
import Models

/// The People screen: everyone in the store, sorted and filtered, a page at a time.
///
/// Only the rows in view are read, so 100,000 people page as fast as ten. The list follows the
/// store: any commit (an add, a delete, a sync) reads the page again. A person added here is
/// kept first and sent to the people server after; the header says what waits.
///
/// The list owns a view-model per other concern and calls their inputs: `form` (adding
/// someone), `transfer` (vCard files) and `syncStatus` (the exchange with the people server,
/// whose outputs the header shows).
///
/// ```swift
/// let people = PeopleListViewModel(openStore: { store }, openPreferences: { preferences },
///                                  api: nil, files: files, runner: PeopleWorkQueue(), today: { today })
/// let rows = people.rows.bindAndFire { print($0.map(\.nameText)) }   // [] until it appears
/// people.screenAppeared()         // then the first page: ["Ada Lovelace", …]
/// people.startAdding()            // the form opens in the input line
/// ```
@MainActor
public final class PeopleListViewModel {
    /// What the screen is doing: listing, or asking for something.
    public enum Mode: Equatable, Sendable {
        case list
        case form(PersonForm)
        case confirmingDelete(PersonViewModel)
        case importing
        case exporting
    }

    /// What the empty screen says.
    public static let emptyMessage = "No one here yet. Press a to add someone, or i to import a vCard file."

    // MARK: - Outputs

    /// The people in view, from `firstVisibleIndex`.
    public var rows: Output<[PersonViewModel]> { _rows.output }
    /// The place in the whole list of the first row in view.
    public var firstVisibleIndex: Output<Int> { _firstVisibleIndex.output }
    /// The place in the whole list of the person under the cursor.
    public var selectedIndex: Output<Int> { _selectedIndex.output }
    /// The person under the cursor, for the detail pane.
    public var selectedPerson: Output<PersonViewModel?> { _selectedPerson.output }
    /// `3 people`, `1 of 3 people`, for the header.
    public var countText: Output<String> { _countText.output }
    /// How many people match the filter.
    public var matchCount: Output<Int> { _matchCount.output }
    /// The order of the list.
    public var sortOrder: Output<PersonSortOrder> { _sortOrder.output }
    /// `by last name` or `by first name`.
    public var sortText: Output<String> { _sortText.output }
    /// What the screen says in place of an empty list; empty when there are rows.
    public var emptyText: Output<String> { _emptyText.output }
    /// Whether work the screen started runs on: a sync with the people server, an import or an
    /// export. It falls once what the work did is shown (the rows, the header, the news).
    public var isBusy: Output<Bool> { _isBusy.output }
    /// The people whose birthday falls within `birthdayWindow` days, soonest first.
    public var birthdaysSoon: Output<[PersonViewModel]> { _birthdaysSoon.output }
    /// `Birthdays soon: Ada Lovelace today, Grace Hopper in 3 days`; empty when there are none.
    public var birthdaysSoonText: Output<String> {
        birthdaysSoon.map { people in
            people.isEmpty ? "" : "Birthdays soon: " + people.map { "\($0.nameText) \($0.nextBirthdayText)" }.joined(separator: ", ")
        }
    }
    /// How many days ahead `birthdaysSoon` looks.
    public let birthdayWindow: Int
    /// The window unless told otherwise: a week.
    public static let defaultBirthdayWindow = 7
    /// The latest news: `Added Ada Lovelace`, `Imported 3 people`, or what went wrong.
    public var message: Output<String> { news.message }
    /// Whether `message` tells of a failure.
    public var messageIsProblem: Output<Bool> { news.isProblem }
    /// What the screen is doing.
    public var mode: Output<Mode> { _mode.output }
    /// The question the screen asks, `Delete Ada Lovelace? y/n`; empty while it asks none.
    public var question: Output<String> { _question.output }

    // MARK: - Concerns

    /// The form for adding someone.
    public let form: PersonFormViewModel
    /// vCard files, imported and exported.
    public let transfer: PeopleTransferViewModel
    /// The exchange with the people server, for the header.
    public let syncStatus: PeopleSyncStatusViewModel

    // MARK: - State

    // Without `private`: what the files of its extensions (+InputLine, +Deleting) use.
    private let _rows = Dynamic<[PersonViewModel]>([])
    private let _firstVisibleIndex = Dynamic(0)
    private let _selectedIndex = Dynamic(0)
    let _selectedPerson = Dynamic<PersonViewModel?>(nil)
    private let _countText = Dynamic("")
    private let _matchCount = Dynamic(0)
    let _sortOrder = Dynamic(PersonSortOrder.lastName)
    private let _sortText = Dynamic("by last name")
    private let _emptyText = Dynamic("")
    private let _birthdaysSoon = Dynamic<[PersonViewModel]>([])
    private let _isBusy = Dynamic(false)
    private let news = PeopleNews()
    let _mode = Dynamic(Mode.list)
    let _question = Dynamic("")

    private let openStore: @MainActor () throws -> any PeopleStore
    private let openPreferences: @MainActor () throws -> any PreferencesStore
    private let today: () -> CalendarDay
    private let chosenOrder: PersonSortOrder?
    private(set) var store: (any PeopleStore)?
    private var preferences: (any PreferencesStore)?
    private var observation: StoreObservation?
    private var transferReport: BindingToken?
    private var syncRunning: BindingToken?
    /// The store's commits that the people shown were read after.
    private var commitsShown = 0
    private var hasAppeared = false
    /// Whether the screen shows: a hidden screen notes the store's commits and reads once it shows.
    private var isVisible = false
    private var filter = ""
    private var visibleRowCount = 20
    /// How many people the store holds, counted with the page.
    private var total = 0
    // The input line: the filter, a form's field or a file's path.
    let _inputLine = Dynamic(InputLine())
    let _inputLineIsFocused = Dynamic(false)

    /// Creates the screen. The store and the preferences are opened when it first appears;
    /// `api` is nil when no people server is set; `today` is the day on the user's calendar.
    /// `defaultOrder` (the config file's) sorts until the user chooses an order with `toggleSort`,
    /// which is kept and wins from then on. `birthdayWindow` is how many days ahead the
    /// birthdays soon look. `chosenOrder` (a subcommand's `--sort`) sorts over the kept order
    /// and is not kept.
    public init(openStore: @escaping @MainActor () throws -> any PeopleStore,
                openPreferences: @escaping @MainActor () throws -> any PreferencesStore,
                api: (any PeopleAPI)?, files: any TextFiles, runner: any BackgroundRunner,
                today: @escaping () -> CalendarDay, defaultOrder: PersonSortOrder = .lastName,
                birthdayWindow: Int = PeopleListViewModel.defaultBirthdayWindow, chosenOrder: PersonSortOrder? = nil) {
        self.openStore = openStore
        self.openPreferences = openPreferences
        self.today = today
        self.birthdayWindow = birthdayWindow
        self.chosenOrder = chosenOrder
        form = PersonFormViewModel(today: today)
        transfer = PeopleTransferViewModel(files: files, runner: runner)
        syncStatus = PeopleSyncStatusViewModel(api: api, runner: runner, news: news)
        setOrder(chosenOrder ?? defaultOrder)
        transferReport = transfer.report.bind { [unowned self] report in
            if let report { transferEnded(report) }
        }
        syncRunning = syncStatus.isExchanging.bind { [unowned self] running in
            // What the sync kept is listed before the screen says it is done.
            if !running, hasUncountedCommit() { storeChanged() }
            showBusy()
        }
    }

    // MARK: - Appearing

    /// The screen came into view: the first time, it opens the store, reads the kept order,
    /// follows the store's changes and syncs with the people server; after that, it reads again
    /// if another instance committed meanwhile.
    public func screenAppeared() {
        isVisible = true
        guard !hasAppeared else {
            if hasUncountedCommit() { storeChanged() }
            return
        }
        hasAppeared = true
        do {
            let store = try openStore()
            self.store = store
            observation = store.observeChanges(on: .main) { [weak self] in
                MainActor.assumeIsolated { self?.storeCommitted() }
            }
            form.storeOpened(store)
            transfer.storeOpened(store)
            syncStatus.storeOpened(store)
        } catch {
            say("People cannot be read: \(error)", isProblem: true)
            _emptyText.change(to: "")
            return
        }
        preferences = try? openPreferences()
        if chosenOrder == nil, let kept = (try? preferences?.string(forKey: PersonSortOrder.preferenceKey))?.flatMap(PersonSortOrder.init(rawValue:)) {
            setOrder(kept)
        }
        storeChanged()
        syncStatus.exchange(fetching: true)
    }

    /// The screen went out of view: the store's commits (an import's batches) are read when it
    /// shows again, not as they come.
    public func screenDisappeared() {
        isVisible = false
    }

    /// How many rows the screen has room for; the view tells it before drawing.
    public func setVisibleRowCount(_ count: Int) {
        let count = max(1, count)
        guard count != visibleRowCount else { return }
        visibleRowCount = count
        reload()
    }

    // MARK: - Moving and sorting

    /// Moves the cursor by `offset` people, staying on the list.
    public func moveSelection(by offset: Int) {
        select(_selectedIndex.value + offset)
    }

    /// Moves the cursor a screenful down (1) or up (-1).
    public func movePage(by pages: Int) {
        select(_selectedIndex.value + pages * max(1, visibleRowCount - 1))
    }

    /// Moves the cursor to the first (`toEnd` false) or the last person.
    public func moveToEdge(toEnd: Bool) {
        select(toEnd ? _matchCount.value - 1 : 0)
    }

    /// Sorts by the next order — last name, first name, next birthday, and round — keeps the
    /// choice, and goes back to the top.
    public func toggleSort() {
        let orders = PersonSortOrder.allCases
        setOrder(orders[(orders.firstIndex(of: _sortOrder.value).map { $0 + 1 } ?? 0) % orders.count])
        try? preferences?.set(_sortOrder.value.rawValue, forKey: PersonSortOrder.preferenceKey)
        select(0, reread: true)
    }

    private func setOrder(_ order: PersonSortOrder) {
        _sortOrder.change(to: order)
        let text = switch order {
        case .lastName: "by last name"
        case .firstName: "by first name"
        case .nextBirthday: "by next birthday"
        }
        _sortText.change(to: text)
    }

    // MARK: - Reading the store

    private func select(_ index: Int, reread: Bool = false) {
        let index = min(max(0, index), max(0, _matchCount.value - 1))
        guard index != _selectedIndex.value || reread else { return }
        _selectedIndex.change(to: index)
        var first = _firstVisibleIndex.value
        if index < first { first = index }
        if index >= first + visibleRowCount { first = index - visibleRowCount + 1 }
        if first != _firstVisibleIndex.value || reread {
            _firstVisibleIndex.change(to: first)
            readPage()
        } else {
            _selectedPerson.change(to: _rows.value[safe: index - first])
        }
    }

    /// The store's notice of commits: read again unless the screen has read since (after its
    /// own writes it reads at once, so that what it says and shows agree).
    private func storeCommitted() {
        guard isVisible, let observation, observation.commits > commitsShown else { return }
        storeChanged()
    }

    /// After a commit: the list is read again, and the outbox for the header.
    func storeChanged() {
        reload()
        syncStatus.showState()
        let today = self.today()
        if let soon = try? store?.birthdays(within: birthdayWindow) {
            _birthdaysSoon.change(to: soon.map { PersonViewModel(person: $0, today: today) })
        }
    }

    /// Whether a commit landed that the count shown has not seen: this program's, whose notice
    /// may still be on its way, or another program's (told once: the caller reads at once).
    private func hasUncountedCommit() -> Bool {
        (try? store?.changedElsewhere()) == true || (observation?.commits ?? 0) > commitsShown
    }

    /// Counts everyone and the matches and reads the page in view, keeping the cursor's place,
    /// all in one read of the store: the count shown and the rows it counts agree, whatever
    /// commits (an import's batches, another instance's adds) land meanwhile.
    private func reload() {
        guard let store else { return }
        let commits = observation?.commits ?? 0  // noted before reading: a commit after it is told again
        _ = try? store.changedElsewhere()  // another program's commits so far: this read sees them
        let (selected, first, rowsInView) = (_selectedIndex.value, _firstVisibleIndex.value, visibleRowCount)
        let page: PeoplePage
        do {
            page = try store.page(matching: filter, sortedBy: _sortOrder.value, limit: rowsInView) { matches in
                let index = min(selected, max(0, matches - 1))
                let top = min(max(0, min(first, index)), max(0, matches - rowsInView))
                return max(top, index - rowsInView + 1)
            }
        } catch {
            say("People cannot be read: \(error)", isProblem: true)
            _rows.change(to: [])
            _selectedPerson.change(to: nil)
            return
        }
        commitsShown = commits
        total = page.total
        _matchCount.change(to: page.matches)
        _countText.change(to: filter.isEmpty ? Self.count(total) : "\(page.matches.grouped) of \(Self.count(total))")
        _emptyText.change(to: page.matches > 0 ? "" : total == 0 ? Self.emptyMessage : "No one matches “\(filter)”.")
        _selectedIndex.change(to: min(selected, max(0, page.matches - 1)))
        _firstVisibleIndex.change(to: page.offset)
        show(page.people)
    }

    /// Reads the page in view after the cursor moved or the order changed. A commit not yet
    /// counted is read with the counts instead, so that they agree.
    private func readPage() {
        guard let store else { return }
        if hasUncountedCommit() { return reload() }
        do {
            show(try store.people(matching: filter, sortedBy: _sortOrder.value,
                                  offset: _firstVisibleIndex.value, limit: visibleRowCount))
        } catch {
            _rows.change(to: [])
            _selectedPerson.change(to: nil)
            say("People cannot be read: \(error)", isProblem: true)
        }
    }

    /// Shows `people` as the rows in view, and the one under the cursor.
    private func show(_ people: [Person]) {
        let (today, order) = (self.today(), _sortOrder.value)
        _rows.change(to: people.map { PersonViewModel(person: $0, today: today, order: order) })
        _selectedPerson.change(to: _rows.value[safe: _selectedIndex.value - _firstVisibleIndex.value])
    }

    // MARK: - Helpers

    /// Asks for something in the input line, which takes the focus and starts with `text`.
    func setMode(_ newMode: Mode, text: String) {
        _mode.change(to: newMode)
        _inputLine.change(to: InputLine(text: text))
        _inputLineIsFocused.change(to: true)
    }

    /// Back to the list: the input line holds the filter again, and the list has the focus.
    func closeMode() {
        _mode.change(to: .list)
        _inputLine.change(to: InputLine(text: filter))
        _inputLineIsFocused.change(to: false)
    }

    /// Filters the list by `text` (trimmed) from the top, when that changes the filter.
    func filterChanged(to text: String) {
        let newFilter = text.trimmingCharacters(in: .whitespaces)
        guard newFilter != filter else { return }
        filter = newFilter
        _selectedIndex.change(to: 0)
        _firstVisibleIndex.change(to: 0)
        reload()
    }

    /// Raises or lowers `isBusy` as a transfer or an exchange runs; called as each starts and
    /// after each has shown what it did.
    func showBusy() {
        _isBusy.change(to: transfer.isBusy || syncStatus.isExchangingNow)
    }

    func say(_ text: String, isProblem: Bool = false) {
        news.say(text, isProblem: isProblem)
    }

    static func count(_ number: Int) -> String {
        number == 1 ? "1 person" : "\(number.grouped) people"
    }
}

private extension Array {
    subscript(safe index: Int) -> Element? {
        indices.contains(index) ? self[index] : nil
    }
}
