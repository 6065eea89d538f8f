import Models
import Screens
import Testing
import TestSupport

/// The Movies screen's view-model: inputs in, the pages it asks for answered by the test, whole
/// histories of its outputs out. Nothing of the view-model's is awaited.
@MainActor
struct MovieListViewModelTests {
    let pages = HeldWork<MovieList.Request, MovieList.Answer>()

    private func makeList(catalogue: Bool = false, segment: Endpoint = .popular) -> MovieListViewModel {
        MovieListViewModel(runner: pages, hasCatalogue: catalogue, initialSegment: segment)
    }

    @Test func theFirstAppearanceFetchesPopularOnce() {
        let list = makeList()
        let busy = ValueRecorder(list.isBusy)
        let rows = ValueRecorder(list.rows)
        list.screenAppeared()
        list.screenAppeared()
        #expect(pages.asked == [.first(.popular)])
        pages.answer(with: .page(MoviePage(movies: [.sample("Star Wars")], totalResults: 1)))
        #expect(rows.values.map { $0.map(\.title) } == [[], ["Star Wars"]])
        #expect(busy.values == [false, true, false])
        #expect(latest(list.selectedMovie)?.title == "Star Wars")
    }

    @Test func aPageIsTheFilmsInViewLessOne() {
        let list = makeList()
        list.screenAppeared()
        pages.answer(with: .page(MoviePage(movies: (1...30).map { .sample("Film \($0)", id: $0) }, totalResults: 30)))
        let selected = ValueRecorder(list.selectedIndex)
        list.move(.pages(1))
        list.setVisibleRowCount(5)
        list.move(.pages(1))
        list.move(.pages(-1))
        #expect(selected.values == [0, 10, 14, 10], "ten before the view says how many show, then four")
    }

    @Test func aSegmentChangeClearsTheRowsShowsFetchingThenTheRows() {
        let list = makeList()
        list.screenAppeared()
        pages.answer(with: .page(MoviePage(movies: [.sample("Popular film")], totalResults: 1)))
        let rows = ValueRecorder(list.rows)
        let busy = ValueRecorder(list.isBusy)
        let segment = ValueRecorder(list.selectedSegment)
        list.selectNextSegment()
        pages.answer(with: .page(MoviePage(movies: [.sample("Soon")], totalResults: 1)))
        #expect(pages.asked == [.first(.popular), .first(.upcoming)])
        #expect(rows.values.map { $0.map(\.title) } == [["Popular film"], [], ["Soon"]])
        #expect(busy.values == [false, true, false])
        #expect(segment.values == [1, 2])
    }

    @Test func theFetchForASegmentNoLongerShownIsCancelled() {
        let list = makeList()
        list.screenAppeared()
        list.selectSegment(3)
        #expect(pages.cancelled == [pages.id(ofAsked: 0)])
        pages.answer(with: .page(MoviePage(movies: [.sample("Best")], totalResults: 1)))
        #expect(latest(list.rows).map(\.title) == ["Best"])
        #expect(pages.asked == [.first(.popular), .first(.topRated)])
    }

    @Test func upcomingWithoutAKeySaysHowToGetOne() {
        let list = makeList(segment: .upcoming)
        let (info, rows) = (ValueRecorder(list.info), ValueRecorder(list.rows))
        list.screenAppeared()
        pages.answer(with: .failed(.needsAPIKey("Upcoming films need TMDb: set TMDB_API_KEY")))
        #expect(info.values == ["", "Upcoming films need TMDb: set TMDB_API_KEY"])
        #expect(rows.values.map(\.count) == [0])
    }

    @Test func aTmdbFailureShowsTheReasonAndOffersTheCatalogue() {
        let list = makeList(catalogue: true)
        let info = ValueRecorder(list.info)
        let problem = ValueRecorder(list.infoIsProblem)
        list.screenAppeared()
        pages.answer(with: .failed(.rejectedKey))
        list.useCatalogue()
        #expect(pages.asked.last == MovieList.Request(segment: .popular, page: 1, fromCatalogue: true))
        pages.answer(with: .page(MoviePage(movies: [.sample("Star Wars")], totalResults: 1)))
        #expect(latest(list.rows).map(\.title) == ["Star Wars"])
        #expect(info.values == ["", "TMDb rejected the API key. Press c for the embedded catalogue.", ""])
        #expect(problem.values == [false, true, false])
        list.useCatalogue()  // nothing is on offer any more
        #expect(pages.asked.count == 2)
    }

    @Test func theLineOfNewsSaysLoadingWhileAPageComesThenWhatTheAnswerSays() {
        let list = makeList(catalogue: true)
        let news = ValueRecorder(list.news)
        let problem = ValueRecorder(list.newsIsProblem)
        list.screenAppeared()
        pages.answer(with: .failed(.noNetwork))
        list.useCatalogue()
        pages.answer(with: .page(MoviePage(movies: [.sample("Sin City")], totalResults: 349, note: "Films of 2005")))
        #expect(news.values == ["", "Loading...", "TMDb: no network. Press c for the embedded catalogue.", "Loading...", "Films of 2005"])
        #expect(problem.values == [false, true, false])
    }

    @Test func theDetailOpensOnTheChosenFilmAndClosesOnItOrWithAnotherSegment() {
        let list = makeList()
        let detail = ValueRecorder(list.detailIsOpen)
        list.screenAppeared()
        list.openDetail()  // no films yet
        pages.answer(with: .page(MoviePage(movies: [.sample("Star Wars"), .sample("Alien", id: 2)], totalResults: 2)))
        list.moveSelection(by: 1)
        list.openDetail()
        list.closeDetail()
        list.openDetail()
        list.selectNextSegment()
        #expect(detail.values == [false, true, false, true, false])
        #expect(pages.asked == [.first(.popular), .first(.upcoming)])
        pages.expectHeldAtEnd([.first(.upcoming)])
    }

    @Test func aClickedRowTakesTheCursorAndTheChosenOneClickedAgainOpensItsDetail() {
        let list = makeList()
        list.screenAppeared()
        pages.answer(with: .page(MoviePage(movies: [.sample("A"), .sample("B", id: 2), .sample("C", id: 3)], totalResults: 3)))
        let (selected, detail) = (ValueRecorder(list.selectedIndex), ValueRecorder(list.detailIsOpen))
        list.chooseRow(at: 2)
        list.chooseRow(at: 2)
        list.closeDetail()
        list.chooseRow(at: 0)
        #expect(selected.values == [0, 2, 0])
        #expect(detail.values == [false, true, false], "as Enter does")
        #expect(pages.asked == [.first(.popular)])
    }

    @Test func theCatalogueIsNotOfferedWithoutOne() {
        let list = makeList()
        let info = ValueRecorder(list.info)
        list.screenAppeared()
        pages.answer(with: .failed(.noNetwork))
        list.useCatalogue()
        #expect(pages.asked.count == 1)
        #expect(info.values == ["", "TMDb: no network."])
    }

    @Test func noNetworkNamesTmdbAndOffersTheCatalogue() {
        let list = makeList(catalogue: true)
        let info = ValueRecorder(list.info)
        list.screenAppeared()
        pages.answer(with: .failed(.noNetwork))
        #expect(info.values == ["", "TMDb: no network. Press c for the embedded catalogue."])
    }

    @Test func theCataloguesNoteShowsWithItsSegment() {
        let list = makeList(segment: .nowPlaying)
        let info = ValueRecorder(list.info)
        list.screenAppeared()
        pages.answer(with: .page(MoviePage(movies: [.sample("Sin City")], totalResults: 349, note: "Films of 2005")))
        #expect(info.values == ["", "Films of 2005"])
    }

    @Test func theCursorStaysOnTheList() {
        let list = makeList()
        list.screenAppeared()
        pages.answer(with: .page(MoviePage(movies: [.sample("A"), .sample("B", id: 2)], totalResults: 2)))
        let selected = ValueRecorder(list.selectedIndex)
        let movie = ValueRecorder(list.selectedMovie)
        list.moveSelection(by: 5)
        list.moveSelection(by: -9)
        #expect(selected.values == [0, 1, 0])
        #expect(movie.values.map { $0?.title } == ["A", "B", "A"])
    }
}

extension MovieList.Request {
    /// A segment's first page from the service.
    static func first(_ segment: Endpoint) -> MovieList.Request {
        MovieList.Request(segment: segment, page: 1, fromCatalogue: false)
    }

    /// Page `page` of Popular from the service.
    static func popular(page: Int) -> MovieList.Request {
        MovieList.Request(segment: .popular, page: page, fromCatalogue: false)
    }
}

// MARK: - Paging

/// Films `first` to `last`, with ids to match.
private func films(_ first: Int, _ last: Int) -> [Movie] {
    (first...last).map { .sample("Film \($0)", id: $0) }
}

/// A page of `movies` among 60, more to come unless said.
private func page(_ movies: [Movie], more: Bool = true, total: Int = 60) -> MovieList.Answer {
    .page(MoviePage(movies: movies, totalResults: total, hasMorePages: more))
}

@MainActor
struct MovieListPagingTests {
    let pages = HeldWork<MovieList.Request, MovieList.Answer>()

    /// A list showing its first page of 20 films, with more to come.
    private func listOnItsFirstPage() -> MovieListViewModel {
        let list = MovieListViewModel(runner: pages, hasCatalogue: false)
        list.screenAppeared()
        pages.answer(with: page(films(1, 20)))
        return list
    }

    @Test func theCursorNearingTheEndLoadsTheNextPageAndAppendsIt() {
        let list = listOnItsFirstPage()
        let rows = ValueRecorder(list.rows)
        list.moveSelection(by: 14)
        #expect(pages.asked == [.first(.popular)])
        list.moveSelection(by: 1)
        #expect(pages.asked == [.first(.popular), .popular(page: 2)])
        pages.answer(with: page(films(21, 40)))
        #expect(rows.values.map(\.count) == [20, 40])
        #expect(latest(list.selectedIndex) == 15)
        #expect(latest(list.selectedMovie)?.title == "Film 16")
    }

    @Test func aPageIsNotAskedForAgainWhileItLoads() {
        let list = listOnItsFirstPage()
        list.moveSelection(by: 15)
        list.moveSelection(by: 1)
        list.moveSelection(by: 1)
        list.moveSelection(by: -1)
        #expect(pages.asked == [.first(.popular), .popular(page: 2)])
        pages.answer(with: page(films(21, 40)))
        #expect(latest(list.rows).count == 40)
    }

    @Test func theLastPageEndsThePaging() {
        let list = listOnItsFirstPage()
        list.moveSelection(by: 19)
        pages.answer(with: page(films(21, 25), more: false, total: 25))
        list.moveSelection(by: 10)
        #expect(latest(list.selectedIndex) == 24)
        #expect(pages.asked.count == 2)
    }

    @Test func aPageThatFailsKeepsTheRowsAndSaysSoAndTheNextMoveTriesAgain() {
        let list = listOnItsFirstPage()
        let info = ValueRecorder(list.info)
        let problem = ValueRecorder(list.infoIsProblem)
        let busy = ValueRecorder(list.isBusy)
        let rows = ValueRecorder(list.rows)
        list.moveSelection(by: 19)
        pages.answer(with: .failed(.noNetwork))
        #expect(latest(list.selectedIndex) == 19)
        list.moveSelection(by: -1)
        #expect(pages.asked == [.first(.popular), .popular(page: 2), .popular(page: 2)])
        pages.answer(with: page(films(21, 40)))
        #expect(rows.values.map(\.count) == [20, 40])
        #expect(info.values == ["", "More films could not be loaded: TMDb: no network.", ""])
        #expect(problem.values == [false, true, false])
        #expect(busy.values == [false, true, false, true, false])
    }

    @Test func aPageForASegmentNoLongerShownIsCancelled() {
        let list = listOnItsFirstPage()
        list.moveSelection(by: 19)
        let pageTwo = pages.id(ofAsked: 1)
        list.selectNextSegment()
        #expect(pages.cancelled == [pageTwo])
        #expect(latest(list.rows).isEmpty)
        #expect(latest(list.isBusy))
        pages.answer(with: page(films(101, 120), total: 40))
        #expect(latest(list.rows).map(\.title) == films(101, 120).map(\.title))
        list.moveSelection(by: 15)
        pages.expectHeldAtEnd([MovieList.Request(segment: .upcoming, page: 2, fromCatalogue: false)])
    }

    @Test func aFilmThatMovedUpAPageBetweenTwoAnswersIsListedOnce() {
        let list = listOnItsFirstPage()
        list.moveSelection(by: 19)
        pages.answer(with: page(films(20, 39)))
        #expect(latest(list.rows).map(\.title) == films(1, 39).map(\.title))
    }

    @Test func aShortFirstPageLoadsTheNextAtOnce() {
        let list = MovieListViewModel(runner: pages, hasCatalogue: false)
        let busy = ValueRecorder(list.isBusy)
        list.screenAppeared()
        pages.answer(with: page(films(1, 3), total: 6))
        #expect(pages.asked == [.first(.popular), .popular(page: 2)])
        pages.answer(with: page(films(4, 6), more: false, total: 6))
        #expect(latest(list.rows).count == 6)
        #expect(latest(list.selectedIndex) == 0)
        #expect(busy.values == [false, true, false])
    }

    @Test func aPageThatBringsNothingNewEndsThePaging() {
        let list = listOnItsFirstPage()
        list.moveSelection(by: 19)
        pages.answer(with: page([]))
        list.moveSelection(by: -1)
        #expect(pages.asked.count == 2)
    }

    @Test func loadRowsAtLeastAsksForPagesWhereverTheCursorIsAndStaysBusyUntilTheyShow() {
        let list = MovieListViewModel(runner: pages, hasCatalogue: false)
        let busy = ValueRecorder(list.isBusy)
        var rowsWhenIdle: [Int] = []
        let token = list.isBusy.bind { if !$0 { rowsWhenIdle.append(latest(list.rows).count) } }
        list.screenAppeared()
        list.loadRows(atLeast: 45)
        pages.answer(with: page(films(1, 20), total: 100))
        pages.answer(with: page(films(21, 40), total: 100))
        pages.answer(with: page(films(41, 60), total: 100))
        #expect(pages.asked == [.first(.popular), .popular(page: 2), .popular(page: 3)])
        #expect(latest(list.rows).count == 60)
        #expect(latest(list.selectedIndex) == 0)
        #expect(busy.values == [false, true, false])
        #expect(rowsWhenIdle == [60])
        token.cancel()
    }

    @Test func loadRowsAtLeastStopsAtTheLastPage() {
        let list = listOnItsFirstPage()
        let (busy, rows) = (ValueRecorder(list.isBusy), ValueRecorder(list.rows))
        list.loadRows(atLeast: 500)
        pages.answer(with: page(films(21, 30), more: false, total: 30))
        #expect(pages.asked.count == 2)
        #expect(rows.values.map(\.count) == [20, 30])
        #expect(busy.values == [false, true, false])
    }

    @Test func releasingTheScreenCancelsItsFetch() {
        var list: MovieListViewModel? = listOnItsFirstPage()
        list?.moveSelection(by: 19)
        pages.expectHeldAtEnd([MovieList.Request(segment: .popular, page: 2, fromCatalogue: false)])
        list = nil
        #expect(pages.abandoned == [pages.id(ofAsked: 1)])
        #expect(pages.cancelled.isEmpty)
    }
}
