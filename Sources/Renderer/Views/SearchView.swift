import Binding
import Screens

/// Draws the Search screen under the input line: the count or the message, then the films.
@MainActor
public final class SearchView: ScreenView {
    private let viewModel: MovieSearchViewModel
    private var tokens: [BindingToken] = []

    /// Creates the view; `needsDisplay` is called whenever what it shows changes.
    public init(viewModel: MovieSearchViewModel, needsDisplay: @escaping @MainActor () -> Void) {
        self.viewModel = viewModel
        tokens = bindChanges(of: [viewModel.rows, viewModel.info, viewModel.infoIsProblem, viewModel.matchCount,
                                  viewModel.isSearching, viewModel.selectedIndex], to: needsDisplay)
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
        let count = viewModel.matchCount.value
        let line = count.isEmpty ? viewModel.info.value : count + (viewModel.isSearching.value ? " · searching…" : "")
        surface.draw(line, row: rect.row, column: rect.column + 1, width: rect.width - 2,
                     style: viewModel.infoIsProblem.value ? .error : .dim)
        MovieListDrawing(rows: viewModel.rows.value, selectedIndex: viewModel.selectedIndex.value,
                         selected: viewModel.selectedMovie.value)
            .draw(into: surface, in: rect.droppingTop(2))
    }
}
