import Binding
import Foundation
import Models

/// The Search screen: results follow the query as it is typed.
///
/// Queries are throttled like RxSwift's `throttle(latest: true)`: the first change searches at
/// once, and later changes within the interval collapse into one search with the latest text at
/// the interval's end. The same text twice in a row searches once. While a search is under way
/// the screen says `Searching…` over an empty list, as the original app did. A newer query
/// cancels the search it replaces, and releasing the screen cancels its search; an answer for an
/// older query never shows. `searchNow(_:)` searches at once, past the throttle (the shell's
/// `mvvm-tui search`).
///
/// What the screen shows is one value, `MovieSearch` (its rows, cursor and words, and the search
/// under way), whose transitions name the searches to run; this view-model applies them, hands
/// the work to its runner, and derives every output from the one value, so no two outputs can
/// disagree.
@MainActor
public final class MovieSearchViewModel {
    /// The throttle interval (the original app used one second).
    public static let interval: Duration = .milliseconds(300)
    /// What the screen says before anything is typed.
    public static let startMessage = "Start searching your favorite movies"
    /// What the screen says while a search is under way.
    public static let searchingMessage = "Searching…"

    // MARK: - Outputs

    /// The films found for the latest query; empty while a search is under way.
    public let rows: Output<[MovieRowViewModel]>
    /// `Start searching your favorite movies`, `Searching…`, `No result for <query>`, an error
    /// (the search's, or a later page's under the rows found), or empty.
    public let info: Output<String>
    /// Whether `info` tells of a failed search (the screen shows it as an error).
    public let infoIsProblem: Output<Bool>
    /// `1,234 matches` while there are results, all of which the list reaches as the cursor
    /// nears its end; `100 of 1,234 matches` when the list ends before them (a page could not be
    /// fetched); else empty.
    public let matchCount: Output<String>
    /// How many films match, as `matchCount` counts them; 0 without results.
    public let matchTotal: Output<Int>
    /// The line over the results: `matchCount` while there are results, then `info` if it says
    /// anything.
    public let news: Output<String>
    /// Whether the screen is busy: true from the moment a search or its next page is asked for
    /// (the throttle lets the query through, `searchNow(_:)`, the cursor near the end,
    /// `loadRows(atLeast:)`) until its answer (or failure) is shown. The shell's
    /// subcommand (`mvvm-tui search`) prints when it falls.
    public let isBusy: Output<Bool>
    /// The row under the cursor.
    public let selectedIndex: Output<Int>
    /// The film under the cursor, for the detail pane.
    public let selectedMovie: Output<MovieRowViewModel?>
    /// Whether the chosen film's detail shows full-size, in place of the results (`openDetail()`).
    public var detailIsOpen: Output<Bool> { _detailIsOpen.output }

    // MARK: - State

    private let machine: ScreenMachine<MovieSearch>
    /// The films in view, as the view last laid them out; eleven until it does.
    private var visibleRowCount = 11
    private let _detailIsOpen = Dynamic(false)
    private let query = Dynamic("")
    private let _inputLine = Dynamic(InputLine())
    private let _inputLineIsFocused = Dynamic(false)
    private var tokens: [BindingToken] = []

    /// Creates the screen searching `service`, throttling on `scheduler`.
    public convenience init(service: any MovieService, scheduler: any Scheduler, interval: Duration = MovieSearchViewModel.interval) {
        self.init(runner: Self.searches(in: service), scheduler: scheduler, interval: interval)
    }

    /// Creates the screen whose searches `runner` runs, throttling on `scheduler`.
    public init(
        runner: any WorkRunner<MovieSearch.Request, MovieSearch.Answer>, scheduler: any Scheduler,
        interval: Duration = MovieSearchViewModel.interval
    ) {
        machine = ScreenMachine(MovieSearch(), runner: runner)
        let state = machine.state
        rows = state.map(\.rows).distinct().output
        selectedIndex = state.map(\.cursor).distinct().output
        selectedMovie = state.map { $0.rows.indices.contains($0.cursor) ? $0.rows[$0.cursor] : nil }.distinct().output
        info = state.map(Self.info(for:)).distinct().output
        infoIsProblem =
            state.map { if case .failed = $0.phase { true } else { $0.moreFailed != nil } }.distinct().output
        matchCount = state.map(Self.matchCount(for:)).distinct().output
        matchTotal =
            state.map { state in
                guard case .found(_, _, let total) = state.phase else { return 0 }
                return total
            }.distinct().output
        news =
            state.map { state in
                let count = Self.matchCount(for: state)
                let info = Self.info(for: state)
                return count.isEmpty ? info : info.isEmpty ? count : "\(count). \(info)"
            }.distinct().output
        isBusy = state.map { $0.running != nil }.distinct().output
        query.throttle(interval, on: scheduler).distinct()
            .bind { [machine] in machine.send(.queried($0)) }.store(in: &tokens)
    }

    /// The live runner: each page of a search a task asking `service`.
    public static func searches(in service: any MovieService) -> TaskRunner<MovieSearch.Request, MovieSearch.Answer> {
        TaskRunner { request in
            do {
                return .found(try await service.search(request.query, page: request.page))
            } catch let error as MovieServiceError {
                return .failed(error.message)
            } catch {
                return .failed("\(error)")
            }
        }
    }

    // MARK: - Inputs

    /// Searches for `text` (trimmed) at once, as the throttled query would once it let the text
    /// through, and with the same rows and messages: the shell's `mvvm-tui search` asks one
    /// question and has no typing to collapse. It goes past the throttle and its `distinct` rather
    /// than building the screen with a zero interval: nothing is typed into the input line, and
    /// the same text asked again searches again. `isBusy` is true when it returns (for a non-empty
    /// text), and an earlier search's answer never shows. Empty text shows the start message, as
    /// clearing the input line does.
    public func searchNow(_ text: String) {
        machine.send(.queried(text.trimmingCharacters(in: .whitespaces)))
    }

    /// Loads pages of the films found until at least `count` rows are shown or none is left,
    /// wherever the cursor is: `mvvm-tui search --limit` asks for what it prints. A new query
    /// forgets it.
    public func loadRows(atLeast count: Int) {
        machine.send(.rowsWanted(count))
    }

    /// Puts the cursor on the film at `index` (a click on its row); a click on the film already
    /// chosen opens its detail, as Enter does.
    public func chooseRow(at index: Int) {
        let cursor = machine.state.value.cursor
        if index != cursor { moveSelection(by: index - cursor) } else { openDetail() }
    }

    /// Moves the cursor by `offset` rows, staying on the list.
    public func moveSelection(by offset: Int) {
        machine.send(.cursorMoved(by: offset))
    }

    /// Moves the cursor as every list moves (`ListMove`), through the films found so far, a page
    /// being the films in view less one (near their end, the next page is asked for). ↑ on the
    /// first result gives the focus back to the query.
    public func move(_ move: ListMove) {
        let list = machine.state.value
        if move == .rows(-1), list.cursor == 0, !_detailIsOpen.value, !_inputLineIsFocused.value {
            return _inputLineIsFocused.change(to: true)
        }
        moveSelection(by: move.index(from: list.cursor, count: list.rows.count, page: visibleRowCount - 1) - list.cursor)
    }

    /// The view laid the screen out with room for `count` films: a page's move is sized by it,
    /// as People's is.
    public func setVisibleRowCount(_ count: Int) {
        visibleRowCount = max(2, count)
    }

    /// ↓ from the input line: the focus goes to the results, on the chosen film, where Enter
    /// opens its detail. Nothing happens while there are no results.
    public func focusResults() {
        guard !machine.state.value.rows.isEmpty else { return }
        _inputLineIsFocused.change(to: false)
    }

    /// Shows the chosen film's detail in place of the results: everything the side pane shows
    /// where there is room for it (90 columns). Nothing happens while there is no film.
    public func openDetail() {
        guard !machine.state.value.rows.isEmpty else { return }
        _detailIsOpen.change(to: true)
    }

    /// Back from the detail to the results, on the same film.
    public func closeDetail() {
        _detailIsOpen.change(to: false)
    }

    // MARK: - Private

    /// The query as it stands after the latest edit of the input line.
    private func queryChanged(_ text: String) {
        query.value = text.trimmingCharacters(in: .whitespaces)
    }

    private static func info(for state: MovieSearch) -> String {
        switch state.phase {
        case .start: startMessage
        case .searching: searchingMessage
        case .found: state.moreFailed.map { "More films could not be loaded: \($0)" } ?? ""
        case .noResult(let query): "No result for \(query)"
        case .failed(let message): "Search failed: \(message)"
        }
    }

    private static func matchCount(for state: MovieSearch) -> String {
        guard case .found(_, let rows, let total) = state.phase else { return "" }
        let matches = MovieRowViewModel.count(total, "match")
        return state.listIsWhole && rows.count < total ? "\(rows.count.grouped) of \(matches)" : matches
    }
}

// MARK: - InputLineUser

extension MovieSearchViewModel: InputLineUser {
    public var inputPrompt: Output<String> { Dynamic("Search").output }
    public var inputLine: Output<InputLine> { _inputLine.output }
    public var inputLineIsFocused: Output<Bool> { _inputLineIsFocused.output }

    /// The query follows the text as it is typed (throttled).
    public func inputLineEdited(_ edit: InputLineEdit) {
        _inputLine.apply(edit) { queryChanged($0) }
    }

    /// Typing again closes a film's detail.
    public func inputFocusChanged(_ focused: Bool) {
        if focused { closeDetail() }
        _inputLineIsFocused.change(to: focused)
    }

    /// The results follow the text as it is typed: Enter has nothing more to do.
    public var submitsOnEnter: Bool { false }

    public func inputSubmitted() {
        queryChanged(_inputLine.value.text)
    }
}
