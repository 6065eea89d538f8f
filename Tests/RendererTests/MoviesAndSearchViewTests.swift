import Binding
import Foundation
import Models
import Renderer
import Screens
import Testing
import TestSupport

@MainActor
@Suite struct MoviesAndSearchViewTests {
    static let films: [Movie] = [
        Movie(
            id: 1, title: "Star Wars", releaseDate: .year(1977), voteAverage: 8.8, voteCount: 134_640,
            overview: nil, runtimeMinutes: 125, genres: ["Action"], certification: "PG"),
        Movie(
            id: 2, title: "東京物語", releaseDate: .day(year: 1953, month: 11, day: 3), voteAverage: 8.2, voteCount: 4_000,
            overview: "An old couple visit their children in Tokyo.", runtimeMinutes: nil, genres: [], certification: nil),
        Movie(
            id: 3, title: "Alien", releaseDate: .year(1979), voteAverage: 8.2, voteCount: 90_000,
            overview: nil, runtimeMinutes: 117, genres: [], certification: "R"),
    ]

    let service = ImmediateMovieService(films: Self.films)
    let scheduler = TestScheduler()

    private func harness(tab: Tab, size: Size) -> (ShellHarness, MovieListViewModel, MovieSearchViewModel) {
        let list = MovieListViewModel(service: service)
        let search = MovieSearchViewModel(service: service, scheduler: scheduler)
        let harness = ShellHarness(tab: tab, size: size, movies: list, search: search)
        return (harness, list, search)
    }

    @Test(arguments: [Size(columns: 100, rows: 24), Size(columns: 80, rows: 24), Size(columns: 40, rows: 10)])
    func moviesScreen(size: Size) async throws {
        let (harness, list, _) = harness(tab: .movies, size: size)
        await untilIdle(list.isBusy)
        harness.draw()
        #expect(harness.grid.text == (try Snapshot.expected(harness.grid.text, named: "movies-\(size)")))
    }

    @Test(arguments: [Size(columns: 100, rows: 24), Size(columns: 80, rows: 24), Size(columns: 40, rows: 10)])
    func searchScreenWithResults(size: Size) async throws {
        let (harness, _, search) = harness(tab: .search, size: size)
        harness.type("a")
        await untilIdle(search.isBusy)
        harness.draw()
        #expect(harness.grid.text == (try Snapshot.expected(harness.grid.text, named: "search-\(size)")))
    }

    @Test func searchStartsWithItsMessageAndSaysWhenNothingMatches() async {
        let (harness, _, search) = harness(tab: .search, size: Size(columns: 80, rows: 24))
        harness.draw()
        #expect(harness.grid.lines[4].contains("Start searching your favorite movies"))
        harness.type("zzz")
        await untilIdle(search.isBusy)
        harness.draw()
        #expect(harness.grid.lines[4].contains("No result for zzz"))
    }

    @Test func aSearchUnderWaySaysSearchingOverAnEmptyList() async throws {
        let controlled = ControlledMovieService()
        let search = MovieSearchViewModel(service: controlled, scheduler: scheduler)
        let harness = ShellHarness(tab: .search, size: Size(columns: 80, rows: 24), search: search)
        harness.type("star")
        await controlled.answer(try await controlled.nextRequest(), with: MoviePage(movies: Self.films, totalResults: 3))
        await untilIdle(search.isBusy)
        harness.draw()
        #expect(harness.grid.text.contains("Star Wars"))
        scheduler.advance(by: .seconds(1))
        harness.type(" trek")
        _ = try await controlled.nextRequest()
        #expect(harness.grid.text == (try Snapshot.expected(harness.grid.text, named: "search-searching-80x24")))
        #expect(harness.grid.lines[4].contains("Searching…"))
        #expect(!harness.grid.text.contains("Star Wars"))
    }

    @Test func upcomingSaysItNeedsTmdb() async {
        let (harness, list, _) = harness(tab: .movies, size: Size(columns: 80, rows: 24))
        await untilIdle(list.isBusy)
        harness.type(Array("\u{1B}[C".utf8))  // Right: Upcoming
        await untilIdle(list.isBusy)
        harness.draw()
        #expect(harness.grid.text.contains("[Upcoming]"))
        #expect(harness.grid.text.contains("Upcoming films need TMDb: set TMDB_API_KEY"))
    }

    @Test(arguments: [Size(columns: 80, rows: 24), Size(columns: 40, rows: 10)])
    func enterShowsTheChosenFilmsDetailWhereThePaneDoesNotFitAndEscGoesBackToIt(size: Size) async {
        let (harness, list, _) = harness(tab: .movies, size: size)
        await untilIdle(list.isBusy)
        harness.type(Self.down + Self.down)
        #expect(!harness.grid.text.contains("117 min"), "no side pane at \(size)")
        harness.type("\r")
        #expect(harness.grid.lines[2] == " Alien")
        #expect(harness.grid.text.contains("117 min"))
        #expect(harness.grid.lines[size.rows - 1].contains("Esc  Enter back"))
        harness.type([0x1B])
        #expect(harness.grid.text.contains("› Alien (1979)"))
        #expect(latest(list.selectedIndex) == 2)
    }

    @Test func downLeavesTheInputLineForTheResultsWhereTheArrowsMoveAndEnterOpensTheDetail() async {
        let (harness, _, search) = harness(tab: .search, size: Size(columns: 80, rows: 24))
        harness.type("a")
        await untilIdle(search.isBusy)
        harness.type(Self.down)
        #expect(!harness.view.isInputFocused)
        #expect(latest(search.selectedIndex) == 0, "the first ↓ only goes to the results")
        harness.type(Self.down)
        #expect(latest(search.selectedIndex) == 1)
        harness.type("\r")
        #expect(harness.grid.lines[4] == " Alien")
        #expect(harness.grid.text.contains("1979 · 117 min · 90,000 votes · rated R"))
        harness.type([0x1B])
        #expect(harness.grid.text.contains("› Alien (1979)"), "Esc goes back to the same row")
        #expect(harness.inputLine?.text == "a")
    }

    // MARK: - The detail pane and one frame per turn

    static let down = "\u{1B}[B", up = "\u{1B}[A", right = "\u{1B}[C", left = "\u{1B}[D"

    /// The detail pane's lines, right of its rule, trimmed; empty when no pane shows.
    private static func detailPane(_ grid: GridSurface) -> [String] {
        grid.lines.compactMap { line in
            guard let rule = line.firstIndex(of: "│") else { return nil }
            return line[line.index(after: rule)...].trimmingCharacters(in: .whitespaces)
        }
    }

    @Test func theMoviesDetailPaneShowsTheFilmTheCursorMovesTo() async {
        let (harness, list, _) = harness(tab: .movies, size: Size(columns: 100, rows: 24))
        await untilIdle(list.isBusy)
        harness.type(Self.down)
        #expect(Self.detailPane(harness.grid).prefix(3) == ["東京物語", "Nov 3, 1953", "★★★★★★★★☆☆ 8.2"])
        #expect(Self.detailPane(harness.grid).joined(separator: " ").contains("An old couple visit their children in Tokyo."))
    }

    @Test func theSearchDetailPaneShowsTheFilmTheCursorMovesTo() async {
        let (harness, _, search) = harness(tab: .search, size: Size(columns: 100, rows: 24))
        harness.type("a")
        await untilIdle(search.isBusy)
        harness.type(Self.down + Self.down)  // to the results, then the second film
        #expect(Self.detailPane(harness.grid).prefix(3) == ["Alien", "1979", "★★★★★★★★☆☆ 8.2"])
        #expect(Self.detailPane(harness.grid).joined(separator: " ").contains("1979 · 117 min · 90,000 votes · rated R"))
    }

    @Test func manyMoviesChangesInOneTurnDrawAsTheLast() async {
        let (harness, list, _) = harness(tab: .movies, size: Size(columns: 100, rows: 24))
        await untilIdle(list.isBusy)
        harness.type(Self.down + Self.down + Self.right + Self.left)  // the cursor moves, then two segment changes
        #expect(harness.grid.text(inRow: 2, style: .selectedTab) == "[Popular]")
        #expect(harness.grid.lines[3].contains("Loading..."))
        #expect(!harness.grid.text.contains("Star Wars"))
        #expect(Self.detailPane(harness.grid).isEmpty)
        await untilIdle(list.isBusy)
        harness.type(Self.down + Self.up + Self.down + Self.down + Self.up)
        let (oneStep, oneStepList, _) = self.harness(tab: .movies, size: Size(columns: 100, rows: 24))
        await untilIdle(oneStepList.isBusy)
        oneStep.type(Self.down)
        #expect(harness.grid.text == oneStep.grid.text)
        #expect(Self.detailPane(harness.grid).first == "東京物語")
    }

    @Test func manySearchChangesInOneTurnDrawAsTheLast() async {
        let (harness, _, search) = harness(tab: .search, size: Size(columns: 100, rows: 24))
        harness.type("a")
        await untilIdle(search.isBusy)
        harness.type(Self.down + Self.down + Self.up + Self.down)  // to the results, then rows 1, 0, 1
        let (oneStep, _, oneStepSearch) = self.harness(tab: .search, size: Size(columns: 100, rows: 24))
        oneStep.type("a")
        await untilIdle(oneStepSearch.isBusy)
        oneStep.type(Self.down + Self.down)
        #expect(harness.grid.text == oneStep.grid.text)
        #expect(Self.detailPane(harness.grid).first == "Alien")
    }
}
