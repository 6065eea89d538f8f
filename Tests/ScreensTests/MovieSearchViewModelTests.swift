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
        for letter in ["s", "t", "a", "r"] {
            type(letter, into: search)
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
        type("star", into: search)
        let first = await service.nextRequest()
        scheduler.advance(by: .seconds(1))
        type(" wars", into: search)
        scheduler.advance(by: .seconds(1))
        _ = await service.nextRequest()
        #expect(await service.cancelledAnswer(to: first))
    }

    @Test func releasingTheScreenCancelsItsSearch() async {
        var search: MovieSearchViewModel? = MovieSearchViewModel(service: service, scheduler: scheduler)
        type("star", into: search!)
        let request = await service.nextRequest()
        search = nil
        #expect(await service.cancelledAnswer(to: request))
    }

    @Test func theSameQueryTwiceSearchesOnce() async {
        let search = MovieSearchViewModel(service: service, scheduler: scheduler)
        type("alien", into: search)
        scheduler.advance(by: .seconds(1))
        type(" ", into: search)
        scheduler.advance(by: .seconds(1))
        edit(search, .deleteBackward)
        #expect(latest(search.inputLine).text == "alien")
        scheduler.advance(by: .seconds(1))
        _ = await service.nextRequest()
        for _ in 0..<20 { await Task.yield() }
        #expect(await service.questions == [.search("alien")])
    }

    @Test func anEmptyQueryShowsTheStartMessageAndNoRows() async {
        let search = MovieSearchViewModel(service: service, scheduler: scheduler)
        #expect(latest(search.info) == "Start searching your favorite movies")
        type("x", into: search)
        await service.answer(await service.nextRequest(), with: MoviePage(movies: [.sample("X")], totalResults: 1))
        await search.search?.value
        edit(search, .deleteBackward, .insert("   "))
        scheduler.advance(by: .seconds(1))
        #expect(latest(search.inputLine).text == "   ")
        #expect(latest(search.rows).isEmpty)
        #expect(latest(search.info) == "Start searching your favorite movies")
        #expect(latest(search.matchCount) == "")
    }

    @Test func noResultsSaySoWithTheQuery() async {
        let search = MovieSearchViewModel(service: service, scheduler: scheduler)
        type("qqqzzz", into: search)
        await service.answer(await service.nextRequest(), with: MoviePage(movies: [], totalResults: 0))
        await search.search?.value
        #expect(latest(search.info) == "No result for qqqzzz")
        #expect(latest(search.rows).isEmpty)
    }

    @Test func resultsShowWithTheirCount() async {
        let search = MovieSearchViewModel(service: service, scheduler: scheduler)
        let info = ValueRecorder(search.info)
        type("star wars", into: search)
        await service.answer(await service.nextRequest(), with: MoviePage(movies: [.sample("Star Wars")], totalResults: 1_234))
        await search.search?.value
        #expect(latest(search.rows).map(\.title) == ["Star Wars"])
        #expect(latest(search.matchCount) == "1,234 matches")
        #expect(info.values == ["Start searching your favorite movies", "Searching…", ""])
    }

    // MARK: - While a search is under way

    @Test func aSearchInFlightSaysSearchingAndTheOldRowsGo() async {
        let search = MovieSearchViewModel(service: service, scheduler: scheduler)
        type("star", into: search)
        await service.answer(await service.nextRequest(), with: MoviePage(movies: [.sample("Star Wars")], totalResults: 7))
        await search.search?.value
        let rows = ValueRecorder(search.rows)
        let info = ValueRecorder(search.info)
        let count = ValueRecorder(search.matchCount)
        scheduler.advance(by: .seconds(1))
        type(" trek", into: search)
        let request = await service.nextRequest()
        #expect(rows.values.map { $0.map(\.title) } == [["Star Wars"], []])
        #expect(info.values == ["", "Searching…"])
        #expect(count.values == ["7 matches", ""])
        #expect(!latest(search.infoIsProblem))
        await service.answer(request, with: MoviePage(movies: [.sample("Star Trek", id: 2)], totalResults: 3))
        await search.search?.value
        #expect(rows.values.map { $0.map(\.title) } == [["Star Wars"], [], ["Star Trek"]])
        #expect(info.values == ["", "Searching…", ""])
        #expect(count.values == ["7 matches", "", "3 matches"])
    }

    @Test func aSearchAfterNoResultReplacesItsMessageWithSearching() async {
        let search = MovieSearchViewModel(service: service, scheduler: scheduler)
        let info = ValueRecorder(search.info)
        type("qqq", into: search)
        await service.answer(await service.nextRequest(), with: MoviePage(movies: [], totalResults: 0))
        await search.search?.value
        scheduler.advance(by: .seconds(1))
        type("z", into: search)
        _ = await service.nextRequest()
        #expect(info.values == ["Start searching your favorite movies", "Searching…", "No result for qqq", "Searching…"])
    }

    @Test func aFailedSearchReplacesSearchingWithItsReason() async {
        let search = MovieSearchViewModel(service: service, scheduler: scheduler)
        let info = ValueRecorder(search.info)
        let problem = ValueRecorder(search.infoIsProblem)
        type("dune", into: search)
        await service.fail(await service.nextRequest(), with: MovieServiceError.noNetwork)
        await search.search?.value
        #expect(info.values == ["Start searching your favorite movies", "Searching…", "Search failed: no network"])
        #expect(problem.values == [false, true])
        #expect(latest(search.rows).isEmpty)
    }

    @Test func clearingTheQueryShowsTheStartMessageWithoutSearching() async {
        let search = MovieSearchViewModel(service: service, scheduler: scheduler)
        type("x", into: search)
        let request = await service.nextRequest()
        let info = ValueRecorder(search.info)
        let busy = ValueRecorder(search.isBusy)
        scheduler.advance(by: .seconds(1))
        edit(search, .deleteBackward)
        scheduler.advance(by: .seconds(1))
        #expect(info.values == ["Searching…", "Start searching your favorite movies"])
        #expect(busy.values == [true, false])
        #expect(latest(search.rows).isEmpty)
        #expect(await service.cancelledAnswer(to: request))
        #expect(await service.questions == [.search("x")])
    }

    @Test func anAnswerForAnOlderQueryNeverShows() async {
        let search = MovieSearchViewModel(service: service, scheduler: scheduler)
        type("a", into: search)
        let old = await service.nextRequest()
        scheduler.advance(by: .seconds(1))
        type("b", into: search)
        let new = await service.nextRequest()
        await service.answer(new, with: MoviePage(movies: [.sample("Abyss")], totalResults: 1))
        await search.search?.value
        await service.answer(old, with: MoviePage(movies: [.sample("Stale")], totalResults: 1))
        for _ in 0..<20 { await Task.yield() }
        #expect(latest(search.rows).map(\.title) == ["Abyss"])
    }

    @Test func aFailedSearchSaysWhy() async {
        let search = MovieSearchViewModel(service: service, scheduler: scheduler)
        type("dune", into: search)
        await service.fail(await service.nextRequest(), with: MovieServiceError.noNetwork)
        await search.search?.value
        #expect(latest(search.info) == "Search failed: no network")
        #expect(latest(search.infoIsProblem))
    }

    // MARK: - The input line

    @Test func typingEditsTheLineAndTheCursorAndTheQueryFollowsTheText() async {
        let search = MovieSearchViewModel(service: service, scheduler: scheduler)
        let line = ValueRecorder(search.inputLine)
        type("alen", into: search)
        edit(search, .moveLeft, .moveLeft, .insert("i"))
        #expect(line.values.map(\.text) == ["", "alen", "alen", "alen", "alien"])
        #expect(line.values.map(\.cursor) == [0, 4, 3, 2, 3])
        scheduler.advance(by: .seconds(1))
        _ = await service.nextRequest()
        _ = await service.nextRequest()
        #expect(await service.questions == [.search("alen"), .search("alien")])
    }

    @Test func anEditThatChangesNothingIsNoNewValue() {
        let search = MovieSearchViewModel(service: service, scheduler: scheduler)
        let line = ValueRecorder(search.inputLine)
        edit(search, .moveLeft, .deleteBackward, .deleteForward, .deleteWordBackward, .insert(""))
        #expect(line.values == [InputLine()])
    }

    @Test func theFocusIsAnOutputThatTheFocusInputSets() {
        let search = MovieSearchViewModel(service: service, scheduler: scheduler)
        let focus = ValueRecorder(search.inputLineIsFocused)
        search.inputFocusChanged(true)
        search.inputFocusChanged(true)
        search.inputFocusChanged(false)
        #expect(focus.values == [false, true, false])
        #expect(latest(search.inputPrompt) == "Search")
    }

    @Test func searchNowSearchesAtOnceWithoutTheThrottleAndIsBusyUntilTheRowsShow() async {
        let search = MovieSearchViewModel(service: service, scheduler: scheduler)
        type("alien", into: search)
        let typed = await service.nextRequest()
        await service.answer(typed, with: MoviePage(movies: [.sample("Alien")], totalResults: 1))
        await search.search?.value
        var rowsWhenIdle: [[String]] = []
        let token = search.isBusy.bind { busy in
            if !busy { rowsWhenIdle.append(latest(search.rows).map(\.title)) }
        }
        search.searchNow("  star wars ")
        #expect(latest(search.isBusy))
        #expect(latest(search.info) == "Searching…")
        let request = await service.nextRequest()
        #expect(request.question == .search("star wars"))
        await service.answer(request, with: MoviePage(movies: [.sample("Star Wars")], totalResults: 3))
        await search.search?.value
        #expect(rowsWhenIdle == [["Star Wars"]])
        #expect(latest(search.matchCount) == "3 matches")
        search.searchNow("star wars")
        await service.answer(await service.nextRequest(), with: MoviePage(movies: [], totalResults: 0))
        await search.search?.value
        #expect(latest(search.info) == "No result for star wars")
        #expect(await service.questions == [.search("alien"), .search("star wars"), .search("star wars")])
        token.cancel()
    }

    @Test func searchNowWithOnlySpacesShowsTheStartMessageAndIsNotBusy() async {
        let search = MovieSearchViewModel(service: service, scheduler: scheduler)
        search.searchNow("   ")
        #expect(!latest(search.isBusy))
        #expect(latest(search.info) == MovieSearchViewModel.startMessage)
        for _ in 0..<20 { await Task.yield() }
        #expect(await service.questions.isEmpty)
    }
}
