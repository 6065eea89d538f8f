import Models
import Screens
import Testing

/// The Search screen's transitions, alone: a plain value, an event, the work named.
struct MovieSearchTests {
    private static let page = MoviePage(movies: [.sample("Alien")], totalResults: 1)

    @Test func aQuerySearchesAndItsAnswerShows() {
        var search = MovieSearch()
        let effects = search.handle(.queried("alien"))
        let id = try! #require(search.running?.id)
        #expect(effects == [.start("alien", as: id)])
        #expect(search.phase == .searching)
        #expect(search.handle(.answered(id, .found(Self.page))) == [])
        #expect(search.phase == .found(query: "alien", movies: Self.page.movies, total: 1))
        #expect(search.running == nil)
    }

    @Test func aNewerQueryCancelsTheOneUnderWayAndItsLateAnswerIsDropped() {
        var search = MovieSearch()
        _ = search.handle(.queried("a"))
        let old = try! #require(search.running?.id)
        let effects = search.handle(.queried("b"))
        let new = try! #require(search.running?.id)
        #expect(new != old)
        #expect(effects == [.cancel(old), .start("b", as: new)])
        #expect(search.handle(.answered(old, .found(Self.page))) == [])
        #expect(search.phase == .searching)
    }

    @Test func anEmptyQueryGoesBackToTheStartAndCancels() {
        var search = MovieSearch()
        _ = search.handle(.queried("a"))
        let id = try! #require(search.running?.id)
        #expect(search.handle(.queried("")) == [.cancel(id)])
        #expect(search.phase == .start)
        #expect(search.handle(.queried("")) == [])
    }

    @Test func noMatchAndAFailureAreTheirOwnPhases() {
        var search = MovieSearch()
        _ = search.handle(.queried("qqq"))
        _ = search.handle(.answered(search.running!.id, .found(MoviePage(movies: [], totalResults: 0))))
        #expect(search.phase == .noResult(query: "qqq"))
        _ = search.handle(.queried("dune"))
        _ = search.handle(.answered(search.running!.id, .failed("no network")))
        #expect(search.phase == .failed("no network"))
    }
}
