import Models

/// The Search screen as a value: what it shows, the cursor, and the search under way. Its
/// transitions are plain functions of the state and an event; they name the work to do and
/// never do it.
///
/// ```swift
/// func search(finding page: MoviePage) {
///     var search = MovieSearch()
///     let orders = search.handle(.queried("star wars"))   // [.start("star wars", as: work 1)]
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
        /// The films found for `query`, as rows, and how many matched in all.
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
        /// The answer of the search `id`.
        case answered(WorkID, Answer)
    }

    /// A search's answer.
    public enum Answer: Equatable, Sendable {
        case found(MoviePage)
        case failed(String)
    }

    /// A search under way: its work and its query.
    public struct Search: Equatable, Sendable {
        public let id: WorkID
        public let query: String
    }

    /// What the screen shows.
    public private(set) var phase = Phase.start
    /// The row under the cursor.
    public private(set) var cursor = 0
    /// The search under way, if any.
    public private(set) var running: Search?
    private var lastWork = WorkID.none

    public init() {}

    /// The films shown: those found, or none.
    public var rows: [MovieRowViewModel] {
        if case .found(_, let rows, _) = phase { rows } else { [] }
    }

    public static func event(answering id: WorkID, with answer: Answer) -> Event { .answered(id, answer) }

    /// Moves the state on by `event`, and names the searches it calls for (the work is a query).
    /// A newer query cancels the search it replaces; an answer to any search but the one under
    /// way is dropped.
    public mutating func handle(_ event: Event) -> [WorkOrder<String>] {
        switch event {
        case .queried(let query):
            let cancelling = running.map { [WorkOrder<String>.cancel($0.id)] } ?? []
            running = nil
            cursor = 0
            guard !query.isEmpty else {
                phase = .start
                return cancelling
            }
            lastWork = lastWork.next
            running = Search(id: lastWork, query: query)
            phase = .searching
            return cancelling + [.start(query, as: lastWork)]
        case .cursorMoved(let offset):
            guard !rows.isEmpty else { return [] }
            cursor = min(max(0, cursor + offset), rows.count - 1)
            return []
        case .answered(let id, let answer):
            guard let search = running, search.id == id else { return [] }
            running = nil
            cursor = 0
            phase =
                switch answer {
                case .found(let page) where page.movies.isEmpty: .noResult(query: search.query)
                case .found(let page): .found(query: search.query, rows: page.movies.map(MovieRowViewModel.init), total: page.totalResults)
                case .failed(let message): .failed(message)
                }
            return []
        }
    }
}
