import Binding
import Foundation
import Models

/// The Movies screen: a segment (Now Playing, Popular, Upcoming, Top Rated) and its films.
///
/// A segment change clears the rows, shows that it is fetching, then shows the rows; an answer
/// for a segment that is no longer selected is dropped. When TMDb fails, the reason shows and
/// the embedded catalogue is offered (`useCatalogue()`).
///
/// A list that has more pages (TMDb's) loads the next one when the cursor comes within
/// `pagingDistance` rows of the end of what is loaded, and appends it; one page at a time, and
/// none after the last. A page that fails leaves the rows as they are and says so; the next move
/// of the cursor near the end asks again. `loadRows(atLeast:)` asks for pages until a number of
/// rows is loaded, wherever the cursor is (the shell's `mvvm-tui movies --limit`).
@MainActor
public final class MovieListViewModel {
    /// How near the end of the loaded rows the cursor comes before the next page is fetched.
    public static let pagingDistance = 5

    // MARK: - Outputs

    /// The segments' names, in order.
    public let segments: [String] = Endpoint.allCases.map(\.title)
    /// The selected segment, as an index into `segments`.
    public var selectedSegment: Output<Int> { _selectedSegment.output }
    /// The films of the selected segment, empty while they are fetched.
    public var rows: Output<[MovieRowViewModel]> { list.rows.output }
    /// Whether the screen is busy: true from the moment a segment's first page, or a next page,
    /// is asked for until its answer (or failure) is shown, and across pages asked for one after
    /// another. The view shows `Loading…` while it is true; the shell's subcommand (`mvvm-tui
    /// movies`) prints when it falls.
    public var isBusy: Output<Bool> { _isBusy.output }
    /// An error, an empty list's message, or a note on the list (`Films of 2005`); else empty.
    public var info: Output<String> { _info.output }
    /// Whether `info` tells of a failure (the screen shows it as an error).
    public var infoIsProblem: Output<Bool> { _infoIsProblem.output }
    /// The row under the cursor.
    public var selectedIndex: Output<Int> { list.selectedIndex.output }
    /// The film under the cursor, for the detail pane.
    public var selectedMovie: Output<MovieRowViewModel?> { list.selectedMovie.output }

    // MARK: - State

    private let _selectedSegment: Dynamic<Int>
    private let list = MovieSelection()
    private let _isBusy = Dynamic(false)
    private let _info = Dynamic("")
    private let _infoIsProblem = Dynamic(false)
    private var service: any MovieService
    private let catalogue: (any MovieService)?
    private var generation = 0
    private var hasAppeared = false
    /// Whether TMDb failed and the catalogue is on offer.
    private var offersCatalogue = false
    /// The pages of the selected segment shown so far.
    private var pagesShown = 0
    /// Whether the selected segment has a page after those shown.
    private var hasMorePages = false
    /// Whether the selected segment's first page is being fetched.
    private var isFetchingFirstPage = false
    /// Whether the next page is being fetched.
    private var isFetchingPage = false
    /// The rows to load whatever the cursor (`loadRows(atLeast:)`); 0 for the cursor's rule alone.
    private var wantedRows = 0
    /// What `info` says while the rows are shown: the first page's note, or its empty message.
    private var listInfo = ""
    /// The fetch under way (a segment's first page or the next), for tests to await.
    public private(set) var fetch: Task<Void, Never>?

    /// Creates the screen over `service`; `catalogue` is offered when `service` fails.
    public init(service: any MovieService, catalogue: (any MovieService)? = nil, initialSegment: Endpoint = .popular) {
        self.service = service
        self.catalogue = catalogue
        _selectedSegment = Dynamic(Endpoint.allCases.firstIndex(of: initialSegment) ?? 0)
    }

    // MARK: - Inputs

    /// The screen came into view; the first time, the selected segment is fetched.
    public func screenAppeared() {
        guard !hasAppeared else { return }
        hasAppeared = true
        load()
    }

    /// Shows segment `index`.
    public func selectSegment(_ index: Int) {
        guard segments.indices.contains(index), index != _selectedSegment.value else { return }
        _selectedSegment.value = index
        load()
    }

    /// Shows the next segment, wrapping.
    public func selectNextSegment() {
        selectSegment((_selectedSegment.value + 1) % segments.count)
    }

    /// Shows the previous segment, wrapping.
    public func selectPreviousSegment() {
        selectSegment((_selectedSegment.value + segments.count - 1) % segments.count)
    }

    /// Moves the cursor by `offset` rows, staying on the list; near the end, the next page loads.
    public func moveSelection(by offset: Int) {
        list.move(by: offset)
        loadNextPageIfNear()
    }

    /// Loads pages of the selected segment until at least `count` rows are shown, or there are no
    /// more, as if the cursor were moved near the end after each page; `isBusy` stays true until
    /// then. Selecting a segment forgets it. The shell's `mvvm-tui movies --limit` asks it: moving
    /// the cursor cannot, since `isBusy` falls as each page is shown, before the next is asked for.
    public func loadRows(atLeast count: Int) {
        wantedRows = count
        loadNextPageIfNear()
    }

    /// Switches to the embedded catalogue after TMDb failed.
    public func useCatalogue() {
        guard let catalogue, offersCatalogue else { return }
        service = catalogue
        load()
    }

    // MARK: - Private

    static let catalogueOffer = "Press c for the embedded catalogue."

    private func load() {
        generation += 1
        let request = generation
        let endpoint = Endpoint.allCases[_selectedSegment.value]
        pagesShown = 0
        hasMorePages = false
        isFetchingPage = false
        wantedRows = 0
        isFetchingFirstPage = true
        list.show([])
        show(info: "", isProblem: false)
        _isBusy.change(to: true)
        let service = self.service
        fetch = Task { [weak self] in
            let result: Result<MoviePage, any Error>
            do { result = .success(try await service.movies(for: endpoint)) } catch { result = .failure(error) }
            guard let self, request == generation else { return }
            show(result)
        }
    }

    /// Shows a segment's first page, or why there is none; busy falls after, unless the next page
    /// is asked for at once.
    private func show(_ result: Result<MoviePage, any Error>) {
        isFetchingFirstPage = false
        defer { _isBusy.change(to: isFetchingPage) }
        switch result {
        case .success(let page):
            list.show(page.movies.map(MovieRowViewModel.init))
            pagesShown = 1
            hasMorePages = page.hasMorePages && !page.movies.isEmpty
            listInfo = page.movies.isEmpty ? "No films here." : page.note ?? ""
            show(info: listInfo, isProblem: false)
            loadNextPageIfNear()
        case .failure(MovieServiceError.needsAPIKey(let message)):
            show(info: message, isProblem: true)
        case .failure(let error as MovieServiceError):
            offersCatalogue = catalogue != nil
            show(info: Self.reason(error) + "." + (offersCatalogue ? " " + Self.catalogueOffer : ""), isProblem: true)
        case .failure(let error):
            show(info: "The films cannot be read: \(error)", isProblem: true)
        }
    }

    /// What went wrong with TMDb, as the screen says it.
    private static func reason(_ error: MovieServiceError) -> String {
        error == .rejectedKey ? error.message : "TMDb: \(error.message)"
    }

    /// Fetches the page after those shown when the cursor is within `pagingDistance` rows of the
    /// end, or fewer than `wantedRows` are shown, unless there is none or a page is being fetched.
    private func loadNextPageIfNear() {
        let count = list.rows.value.count
        guard hasMorePages, !isFetchingPage, !isFetchingFirstPage,
              list.selectedIndex.value >= count - Self.pagingDistance || count < wantedRows else { return }
        isFetchingPage = true
        _isBusy.change(to: true)
        let request = generation
        let endpoint = Endpoint.allCases[_selectedSegment.value]
        let number = pagesShown + 1
        let service = self.service
        fetch = Task { [weak self] in
            let result: Result<MoviePage, any Error>
            do { result = .success(try await service.movies(for: endpoint, page: number)) } catch { result = .failure(error) }
            guard let self, request == generation else { return }
            showNextPage(result, number: number)
        }
    }

    /// Appends a next page, or says why it failed; busy falls after, unless another page is asked
    /// for at once.
    private func showNextPage(_ result: Result<MoviePage, any Error>, number: Int) {
        isFetchingPage = false
        defer { _isBusy.change(to: isFetchingPage) }
        switch result {
        case .success(let page):
            let shown = Set(list.rows.value.map(\.id))
            let newRows = page.movies.filter { !shown.contains($0.id) }.map(MovieRowViewModel.init)
            list.append(newRows)
            pagesShown = number
            hasMorePages = page.hasMorePages && !newRows.isEmpty
            show(info: listInfo, isProblem: false)
            loadNextPageIfNear()
        case .failure(let error as MovieServiceError):
            show(info: "More films could not be loaded: \(Self.reason(error)).", isProblem: true)
        case .failure(let error):
            show(info: "More films could not be loaded: \(error)", isProblem: true)
        }
    }

    private func show(info text: String, isProblem: Bool) {
        if !isProblem { offersCatalogue = false }
        _info.change(to: text)
        _infoIsProblem.change(to: isProblem)
    }
}
