import Binding
import Foundation
import Models

/// The Movies screen: a segment (Now Playing, Popular, Upcoming, Top Rated) and its films.
///
/// A segment change clears the rows, shows that it is fetching, then shows the rows; the fetch
/// for a segment no longer shown is cancelled. When TMDb fails, the reason shows and the
/// embedded catalogue is offered (`useCatalogue()`). A list that has more pages (TMDb's) loads
/// the next one as the cursor nears the end of what is loaded, and appends it. A page that fails
/// leaves the rows as they are and says so; the next move of the cursor near the end asks again.
/// `loadRows(atLeast:)` asks for pages until a number of rows is loaded, wherever the cursor is
/// (the shell's `mvvm-tui movies --limit`).
///
/// What the screen shows is one value, `MovieList`, whose transitions name the pages to fetch;
/// this view-model applies them, hands the work to its runner, and derives every output from the
/// one value.
@MainActor
public final class MovieListViewModel {
    /// How near the end of the loaded rows the cursor comes before the next page is fetched.
    public static let pagingDistance = MovieList.pagingDistance

    // MARK: - Outputs

    /// The segments' names, in order.
    public let segments: [String] = Endpoint.allCases.map(\.title)
    /// The selected segment, as an index into `segments`.
    public let selectedSegment: Output<Int>
    /// The films of the selected segment, empty while they are fetched.
    public let rows: Output<[MovieRowViewModel]>
    /// The row under the cursor.
    public let selectedIndex: Output<Int>
    /// The film under the cursor, for the detail pane.
    public let selectedMovie: Output<MovieRowViewModel?>
    /// An error, an empty list's message, or a note on the list (`Films of 2005`); else empty.
    public let info: Output<String>
    /// Whether `info` tells of a failure (the screen shows it as an error).
    public let infoIsProblem: Output<Bool>
    /// The line under the segments: `Loading...` while the screen is busy, else `info`.
    public let news: Output<String>
    /// Whether `news` tells of a failure.
    public let newsIsProblem: Output<Bool>
    /// Whether the screen is busy: true from the moment a segment's first page, or a next page,
    /// is asked for until its answer (or failure) is shown, and across pages asked for one after
    /// another. The shell's subcommand (`mvvm-tui movies`) prints when it falls.
    public let isBusy: Output<Bool>
    /// Whether the chosen film's detail shows full-size, in place of the rows (`openDetail()`).
    public var detailIsOpen: Output<Bool> { _detailIsOpen.output }

    // MARK: - State

    private let machine: ScreenMachine<MovieList>
    /// The films in view, as the view last laid them out; eleven until it does.
    private var visibleRowCount = 11
    private let _detailIsOpen = Dynamic(false)

    /// Creates the screen over `service`; `catalogue` is offered when `service` fails.
    public convenience init(service: any MovieService, catalogue: (any MovieService)? = nil, initialSegment: Endpoint = .popular) {
        self.init(
            runner: Self.fetches(from: service, catalogue: catalogue), hasCatalogue: catalogue != nil,
            initialSegment: initialSegment)
    }

    /// Creates the screen whose pages `runner` fetches; `hasCatalogue` when the catalogue can be offered.
    public init(runner: any WorkRunner<MovieList.Request, MovieList.Answer>, hasCatalogue: Bool, initialSegment: Endpoint = .popular) {
        machine = ScreenMachine(MovieList(segment: initialSegment, hasCatalogue: hasCatalogue), runner: runner)
        let state = machine.state
        selectedSegment = state.map { Endpoint.allCases.firstIndex(of: $0.segment) ?? 0 }.distinct().output
        rows = state.map(\.rows).distinct().output
        selectedIndex = state.map(\.cursor).distinct().output
        selectedMovie = state.map { $0.rows.indices.contains($0.cursor) ? $0.rows[$0.cursor] : nil }.distinct().output
        info = state.map(\.info).distinct().output
        infoIsProblem = state.map(\.infoIsProblem).distinct().output
        news = state.map { $0.fetching == nil ? $0.info : ScreenWords.loading }.distinct().output
        newsIsProblem = state.map { $0.fetching == nil && $0.infoIsProblem }.distinct().output
        isBusy = state.map { $0.fetching != nil }.distinct().output
    }

    /// The live runner: each page a task asking `service`, or `catalogue` once the user chose it.
    public static func fetches(from service: any MovieService, catalogue: (any MovieService)?)
        -> TaskRunner<MovieList.Request, MovieList.Answer>
    {
        TaskRunner { request in
            let source = request.fromCatalogue ? catalogue ?? service : service
            do {
                return .page(try await source.movies(for: request.segment, page: request.page))
            } catch let error as MovieServiceError {
                return .failed(error)
            } catch {
                return .unreadable("\(error)")
            }
        }
    }

    // MARK: - Inputs

    /// The screen came into view; the first time, the selected segment is fetched.
    public func screenAppeared() {
        machine.send(.appeared)
    }

    /// Shows segment `index`, its rows rather than a film's detail.
    public func selectSegment(_ index: Int) {
        guard Endpoint.allCases.indices.contains(index) else { return }
        closeDetail()
        machine.send(.segmentChosen(Endpoint.allCases[index]))
    }

    /// Shows the chosen film's detail in place of the rows: everything the side pane shows where
    /// there is room for it (90 columns). Nothing happens while there is no film.
    public func openDetail() {
        guard !machine.state.value.rows.isEmpty else { return }
        _detailIsOpen.change(to: true)
    }

    /// Back from the detail to the rows, on the same film.
    public func closeDetail() {
        _detailIsOpen.change(to: false)
    }

    /// Shows the next segment, wrapping.
    public func selectNextSegment() {
        selectSegment((latestSegment + 1) % segments.count)
    }

    /// Shows the previous segment, wrapping.
    public func selectPreviousSegment() {
        selectSegment((latestSegment + segments.count - 1) % segments.count)
    }

    /// Puts the cursor on the film at `index` (a click on its row); a click on the film already
    /// chosen opens its detail, as Enter does.
    public func chooseRow(at index: Int) {
        let cursor = machine.state.value.cursor
        if index != cursor { moveSelection(by: index - cursor) } else { openDetail() }
    }

    /// Moves the cursor by `offset` rows, staying on the list; near the end, the next page loads.
    public func moveSelection(by offset: Int) {
        machine.send(.cursorMoved(by: offset))
    }

    /// Moves the cursor as every list moves (`ListMove`), through the films loaded, a page being
    /// the films in view less one (so that one stays in view across it); the last loads the next
    /// page, as a move near the end does.
    public func move(_ move: ListMove) {
        let list = machine.state.value
        moveSelection(by: move.index(from: list.cursor, count: list.rows.count, page: visibleRowCount - 1) - list.cursor)
    }

    /// The view laid the screen out with room for `count` films: a page's move is sized by it,
    /// as People's is.
    public func setVisibleRowCount(_ count: Int) {
        visibleRowCount = max(2, count)
    }

    /// Loads pages of the selected segment until at least `count` rows are shown, or there are no
    /// more; `isBusy` stays true until then. Selecting a segment forgets it. The shell's `mvvm-tui
    /// movies --limit` asks it: the cursor's rule alone stops once a page puts the cursor far from
    /// the end of the rows.
    public func loadRows(atLeast count: Int) {
        machine.send(.rowsWanted(count))
    }

    /// Switches to the embedded catalogue after TMDb failed.
    public func useCatalogue() {
        machine.send(.catalogueChosen)
    }

    // MARK: - Private

    private var latestSegment: Int { Endpoint.allCases.firstIndex(of: machine.state.value.segment) ?? 0 }
}
