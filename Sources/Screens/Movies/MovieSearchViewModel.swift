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
    public var rows: Output<[MovieRowViewModel]> { list.rows.output }
    /// `Start searching your favorite movies`, `Searching…`, `No result for <query>`, an error, or empty.
    public var info: Output<String> { _info.output }
    /// Whether `info` tells of a failed search (the screen shows it as an error).
    public var infoIsProblem: Output<Bool> { _infoIsProblem.output }
    /// `1,234 matches` while there are results; else empty.
    public var matchCount: Output<String> { _matchCount.output }
    /// Whether the screen is busy: true from the moment a search is asked for (the throttle lets
    /// the query through, or `searchNow(_:)`) until its answer (or failure) is shown. The shell's
    /// subcommand (`mvvm-tui search`) prints when it falls.
    public var isBusy: Output<Bool> { _isBusy.output }
    /// The row under the cursor.
    public var selectedIndex: Output<Int> { list.selectedIndex.output }
    /// The film under the cursor, for the detail pane.
    public var selectedMovie: Output<MovieRowViewModel?> { list.selectedMovie.output }

    // MARK: - State

    private let list = MovieSelection()
    private let _info = Dynamic(MovieSearchViewModel.startMessage)
    private let _infoIsProblem = Dynamic(false)
    private let _matchCount = Dynamic("")
    private let _isBusy = Dynamic(false)
    private let service: any MovieService
    private let query = Dynamic("")
    private let _inputLine = Dynamic(InputLine())
    private let _inputLineIsFocused = Dynamic(false)
    private var tokens: [BindingToken] = []
    private var generation = 0
    /// The search under way, for tests to await.
    public private(set) var search: Task<Void, Never>?

    /// Creates the screen over `service`, throttling on `scheduler`.
    public init(service: any MovieService, scheduler: any Scheduler, interval: Duration = MovieSearchViewModel.interval) {
        self.service = service
        query.throttle(interval, on: scheduler).distinct()
            .bind { [unowned self] in run($0) }.store(in: &tokens)
    }

    isolated deinit {
        search?.cancel()
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
        run(text.trimmingCharacters(in: .whitespaces))
    }

    /// Moves the cursor by `offset` rows, staying on the list.
    public func moveSelection(by offset: Int) {
        list.move(by: offset)
    }

    // MARK: - Private

    /// The query as it stands after the latest edit of the input line.
    private func queryChanged(_ text: String) {
        query.value = text.trimmingCharacters(in: .whitespaces)
    }

    private func run(_ text: String) {
        generation += 1
        let request = generation
        search?.cancel()
        guard !text.isEmpty else {
            show(rows: [], info: Self.startMessage, count: "")
            _isBusy.change(to: false)
            return
        }
        show(rows: [], info: Self.searchingMessage, count: "")
        _isBusy.change(to: true)
        let service = self.service
        search = Task { [weak self] in
            let result: Result<MoviePage, any Error>
            do { result = .success(try await service.search(text)) } catch { result = .failure(error) }
            guard let self, request == generation else { return }
            defer { _isBusy.change(to: false) }
            switch result {
            case .success(let page) where page.movies.isEmpty:
                show(rows: [], info: "No result for \(text)", count: "")
            case .success(let page):
                show(rows: page.movies.map(MovieRowViewModel.init), info: "",
                     count: MovieRowViewModel.count(page.totalResults, "match"))
            case .failure(let error as MovieServiceError):
                show(rows: [], info: "Search failed: \(error.message)", count: "", isProblem: true)
            case .failure(let error):
                show(rows: [], info: "Search failed: \(error)", count: "", isProblem: true)
            }
        }
    }

    private func show(rows newRows: [MovieRowViewModel], info newInfo: String, count: String, isProblem: Bool = false) {
        _info.change(to: newInfo)
        _infoIsProblem.change(to: isProblem)
        _matchCount.change(to: count)
        list.show(newRows)
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

    public func inputFocusChanged(_ focused: Bool) {
        _inputLineIsFocused.change(to: focused)
    }

    public func inputSubmitted() {
        queryChanged(_inputLine.value.text)
    }
}
