import InputDecoding
import Renderer
import Screens
import Terminal
import TestSupport

/// The shell with stand-in screens (StandInScreen), drawn into a grid, fed input as the terminal sends it.
@MainActor
final class ShellHarness {
    let shell: ShellViewModel
    let grid: GridSurface
    private(set) var view: ShellView!
    private(set) var screens: [Tab: StandInScreen] = [:]
    private(set) var views: [Tab: any ScreenView] = [:]
    private(set) var quitCount = 0
    private(set) var displayRequests = 0
    private var decoder = InputDecoder()

    /// A shell whose tabs show stand-in screens, except the screens whose view-models are given.
    init(
        tab: Tab = .weather, size: Size = Size(columns: 80, rows: 24), scoreboard: GameScoreboardViewModel? = nil,
        movies: MovieListViewModel? = nil, search: MovieSearchViewModel? = nil, weather: WeatherViewModel? = nil,
        people: PeopleListViewModel? = nil, notices: [String] = [], scheduler: TestScheduler = TestScheduler()
    ) {
        shell = ShellViewModel(initialTab: tab, notices: notices)
        grid = GridSurface(size: size)
        var views: [Tab: any ScreenView] = [:]
        for tab in Tab.allCases {
            let screen = StandInScreen(tab: tab, needsDisplay: { [unowned self] in displayRequests += 1 })
            screens[tab] = screen
            views[tab] = screen
        }
        let needsDisplay: @MainActor () -> Void = { [unowned self] in displayRequests += 1 }
        if let scoreboard { views[.scoreboard] = ScoreboardView(viewModel: scoreboard, needsDisplay: needsDisplay) }
        if let movies { views[.movies] = MoviesView(viewModel: movies, needsDisplay: needsDisplay) }
        if let search { views[.search] = SearchView(viewModel: search, needsDisplay: needsDisplay) }
        if let weather { views[.weather] = WeatherView(viewModel: weather, needsDisplay: needsDisplay) }
        if let people { views[.people] = PeopleView(viewModel: people, needsDisplay: needsDisplay) }
        self.views = views
        view = ShellView(
            shell: shell, screens: views, scheduler: scheduler,
            needsDisplay: { [unowned self] in displayRequests += 1 },
            onQuit: { [unowned self] in quitCount += 1 })
        view.layout(size: size)
    }

    /// Sends bytes as the terminal would, then draws a frame.
    func type(_ bytes: [UInt8]) {
        for key in decoder.feed(bytes) { view.handle(key) }
        for key in decoder.flush() { view.handle(key) }
        draw()
    }

    /// Sends text as typed UTF-8, then draws a frame.
    func type(_ text: String) {
        type(Array(text.utf8))
    }

    /// Clicks the left button on the cell at `row`, `column` (press and release, as a terminal
    /// reports them), then draws a frame.
    func click(row: Int, column: Int) {
        type(Array("\u{1B}[<0;\(column + 1);\(row + 1)M\u{1B}[<0;\(column + 1);\(row + 1)m".utf8))
    }

    /// Turns the wheel once over the cell at `row`, `column` (towards the user when `down`), then draws a frame.
    func wheel(down: Bool, row: Int, column: Int) {
        type(Array("\u{1B}[<\(down ? 65 : 64);\(column + 1);\(row + 1)M".utf8))
    }

    /// The cell where `text` first shows on screen.
    func position(of text: String) -> Position? {
        for (row, line) in grid.lines.enumerated() {
            if let range = line.range(of: text) {
                return Position(row: row, column: DisplayWidth.of(line[..<range.lowerBound]))
            }
        }
        return nil
    }

    /// Sends keys, then draws a frame.
    func press(_ keys: Key...) {
        for key in keys { view.handle(key) }
        draw()
    }

    func draw() {
        view.draw(into: grid)
    }

    func resize(to size: Size) {
        grid.resize(to: size)
        view.layout(size: size)
        draw()
    }

    /// The input line of the open screen, read from its view-model's `inputLine` output as the
    /// shell reads it; nil while the screen takes no input line.
    var inputLine: InputLine? {
        views[latest(shell.selectedTab)]?.inputLineUser.map { latest($0.inputLine) }
    }

    /// The text inside the brackets on the tab bar.
    var highlightedTab: String {
        grid.text(inRow: 0, style: .selectedTab)
    }
}
