import Binding
import Screens

/// Draws the Movies screen: the segments, a line of news (loading, a note, an error), and the
/// films with the chosen one's details.
@MainActor
public final class MoviesView: ScreenView {
    private let viewModel: MovieListViewModel
    private let drawn: Drawn<State>

    /// Everything the screen draws, as the view-model's outputs last delivered it.
    private struct State {
        var selectedSegment = 0
        var rows: [MovieRowViewModel] = []
        var news = ""
        var newsIsProblem = false
        var selectedIndex = 0
        var selectedMovie: MovieRowViewModel?
    }

    public var isBusy: Output<Bool>? { viewModel.isBusy }

    /// Creates the view; `needsDisplay` is called whenever what it shows changes.
    public init(viewModel: MovieListViewModel, needsDisplay: @escaping @MainActor () -> Void) {
        self.viewModel = viewModel
        drawn = Drawn(State(), needsDisplay: needsDisplay)
        drawn.bind(viewModel.selectedSegment, to: \.selectedSegment)
        drawn.bind(viewModel.rows, to: \.rows)
        drawn.bind(viewModel.news, to: \.news)
        drawn.bind(viewModel.newsIsProblem, to: \.newsIsProblem)
        drawn.bind(viewModel.selectedIndex, to: \.selectedIndex)
        drawn.bind(viewModel.selectedMovie, to: \.selectedMovie)
    }

    public var inputLineUser: InputLineUser? { nil }
    public var keyScopes: [KeyScope] { [.movies] }

    public func perform(_ command: ScreenCommand) {
        switch command {
        case .left: viewModel.selectPreviousSegment()
        case .right: viewModel.selectNextSegment()
        case .up: viewModel.moveSelection(by: -1)
        case .down: viewModel.moveSelection(by: 1)
        case .pageUp: viewModel.moveSelection(by: -10)
        case .pageDown: viewModel.moveSelection(by: 10)
        case .useCatalogue: viewModel.useCatalogue()
        default: break
        }
    }

    public func setVisible(_ visible: Bool) {
        if visible { viewModel.screenAppeared() }
    }

    public func draw(into surface: Surface, in rect: Rect) {
        guard rect.height > 2 else { return }
        let state = drawn.state
        var column = rect.column
        for (index, title) in viewModel.segments.enumerated() {
            let start = column
            column = index == state.selectedSegment
                ? surface.draw("[\(title)]", row: rect.row, column: column, style: .selectedTab)
                : surface.draw(" \(title) ", row: rect.row, column: column)
            surface.mark(Rect(row: rect.row, column: start, width: column - start, height: 1)) { [viewModel] in
                viewModel.selectSegment(index)
            }
        }
        surface.draw(state.news, row: rect.row + 1, column: rect.column + 1, width: rect.width - 2,
                     style: state.newsIsProblem ? .error : .dim)
        MovieListDrawing(rows: state.rows, selectedIndex: state.selectedIndex, selected: state.selectedMovie,
                         moveSelection: { [viewModel] in viewModel.moveSelection(by: $0) },
                         currentSelection: { [drawn] in drawn.state.selectedIndex })
            .draw(into: surface, in: rect.droppingTop(3))
    }
}
