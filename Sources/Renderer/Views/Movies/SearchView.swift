import Binding
import Screens

/// The Search screen: binds its view-model's outputs into the `SearchContent` it draws, and turns
/// its keys and clicks into the view-model's inputs.
@MainActor
public final class SearchView: ScreenView {
    /// What the Search screen's keys and clicks ask.
    public enum Action: Hashable, Sendable {
        /// Move the cursor as every list moves.
        case move(ListMove)
        /// Leave the input line for the results.
        case focusResults
        case openDetail, closeDetail
        /// Put the cursor on the film at this index (a click on its row).
        case chooseFilm(Int)
    }

    public nonisolated static let keys = KeyTable<Action>(
        [
            KeyBinding(
                "↓  Enter", "from the input line to the results", scope: .searchTyping, hint: "results", keys: [.down, .enter],
                action: .focusResults),
            KeyBinding(
                "PgUp PgDn", "a page of results up or down", scope: .searchTyping,
                actions: [.pageUp: .move(.pages(-1)), .pageDown: .move(.pages(1))]),
        ] + KeyBinding.listMoves(of: "results", scope: .searchResults, letters: .searchResults) { .move($0) } + [
            KeyBinding(
                "Enter", "the chosen film's detail, full-size", scope: .searchResults, hint: "detail", keys: [.enter], action: .openDetail),

            KeyBinding(
                "Esc  Enter", "back to the results, on the same film", scope: .searchDetail, hint: "back",
                keys: [.escape, .enter], action: .closeDetail),
        ] + KeyBinding.listMoves(of: "results", scope: .searchDetail, letters: .searchDetail) { .move($0) })

    private let viewModel: MovieSearchViewModel
    private let drawn: Drawn<SearchContent>

    public var isBusy: Output<Bool>? { viewModel.isBusy }

    /// Creates the view; `needsDisplay` is called whenever what it shows changes.
    public init(viewModel: MovieSearchViewModel, needsDisplay: @escaping @MainActor () -> Void) {
        self.viewModel = viewModel
        drawn = Drawn(SearchContent(), needsDisplay: needsDisplay)
        drawn.bind(viewModel.news, to: \.news)
        drawn.bind(viewModel.infoIsProblem, to: \.newsIsProblem)
        drawn.bindFilms(
            rows: viewModel.rows, selectedIndex: viewModel.selectedIndex, selectedMovie: viewModel.selectedMovie,
            detailIsOpen: viewModel.detailIsOpen, to: \.list)
    }

    public var inputLineUser: InputLineUser? { viewModel }
    /// The results' keys before the typing ones: ↓ moves through the results once the focus is
    /// there. Without results, neither: there is nothing to move to or through.
    public var keyScopes: [KeyScope] {
        let list = drawn.state.list
        if list.showsDetail { return [.searchDetail] }
        return list.rows.isEmpty ? [] : [.searchResults, .searchTyping]
    }

    public func perform(_ action: Action) {
        switch action {
        case .move(let move): viewModel.move(move)
        case .focusResults: viewModel.focusResults()
        case .openDetail: viewModel.openDetail()
        case .closeDetail: viewModel.closeDetail()
        case .chooseFilm(let index): viewModel.chooseRow(at: index)
        }
    }

    /// The films in view are the region less the line of news and the row of the position mark (as the content lays them out).
    public func layout(in rect: Rect) {
        viewModel.setVisibleRowCount(rect.height - 2)
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
        // A film's detail takes the whole area, the count included, so that it reads at 40x10.
        if list.showsDetail { return list.draw(into: surface, in: rect, choose: SearchView.Action.chooseFilm) }
        guard rect.height > 1 else { return }
        // The count or the message whole, over the rows it needs, with one row of films left at least.
        let newsRows = Message(news, style: newsIsProblem ? .error : .dim).draw(
            into: surface, in: Rect(row: rect.row, column: rect.column + 1, width: rect.width - 2, height: rect.height - 2))
        let top = 1 + max(1, newsRows)
        list.draw(into: surface, in: rect.droppingTop(top), choose: SearchView.Action.chooseFilm)
        list.drawPosition(into: surface, row: rect.row + top - 1, in: rect, height: rect.height - top)
    }
}

extension KeyScope {
    /// On the Search screen, while typing too: to the results, and pages.
    static let searchTyping = KeyScope("On the Search screen, typing or not", whileTyping: true)
    /// On the Search screen's results, with the focus out of the input line.
    static let searchResults = KeyScope("In the results of a search")
    /// While the Search screen shows a film's detail full-size.
    static let searchDetail = KeyScope("While a found film's detail shows")
}
