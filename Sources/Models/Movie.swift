/// A film as the Movies and Search screens show it, from TMDb or from the embedded catalogue.
///
/// Only what a source really gives is filled in: the embedded catalogue knows the year but not
/// the day of release, and has no overview, so those are `.year(_:)` and `nil` there.
///
/// ```swift
/// func search(_ service: any MovieService) async throws {
///     let page = try await service.search("star wars")
///     page.movies.first?.title   // "Star Wars"
/// }
/// ```
public struct Movie: Equatable, Sendable, Identifiable {
    /// Stable within its source: the TMDb id, or the catalogue's row number.
    public let id: Int
    /// The title as the source shows it.
    public let title: String
    /// When it was released, as precisely as the source knows; nil when unknown.
    public let releaseDate: ReleaseDate?
    /// The users' average rating, 0–10.
    public let voteAverage: Double
    /// How many users rated it.
    public let voteCount: Int
    /// A short plot summary; nil when the source has none.
    public let overview: String?
    /// Running time in minutes; nil when unknown.
    public let runtimeMinutes: Int?
    /// Genre names, such as "Comedy" or "Drama"; empty when unknown.
    public let genres: [String]
    /// The age certification, such as "PG-13" (MPAA); nil when the film has none.
    public let certification: String?

    /// Creates a film from what a source knows about it.
    public init(
        id: Int, title: String, releaseDate: ReleaseDate?, voteAverage: Double, voteCount: Int,
        overview: String? = nil, runtimeMinutes: Int? = nil, genres: [String] = [],
        certification: String? = nil
    ) {
        self.id = id
        self.title = title
        self.releaseDate = releaseDate
        self.voteAverage = voteAverage
        self.voteCount = voteCount
        self.overview = overview
        self.runtimeMinutes = runtimeMinutes
        self.genres = genres
        self.certification = certification
    }
}

/// A release date as precisely as the source knows it.
public enum ReleaseDate: Equatable, Sendable {
    /// A full date, as TMDb gives it.
    case day(year: Int, month: Int, day: Int)
    /// Only the year, as the embedded catalogue gives it.
    case year(Int)

    /// The year of release.
    public var year: Int {
        switch self {
        case .day(let year, _, _): year
        case .year(let year): year
        }
    }
}

/// The lists the Movies screen switches between.
public enum Endpoint: CaseIterable, Sendable {
    /// Films in cinemas now.
    case nowPlaying
    /// Films most people look at or rate.
    case popular
    /// Films still to come.
    case upcoming
    /// Films rated highest by many users.
    case topRated

    /// The segment's name as the screen shows it.
    public var title: String {
        switch self {
        case .nowPlaying: "Now Playing"
        case .popular: "Popular"
        case .upcoming: "Upcoming"
        case .topRated: "Top Rated"
        }
    }
}

/// One page of films: a segment or a search result.
public struct MoviePage: Equatable, Sendable {
    /// The films on this page, best first.
    public let movies: [Movie]
    /// How many films matched in all, which can be more than `movies` holds.
    public let totalResults: Int
    /// What the page is when that is not obvious, such as "Films of 2005" for the offline Now Playing.
    public let note: String?
    /// Whether the list goes on in a later page (TMDb's lists do; the catalogue's are one page).
    public let hasMorePages: Bool

    /// Creates a page of `movies` out of `totalResults`, with an optional `note`, and whether
    /// another page follows.
    public init(movies: [Movie], totalResults: Int, note: String? = nil, hasMorePages: Bool = false) {
        self.movies = movies
        self.totalResults = totalResults
        self.note = note
        self.hasMorePages = hasMorePages
    }
}

/// Where films come from: TMDb when there is a key, the embedded catalogue otherwise.
public protocol MovieService: Sendable {
    /// Page `page` (counted from 1) of one segment of the Movies screen; the page says whether
    /// another follows.
    func movies(for endpoint: Endpoint, page: Int) async throws -> MoviePage
    /// Page `page` (counted from 1) of the films whose titles match `query`, best first; the
    /// page says whether another follows.
    func search(_ query: String, page: Int) async throws -> MoviePage
    /// Everything the service knows of `movie` (TMDb adds the runtime and genres to a list entry).
    func details(of movie: Movie) async throws -> Movie
}

extension MovieService {
    /// The first page of one segment of the Movies screen.
    public func movies(for endpoint: Endpoint) async throws -> MoviePage {
        try await movies(for: endpoint, page: 1)
    }

    /// The first page of the films whose titles match `query`.
    public func search(_ query: String) async throws -> MoviePage {
        try await search(query, page: 1)
    }
}

/// Why a movie service cannot answer, in words a person can act on.
public enum MovieServiceError: Error, Equatable, Sendable {
    /// The answer needs TMDb; the message says how to set the key.
    case needsAPIKey(String)
    /// TMDb refused the key or token (HTTP 401).
    case rejectedKey
    /// The service could not be reached.
    case noNetwork
    /// Any other failure, in the service's words.
    case failed(String)

    /// The reason as the screen shows it.
    public var message: String {
        switch self {
        case .needsAPIKey(let message): message
        case .rejectedKey: "TMDb rejected the API key"
        case .noNetwork: "no network"
        case .failed(let reason): reason
        }
    }
}
