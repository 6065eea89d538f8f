import Models
import Renderer
import Screens
import Testing
import TestSupport

/// The Movies and Search screens drawn from values built by hand: one value, one block of lines, per case.
@MainActor
struct MoviesContentTests {
    nonisolated static let big = ContentDrawing.region(80, 24, inputLine: false)
    nonisolated static let small = ContentDrawing.region(40, 10, inputLine: false)

    static func list(_ titles: [String], selected: Int = 0) -> MovieListContent {
        var list = MovieListContent()
        list.rows = titles.enumerated().map {
            MovieRowViewModel(movie: .sample($1, id: $0, year: 1977 + $0, average: 8.0 - Double($0) / 10))
        }
        list.selectedIndex = selected
        list.selected = list.rows.indices.contains(selected) ? list.rows[selected] : nil
        return list
    }

    static func movies(news: String = "", isProblem: Bool = false, list: MovieListContent = MovieListContent()) -> MoviesContent {
        var movies = MoviesContent()
        movies.segments = ["Popular", "Upcoming", "Now playing", "Top rated"]
        movies.news = news
        movies.newsIsProblem = isProblem
        movies.list = list
        return movies
    }

    @Test func aListLongerThanItsRowsSaysWhereTheCursorIs() {
        let long = Self.movies(list: Self.list((1...30).map { "Film \($0)" }, selected: 12))
        let drawing = ContentDrawing(Self.small) { long.draw(into: $0, in: $1) }
        #expect(drawing.lines[2].hasSuffix("13/30"))
        let short = Self.movies(list: Self.list(["Alien", "Brazil"]))
        #expect(!ContentDrawing(Self.small) { short.draw(into: $0, in: $1) }.lines.joined().contains("/2"), "all in view: no mark")
    }

    @Test func whileTheFirstPageComesTheScreenSaysLoading() {
        let drawing = ContentDrawing(Self.small) { Self.movies(news: "Loading...").draw(into: $0, in: $1) }
        #expect(
            drawing.lines == [
                "[Popular] Upcoming  Now…  Top…",
                " Loading...",
            ])
    }

    @Test func filmsAt80x24WithTheCursorOnTheSecond() {
        let movies = Self.movies(list: Self.list(["Star Wars", "Alien", "Blade Runner"], selected: 1))
        let drawing = ContentDrawing(Self.big) { movies.draw(into: $0, in: $1) }
        #expect(
            drawing.lines == [
                "[Popular] Upcoming  Now playing  Top rated",
                "",
                "",
                "   Star Wars (1977)                                                          8.0",
                " › Alien (1978)                                                              7.9",
                "   Blade Runner (1979)                                                       7.8",
            ])
        #expect(drawing.grid.focus == Position(row: 4, column: 1))
    }

    @Test func aFailureIsAnErrorOnTheLineOfNews() {
        let movies = Self.movies(news: "TMDb: no network. Press c for the embedded catalogue.", isProblem: true)
        let drawing = ContentDrawing(Self.small) { movies.draw(into: $0, in: $1) }
        #expect(
            drawing.lines == [
                "[Popular] Upcoming  Now…  Top…",
                " TMDb: no network. Press c for the",
                " embedded catalogue.",
            ])
        #expect(drawing.grid.text(inRow: 1, style: .error).hasPrefix("TMDb: no network."))
    }

    /// The chosen segment shows whole; the others are cut to a word, then to a share of the room
    /// left, each cut marked.
    @Test(arguments: [
        (40, " Popular  Upcoming  Now… [Top rated]"), (28, " Pop…  Upc…  No… [Top rated]"), (20, " …  …  … [Top rated]"),
    ])
    func theChosenSegmentIsWholeAndTheOthersAreCutToFit(width: Int, line: String) {
        var movies = Self.movies()
        movies.selectedSegment = 3
        let drawing = ContentDrawing(Size(columns: width, rows: 10)) { movies.draw(into: $0, in: $1) }
        #expect(drawing.lines == [line])
        #expect(drawing.grid.focus == Position(row: 0, column: line.count - "[Top rated]".count))
    }

    @Test func longAndWideTitlesAreCutAtTheEdgeAt40Columns() {
        let movies = Self.movies(list: Self.list(["千と千尋の神隠し (Spirited Away), the long version", "Alien"]))
        let drawing = ContentDrawing(Self.small) { movies.draw(into: $0, in: $1) }
        #expect(
            drawing.lines == [
                "[Popular] Upcoming  Now…  Top…",
                "",
                "",
                " › 千と千尋の神隠し (Spirited Away), th…",
                "   Alien (1978)",
            ])
    }

    @Test func aTitleCutBeforeItsRatingEndsWithTheMark() {
        let title = "The Lord of the Rings: The Fellowship of the Ring, the extended edition"
        let movies = Self.movies(list: Self.list(["Alien", title], selected: 0))
        let lines = ContentDrawing(Self.big) { movies.draw(into: $0, in: $1) }.lines
        #expect(lines[4] == "   The Lord of the Rings: The Fellowship of the Ring, the extended edition…  7.9")
    }

    @Test func eachSegmentAndRowAsksForItselfWhenClicked() {
        let movies = Self.movies(list: Self.list(["Star Wars", "Alien"]))
        let drawing = ContentDrawing(Self.big) { movies.draw(into: $0, in: $1) }
        let clicks = drawing.grid.mouseTargets.compactMap { target -> MoviesView.Action? in
            if case .screen(let action) = target.click { action as? MoviesView.Action } else { nil }
        }
        #expect(clicks == [.chooseSegment(0), .chooseSegment(1), .chooseSegment(2), .chooseSegment(3), .chooseFilm(0), .chooseFilm(1)])
    }

    @Test func anOverviewLongerThanTheDetailsRoomEndsItsLastLineWithTheMark() {
        var list = Self.list(["Alien"])
        list.showsDetail = true
        list.selected = MovieRowViewModel(
            movie: Movie(
                id: 1, title: "Alien", releaseDate: .year(1979), voteAverage: 8.5, voteCount: 9_000,
                overview: String(repeating: "The crew of a commercial spacecraft meets a deadly creature. ", count: 3),
                runtimeMinutes: 117, genres: ["Horror"], certification: nil))
        let lines = ContentDrawing(Self.small) { Self.movies(list: list).draw(into: $0, in: $1) }.lines
        #expect(lines.count == Self.small.rows)
        #expect(lines.last == " commercial spacecraft meets a deadly…")
    }

    @Test(arguments: [big, small])
    func aFilmsDetailFillsTheAreaWithEverythingTheSidePaneShows(size: Size) {
        var list = Self.list(["Star Wars", "Alien"], selected: 1)
        list.showsDetail = true
        list.selected = MovieRowViewModel(
            movie: Movie(
                id: 2, title: "Alien", releaseDate: .year(1979), voteAverage: 8.5, voteCount: 9_000,
                overview: "The crew of a commercial spacecraft meets a deadly creature.",
                runtimeMinutes: 117, genres: ["Horror"], certification: nil))
        let drawing = ContentDrawing(size) { Self.movies(list: list).draw(into: $0, in: $1) }
        let overview =
            size == Self.big
            ? [" The crew of a commercial spacecraft meets a deadly creature."]
            : [" The crew of a commercial spacecraft", " meets a deadly creature."]
        #expect(drawing.lines == [" Alien", " 1979", " ★★★★★★★★☆☆ 8.5", ""] + overview)
        #expect(drawing.grid.focus == Position(row: 0, column: 1))
        #expect(drawing.grid.mouseTargets.isEmpty)
    }

    @Test func searchBeforeAnythingIsTypedSaysHowToStart() {
        var search = SearchContent()
        search.news = "Start searching your favorite movies"
        #expect(
            ContentDrawing(ContentDrawing.region(40, 10, inputLine: true)) { search.draw(into: $0, in: $1) }.lines == [
                " Start searching your favorite movies"
            ])
    }

    @Test func searchResultsUnderTheirCount() {
        var search = SearchContent()
        search.news = "2 matches"
        search.list = Self.list(["Star Wars", "Star Trek"])
        #expect(
            ContentDrawing(ContentDrawing.region(80, 24, inputLine: true)) { search.draw(into: $0, in: $1) }.lines == [
                " 2 matches",
                "",
                " › Star Wars (1977)                                                          8.0",
                "   Star Trek (1978)                                                          7.9",
            ])
    }
}
