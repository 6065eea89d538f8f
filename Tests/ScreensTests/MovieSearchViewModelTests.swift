import Models
import Screens
import Testing
import TestSupport

/// The Search screen's view-model: inputs in, the searches it asks for answered by the test,
/// whole histories of its outputs out. Nothing of the view-model's is awaited.
@MainActor
struct MovieSearchViewModelTests {
    let searches = HeldWork<MovieSearch.Request, MovieSearch.Answer>()
    let scheduler = TestScheduler()

    private func makeSearch() -> MovieSearchViewModel {
        MovieSearchViewModel(runner: searches, scheduler: scheduler)
    }

    /// The films `titles` as the first page of `total` matches (all of them unless said); more
    /// pages follow when `total` is more.
    private static func found(_ titles: String..., total: Int? = nil) -> MovieSearch.Answer {
        let total = total ?? titles.count
        let movies = titles.enumerated().map { Movie.sample($1, id: $0 + 1) }
        return .found(MoviePage(movies: movies, totalResults: total, hasMorePages: total > titles.count))
    }

    @Test func typingWithinOneIntervalSearchesTheFirstThenTheLatest() {
        let search = makeSearch()
        for letter in ["s", "t", "a", "r"] {
            type(letter, into: search)
            scheduler.advance(by: .milliseconds(50))
        }
        scheduler.advance(by: .milliseconds(300))
        #expect(searches.asked == ["s", "star"])
        #expect(searches.cancelled == [searches.id(ofAsked: 0)], "the newer query cancels the search it replaces")
        searches.expectHeldAtEnd(["star"])
    }

    @Test func releasingTheScreenCancelsItsSearch() {
        var search: MovieSearchViewModel? = makeSearch()
        type("star", into: search!)
        searches.expectHeldAtEnd(["star"])
        search = nil
        #expect(searches.abandoned == [searches.id(ofAsked: 0)])
        #expect(searches.cancelled.isEmpty)
        #expect(searches.pending.isEmpty)
    }

    @Test func theSameQueryTwiceSearchesOnce() {
        let search = makeSearch()
        type("alien", into: search)
        scheduler.advance(by: .seconds(1))
        type(" ", into: search)
        scheduler.advance(by: .seconds(1))
        edit(search, .deleteBackward)
        scheduler.advance(by: .seconds(1))
        #expect(latest(search.inputLine).text == "alien")
        #expect(searches.asked == ["alien"])
        searches.expectHeldAtEnd(["alien"])
    }

    @Test func downGoesFromTheInputLineToTheResultsWhereTheDetailOpensAndTypingClosesIt() {
        let search = makeSearch()
        let focus = ValueRecorder(search.inputLineIsFocused)
        let detail = ValueRecorder(search.detailIsOpen)
        search.inputFocusChanged(true)
        search.focusResults()  // no results yet: the focus stays
        search.openDetail()
        type("star", into: search)
        searches.answer(with: Self.found("Star Wars", "Star Trek"))
        search.focusResults()
        search.moveSelection(by: 1)
        search.openDetail()
        search.closeDetail()
        search.openDetail()
        search.inputFocusChanged(true)
        #expect(focus.values == [false, true, false, true])
        #expect(detail.values == [false, true, false, true, false])
        #expect(latest(search.selectedIndex) == 1, "the detail was the chosen film's, and the cursor stays on it")
    }

    @Test func upOnTheFirstResultGoesBackToTheQueryAndASecondClickOpensTheChosenFilm() {
        let search = makeSearch()
        let (focus, detail, selected) = (
            ValueRecorder(search.inputLineIsFocused), ValueRecorder(search.detailIsOpen), ValueRecorder(search.selectedIndex)
        )
        search.inputFocusChanged(true)
        type("star", into: search)
        searches.answer(with: Self.found("Star Wars", "Star Trek", "Stardust"))
        search.focusResults()
        search.move(.last)
        search.move(.first)
        search.move(.rows(-1))
        search.focusResults()
        search.chooseRow(at: 1)
        search.chooseRow(at: 1)
        #expect(selected.values == [0, 2, 0, 1])
        #expect(focus.values == [false, true, false, true, false], "↑ on the first result: the query again")
        #expect(detail.values == [false, true], "the chosen film clicked again opens, as Enter does")
    }

    @Test func aPageIsTheFilmsInViewLessOne() {
        let search = makeSearch()
        search.inputFocusChanged(true)
        type("film", into: search)
        searches.answer(with: .found(MoviePage(movies: (1...30).map { Movie.sample("Film \($0)", id: $0) }, totalResults: 30)))
        search.focusResults()
        let selected = ValueRecorder(search.selectedIndex)
        search.setVisibleRowCount(7)
        search.move(.pages(1))
        search.move(.pages(1))
        search.move(.pages(-1))
        #expect(selected.values == [0, 6, 12, 6])
    }

    @Test func resultsShowWithTheirCount() {
        let search = makeSearch()
        let info = ValueRecorder(search.info)
        let rows = ValueRecorder(search.rows)
        let count = ValueRecorder(search.matchCount)
        let total = ValueRecorder(search.matchTotal)
        let busy = ValueRecorder(search.isBusy)
        type("star wars", into: search)
        searches.answer(with: Self.found("Star Wars", total: 1_234))
        #expect(total.values == [0, 1_234])
        #expect(info.values == ["Start searching your favorite movies", "Searching…", ""])
        #expect(rows.values.map { $0.map(\.title) } == [[], ["Star Wars"]])
        #expect(count.values == ["", "1,234 matches"])
        #expect(busy.values == [false, true], "the next page is asked for: the cursor is near the end")
        searches.expectHeldAtEnd([MovieSearch.Request(query: "star wars", page: 2)])
    }

    @Test func theCountSaysEveryMatchTheListReachesAndHowManyShowWhenItEndsShort() {
        let search = makeSearch()
        let (count, news) = (ValueRecorder(search.matchCount), ValueRecorder(search.news))
        let (problem, busy) = (ValueRecorder(search.infoIsProblem), ValueRecorder(search.isBusy))
        search.searchNow("love")
        search.loadRows(atLeast: 2)
        searches.answer(with: .found(MoviePage(movies: [.sample("Love", id: 1)], totalResults: 3, hasMorePages: true)))
        #expect(searches.asked == ["love", MovieSearch.Request(query: "love", page: 2)])
        searches.answer(with: .failed("no network"))
        #expect(count.values == ["", "3 matches", "1 of 3 matches"])
        #expect(
            news.values == [
                "Start searching your favorite movies", "Searching…", "3 matches",
                "1 of 3 matches. More films could not be loaded: no network",
            ])
        #expect(problem.values == [false, true])
        #expect(busy.values == [false, true, false])
        #expect(latest(search.rows).map(\.title) == ["Love"])
    }

    @Test func aSearchInFlightSaysSearchingAndTheOldRowsGo() {
        let search = makeSearch()
        type("star", into: search)
        searches.answer(with: Self.found("Star Wars", total: 7))
        let rows = ValueRecorder(search.rows)
        let info = ValueRecorder(search.info)
        let count = ValueRecorder(search.matchCount)
        let total = ValueRecorder(search.matchTotal)
        let news = ValueRecorder(search.news)
        let problem = ValueRecorder(search.infoIsProblem)
        scheduler.advance(by: .seconds(1))
        type(" trek", into: search)
        searches.answer(with: Self.found("Star Trek", total: 3))
        #expect(total.values == [7, 0, 3])
        #expect(rows.values.map { $0.map(\.title) } == [["Star Wars"], [], ["Star Trek"]])
        #expect(info.values == ["", "Searching…", ""])
        #expect(count.values == ["7 matches", "", "3 matches"])
        #expect(news.values == ["7 matches", "Searching…", "3 matches"], "the line over the results: the count, else the message")
        #expect(problem.values == [false])
        searches.expectHeldAtEnd([MovieSearch.Request(query: "star trek", page: 2)])
    }

    @Test func noResultsSayTheQueryAndTheNextSearchReplacesThem() {
        let search = makeSearch()
        let info = ValueRecorder(search.info)
        type("qqq", into: search)
        searches.answer(with: Self.found())
        scheduler.advance(by: .seconds(1))
        type("z", into: search)
        #expect(info.values == ["Start searching your favorite movies", "Searching…", "No result for qqq", "Searching…"])
        #expect(latest(search.rows).isEmpty)
        searches.expectHeldAtEnd(["qqqz"])
    }

    @Test func aFailedSearchReplacesSearchingWithItsReason() {
        let search = makeSearch()
        let info = ValueRecorder(search.info)
        let problem = ValueRecorder(search.infoIsProblem)
        let busy = ValueRecorder(search.isBusy)
        type("dune", into: search)
        searches.answer(with: .failed("no network"))
        #expect(info.values == ["Start searching your favorite movies", "Searching…", "Search failed: no network"])
        #expect(problem.values == [false, true])
        #expect(busy.values == [false, true, false])
        #expect(latest(search.rows).isEmpty)
    }

    @Test func clearingTheQueryShowsTheStartMessageAndCancelsTheSearch() {
        let search = makeSearch()
        type("x", into: search)
        let info = ValueRecorder(search.info)
        let busy = ValueRecorder(search.isBusy)
        scheduler.advance(by: .seconds(1))
        edit(search, .deleteBackward, .insert("   "))
        scheduler.advance(by: .seconds(1))
        #expect(info.values == ["Searching…", "Start searching your favorite movies"])
        #expect(busy.values == [true, false])
        #expect(searches.cancelled == [searches.id(ofAsked: 0)])
        #expect(searches.asked == ["x"])
    }

    @Test func anAnswerForAnOlderQueryNeverShows() {
        let search = makeSearch()
        let rows = ValueRecorder(search.rows)
        search.searchNow("a")
        let old = searches.id(ofAsked: 0)
        search.searchNow("b")
        searches.answer(with: Self.found("Abyss"))
        #expect(rows.values.map { $0.map(\.title) } == [[], ["Abyss"]])
        #expect(searches.cancelled == [old])
        #expect(searches.pending.isEmpty, "the older search was cancelled, so its answer cannot come")
    }

    // MARK: - The input line

    @Test func typingEditsTheLineAndTheCursorAndTheQueryFollowsTheText() {
        let search = makeSearch()
        let line = ValueRecorder(search.inputLine)
        type("alen", into: search)
        edit(search, .moveLeft, .moveLeft, .insert("i"))
        #expect(line.values.map(\.text) == ["", "alen", "alen", "alen", "alien"])
        #expect(line.values.map(\.cursor) == [0, 4, 3, 2, 3])
        scheduler.advance(by: .seconds(1))
        #expect(searches.asked == ["alen", "alien"])
        searches.expectHeldAtEnd(["alien"])
    }

    @Test func anEditThatChangesNothingIsNoNewValue() {
        let search = makeSearch()
        let line = ValueRecorder(search.inputLine)
        edit(search, .moveLeft, .deleteBackward, .deleteForward, .deleteWordBackward, .insert(""))
        #expect(line.values == [InputLine()])
    }

    @Test func theFocusIsAnOutputThatTheFocusInputSets() {
        let search = makeSearch()
        let focus = ValueRecorder(search.inputLineIsFocused)
        search.inputFocusChanged(true)
        search.inputFocusChanged(true)
        search.inputFocusChanged(false)
        #expect(focus.values == [false, true, false])
        #expect(latest(search.inputPrompt) == "Search")
    }

    // MARK: - Searching at once

    @Test func searchNowSearchesAtOnceWithoutTheThrottleAndIsBusyUntilTheRowsShow() {
        let search = makeSearch()
        type("alien", into: search)
        searches.answer(with: Self.found("Alien"))
        var rowsWhenIdle: [[String]] = []
        let token = search.isBusy.bind { busy in
            if !busy { rowsWhenIdle.append(latest(search.rows).map(\.title)) }
        }
        let (busy, info, matches) = (ValueRecorder(search.isBusy), ValueRecorder(search.info), ValueRecorder(search.matchCount))
        search.searchNow("  star wars ")
        searches.answer(with: Self.found("Star Wars"))
        #expect(rowsWhenIdle == [["Star Wars"]])
        search.searchNow("star wars")
        searches.answer(with: Self.found())
        #expect(busy.values == [false, true, false, true, false])
        #expect(info.values == ["", "Searching…", "", "Searching…", "No result for star wars"])
        #expect(matches.values == ["1 match", "", "1 match", ""])
        #expect(searches.asked == ["alien", "star wars", "star wars"])
        token.cancel()
    }

    @Test func searchNowWithOnlySpacesShowsTheStartMessageAndIsNotBusy() {
        let search = makeSearch()
        let (busy, info) = (ValueRecorder(search.isBusy), ValueRecorder(search.info))
        search.searchNow("   ")
        #expect(busy.values == [false], "never busy")
        #expect(info.values == [MovieSearchViewModel.startMessage])
        #expect(searches.asked.isEmpty)
    }
}
