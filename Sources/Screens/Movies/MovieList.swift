import Models

/// The Movies screen as a value: the segment, the films loaded (as rows, each formatted once) and
/// the cursor, what the screen says, and the page being fetched. Its transitions are plain functions of the state and an
/// event; they name the pages to fetch and never fetch them.
///
/// A list that has more pages loads the next one when the cursor comes within `pagingDistance`
/// rows of the end of what is loaded, or while fewer than the rows wanted are loaded; one page at
/// a time, none after the last, and none that brings nothing new.
public struct MovieList: ScreenState {
    /// How near the end of the loaded rows the cursor comes before the next page is fetched.
    public static let pagingDistance = 5
    /// What the screen offers when TMDb fails and the catalogue is there.
    static let catalogueOffer = "Press c for the embedded catalogue."

    /// Something that happened to the screen.
    public enum Event: Equatable, Sendable {
        /// The screen came into view.
        case appeared
        /// The user chose a segment.
        case segmentChosen(Endpoint)
        /// The cursor moved by this many rows.
        case cursorMoved(by: Int)
        /// At least this many rows are wanted, wherever the cursor is (`mvvm-tui movies --limit`).
        case rowsWanted(Int)
        /// The user took the catalogue on offer.
        case catalogueChosen
        /// The answer to the fetch `id`.
        case answered(WorkID, Answer)
    }

    /// A page to fetch: of which segment, which page (from 1), and from where.
    public struct Request: Equatable, Sendable {
        public let segment: Endpoint
        public let page: Int
        /// Whether the embedded catalogue answers it rather than the service (TMDb).
        public let fromCatalogue: Bool

        public init(segment: Endpoint, page: Int, fromCatalogue: Bool) {
            (self.segment, self.page, self.fromCatalogue) = (segment, page, fromCatalogue)
        }
    }

    /// A fetch's answer.
    public enum Answer: Equatable, Sendable {
        case page(MoviePage)
        case failed(MovieServiceError)
        /// Something other than the service's own failures: its words.
        case unreadable(String)
    }

    /// A fetch under way.
    public struct Fetch: Equatable, Sendable {
        public let id: WorkID
        public let request: Request
    }

    /// The segment shown.
    public private(set) var segment: Endpoint
    /// The films loaded, in order, as rows.
    public private(set) var rows: [MovieRowViewModel] = []
    /// The row under the cursor.
    public private(set) var cursor = 0
    /// An error, an empty list's message, or a note on the list (`Films of 2005`); else empty.
    public private(set) var info = ""
    /// Whether `info` tells of a failure.
    public private(set) var infoIsProblem = false
    /// The page being fetched, if any.
    public private(set) var fetching: Fetch?

    private let hasCatalogue: Bool
    private var usesCatalogue = false
    private var offersCatalogue = false
    private var hasAppeared = false
    private var pagesShown = 0
    private var hasMorePages = false
    private var wantedRows = 0
    /// What `info` says while the rows are shown: the first page's note, or its empty message.
    private var listInfo = ""
    private var lastWork = WorkID.none

    /// A screen on `segment`, with nothing loaded; `hasCatalogue` when the catalogue can stand in
    /// for a failing service.
    public init(segment: Endpoint, hasCatalogue: Bool) {
        self.segment = segment
        self.hasCatalogue = hasCatalogue
    }

    public static func event(answering id: WorkID, with answer: Answer) -> Event { .answered(id, answer) }

    /// Moves the state on by `event`, and names the pages it calls for, or the fetch to stop
    /// when its segment is no longer shown. An answer to any fetch but the one under way is dropped.
    public mutating func handle(_ event: Event) -> [WorkOrder<Request>] {
        switch event {
        case .appeared:
            guard !hasAppeared else { return [] }
            hasAppeared = true
            return load()
        case .segmentChosen(let chosen):
            guard chosen != segment else { return [] }
            segment = chosen
            return load()
        case .cursorMoved(let offset):
            guard !rows.isEmpty else { return [] }
            cursor = min(max(0, cursor + offset), rows.count - 1)
            return nextPageIfNear()
        case .rowsWanted(let count):
            wantedRows = count
            return nextPageIfNear()
        case .catalogueChosen:
            guard offersCatalogue else { return [] }
            usesCatalogue = true
            return load()
        case .answered(let id, let answer):
            guard let fetch = fetching, fetch.id == id else { return [] }
            fetching = nil
            return fetch.request.page == 1 ? showFirstPage(answer) : showNextPage(answer, number: fetch.request.page)
        }
    }

    // MARK: - Transitions

    /// Clears the list and fetches the segment's first page, stopping any fetch under way.
    private mutating func load() -> [WorkOrder<Request>] {
        let cancelling = fetching.map { [WorkOrder<Request>.cancel($0.id)] } ?? []
        fetching = nil
        (rows, cursor, pagesShown, hasMorePages, wantedRows) = ([], 0, 0, false, 0)
        say("")
        return cancelling + fetch(page: 1)
    }

    private mutating func showFirstPage(_ answer: Answer) -> [WorkOrder<Request>] {
        switch answer {
        case .page(let page):
            (rows, cursor, pagesShown) = (page.movies.map(MovieRowViewModel.init), 0, 1)
            hasMorePages = page.hasMorePages && !page.movies.isEmpty
            listInfo = page.movies.isEmpty ? "No films here." : page.note ?? ""
            say(listInfo)
            return nextPageIfNear()
        case .failed(.needsAPIKey(let message)):
            say(message, isProblem: true)
        case .failed(let error):
            offersCatalogue = hasCatalogue
            say(Self.reason(error) + "." + (offersCatalogue ? " " + Self.catalogueOffer : ""), isProblem: true)
        case .unreadable(let words):
            say("The films cannot be read: \(words)", isProblem: true)
        }
        return []
    }

    private mutating func showNextPage(_ answer: Answer, number: Int) -> [WorkOrder<Request>] {
        switch answer {
        case .page(let page):
            let shown = Set(rows.map(\.id))
            let new = page.movies.filter { !shown.contains($0.id) }.map(MovieRowViewModel.init)
            rows += new
            pagesShown = number
            hasMorePages = page.hasMorePages && !new.isEmpty
            say(listInfo)
            return nextPageIfNear()
        case .failed(let error):
            say("More films could not be loaded: \(Self.reason(error)).", isProblem: true)
        case .unreadable(let words):
            say("More films could not be loaded: \(words)", isProblem: true)
        }
        return []
    }

    /// The page after those shown, when the cursor is within `pagingDistance` rows of the end or
    /// fewer than the rows wanted are shown, unless there is none or a page is being fetched.
    private mutating func nextPageIfNear() -> [WorkOrder<Request>] {
        guard hasMorePages, fetching == nil,
            cursor >= rows.count - Self.pagingDistance || rows.count < wantedRows
        else { return [] }
        return fetch(page: pagesShown + 1)
    }

    private mutating func fetch(page: Int) -> [WorkOrder<Request>] {
        lastWork = lastWork.next
        let request = Request(segment: segment, page: page, fromCatalogue: usesCatalogue)
        fetching = Fetch(id: lastWork, request: request)
        return [.start(request, as: lastWork)]
    }

    /// Sets what the screen says; anything but a problem takes back the catalogue's offer.
    private mutating func say(_ text: String, isProblem: Bool = false) {
        if !isProblem { offersCatalogue = false }
        (info, infoIsProblem) = (text, isProblem)
    }

    /// What went wrong with TMDb, as the screen says it.
    private static func reason(_ error: MovieServiceError) -> String {
        error == .rejectedKey ? error.message : "TMDb: \(error.message)"
    }
}
