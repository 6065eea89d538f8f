import Foundation
import GRDB
import Models

/// The films the Movies and Search screens show without a TMDb key: 58,788 real films from the
/// IMDB-derived `movies` table (see Docs/Data.md), embedded as the read-only SQLite database
/// `Resources/movies.sqlite`, written by Scripts/make-catalogue.py.
///
/// Nothing is opened until the first question; the open, which reads every title for
/// `TitleSearch`, happens once, on the thread that asks first, while other callers wait for it.
/// An open that fails is not remembered, so a later call tries again.
///
/// ```swift
/// let catalog = EmbeddedMovieCatalog.bundled()
/// let page = try await catalog.search("star wars")
/// page.movies.first?.title   // "Star Wars"
/// let more = try await catalog.search("love", page: 2)   // ranks 101 to 200
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

    /// The database's file name in the data folder.
    public static let fileName = "movies.sqlite"

    private let database: ResourceDatabase<CatalogTitles>

    /// Creates a catalogue read from the database at `url` when it is first needed.
    public init(url: URL) {
        database = ResourceDatabase(url: url, name: "The film catalogue", format: CatalogTitles.format) { db in
            try CatalogTitles(db)
        }
    }

    /// The catalogue that ships with the program, from `folder` (by default the one found for the
    /// running executable).
    public static func bundled(in folder: EmbeddedDataFolder = .located) -> Self {
        Self(url: folder.file(fileName))
    }

    // MARK: - Loading

    /// Opens the catalogue now, if it is not open yet, and returns how many films it holds.
    @discardableResult
    public func load() throws(LoadError) -> Int {
        try database.open().contents.count
    }

    // MARK: - Segments

    /// The films of `endpoint`: Popular is the most voted films, Top Rated the highest rated of
    /// those with at least `topRatedMinimumVotes` votes, Now Playing the catalogue's latest year
    /// by votes; Upcoming needs TMDb. `totalResults` counts the films the segment ranks.
    public func moviesNow(for endpoint: Endpoint) throws -> MoviePage {
        let opened = try database.open()
        let size = Self.segmentSize
        switch endpoint {
        case .popular:
            let titles = opened.contents
            return try page(opened) { db in
                (try CatalogTitles.films(titles.byVotes.prefix(size), in: db), titles.count, nil)
            }
        case .topRated:
            return try page(opened) { db in
                let floor = Self.topRatedMinimumVotes
                let ids = try Int64.fetchAll(
                    db, sql: "SELECT id FROM film WHERE votes >= ? ORDER BY rating DESC, votes DESC, id LIMIT ?",
                    arguments: [floor, size])
                let total = try Int.fetchOne(db, sql: "SELECT count(*) FROM film WHERE votes >= ?", arguments: [floor]) ?? 0
                return (try CatalogTitles.films(ids, in: db), total, nil)
            }
        case .nowPlaying:
            return try page(opened) { db in
                guard let year = try Int.fetchOne(db, sql: "SELECT max(year) FROM film") else { return ([], 0, nil) }
                let ids = try Int64.fetchAll(
                    db, sql: "SELECT id FROM film WHERE year = ? ORDER BY votes DESC, id LIMIT ?",
                    arguments: [year, size])
                let total = try Int.fetchOne(db, sql: "SELECT count(*) FROM film WHERE year = ?", arguments: [year]) ?? 0
                return (try CatalogTitles.films(ids, in: db), total, "Films of \(year)")
            }
        case .upcoming:
            throw MovieServiceError.needsAPIKey(Self.upcomingNeedsKey)
        }
    }

    // MARK: - Search

    /// Page `page` (from 1) of the films whose titles match `query`, `limit` a page, best first:
    /// every word of the query starts a word of the title, in any order; the exact title first,
    /// then the words in order, a title that starts with them, fewer other words, then rating and
    /// votes (`TitleSearch` has the rules). `totalResults` counts every match, and `hasMorePages`
    /// says whether a later page holds more.
    public func searchNow(_ query: String, page: Int = 1, limit: Int = searchLimit) throws(LoadError) -> MoviePage {
        let query = TitleQuery(query)
        guard !query.isEmpty, page >= 1, limit >= 1 else { return MoviePage(movies: [], totalResults: 0) }
        let opened = try database.open()
        let first = (page - 1).multipliedReportingOverflow(by: limit)
        guard !first.overflow else { return MoviePage(movies: [], totalResults: 0) }
        let result = opened.contents.titles.search(query, ranks: first.partialValue..<first.partialValue.addingClamped(limit))
        let ids = result.indices.map { Int64($0) + 1 }
        let hasMore = first.partialValue + ids.count < result.total && !ids.isEmpty
        return try self.page(opened) { db in (try CatalogTitles.films(ids, in: db), result.total, nil) }
            .withMorePages(hasMore)
    }

    /// The page `read` reads from the open database, or its failure naming the file.
    private func page(
        _ opened: ResourceDatabase<CatalogTitles>.Opened,
        _ read: (Database) throws -> ([Movie], Int, String?)
    ) throws(LoadError) -> MoviePage {
        do {
            let (movies, total, note) = try opened.connection.read(read)
            return MoviePage(movies: movies, totalResults: total, note: note)
        } catch {
            throw database.damage(error)
        }
    }
}

// MARK: - MovieService

extension EmbeddedMovieCatalog {
    /// The films of `endpoint`, off the caller's actor. A segment is one page: page 1 holds it
    /// all, and a later page is empty.
    public func movies(for endpoint: Endpoint, page: Int) async throws -> MoviePage {
        guard page == 1 else { return MoviePage(movies: [], totalResults: 0) }
        return try await BackgroundWork.run { try self.moviesNow(for: endpoint) }
    }

    /// Page `page` of the films matching `query`, `searchLimit` a page, off the caller's actor.
    public func search(_ query: String, page: Int) async throws -> MoviePage {
        try await BackgroundWork.run { try self.searchNow(query, page: page) }
    }
}

extension EmbeddedMovieCatalog {
    /// The catalogue knows nothing beyond what its list entries hold.
    public func details(of movie: Movie) async throws -> Movie {
        movie
    }
}

extension MoviePage {
    /// The same page, saying whether another follows.
    fileprivate func withMorePages(_ hasMorePages: Bool) -> MoviePage {
        MoviePage(movies: movies, totalResults: totalResults, note: note, hasMorePages: hasMorePages)
    }
}

extension Int {
    /// The sum, or `Int.max` when it would overflow.
    fileprivate func addingClamped(_ other: Int) -> Int {
        let sum = addingReportingOverflow(other)
        return sum.overflow ? .max : sum.partialValue
    }
}
