import Models
import Screens
import Testing

/// The Search screen's transitions, alone: a plain value, an event, the work named.
struct MovieSearchTests {
    private static let page = MoviePage(movies: [.sample("Alien")], totalResults: 1)

    @Test func aQuerySearchesAndItsAnswerShows() throws {
        var search = MovieSearch()
        let effects = search.handle(.queried("alien"))
        let id = try #require(search.running?.id)
        #expect(effects == [.start("alien", as: id)])
        #expect(search.phase == .searching)
        #expect(search.handle(.answered(id, .found(Self.page))) == [])
        #expect(search.phase == .found(query: "alien", rows: Self.page.movies.map(MovieRowViewModel.init), total: 1))
        #expect(search.running == nil)
    }

    @Test func aNewerQueryCancelsTheOneUnderWayAndItsLateAnswerIsDropped() throws {
        var search = MovieSearch()
        _ = search.handle(.queried("a"))
        let old = try #require(search.running?.id)
        let effects = search.handle(.queried("b"))
        let new = try #require(search.running?.id)
        #expect(new != old)
        #expect(effects == [.cancel(old), .start("b", as: new)])
        #expect(search.handle(.answered(old, .found(Self.page))) == [])
        #expect(search.phase == .searching)
    }

    @Test func anEmptyQueryGoesBackToTheStartAndCancels() throws {
        var search = MovieSearch()
        _ = search.handle(.queried("a"))
        let id = try #require(search.running?.id)
        #expect(search.handle(.queried("")) == [.cancel(id)])
        #expect(search.phase == .start)
        #expect(search.handle(.queried("")) == [])
    }

    @Test func noMatchAndAFailureAreTheirOwnPhases() throws {
        var search = MovieSearch()
        _ = search.handle(.queried("qqq"))
        _ = search.handle(.answered(try #require(search.running).id, .found(MoviePage(movies: [], totalResults: 0))))
        #expect(search.phase == .noResult(query: "qqq"))
        _ = search.handle(.queried("dune"))
        _ = search.handle(.answered(try #require(search.running).id, .failed("no network")))
        #expect(search.phase == .failed("no network"))
    }

    @Test func theCursorStaysOnTheRowsAndANewQueryPutsItBack() throws {
        var search = MovieSearch()
        _ = search.handle(.queried("a"))
        let movies = [Movie.sample("Alien"), .sample("Aliens", id: 2)]
        _ = search.handle(.answered(try #require(search.running).id, .found(MoviePage(movies: movies, totalResults: 2))))
        _ = search.handle(.cursorMoved(by: 5))
        #expect(search.cursor == 1)
        _ = search.handle(.queried("b"))
        #expect(search.cursor == 0)
        #expect(search.handle(.cursorMoved(by: 1)) == [])
        #expect(search.cursor == 0, "no rows while searching")
    }

    // MARK: - Pages

    /// Films `ids` as a page of `total` matches, saying whether another follows.
    private static func films(_ ids: ClosedRange<Int>, of total: Int, more: Bool) -> MovieSearch.Answer {
        .found(MoviePage(movies: ids.map { Movie.sample("Film \($0)", id: $0) }, totalResults: total, hasMorePages: more))
    }

    @Test func theCursorNearTheEndAsksForTheNextPageUntilTheLast() throws {
        var search = MovieSearch()
        _ = search.handle(.queried("love"))
        #expect(search.handle(.answered(try #require(search.running).id, Self.films(1...10, of: 15, more: true))) == [])
        #expect(search.handle(.cursorMoved(by: 4)) == [], "six rows below the cursor")
        let orders = search.handle(.cursorMoved(by: 1))
        let next = try #require(search.running)
        #expect(orders == [.start(MovieSearch.Request(query: "love", page: 2), as: next.id)])
        #expect(search.handle(.cursorMoved(by: 1)) == [], "one page at a time")
        #expect(search.handle(.answered(next.id, Self.films(9...15, of: 15, more: false))) == [])
        #expect(search.rows.map(\.id) == Array(1...15), "a film already listed is not listed again")
        #expect(search.cursor == 6, "the cursor stays on its film")
        #expect(search.handle(.cursorMoved(by: 8)) == [])
        #expect(search.listIsWhole)
    }

    @Test func rowsWantedLoadPagesWhereverTheCursorIs() throws {
        var search = MovieSearch()
        _ = search.handle(.queried("love"))
        #expect(search.handle(.rowsWanted(25)) == [], "nothing to page before the first answer")
        _ = search.handle(.answered(try #require(search.running).id, Self.films(1...20, of: 723, more: true)))
        #expect(search.running?.request == MovieSearch.Request(query: "love", page: 2))
        _ = search.handle(.answered(try #require(search.running).id, Self.films(21...40, of: 723, more: true)))
        #expect(search.running == nil, "40 rows are more than the 25 wanted")
        #expect(search.rows.count == 40)
    }

    @Test func aLaterPageThatFailsKeepsTheRowsAndEndsTheList() throws {
        var search = MovieSearch()
        _ = search.handle(.queried("love"))
        _ = search.handle(.answered(try #require(search.running).id, Self.films(1...10, of: 30, more: true)))
        _ = search.handle(.cursorMoved(by: 9))
        _ = search.handle(.answered(try #require(search.running).id, .failed("no network")))
        #expect(search.rows.count == 10)
        #expect(search.moreFailed == "no network")
        #expect(search.listIsWhole)
        #expect(search.handle(.cursorMoved(by: -1)) == [], "no page is asked again until the next query")
        _ = search.handle(.queried("hate"))
        #expect(search.moreFailed == nil)
    }
}

/// A string is the first page of its query, so that tests read `.start("alien", as: id)`.
extension MovieSearch.Request: ExpressibleByStringLiteral {
    public init(stringLiteral query: String) {
        self.init(query: query, page: 1)
    }
}
