import Binding
import Screens

/// Draws the Movies screen: the segments, a line of news (loading, a note, an error), and the
/// films with the chosen one's details.
@MainActor
public final class MoviesView: ScreenView {
    private let viewModel: MovieListViewModel
    private var tokens: [BindingToken] = []

    /// Creates the view; `needsDisplay` is called whenever what it shows changes.
    public init(viewModel: MovieListViewModel, needsDisplay: @escaping @MainActor () -> Void) {
        self.viewModel = viewModel
        tokens = bindChanges(of: [viewModel.selectedSegment, viewModel.rows, viewModel.isFetching, viewModel.info,
                                  viewModel.infoIsProblem, viewModel.selectedIndex], to: needsDisplay)
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
        var column = rect.column
        for (index, title) in viewModel.segments.enumerated() {
            column = index == viewModel.selectedSegment.value
                ? surface.draw("[\(title)]", row: rect.row, column: column, style: .selectedTab)
                : surface.draw(" \(title) ", row: rect.row, column: column)
        }
        let news = viewModel.isFetching.value ? "Loading…" : viewModel.info.value
        let style: Style = viewModel.infoIsProblem.value && !viewModel.isFetching.value ? .error : .dim
        surface.draw(news, row: rect.row + 1, column: rect.column + 1, width: rect.width - 2, style: style)
        MovieListDrawing(rows: viewModel.rows.value, selectedIndex: viewModel.selectedIndex.value,
                         selected: viewModel.selectedMovie.value)
            .draw(into: surface, in: rect.droppingTop(3))
    }
}
