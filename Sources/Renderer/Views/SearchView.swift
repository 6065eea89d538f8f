import Binding
import Screens

/// Draws the Search screen under the input line: the count or the message (`Searching…` while a
/// search is under way), then the films.
@MainActor
public final class SearchView: ScreenView {
    private let viewModel: MovieSearchViewModel
    private let drawn: Drawn<State>

    /// Everything the screen draws, as the view-model's outputs last delivered it.
    private struct State {
        var rows: [MovieRowViewModel] = []
        var news = ""
        var infoIsProblem = false
        var selectedIndex = 0
        var selectedMovie: MovieRowViewModel?
    }

    public var isBusy: Output<Bool>? { viewModel.isBusy }

    /// Creates the view; `needsDisplay` is called whenever what it shows changes.
    public init(viewModel: MovieSearchViewModel, needsDisplay: @escaping @MainActor () -> Void) {
        self.viewModel = viewModel
        drawn = Drawn(State(), needsDisplay: needsDisplay)
        drawn.bind(viewModel.rows, to: \.rows)
        drawn.bind(viewModel.news, to: \.news)
        drawn.bind(viewModel.infoIsProblem, to: \.infoIsProblem)
        drawn.bind(viewModel.selectedIndex, to: \.selectedIndex)
        drawn.bind(viewModel.selectedMovie, to: \.selectedMovie)
    }

    public var inputLineUser: InputLineUser? { viewModel }
    public var keyScopes: [KeyScope] { [.searchResults] }

    public func perform(_ command: ScreenCommand) {
        switch command {
        case .up: viewModel.moveSelection(by: -1)
        case .down: viewModel.moveSelection(by: 1)
        case .pageUp: viewModel.moveSelection(by: -10)
        case .pageDown: viewModel.moveSelection(by: 10)
        default: break
        }
    }

    public func draw(into surface: Surface, in rect: Rect) {
        guard rect.height > 1 else { return }
        let state = drawn.state
        surface.draw(state.news, row: rect.row, column: rect.column + 1, width: rect.width - 2,
                     style: state.infoIsProblem ? .error : .dim)
        MovieListDrawing(rows: state.rows, selectedIndex: state.selectedIndex, selected: state.selectedMovie,
                         moveSelection: { [viewModel] in viewModel.moveSelection(by: $0) },
                         currentSelection: { [drawn] in drawn.state.selectedIndex })
            .draw(into: surface, in: rect.droppingTop(2))
    }
}
