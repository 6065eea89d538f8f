import Foundation
import GRDB
import Models
import Services
import Testing

struct EmbeddedMovieCatalogTests {
    /// The catalogue that ships with the program, loaded once for every test that reads it.
    static let bundled = EmbeddedMovieCatalog.bundled()

    // MARK: - Loading

    @Test func bundledCatalogueHoldsEveryFilmOfTheSource() throws {
        #expect(try Self.bundled.load() == 58_788)
    }

    @Test func aFilmCarriesWhatTheCatalogueKnowsAndNothingMore() throws {
        let starWars = try #require(try Self.bundled.searchNow("star wars", limit: 1).movies.first)
        #expect(
            starWars
                == Movie(
                    id: 48_908, title: "Star Wars", releaseDate: .year(1977), voteAverage: 8.8, voteCount: 134_640,
                    overview: nil, runtimeMinutes: 125, genres: ["Action"], certification: "PG"
                ))
    }

    @Test func idsAreTheSourceRowNumbers() throws {
        let catalog = try makeCatalog([film("First", votes: 1), film("Second", votes: 2)])
        #expect(try catalog.searchNow("second", limit: 10).movies.map(\.id) == [2])
    }

    @Test func nothingIsReadUntilTheFirstQuestion() throws {
        let url = temporaryFileURL()
        let catalog = EmbeddedMovieCatalog(url: url)
        try write([film("Written After", votes: 1)], to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(try catalog.searchNow("written", limit: 10).movies.map(\.title) == ["Written After"])
    }

    @Test func aMissingFileFailsWhenSearchedAndIsReadOnceItExists() throws {
        let url = temporaryFileURL()
        let catalog = EmbeddedMovieCatalog(url: url)
        #expect(throws: EmbeddedMovieCatalog.LoadError.self) { try catalog.searchNow("star", limit: 10) }
        try write([film("Star", votes: 1)], to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(try catalog.searchNow("star", limit: 10).totalResults == 1)
    }

    @Test func aTruncatedFileIsReportedWithItsName() throws {
        let url = temporaryFileURL()
        defer { try? FileManager.default.removeItem(at: url) }
        try ResourceDatabaseFixture.writeTruncated(EmbeddedMovieCatalog.fileName, bytes: 500_000, to: url)
        let error = #expect(throws: EmbeddedMovieCatalog.LoadError.self) { try EmbeddedMovieCatalog(url: url).searchNow("star") }
        #expect(
            error?.description.hasPrefix(
                "The film catalogue \(url.lastPathComponent) in \(url.deletingLastPathComponent().path) is damaged: ") == true,
            "\(error?.description ?? "no error")")
    }

    @Test func aFileOfRandomBytesIsReportedWithItsName() async throws {
        let url = temporaryFileURL()
        defer { try? FileManager.default.removeItem(at: url) }
        try ResourceDatabaseFixture.writeNoise(count: 65_536, to: url)
        let catalog = EmbeddedMovieCatalog(url: url)
        await #expect(
            throws: EmbeddedMovieCatalog.LoadError(
                description:
                    "The film catalogue \(url.lastPathComponent) in \(url.deletingLastPathComponent().path) is damaged: file is not a database; reinstall the program (make install)"
            )
        ) {
            try await catalog.movies(for: .popular)
        }
    }

    // MARK: - Segments

    @Test func popularIsTheMostVotedFilmsFirst() async throws {
        let page = try await Self.bundled.movies(for: .popular)
        #expect(page.movies.count == 100)
        #expect(page.totalResults == 58_788)
        #expect(page.movies.first?.title == "The Lord of the Rings: The Fellowship of the Ring")
        #expect(page.movies.map(\.voteCount) == page.movies.map(\.voteCount).sorted(by: >))
    }

    @Test func aSegmentIsOnePageAndALaterPageIsEmpty() async throws {
        #expect(try await !Self.bundled.movies(for: .popular, page: 1).hasMorePages)
        let later = try await Self.bundled.movies(for: .popular, page: 2)
        #expect(later.movies.isEmpty)
        #expect(!later.hasMorePages)
    }

    @Test func topRatedOnlyRanksFilmsWithTenThousandVotes() async throws {
        let page = try await Self.bundled.movies(for: .topRated)
        #expect(page.movies.count == 100)
        #expect(page.totalResults == 840)
        #expect(page.movies.allSatisfy { $0.voteCount >= EmbeddedMovieCatalog.topRatedMinimumVotes })
        #expect(page.movies.map(\.voteAverage) == page.movies.map(\.voteAverage).sorted(by: >))
        #expect(page.movies.first?.title == "The Shawshank Redemption")
    }

    @Test func topRatedLeavesOutFewVotesAndBreaksTiesByVotes() async throws {
        let catalog = try makeCatalog([
            film("Loved By Few", votes: 9_999, rating: "9.9"),
            film("Just Enough", votes: 10_000, rating: "8.0"),
            film("More Voted", votes: 20_000, rating: "8.0"),
            film("Best", votes: 10_500, rating: "9.0"),
        ])
        let page = try await catalog.movies(for: .topRated)
        #expect(page.movies.map(\.title) == ["Best", "More Voted", "Just Enough"])
        #expect(page.totalResults == 3)
    }

    @Test func nowPlayingIsTheLatestYearByVotesWithANote() async throws {
        let page = try await Self.bundled.movies(for: .nowPlaying)
        #expect(page.note == "Films of 2005")
        #expect(page.totalResults == 349)
        #expect(page.movies.count == 100)
        #expect(page.movies.allSatisfy { $0.releaseDate == .year(2005) })
        #expect(page.movies.map(\.voteCount) == page.movies.map(\.voteCount).sorted(by: >))
    }

    @Test func upcomingAsksForATMDbKey() async throws {
        await #expect(throws: MovieServiceError.needsAPIKey("Upcoming films need TMDb: set TMDB_API_KEY")) {
            try await Self.bundled.movies(for: .upcoming)
        }
    }

    // MARK: - Search

    @Test func starWarsPutsStarWarsFirst() async throws {
        let page = try await Self.bundled.search("star wars")
        #expect(page.movies.first?.title == "Star Wars")
        #expect(page.movies.first?.releaseDate == .year(1977))
        #expect(page.movies.dropFirst().prefix(4).allSatisfy { $0.title.hasPrefix("Star Wars: Episode") })
    }

    /// Queries as people type them, and the film each must put first, over the whole catalogue.
    @Test(arguments: [
        ("star wars", "Star Wars"),
        ("wars star", "Star Wars"),
        ("lord rings", "The Lord of the Rings"),
        ("godfather ii", "The Godfather: Part II"),
        ("GODFATHER: PART II", "The Godfather: Part II"),
        ("empire back", "Star Wars: Episode V - The Empire Strikes Back"),
        ("back future", "Back to the Future"),
        ("matrix", "The Matrix"),
        ("harry potter stone", "Harry Potter and the Sorcerer's Stone"),
        ("schindlér", "Schindler's List"),
    ])
    func aQueryPutsItsFilmFirst(query: String, title: String) throws {
        #expect(try Self.bundled.searchNow(query, limit: 1).movies.first?.title == title)
    }

    @Test func everyWordStartsAWordOfTheTitleInAnyOrder() throws {
        let catalog = try makeCatalog([
            film("Star Wars: Episode V - The Empire Strikes Back", votes: 2),
            film("The Lord of the Rings", votes: 1),
            film("Monstar", votes: 3),
        ])
        #expect(try catalog.searchNow("sta wa", limit: 10).movies.map(\.id) == [1])
        #expect(try catalog.searchNow("back empire", limit: 10).movies.map(\.id) == [1])
        #expect(try catalog.searchNow("lord ri", limit: 10).movies.map(\.id) == [2])
        #expect(try catalog.searchNow("the the", limit: 10).movies.map(\.id) == [2], "each word takes a title word of its own")
        #expect(try catalog.searchNow("the the the", limit: 10).totalResults == 0)
        #expect(try catalog.searchNow("star", limit: 10).movies.map(\.id) == [1], "a word inside a word is no match")
        #expect(try catalog.searchNow("$", limit: 10).totalResults == 0, "punctuation alone is no word")
    }

    @Test func theRanksAreExactThenInOrderThenStartingThenFewerWordsThenRatingThenVotes() throws {
        let catalog = try makeCatalog([
            film("Rings of the Lord", votes: 900, rating: "9.9"),
            film("The Lord of the Rings Again", votes: 800, rating: "9.0"),
            film("Lord Rings", votes: 1, rating: "1.0"),
            film("Lord of the Rings Remembered", votes: 10, rating: "5.0"),
            film("Lord of Rings", votes: 20, rating: "5.0"),
            film("The Lord of the Rings", votes: 5, rating: "6.0"),
            film("Lord of the Rings", votes: 30, rating: "6.0"),
            film("Lord of the Rings Told", votes: 40, rating: "5.0"),
            film("Lord Ringsmith Tales", votes: 1, rating: "2.0"),
        ])
        #expect(
            try catalog.searchNow("lord rings", limit: 10).movies.map(\.title) == [
                "Lord Rings", "Lord Ringsmith Tales", "Lord of Rings", "Lord of the Rings", "The Lord of the Rings",
                "Lord of the Rings Told", "Lord of the Rings Remembered", "The Lord of the Rings Again", "Rings of the Lord",
            ])
    }

    @Test func rankingAgreesWithThePlainRulesOverTheWholeCatalogue() throws {
        for query in ["s", "st", "sta wa", "o'b", "2001", "the lord", "wars star", "a a", "-"] {
            let page = try Self.bundled.searchNow(query, limit: 100)
            let expected = ReferenceSearch.shared.ranked(query)
            #expect(page.totalResults == expected.count, "\(query)")
            #expect(page.movies.map(\.id) == Array(expected.prefix(100)), "\(query)")
        }
    }

    @Test func pagesGoOnToTheLastMatch() throws {
        let expected = ReferenceSearch.shared.ranked("love")
        var ids: [Int] = []
        var page = 0
        var more = true
        while more {
            page += 1
            let found = try Self.bundled.searchNow("love", page: page, limit: 100)
            #expect(found.totalResults == expected.count)
            ids += found.movies.map(\.id)
            more = found.hasMorePages
        }
        #expect(page == (expected.count + 99) / 100)
        #expect(ids == expected)
        #expect(try Self.bundled.searchNow("love", page: page + 1, limit: 100).movies.isEmpty)
    }

    @Test func searchIgnoresCaseAndDiacritics() throws {
        let catalog = try makeCatalog([film("Amélie", votes: 2), film("ÉCOLE des femmes", votes: 1)])
        #expect(try catalog.searchNow("amelie", limit: 10).movies.map(\.title) == ["Amélie"])
        #expect(try catalog.searchNow("AMÉLIE", limit: 10).movies.map(\.title) == ["Amélie"])
        #expect(try catalog.searchNow("e", limit: 10).movies.map(\.title) == ["ÉCOLE des femmes"])
    }

    @Test func anEmptyOrBlankQueryFindsNothing() async throws {
        for query in ["", "   ", "\t\n "] {
            let page = try await Self.bundled.search(query)
            #expect(page == MoviePage(movies: [], totalResults: 0))
        }
    }

    @Test func aFiveThousandCharacterQueryFindsNothingQuickly() throws {
        try Self.bundled.load()
        for query in [String(repeating: "a", count: 5_000), String(repeating: "star wars ", count: 500)] {
            var page: MoviePage?
            let elapsed = try ContinuousClock().measure { page = try Self.bundled.searchNow(query, limit: 100) }
            #expect(page?.totalResults == 0)
            #expect(elapsed < .seconds(10), "a long query is refused at once, not scanned")
        }
    }

    @Test func totalResultsCountsEveryMatchWhileMoviesStopsAtTheLimit() async throws {
        let page = try await Self.bundled.search("love")
        #expect(page.movies.count == 100)
        #expect(page.totalResults == 676)
        #expect(page.hasMorePages)
        let three = try Self.bundled.searchNow("love", limit: 3)
        #expect(three.movies == Array(page.movies.prefix(3)))
        #expect(three.totalResults == 676)
    }
}

// MARK: - Helpers

/// A film called `title`, as a row of the film table but for its id.
private func film(_ title: String, votes: Int, rating: String = "7.0", year: Int = 2000) -> [any DatabaseValueConvertible] {
    let tenths = Int((Double(rating) ?? 0) * 10 + 0.5)
    return [title, year, 90, tenths, votes, DatabaseValue.null, ""]
}

private func temporaryFileURL() -> URL {
    ResourceDatabaseFixture.temporaryURL("movies.sqlite")
}

/// Writes a catalogue of `films`, whose ids are 1, 2, 3... in order.
private func write(_ films: [[any DatabaseValueConvertible]], to url: URL) throws {
    try ResourceDatabaseFixture.write(
        to: url, like: EmbeddedMovieCatalog.fileName,
        rows: [
            "film": films.enumerated().map { [$0.offset + 1] + $0.element }
        ])
}

/// A catalogue of `films`, already open, whose file is gone (the open connection keeps reading it).
private func makeCatalog(_ films: [[any DatabaseValueConvertible]]) throws -> EmbeddedMovieCatalog {
    let url = temporaryFileURL()
    try write(films, to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    let catalog = EmbeddedMovieCatalog(url: url)
    try catalog.load()
    return catalog
}

/// The ranking rules written plainly, over the catalogue database read by hand: what the fast scan
/// must agree with. Words in any order are matched as a bipartite matching (augmenting paths),
/// not as the scan's greedy choice.
private struct ReferenceSearch {
    static let shared = ReferenceSearch()

    private struct Film {
        let id: Int
        let votes: Int
        let rating: Int
        let words: [Substring]
    }

    private let films: [Film]

    private init() {
        let rows =
            (try? DatabaseQueue(path: EmbeddedDataFolder.located.file(EmbeddedMovieCatalog.fileName).path).read { db in
                try Row.fetchAll(db, sql: "SELECT id, votes, rating, title FROM film ORDER BY id")
            }) ?? []
        films = rows.map { row in Film(id: row[0], votes: row[1], rating: row[2], words: Self.words(Self.fold(row[3]))) }
    }

    /// The ids of every film matching `query`, best first.
    func ranked(_ query: String) -> [Int] {
        let query = Self.words(Self.fold(query))
        guard !query.isEmpty else { return [] }
        return
            films
            .compactMap { film in rank(of: film, query).map { (key: $0 + [-film.rating, -film.votes, film.id], film: film) } }
            .sorted { $0.key.lexicographicallyPrecedes($1.key) }
            .map(\.film.id)
    }

    /// [not exact, not in order, not starting the title, other words], or nil for no match.
    private func rank(of film: Film, _ query: [Substring]) -> [Int]? {
        let title = film.words
        guard title.count >= query.count, matchesInAnyOrder(query, title) else { return nil }
        var next = 0
        let inOrder = query.allSatisfy { word in
            guard let found = title[next...].firstIndex(where: { $0.hasPrefix(word) }) else { return false }
            next = found + 1
            return true
        }
        let starts = query.indices.allSatisfy { title[$0].hasPrefix(query[$0]) }
        let exact = title == query
        return [exact ? 0 : 1, inOrder ? 0 : 1, starts ? 0 : 1, title.count - query.count]
    }

    /// Whether each query word can start a title word of its own.
    private func matchesInAnyOrder(_ query: [Substring], _ title: [Substring]) -> Bool {
        var owner = [Int?](repeating: nil, count: title.count)
        func place(_ word: Int, _ seen: inout [Bool]) -> Bool {
            for slot in title.indices where !seen[slot] && title[slot].hasPrefix(query[word]) {
                seen[slot] = true
                if owner[slot] == nil || place(owner[slot]!, &seen) {
                    owner[slot] = word
                    return true
                }
            }
            return false
        }
        return query.indices.allSatisfy { word in
            var seen = [Bool](repeating: false, count: title.count)
            return place(word, &seen)
        }
    }

    private static func fold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }

    private static func words(_ text: String) -> [Substring] {
        text.split { !($0.isASCII ? ($0.isLetter || $0.isNumber) : true) }
    }
}
