import Binding
import Models
import Renderer
import Screens
import Testing
import TestSupport

@MainActor
@Suite struct MoviesAndSearchViewTests {
    static let films: [Movie] = [
        Movie(id: 1, title: "Star Wars", releaseDate: .year(1977), voteAverage: 8.8, voteCount: 134_640,
              overview: nil, runtimeMinutes: 125, genres: ["Action"], certification: "PG"),
        Movie(id: 2, title: "東京物語", releaseDate: .day(year: 1953, month: 11, day: 3), voteAverage: 8.2, voteCount: 4_000,
              overview: "An old couple visit their children in Tokyo.", runtimeMinutes: nil, genres: [], certification: nil),
        Movie(id: 3, title: "Alien", releaseDate: .year(1979), voteAverage: 8.2, voteCount: 90_000,
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
        await list.fetch?.value
        harness.draw()
        #expect(harness.grid.text == (try Snapshot.expected(harness.grid.text, named: "movies-\(size)")))
    }

    @Test(arguments: [Size(columns: 100, rows: 24), Size(columns: 80, rows: 24), Size(columns: 40, rows: 10)])
    func searchScreenWithResults(size: Size) async throws {
        let (harness, _, search) = harness(tab: .search, size: size)
        harness.type("a")
        await search.search?.value
        harness.draw()
        #expect(harness.grid.text == (try Snapshot.expected(harness.grid.text, named: "search-\(size)")))
    }

    @Test func searchStartsWithItsMessageAndSaysWhenNothingMatches() async {
        let (harness, _, search) = harness(tab: .search, size: Size(columns: 80, rows: 24))
        harness.draw()
        #expect(harness.grid.lines[4].contains("Start searching your favorite movies"))
        harness.type("zzz")
        await search.search?.value
        harness.draw()
        #expect(harness.grid.lines[4].contains("No result for zzz"))
    }

    @Test func upcomingSaysItNeedsTmdb() async {
        let (harness, list, _) = harness(tab: .movies, size: Size(columns: 80, rows: 24))
        await list.fetch?.value
        harness.type(Array("\u{1B}[C".utf8))  // Right: Upcoming
        await list.fetch?.value
        harness.draw()
        #expect(harness.grid.text.contains("[Upcoming]"))
        #expect(harness.grid.text.contains("Upcoming films need TMDb: set TMDB_API_KEY"))
    }

    @Test func arrowsMoveTheCursorInSearchWhileTyping() async {
        let (harness, _, search) = harness(tab: .search, size: Size(columns: 100, rows: 24))
        harness.type("a")
        await search.search?.value
        harness.type(Array("\u{1B}[B".utf8))  // Down
        #expect(search.selectedIndex.value == 1)
        #expect(harness.view.isInputFocused)
        #expect(harness.view.editor.text == "a")
    }
}
