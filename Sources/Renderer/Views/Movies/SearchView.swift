import Binding
import Screens

/// The Search screen: binds its view-model's outputs into the `SearchContent` it draws, and turns
/// its keys and clicks into the view-model's inputs.
@MainActor
public final class SearchView: ScreenView {
    /// What the Search screen's keys and clicks ask.
    public enum Action: Hashable, Sendable {
        /// Move the cursor by this many results.
        case move(Int)
        /// Put the cursor on the film at this index (a click on its row).
        case chooseFilm(Int)
    }

    public nonisolated static let keys = KeyTable<Action>([
        KeyBinding("↑ ↓", "move through the results", scope: .searchResults, hint: "move", actions: [.up: .move(-1), .down: .move(1)]),
        KeyBinding("PgUp PgDn", "move ten results", scope: .searchResults, actions: [.pageUp: .move(-10), .pageDown: .move(10)]),
    ])

    private let viewModel: MovieSearchViewModel
    private let drawn: Drawn<SearchContent>

    public var isBusy: Output<Bool>? { viewModel.isBusy }

    /// Creates the view; `needsDisplay` is called whenever what it shows changes.
    public init(viewModel: MovieSearchViewModel, needsDisplay: @escaping @MainActor () -> Void) {
        self.viewModel = viewModel
        drawn = Drawn(SearchContent(), needsDisplay: needsDisplay)
        drawn.bind(viewModel.news, to: \.news)
        drawn.bind(viewModel.infoIsProblem, to: \.newsIsProblem)
        drawn.bind(viewModel.rows, to: \.list.rows)
        drawn.bind(viewModel.selectedIndex, to: \.list.selectedIndex)
        drawn.bind(viewModel.selectedMovie, to: \.list.selected)
    }

    public var inputLineUser: InputLineUser? { viewModel }
    public var keyScopes: [KeyScope] { [.searchResults] }

    public func perform(_ action: Action) {
        switch action {
        case .move(let films): viewModel.moveSelection(by: films)
        case .chooseFilm(let index): viewModel.moveSelection(by: index - drawn.state.list.selectedIndex)
        }
    }

    public func scroll(by rows: Int) {
        viewModel.moveSelection(by: rows)
    }

    public func draw(into surface: Surface, in rect: Rect) {
        drawn.state.draw(into: surface, in: rect)
    }
}

/// What the Search screen draws under the input line: the count or the message (`Searching…`
/// while a search is under way), then the films.
public struct SearchContent: Equatable, Sendable {
    public var news = ""
    public var newsIsProblem = false
    public var list = MovieListContent()

    public init() {}

    /// Draws the screen inside `rect`.
    @MainActor
    public func draw(into surface: Surface, in rect: Rect) {
        guard rect.height > 1 else { return }
        surface.draw(news, row: rect.row, column: rect.column + 1, width: rect.width - 2, style: newsIsProblem ? .error : .dim)
        list.draw(into: surface, in: rect.droppingTop(2), choose: SearchView.Action.chooseFilm)
    }
}

extension KeyScope {
    /// On the Search screen, while typing too: arrows and pages only.
    static let searchResults = KeyScope("On the Search screen", whileTyping: true)
}
