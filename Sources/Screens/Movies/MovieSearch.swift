import Models

/// The Search screen as a value: what it shows, and the search under way. Its transitions are
/// plain functions of the state and an event; they name the work to do and never do it.
///
/// ```swift
/// var search = MovieSearch()
/// search.handle(.queried("star wars"))       // [.start("star wars", as: work 1)]
/// search.phase                               // .searching
/// search.handle(.answered(work1, .found(page)))
/// ```
public struct MovieSearch: ScreenState {
    /// What the screen shows.
    public enum Phase: Equatable, Sendable {
        /// Nothing asked yet, or the query cleared: the start message.
        case start
        /// A search under way: `Searching…` over an empty list.
        case searching
        /// The films found for `query`, and how many matched in all.
        case found(query: String, movies: [Movie], total: Int)
        /// Nothing matched `query`.
        case noResult(query: String)
        /// The search failed, and why.
        case failed(String)
    }

    /// Something that happened to the screen: a query let through, or a search's answer.
    public enum Event: Equatable, Sendable {
        /// A query to search for (trimmed; empty clears the screen).
        case queried(String)
        /// The answer of the search `id`.
        case answered(WorkID, Answer)
    }

    /// What the transitions ask for: search for a query, or stop a search no longer wanted.
    public typealias Effect = WorkOrder<String>

    /// A search's answer.
    public enum Answer: Equatable, Sendable {
        case found(MoviePage)
        case failed(String)
    }

    /// What the screen shows.
    public private(set) var phase = Phase.start
    /// The search under way, if any.
    public private(set) var running: Search?
    private var lastWork = WorkID.none

    /// A search under way: its work and its query.
    public struct Search: Equatable, Sendable {
        public let id: WorkID
        public let query: String
    }

    public init() {}

    public static func answered(_ id: WorkID, _ answer: Answer) -> Event { .answered(id, answer) }
    public var workUnderWay: WorkID? { running?.id }

    /// Moves the state on by `event`, and names the searches it calls for (the work is a query).
    /// A newer query cancels the search it replaces; an answer to any search but the one under
    /// way is dropped.
    public mutating func handle(_ event: Event) -> [Effect] {
        switch event {
        case .queried(let query):
            let cancelling = running.map { [Effect.cancel($0.id)] } ?? []
            running = nil
            guard !query.isEmpty else {
                phase = .start
                return cancelling
            }
            lastWork = lastWork.next
            running = Search(id: lastWork, query: query)
            phase = .searching
            return cancelling + [.start(query, as: lastWork)]
        case .answered(let id, let answer):
            guard let search = running, search.id == id else { return [] }
            running = nil
            phase = switch answer {
            case .found(let page) where page.movies.isEmpty: .noResult(query: search.query)
            case .found(let page): .found(query: search.query, movies: page.movies, total: page.totalResults)
            case .failed(let message): .failed(message)
            }
            return []
        }
    }
}
