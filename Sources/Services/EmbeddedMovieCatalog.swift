import Foundation
import Models

/// The films the Movies and Search screens show without a TMDb key: 58,788 real films from the
/// IMDB-derived `movies` table (see Docs/Data.md), embedded as `Resources/movies.tsv`.
///
/// Nothing is read until the first question; that load (about 45 ms) happens once, on the thread
/// that asks first, while other callers wait for it. A load that fails is not remembered, so a
/// later call tries again.
///
/// ```swift
/// let catalog = EmbeddedMovieCatalog.bundled()
/// let page = try await catalog.search("star wars")
/// page.movies.first?.title   // "Star Wars"
/// ```
public final class EmbeddedMovieCatalog: MovieService, Sendable {
    /// How many films a segment shows.
    public static let segmentSize = 100
    /// The votes a film needs to be in Top Rated (840 films have this many), so that the films
    /// rated 9.5 or more by fewer than 100 people do not outrank The Godfather.
    public static let topRatedMinimumVotes = 10_000
    /// How many films a search returns unless asked for another number.
    public static let searchLimit = 100
    /// What Upcoming says offline: the catalogue ends in 2005 and knows no future films.
    public static let upcomingNeedsKey = "Upcoming films need TMDb: set TMDB_API_KEY"

    /// Why the catalogue could not be loaded, in words a person can act on.
    public typealias LoadError = EmbeddedDataError

    private let resource: EmbeddedResource<CatalogIndex>

    /// Creates a catalogue read from the file at `url` when it is first needed.
    public init(url: URL) {
        resource = EmbeddedResource(url: url, name: "The film catalogue") { data, url throws(EmbeddedDataError) in
            try CatalogIndex(tsv: data, source: url)
        }
    }

    /// The catalogue that ships with the program, from `folder` (by default the one found for the
    /// running executable).
    public static func bundled(in folder: EmbeddedDataFolder = .located) -> Self {
        Self(url: folder.file("movies.tsv"))
    }

    // MARK: - Loading

    /// Loads the catalogue now, if it is not loaded yet, and returns how many films it holds.
    @discardableResult
    public func load() throws(LoadError) -> Int {
        try index().count
    }

    private func index() throws(LoadError) -> CatalogIndex {
        try resource.index()
    }

    // MARK: - Segments

    /// The films of `endpoint`: Popular is the most voted films, Top Rated the highest rated of
    /// those with at least `topRatedMinimumVotes` votes, Now Playing the catalogue's latest year
    /// by votes; Upcoming needs TMDb. `totalResults` counts the films the segment ranks.
    public func moviesNow(for endpoint: Endpoint) throws -> MoviePage {
        let index = try index()
        switch endpoint {
        case .popular:
            return index.page(index.byVotes.prefix(Self.segmentSize), total: index.count)
        case .topRated:
            let ranked = index.topRated(minimumVotes: Self.topRatedMinimumVotes)
            return index.page(ranked.prefix(Self.segmentSize), total: ranked.count)
        case .nowPlaying:
            guard let year = index.latestYear else { return MoviePage(movies: [], totalResults: 0) }
            let films = index.byVotes.filter { index.year(of: $0) == year }
            return index.page(films.prefix(Self.segmentSize), total: films.count, note: "Films of \(year)")
        case .upcoming:
            throw MovieServiceError.needsAPIKey(Self.upcomingNeedsKey)
        }
    }

    // MARK: - Search

    /// The films whose titles match `query`, best first: the exact title, then titles that start
    /// with it, then titles with words that start with its words, then titles that contain it;
    /// within each, most votes first. `movies` holds the first `limit`, `totalResults` counts all.
    /// See `TitleSearch` for the rules.
    public func searchNow(_ query: String, limit: Int = searchLimit) throws(LoadError) -> MoviePage {
        let query = TitleQuery(query)
        guard !query.isEmpty else { return MoviePage(movies: [], totalResults: 0) }
        let index = try index()
        let result = index.titles.search(query, limit: max(0, limit))
        return index.page(result.indices, total: result.total)
    }
}

// MARK: - MovieService

extension EmbeddedMovieCatalog {
    /// The films of `endpoint`, off the caller's actor.
    public func movies(for endpoint: Endpoint) async throws -> MoviePage {
        try await BackgroundWork.run { try self.moviesNow(for: endpoint) }
    }

    /// The first `searchLimit` films matching `query`, off the caller's actor.
    public func search(_ query: String) async throws -> MoviePage {
        try await BackgroundWork.run { try self.searchNow(query) }
    }
}

extension EmbeddedMovieCatalog {
    /// The catalogue knows nothing beyond what its list entries hold.
    public func details(of movie: Movie) async throws -> Movie {
        movie
    }
}
