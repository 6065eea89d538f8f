import Models
import Screens
import Testing
import TestSupport

@MainActor
struct MovieSearchViewModelTests {
    let service = ControlledMovieService()
    let scheduler = TestScheduler()

    @Test func typingWithinOneIntervalSearchesTheFirstThenTheLatest() async {
        let search = MovieSearchViewModel(service: service, scheduler: scheduler)
        for text in ["s", "st", "sta", "star"] {
            search.queryChanged(text)
            scheduler.advance(by: .milliseconds(50))
        }
        scheduler.advance(by: .milliseconds(300))
        let first = await service.nextRequest()
        let second = await service.nextRequest()
        #expect([first.question, second.question] == [.search("s"), .search("star")])
        #expect(await service.questions.count == 2)
    }

    @Test func aNewerQueryCancelsTheSearchItReplaces() async {
        let search = MovieSearchViewModel(service: service, scheduler: scheduler)
        search.queryChanged("star")
        let first = await service.nextRequest()
        scheduler.advance(by: .seconds(1))
        search.queryChanged("alien")
        scheduler.advance(by: .seconds(1))
        _ = await service.nextRequest()
        #expect(await service.cancelledAnswer(to: first))
    }

    @Test func releasingTheScreenCancelsItsSearch() async {
        var search: MovieSearchViewModel? = MovieSearchViewModel(service: service, scheduler: scheduler)
        search?.queryChanged("star")
        let request = await service.nextRequest()
        search = nil
        #expect(await service.cancelledAnswer(to: request))
    }

    @Test func theSameQueryTwiceSearchesOnce() async {
        let search = MovieSearchViewModel(service: service, scheduler: scheduler)
        search.queryChanged("alien")
        scheduler.advance(by: .seconds(1))
        search.queryChanged("alien ")
        scheduler.advance(by: .seconds(1))
        search.queryChanged("alien")
        scheduler.advance(by: .seconds(1))
        _ = await service.nextRequest()
        for _ in 0..<20 { await Task.yield() }
        #expect(await service.questions == [.search("alien")])
    }

    @Test func anEmptyQueryShowsTheStartMessageAndNoRows() async {
        let search = MovieSearchViewModel(service: service, scheduler: scheduler)
        #expect(latest(search.info) == "Start searching your favorite movies")
        search.queryChanged("x")
        await service.answer(await service.nextRequest(), with: MoviePage(movies: [.sample("X")], totalResults: 1))
        await search.search?.value
        search.queryChanged("   ")
        scheduler.advance(by: .seconds(1))
        #expect(latest(search.rows).isEmpty)
        #expect(latest(search.info) == "Start searching your favorite movies")
        #expect(latest(search.matchCount) == "")
    }

    @Test func noResultsSaySoWithTheQuery() async {
        let search = MovieSearchViewModel(service: service, scheduler: scheduler)
        search.queryChanged("qqqzzz")
        await service.answer(await service.nextRequest(), with: MoviePage(movies: [], totalResults: 0))
        await search.search?.value
        #expect(latest(search.info) == "No result for qqqzzz")
        #expect(latest(search.rows).isEmpty)
    }

    @Test func resultsShowWithTheirCount() async {
        let search = MovieSearchViewModel(service: service, scheduler: scheduler)
        let info = ValueRecorder(search.info)
        search.queryChanged("star wars")
        await service.answer(await service.nextRequest(), with: MoviePage(movies: [.sample("Star Wars")], totalResults: 1_234))
        await search.search?.value
        #expect(latest(search.rows).map(\.title) == ["Star Wars"])
        #expect(latest(search.matchCount) == "1,234 matches")
        #expect(info.values == ["Start searching your favorite movies", ""])
    }

    @Test func anAnswerForAnOlderQueryNeverShows() async {
        let search = MovieSearchViewModel(service: service, scheduler: scheduler)
        search.queryChanged("a")
        let old = await service.nextRequest()
        scheduler.advance(by: .seconds(1))
        search.queryChanged("ab")
        let new = await service.nextRequest()
        await service.answer(new, with: MoviePage(movies: [.sample("Abyss")], totalResults: 1))
        await search.search?.value
        await service.answer(old, with: MoviePage(movies: [.sample("Stale")], totalResults: 1))
        for _ in 0..<20 { await Task.yield() }
        #expect(latest(search.rows).map(\.title) == ["Abyss"])
    }

    @Test func aFailedSearchSaysWhy() async {
        let search = MovieSearchViewModel(service: service, scheduler: scheduler)
        search.queryChanged("dune")
        await service.fail(await service.nextRequest(), with: MovieServiceError.noNetwork)
        await search.search?.value
        #expect(latest(search.info) == "Search failed: no network")
        #expect(latest(search.infoIsProblem))
    }
}
