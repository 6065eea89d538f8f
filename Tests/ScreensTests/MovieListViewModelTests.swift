import Models
import Screens
import Testing
import TestSupport

@MainActor
struct MovieListViewModelTests {
    let service = ControlledMovieService()

    @Test func theFirstAppearanceFetchesPopular() async {
        let list = MovieListViewModel(service: service)
        let busy = ValueRecorder(list.isBusy)
        list.screenAppeared()
        let request = await service.nextRequest()
        #expect(request.question == .segment(.popular))
        await service.answer(request, with: MoviePage(movies: [.sample("Star Wars")], totalResults: 1))
        await list.fetch?.value
        #expect(latest(list.rows).map(\.title) == ["Star Wars"])
        #expect(busy.values == [false, true, false])
        #expect(latest(list.selectedMovie)?.title == "Star Wars")
    }

    @Test func aSegmentChangeClearsTheRowsShowsFetchingThenTheRows() async {
        let list = MovieListViewModel(service: service)
        list.screenAppeared()
        await service.answer(await service.nextRequest(), with: MoviePage(movies: [.sample("Popular film")], totalResults: 1))
        await list.fetch?.value
        let rows = ValueRecorder(list.rows)
        let busy = ValueRecorder(list.isBusy)
        list.selectNextSegment()
        let request = await service.nextRequest()
        #expect(request.question == .segment(.upcoming))
        await service.answer(request, with: MoviePage(movies: [.sample("Soon")], totalResults: 1))
        await list.fetch?.value
        #expect(rows.values.map { $0.map(\.title) } == [["Popular film"], [], ["Soon"]])
        #expect(busy.values == [false, true, false])
        #expect(latest(list.selectedSegment) == 2)
    }

    @Test func aLateAnswerForAnEarlierSegmentNeverOverwritesTheCurrentOne() async {
        let list = MovieListViewModel(service: service)
        list.screenAppeared()
        let popular = await service.nextRequest()
        list.selectSegment(3)
        let topRated = await service.nextRequest()
        await service.answer(topRated, with: MoviePage(movies: [.sample("Best")], totalResults: 1))
        await list.fetch?.value
        await service.answer(popular, with: MoviePage(movies: [.sample("Stale")], totalResults: 1))
        for _ in 0..<20 { await Task.yield() }
        #expect(latest(list.rows).map(\.title) == ["Best"])
    }

    @Test func upcomingWithoutAKeySaysHowToGetOne() async {
        let list = MovieListViewModel(service: service, initialSegment: .upcoming)
        list.screenAppeared()
        await service.fail(await service.nextRequest(), with: MovieServiceError.needsAPIKey("Upcoming films need TMDb: set TMDB_API_KEY"))
        await list.fetch?.value
        #expect(latest(list.info) == "Upcoming films need TMDb: set TMDB_API_KEY")
        #expect(latest(list.rows).isEmpty)
    }

    @Test func aTmdbFailureShowsTheReasonAndOffersTheCatalogue() async {
        let catalogue = ControlledMovieService()
        let list = MovieListViewModel(service: service, catalogue: catalogue)
        list.screenAppeared()
        await service.fail(await service.nextRequest(), with: MovieServiceError.rejectedKey)
        await list.fetch?.value
        #expect(latest(list.info) == "TMDb rejected the API key. Press c for the embedded catalogue.")
        #expect(latest(list.infoIsProblem))
        list.useCatalogue()
        let request = await catalogue.nextRequest()
        #expect(request.question == .segment(.popular))
        await catalogue.answer(request, with: MoviePage(movies: [.sample("Star Wars")], totalResults: 1, note: nil))
        await list.fetch?.value
        #expect(latest(list.rows).map(\.title) == ["Star Wars"])
        #expect(latest(list.info) == "")
        #expect(!latest(list.infoIsProblem))
        list.useCatalogue()  // nothing is on offer any more: no new request
        for _ in 0..<20 { await Task.yield() }
        #expect(await catalogue.questions.count == 1)
    }

    @Test func theCatalogueIsNotOfferedWithoutOne() async {
        let list = MovieListViewModel(service: service)
        list.screenAppeared()
        await service.fail(await service.nextRequest(), with: MovieServiceError.noNetwork)
        await list.fetch?.value
        #expect(latest(list.info) == "TMDb: no network.")
        list.useCatalogue()
        for _ in 0..<20 { await Task.yield() }
        #expect(await service.questions.count == 1)
    }

    @Test func noNetworkNamesTmdbAndOffersTheCatalogue() async {
        let list = MovieListViewModel(service: service, catalogue: ControlledMovieService())
        list.screenAppeared()
        await service.fail(await service.nextRequest(), with: MovieServiceError.noNetwork)
        await list.fetch?.value
        #expect(latest(list.info) == "TMDb: no network. Press c for the embedded catalogue.")
    }

    @Test func theCataloguesNoteShowsWithItsSegment() async {
        let list = MovieListViewModel(service: service, initialSegment: .nowPlaying)
        list.screenAppeared()
        await service.answer(await service.nextRequest(), with: MoviePage(movies: [.sample("Sin City")], totalResults: 349, note: "Films of 2005"))
        await list.fetch?.value
        #expect(latest(list.info) == "Films of 2005")
    }

    @Test func theCursorStaysOnTheList() async {
        let list = MovieListViewModel(service: service)
        list.screenAppeared()
        await service.answer(await service.nextRequest(), with: MoviePage(movies: [.sample("A"), .sample("B", id: 2)], totalResults: 2))
        await list.fetch?.value
        let selected = ValueRecorder(list.selectedIndex)
        list.moveSelection(by: 5)
        list.moveSelection(by: -9)
        #expect(selected.values == [0, 1, 0])
    }
}

// MARK: - Paging

/// Films `first` to `last`, with ids to match.
private func films(_ first: Int, _ last: Int) -> [Movie] {
    (first...last).map { .sample("Film \($0)", id: $0) }
}

@MainActor
struct MovieListPagingTests {
    let service = ControlledMovieService()

    /// A list showing its first page of 20 films, with more to come.
    private func listOnItsFirstPage() async -> MovieListViewModel {
        let list = MovieListViewModel(service: service)
        list.screenAppeared()
        await service.answer(await service.nextRequest(), with: MoviePage(movies: films(1, 20), totalResults: 60, hasMorePages: true))
        await list.fetch?.value
        return list
    }

    @Test func theCursorNearingTheEndLoadsTheNextPageAndAppendsIt() async {
        let list = await listOnItsFirstPage()
        list.moveSelection(by: 14)
        for _ in 0..<20 { await Task.yield() }
        #expect(await service.questions == [.segment(.popular)])
        list.moveSelection(by: 1)
        let request = await service.nextRequest()
        #expect(request.question == .segment(.popular, page: 2))
        await service.answer(request, with: MoviePage(movies: films(21, 40), totalResults: 60, hasMorePages: true))
        await list.fetch?.value
        #expect(latest(list.rows).map(\.title) == films(1, 40).map(\.title))
        #expect(latest(list.selectedIndex) == 15)
        #expect(latest(list.selectedMovie)?.title == "Film 16")
    }

    @Test func aPageIsNotAskedForAgainWhileItLoads() async {
        let list = await listOnItsFirstPage()
        list.moveSelection(by: 15)
        let request = await service.nextRequest()
        list.moveSelection(by: 1)
        list.moveSelection(by: 1)
        list.moveSelection(by: -1)
        for _ in 0..<20 { await Task.yield() }
        #expect(await service.questions == [.segment(.popular), .segment(.popular, page: 2)])
        await service.answer(request, with: MoviePage(movies: films(21, 40), totalResults: 60, hasMorePages: true))
        await list.fetch?.value
        #expect(latest(list.rows).count == 40)
    }

    @Test func theLastPageEndsThePaging() async {
        let list = await listOnItsFirstPage()
        list.moveSelection(by: 19)
        await service.answer(await service.nextRequest(), with: MoviePage(movies: films(21, 25), totalResults: 25, hasMorePages: false))
        await list.fetch?.value
        list.moveSelection(by: 10)
        for _ in 0..<20 { await Task.yield() }
        #expect(latest(list.selectedIndex) == 24)
        #expect(await service.questions.count == 2)
    }

    @Test func aPageThatFailsKeepsTheRowsAndSaysSoAndTheNextMoveTriesAgain() async {
        let list = await listOnItsFirstPage()
        let info = ValueRecorder(list.info)
        let problem = ValueRecorder(list.infoIsProblem)
        let busy = ValueRecorder(list.isBusy)
        list.moveSelection(by: 19)
        await service.fail(await service.nextRequest(), with: MovieServiceError.noNetwork)
        await list.fetch?.value
        #expect(latest(list.rows).count == 20)
        #expect(latest(list.selectedIndex) == 19)
        #expect(info.values == ["", "More films could not be loaded: TMDb: no network."])
        #expect(problem.values == [false, true])
        list.moveSelection(by: -1)
        let again = await service.nextRequest()
        #expect(again.question == .segment(.popular, page: 2))
        await service.answer(again, with: MoviePage(movies: films(21, 40), totalResults: 60, hasMorePages: true))
        await list.fetch?.value
        #expect(latest(list.rows).count == 40)
        #expect(info.values == ["", "More films could not be loaded: TMDb: no network.", ""])
        #expect(problem.values == [false, true, false])
        #expect(busy.values == [false, true, false, true, false])
    }

    @Test func aPageForASegmentNoLongerShownIsDropped() async {
        let list = await listOnItsFirstPage()
        list.moveSelection(by: 19)
        let page2 = await service.nextRequest()
        list.selectNextSegment()
        let upcoming = await service.nextRequest()
        #expect(upcoming.question == .segment(.upcoming))
        await service.answer(page2, with: MoviePage(movies: films(21, 40), totalResults: 60, hasMorePages: true))
        for _ in 0..<20 { await Task.yield() }
        #expect(latest(list.rows).isEmpty)
        #expect(latest(list.isBusy))
        await service.answer(upcoming, with: MoviePage(movies: films(101, 120), totalResults: 40, hasMorePages: true))
        await list.fetch?.value
        #expect(latest(list.rows).map(\.title) == films(101, 120).map(\.title))
        list.moveSelection(by: 15)
        let next = await service.nextRequest()
        #expect(next.question == .segment(.upcoming, page: 2))
        // Answered, so that no task is left waiting when the test ends (the leak check would see it).
        await service.answer(next, with: MoviePage(movies: [], totalResults: 40, hasMorePages: false))
        await list.fetch?.value
    }

    @Test func aFilmThatMovedUpAPageBetweenTwoAnswersIsListedOnce() async {
        let list = await listOnItsFirstPage()
        list.moveSelection(by: 19)
        await service.answer(await service.nextRequest(), with: MoviePage(movies: films(20, 39), totalResults: 60, hasMorePages: true))
        await list.fetch?.value
        #expect(latest(list.rows).map(\.title) == films(1, 39).map(\.title))
    }

    @Test func aShortFirstPageLoadsTheNextAtOnce() async {
        let list = MovieListViewModel(service: service)
        list.screenAppeared()
        await service.answer(await service.nextRequest(), with: MoviePage(movies: films(1, 3), totalResults: 6, hasMorePages: true))
        let request = await service.nextRequest()
        #expect(request.question == .segment(.popular, page: 2))
        await service.answer(request, with: MoviePage(movies: films(4, 6), totalResults: 6))
        await list.fetch?.value
        #expect(latest(list.rows).count == 6)
        #expect(latest(list.selectedIndex) == 0)
    }

    @Test func aPageThatBringsNothingNewEndsThePaging() async {
        let list = await listOnItsFirstPage()
        list.moveSelection(by: 19)
        await service.answer(await service.nextRequest(), with: MoviePage(movies: [], totalResults: 60, hasMorePages: true))
        await list.fetch?.value
        list.moveSelection(by: -1)
        for _ in 0..<20 { await Task.yield() }
        #expect(await service.questions.count == 2)
    }

    /// Whether `count` questions have been asked, after a while: a test that expects a request
    /// fails, rather than waits for ever, when none comes.
    private func asked(_ count: Int) async -> Bool {
        var turns = 0
        while await service.questions.count < count, turns < 1000 {
            await Task.yield()
            turns += 1
        }
        return await service.questions.count >= count
    }

    @Test func loadRowsAtLeastAsksForPagesWhereverTheCursorIsAndStaysBusyUntilTheyShow() async throws {
        let list = MovieListViewModel(service: service)
        let busy = ValueRecorder(list.isBusy)
        var rowsWhenIdle: [Int] = []
        let token = list.isBusy.bind { if !$0 { rowsWhenIdle.append(latest(list.rows).count) } }
        list.screenAppeared()
        list.loadRows(atLeast: 45)
        await service.answer(await service.nextRequest(), with: MoviePage(movies: films(1, 20), totalResults: 100, hasMorePages: true))
        try #require(await asked(2))
        let second = await service.nextRequest()
        #expect(second.question == .segment(.popular, page: 2))
        await service.answer(second, with: MoviePage(movies: films(21, 40), totalResults: 100, hasMorePages: true))
        try #require(await asked(3))
        let third = await service.nextRequest()
        #expect(third.question == .segment(.popular, page: 3))
        await service.answer(third, with: MoviePage(movies: films(41, 60), totalResults: 100, hasMorePages: true))
        await list.fetch?.value
        for _ in 0..<20 { await Task.yield() }
        #expect(await service.questions.count == 3)
        #expect(latest(list.rows).count == 60)
        #expect(latest(list.selectedIndex) == 0)
        #expect(busy.values == [false, true, false])
        #expect(rowsWhenIdle == [60])
        token.cancel()
    }

    @Test func loadRowsAtLeastStopsAtTheLastPage() async throws {
        let list = await listOnItsFirstPage()
        list.loadRows(atLeast: 500)
        try #require(latest(list.isBusy))
        await service.answer(await service.nextRequest(), with: MoviePage(movies: films(21, 30), totalResults: 30, hasMorePages: false))
        await list.fetch?.value
        for _ in 0..<20 { await Task.yield() }
        #expect(await service.questions.count == 2)
        #expect(latest(list.rows).count == 30)
        #expect(!latest(list.isBusy))
    }
}
