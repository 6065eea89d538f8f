import Binding
import Foundation
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
    /// `by last name` or `by first name`.
    public let sortText: Output<String>
    /// What the screen says in place of an empty list; empty when there are rows.
    public let emptyText: Output<String>
    /// Whether work the screen started runs on: a sync with the people server, an import or an
    /// export. It falls once what the work did is shown (the rows, the header, the news).
    public var isBusy: Output<Bool> { _isBusy.output }
    /// The people whose birthday falls within `birthdayWindow` days, soonest first.
    public let birthdaysSoon: Output<[PersonViewModel]>
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
    /// The latest news: `Added Ada Lovelace`, `Imported 3 people`, or what went wrong; the
    /// latest said by the list, the sync (`syncStatus.news`) or a transfer (`transfer.report`).
    public let message: Output<String>
    /// Whether `message` tells of a failure.
    public let messageIsProblem: Output<Bool>
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

    /// What the list shows: the window last read, the filter it matches and its order.
    struct Listed: Equatable {
        var window = PeopleWindow()
        var filter = ""
        var order = PersonSortOrder.lastName
        /// Whether the store has been read: until then the screen says nothing of it.
        var hasRead = false
    }

    // Without `private`: what the files of its extensions (+InputLine, +Deleting) use.
    let listed = Dynamic(Listed())
    private let _isBusy = Dynamic(false)
    /// The line of news: the latest said by any speaker.
    let news = Dynamic(PeopleNews.none)
    /// What the list itself says.
    private let said = Dynamic(PeopleNews.none)
    /// Whether a transfer runs, and an exchange, as their outputs tell.
    private(set) var isTransferring = false
    private var isExchanging = false
    private var tokens: [BindingToken] = []
    let _mode = Dynamic(Mode.list)
    let _question = Dynamic("")

    private let openStore: @MainActor () throws -> any PeopleStore
    private let openPreferences: @MainActor () throws -> any PreferencesStore
    private let today: () -> CalendarDay
    private let chosenOrder: PersonSortOrder?
    private(set) var store: (any PeopleStore)?
    /// The list's data, once the store is open.
    private var repository: PeopleRepository?
    private var preferences: (any PreferencesStore)?
    private var hasAppeared = false
    private var visibleRowCount = 20
    // The input line: the filter, a form's field or a file's path.
    let _inputLine = Dynamic(InputLine())
    let _inputLineIsFocused = Dynamic(false)

    /// Creates the screen. The store and the preferences are opened when it first appears;
    /// `api` is nil when no people server is set; `today` is the day on the user's calendar, and
    /// `now` dates an edited card's revision.
    /// `defaultOrder` (the config file's) sorts until the user chooses an order with `toggleSort`,
    /// which is kept and wins from then on. `birthdayWindow` is how many days ahead the
    /// birthdays soon look. `chosenOrder` (a subcommand's `--sort`) sorts over the kept order
    /// and is not kept.
    public init(openStore: @escaping @MainActor () throws -> any PeopleStore,
                openPreferences: @escaping @MainActor () throws -> any PreferencesStore,
                api: (any PeopleAPI)?, files: any TextFiles, runner: any BackgroundRunner,
                today: @escaping () -> CalendarDay, now: @escaping () -> Date, defaultOrder: PersonSortOrder = .lastName,
                birthdayWindow: Int = PeopleListViewModel.defaultBirthdayWindow, chosenOrder: PersonSortOrder? = nil) {
        self.openStore = openStore
        self.openPreferences = openPreferences
        self.today = today
        self.birthdayWindow = birthdayWindow
        self.chosenOrder = chosenOrder
        form = PersonFormViewModel(today: today, now: now)
        transfer = PeopleTransferViewModel(files: files, runner: runner)
        syncStatus = PeopleSyncStatusViewModel(api: api, runner: runner)
        listed.value.order = chosenOrder ?? defaultOrder
        let listed = self.listed
        let window = listed.map(\.window).distinct()
        rows = listed.map { [today] listed in
            let today = today()
            return listed.window.people.map { PersonViewModel(person: $0, today: today, order: listed.order) }
        }.distinct().output
        firstVisibleIndex = window.map(\.offset).distinct().output
        selectedIndex = window.map(\.cursor).distinct().output
        selectedPerson = listed.map { [today] listed in
            listed.window.selected.map { PersonViewModel(person: $0, today: today(), order: listed.order) }
        }.distinct().output
        matchCount = window.map(\.matches).distinct().output
        countText = listed.map(Self.countText).distinct().output
        emptyText = listed.map(Self.emptyText).distinct().output
        birthdaysSoon = window.map(\.birthdays).distinct().map { [today] soon in
            let today = today()
            return soon.map { PersonViewModel(person: $0, today: today) }
        }.output
        sortOrder = listed.map(\.order).distinct().output
        sortText = sortOrder.map(Self.sortText)
        message = news.map(\.text).distinct().output
        messageIsProblem = news.map(\.isProblem).distinct().output
        let news = self.news
        said.bind { news.value = $0 }.store(in: &tokens)
        syncStatus.news.bind { news.value = $0 }.store(in: &tokens)
        transfer.report.bind { [unowned self] report in
            if let report { transferEnded(report) }
        }.store(in: &tokens)
        transfer.isRunning.bind { [unowned self] running in
            isTransferring = running
            showBusy()
        }.store(in: &tokens)
        syncStatus.isExchanging.bind { [unowned self] running in
            isExchanging = running
            // What the sync kept is listed before the screen says it is done.
            if !running { repository?.catchUp() }
            showBusy()
        }.store(in: &tokens)
    }

    // MARK: - Appearing

    /// The screen came into view: the first time, it opens the store, reads the kept order,
    /// follows the store's changes and syncs with the people server; after that, it reads again
    /// if a commit (an import's batches, another instance's) landed meanwhile.
    public func screenAppeared() {
        guard !hasAppeared else { return repository?.setVisible(true) ?? () }
        hasAppeared = true
        let store: any PeopleStore
        do {
            store = try openStore()
        } catch {
            say("People cannot be read: \(error)", isProblem: true)
            return
        }
        self.store = store
        form.storeOpened(store)
        transfer.storeOpened(store)
        syncStatus.storeOpened(store)
        preferences = try? openPreferences()
        if chosenOrder == nil, let kept = (try? preferences?.string(forKey: PersonSortOrder.preferenceKey))?.flatMap(PersonSortOrder.init(rawValue:)) {
            listed.value.order = kept
        }
        let repository = PeopleRepository(store: store, order: listed.value.order, birthdayWindow: birthdayWindow)
        self.repository = repository
        repository.onRead = { [unowned self] read in show(read) }
        repository.resize(toRows: visibleRowCount)
        repository.filter(by: listed.value.filter)
        repository.start()
        syncStatus.exchange(fetching: true)
    }

    /// The screen went out of view: the store's commits (an import's batches) are read when it
    /// shows again, not as they come.
    public func screenDisappeared() {
        repository?.setVisible(false)
    }

    /// How many rows the screen has room for; the view tells it before drawing.
    public func setVisibleRowCount(_ count: Int) {
        visibleRowCount = max(1, count)
        repository?.resize(toRows: visibleRowCount)
    }

    // MARK: - Moving and sorting

    /// Moves the cursor by `offset` people, staying on the list.
    public func moveSelection(by offset: Int) {
        repository?.moveCursor(to: listed.value.window.cursor + offset)
    }

    /// Moves the cursor a screenful down (1) or up (-1).
    public func movePage(by pages: Int) {
        repository?.moveCursor(to: listed.value.window.cursor + pages * max(1, visibleRowCount - 1))
    }

    /// Moves the cursor to the first (`toEnd` false) or the last person.
    public func moveToEdge(toEnd: Bool) {
        repository?.moveCursor(to: toEnd ? listed.value.window.matches - 1 : 0)
    }

    /// Sorts by the next order — last name, first name, next birthday, and round — keeps the
    /// choice, and goes back to the top.
    public func toggleSort() {
        let orders = PersonSortOrder.allCases
        let order = orders[(orders.firstIndex(of: listed.value.order).map { $0 + 1 } ?? 0) % orders.count]
        try? preferences?.set(order.rawValue, forKey: PersonSortOrder.preferenceKey)
        guard let repository else { return listed.value.order = order }
        repository.sort(by: order)
    }

    // MARK: - Showing what is read

    /// Shows what the repository read: the window, or why it could not be read.
    private func show(_ read: PeopleRepository.Read) {
        guard let repository else { return }
        switch read {
        case .counted(let window):
            listed.change(to: Listed(window: window, filter: repository.filter, order: repository.order, hasRead: true))
            syncStatus.showState()
        case .moved(let window):
            listed.change(to: Listed(window: window, filter: repository.filter, order: repository.order, hasRead: true))
        case .failed(let problem):
            var failed = listed.value
            failed.window.people = []
            failed.order = repository.order
            listed.change(to: failed)
            say(problem, isProblem: true)
        }
    }

    /// The person under the cursor, as the detail pane shows them.
    var personUnderCursor: PersonViewModel? {
        listed.value.window.selected.map { PersonViewModel(person: $0, today: today(), order: listed.value.order) }
    }

    /// After a write of this screen's: the list is read again at once, so that what the screen
    /// says of it and the rows it shows agree.
    func storeChanged() {
        repository?.reread()
    }

    private static func countText(_ listed: Listed) -> String {
        guard listed.hasRead else { return "" }
        let total = count(listed.window.total)
        return listed.filter.isEmpty ? total : "\(listed.window.matches.grouped) of \(total)"
    }

    private static func emptyText(_ listed: Listed) -> String {
        guard listed.hasRead, listed.window.matches == 0 else { return "" }
        return listed.window.total == 0 ? emptyMessage : "No one matches “\(listed.filter)”."
    }

    private static func sortText(_ order: PersonSortOrder) -> String {
        switch order {
        case .lastName: "by last name"
        case .firstName: "by first name"
        case .nextBirthday: "by next birthday"
        }
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
        _inputLine.change(to: InputLine(text: listed.value.filter))
        _inputLineIsFocused.change(to: false)
    }

    /// Filters the list by `text` (trimmed) from the top, when that changes the filter.
    func filterChanged(to text: String) {
        guard let repository else { return listed.value.filter = text.trimmingCharacters(in: .whitespaces) }
        repository.filter(by: text)
    }

    /// Raises or lowers `isBusy` as a transfer or an exchange runs, as their outputs tell: up as
    /// each starts, down after each has said what it did.
    private func showBusy() {
        _isBusy.change(to: isTransferring || isExchanging)
    }

    /// Says `text` in the line of news, as the list's own news.
    func say(_ text: String, isProblem: Bool = false) {
        said.value = PeopleNews(text, isProblem: isProblem)
    }

    static func count(_ number: Int) -> String {
        number == 1 ? "1 person" : "\(number.grouped) people"
    }
}
