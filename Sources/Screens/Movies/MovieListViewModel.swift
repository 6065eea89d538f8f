import Binding
import Foundation
import Models

/// The Movies screen: a segment (Now Playing, Popular, Upcoming, Top Rated) and its films.
///
/// A segment change clears the rows, shows that it is fetching, then shows the rows; an answer
/// for a segment that is no longer selected is dropped. When TMDb fails, the reason shows and
/// the embedded catalogue is offered (`useCatalogue()`).
@MainActor
public final class MovieListViewModel {
    // MARK: - Outputs

    /// The segments' names, in order.
    public let segments: [String] = Endpoint.allCases.map(\.title)
    /// The selected segment, as an index into `segments`.
    public let selectedSegment: Dynamic<Int>
    public let rows = Dynamic<[MovieRowViewModel]>([])
    /// Whether an answer is awaited (a spinner on screen).
    public let isFetching = Dynamic(false)
    /// An error, an empty list's message, or a note on the list (`Films of 2005`); else empty.
    public let info = Dynamic("")
    /// Whether `info` tells of a failure (the screen shows it as an error).
    public let infoIsProblem = Dynamic(false)
    /// The row under the cursor.
    public let selectedIndex = Dynamic(0)
    /// The film under the cursor, for the detail pane.
    public let selectedMovie = Dynamic<MovieRowViewModel?>(nil)

    private var service: any MovieService
    private let catalogue: (any MovieService)?
    private var generation = 0
    private var hasAppeared = false
    /// Whether TMDb failed and the catalogue is on offer.
    private var offersCatalogue = false
    /// The fetch under way, for tests to await.
    public private(set) var fetch: Task<Void, Never>?

    /// Creates the screen over `service`; `catalogue` is offered when `service` fails.
    public init(service: any MovieService, catalogue: (any MovieService)? = nil, initialSegment: Endpoint = .popular) {
        self.service = service
        self.catalogue = catalogue
        selectedSegment = Dynamic(Endpoint.allCases.firstIndex(of: initialSegment) ?? 0)
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
        guard segments.indices.contains(index), index != selectedSegment.value else { return }
        selectedSegment.value = index
        load()
    }

    /// Shows the next segment, wrapping.
    public func selectNextSegment() {
        selectSegment((selectedSegment.value + 1) % segments.count)
    }

    /// Shows the previous segment, wrapping.
    public func selectPreviousSegment() {
        selectSegment((selectedSegment.value + segments.count - 1) % segments.count)
    }

    /// Moves the cursor by `offset` rows, staying on the list.
    public func moveSelection(by offset: Int) {
        guard !rows.value.isEmpty else { return }
        select(min(max(0, selectedIndex.value + offset), rows.value.count - 1))
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
        let endpoint = Endpoint.allCases[selectedSegment.value]
        rows.change(to: [])
        select(0)
        show(info: "", isProblem: false)
        isFetching.change(to: true)
        let service = self.service
        fetch = Task { [weak self] in
            let result: Result<MoviePage, any Error>
            do { result = .success(try await service.movies(for: endpoint)) } catch { result = .failure(error) }
            guard let self, request == generation else { return }
            show(result)
        }
    }

    private func show(_ result: Result<MoviePage, any Error>) {
        isFetching.change(to: false)
        switch result {
        case .success(let page):
            rows.value = page.movies.map(MovieRowViewModel.init)
            show(info: page.movies.isEmpty ? "No films here." : page.note ?? "", isProblem: false)
        case .failure(MovieServiceError.needsAPIKey(let message)):
            show(info: message, isProblem: true)
        case .failure(let error as MovieServiceError):
            let reason = error == .rejectedKey ? error.message : "TMDb: \(error.message)"
            offersCatalogue = catalogue != nil
            show(info: reason + "." + (offersCatalogue ? " " + Self.catalogueOffer : ""), isProblem: true)
        case .failure(let error):
            show(info: "The films cannot be read: \(error)", isProblem: true)
        }
        select(0)
    }

    private func show(info text: String, isProblem: Bool) {
        if !isProblem { offersCatalogue = false }
        info.change(to: text)
        infoIsProblem.change(to: isProblem)
    }

    private func select(_ index: Int) {
        selectedIndex.change(to: index)
        selectedMovie.change(to: rows.value.indices.contains(index) ? rows.value[index] : nil)
    }
}
