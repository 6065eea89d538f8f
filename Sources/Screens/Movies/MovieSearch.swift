import Models

/// The Search screen as a value: what it shows, the cursor, and the page being fetched. Its
/// transitions are plain functions of the state and an event; they name the work to do and
/// never do it.
///
/// The films found come a page at a time, as the Movies screen's lists do: the next page is
/// asked for when the cursor comes within `MovieList.pagingDistance` rows of the end of those
/// shown, or while fewer than the rows wanted are shown, so every match can be reached.
///
/// ```swift
/// func search(finding page: MoviePage) {
///     var search = MovieSearch()
///     let orders = search.handle(.queried("star wars"))   // [.start(star wars, page 1, as: work 1)]
///     search.phase                                         // .searching
///     guard case .start(_, let work1) = orders.first else { return }
///     search.handle(.answered(work1, .found(page)))        // [], and the phase is .found with the rows
/// }
/// ```
public struct MovieSearch: ScreenState {
    /// What the screen shows.
    public enum Phase: Equatable, Sendable {
        /// Nothing asked yet, or the query cleared: the start message.
        case start
        /// A search under way: `Searching…` over an empty list.
        case searching
        /// The films found for `query` so far, as rows, and how many matched in all.
        case found(query: String, rows: [MovieRowViewModel], total: Int)
        /// Nothing matched `query`.
        case noResult(query: String)
        /// The search failed, and why.
        case failed(String)
    }

    /// Something that happened to the screen: a query let through, the cursor moved, or a
    /// search's answer.
    public enum Event: Equatable, Sendable {
        /// A query to search for (trimmed; empty clears the screen).
        case queried(String)
        /// The cursor moved by this many rows.
        case cursorMoved(by: Int)
        /// At least this many rows are wanted, wherever the cursor is (`mvvm-tui search --limit`).
        case rowsWanted(Int)
        /// The answer of the search `id`.
        case answered(WorkID, Answer)
    }

    /// A search's answer.
    public enum Answer: Equatable, Sendable {
        case found(MoviePage)
        case failed(String)
    }

    /// A page to fetch: of which query, and which page (from 1).
    public struct Request: Equatable, Sendable {
        public let query: String
        public let page: Int

        public init(query: String, page: Int) {
            (self.query, self.page) = (query, page)
        }
    }

    /// A search under way: its work and what it asks.
    public struct Search: Equatable, Sendable {
        public let id: WorkID
        public let request: Request
    }

    /// What the screen shows.
    public private(set) var phase = Phase.start
    /// The row under the cursor.
    public private(set) var cursor = 0
    /// The page being fetched, if any.
    public private(set) var running: Search?
    /// Why the next page could not be fetched, if it could not; the rows shown stay.
    public private(set) var moreFailed: String?
    private var lastWork = WorkID.none
    private var pagesShown = 0
    private var hasMorePages = false
    private var wantedRows = 0

    public init() {}

    /// The films shown: those found, or none.
    public var rows: [MovieRowViewModel] {
        if case .found(_, let rows, _) = phase { rows } else { [] }
    }

    /// Whether the rows shown end the list: no page is being fetched and none follows.
    public var listIsWhole: Bool { running == nil && !hasMorePages }

    public static func event(answering id: WorkID, with answer: Answer) -> Event { .answered(id, answer) }

    /// Moves the state on by `event`, and names the pages it calls for. A newer query cancels
    /// the search it replaces; an answer to any search but the one under way is dropped.
    public mutating func handle(_ event: Event) -> [WorkOrder<Request>] {
        switch event {
        case .queried(let query):
            let cancelling = running.map { [WorkOrder<Request>.cancel($0.id)] } ?? []
            running = nil
            (cursor, pagesShown, hasMorePages, wantedRows, moreFailed) = (0, 0, false, 0, nil)
            guard !query.isEmpty else {
                phase = .start
                return cancelling
            }
            phase = .searching
            return cancelling + fetch(Request(query: query, page: 1))
        case .cursorMoved(let offset):
            guard !rows.isEmpty else { return [] }
            cursor = min(max(0, cursor + offset), rows.count - 1)
            return nextPageIfNear()
        case .rowsWanted(let count):
            wantedRows = count
            return nextPageIfNear()
        case .answered(let id, let answer):
            guard let search = running, search.id == id else { return [] }
            running = nil
            return search.request.page == 1 ? showFirstPage(answer, of: search.request.query) : showNextPage(answer)
        }
    }

    // MARK: - Transitions

    private mutating func showFirstPage(_ answer: Answer, of query: String) -> [WorkOrder<Request>] {
        cursor = 0
        switch answer {
        case .found(let page) where page.movies.isEmpty:
            phase = .noResult(query: query)
        case .found(let page):
            phase = .found(query: query, rows: page.movies.map(MovieRowViewModel.init), total: page.totalResults)
            (pagesShown, hasMorePages) = (1, page.hasMorePages)
            return nextPageIfNear()
        case .failed(let message):
            phase = .failed(message)
        }
        return []
    }

    private mutating func showNextPage(_ answer: Answer) -> [WorkOrder<Request>] {
        guard case .found(let query, let rows, let total) = phase else { return [] }
        switch answer {
        case .found(let page):
            let shown = Set(rows.map(\.id))
            let new = page.movies.filter { !shown.contains($0.id) }.map(MovieRowViewModel.init)
            phase = .found(query: query, rows: rows + new, total: total)
            pagesShown += 1
            hasMorePages = page.hasMorePages && !new.isEmpty
            return nextPageIfNear()
        case .failed(let message):
            hasMorePages = false
            moreFailed = message
        }
        return []
    }

    /// The page after those shown, when the cursor is within `MovieList.pagingDistance` rows of
    /// the end or fewer than the rows wanted are shown, unless none follows or one is being fetched.
    private mutating func nextPageIfNear() -> [WorkOrder<Request>] {
        guard hasMorePages, running == nil, case .found(let query, let rows, _) = phase,
            cursor >= rows.count - MovieList.pagingDistance || rows.count < wantedRows
        else { return [] }
        return fetch(Request(query: query, page: pagesShown + 1))
    }

    private mutating func fetch(_ request: Request) -> [WorkOrder<Request>] {
        lastWork = lastWork.next
        running = Search(id: lastWork, request: request)
        return [.start(request, as: lastWork)]
    }
}
