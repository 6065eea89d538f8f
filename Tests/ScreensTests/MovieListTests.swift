import Models
import Screens
import Testing

/// The Movies screen's transitions, alone: a plain value, an event, the work named.
struct MovieListTests {
    private static func films(_ count: Int, from first: Int = 1) -> [Movie] {
        (first..<first + count).map { .sample("Film \($0)", id: $0) }
    }

    @Test func appearingFetchesTheFirstPageOnceAndItsAnswerShows() throws {
        var list = MovieList(segment: .popular, hasCatalogue: false)
        let effects = list.handle(.appeared)
        let fetch = try #require(list.fetching)
        #expect(effects == [.start(MovieList.Request(segment: .popular, page: 1, fromCatalogue: false), as: fetch.id)])
        #expect(list.handle(.appeared) == [])
        let page = MoviePage(movies: Self.films(20), totalResults: 40, hasMorePages: true)
        #expect(list.handle(.answered(fetch.id, .page(page))) == [])
        #expect(list.rows.count == 20)
        #expect(list.fetching == nil)
    }

    @Test func theCursorWithinTheDistanceOfTheEndAsksForTheNextPage() throws {
        var list = MovieList(segment: .popular, hasCatalogue: false)
        _ = list.handle(.appeared)
        _ = list.handle(
            .answered(try #require(list.fetching).id, .page(MoviePage(movies: Self.films(20), totalResults: 40, hasMorePages: true))))
        #expect(list.handle(.cursorMoved(by: 14)) == [])
        let effects = list.handle(.cursorMoved(by: 1))
        #expect(
            effects == [.start(MovieList.Request(segment: .popular, page: 2, fromCatalogue: false), as: try #require(list.fetching).id)])
        #expect(list.handle(.cursorMoved(by: 1)) == [], "one page at a time")
    }

    @Test func anotherSegmentCancelsTheFetchUnderWayAndDropsItsAnswer() throws {
        var list = MovieList(segment: .popular, hasCatalogue: false)
        _ = list.handle(.appeared)
        let old = try #require(list.fetching).id
        let effects = list.handle(.segmentChosen(.topRated))
        #expect(effects.first == .cancel(old))
        #expect(list.handle(.answered(old, .page(MoviePage(movies: Self.films(3), totalResults: 3)))) == [])
        #expect(list.rows.isEmpty)
        #expect(list.handle(.segmentChosen(.topRated)) == [], "the segment shown already")
    }

    @Test func aFailureOffersTheCatalogueWhichTheNextFetchUses() throws {
        var list = MovieList(segment: .popular, hasCatalogue: true)
        _ = list.handle(.appeared)
        _ = list.handle(.answered(try #require(list.fetching).id, .failed(.noNetwork)))
        #expect(list.info == "TMDb: no network. Press c for the embedded catalogue.")
        #expect(list.infoIsProblem)
        let effects = list.handle(.catalogueChosen)
        #expect(effects == [.start(MovieList.Request(segment: .popular, page: 1, fromCatalogue: true), as: try #require(list.fetching).id)])
        #expect(list.info == "")
    }
}
