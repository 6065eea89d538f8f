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
}
