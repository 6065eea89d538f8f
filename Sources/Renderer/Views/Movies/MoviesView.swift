import Binding
import Screens

/// The Movies screen: binds its view-model's outputs into the `MoviesContent` it draws, and turns
/// its keys and clicks into the view-model's inputs.
@MainActor
public final class MoviesView: ScreenView {
    /// What the Movies screen's keys and clicks ask.
    public enum Action: Hashable, Sendable {
        case previousSegment, nextSegment, useCatalogue, openDetail, closeDetail
        /// Move the cursor as every list moves.
        case move(ListMove)
        /// Select the segment at this index (a click on its name).
        case chooseSegment(Int)
        /// Put the cursor on the film at this index (a click on its row).
        case chooseFilm(Int)
    }

    public nonisolated static let keys = KeyTable<Action>(
        [
            KeyBinding(
                "← →  [ ]", "previous or next segment", scope: .movies, hint: "segment",
                actions: [.left: .previousSegment, .text("["): .previousSegment, .right: .nextSegment, .text("]"): .nextSegment])
        ] + KeyBinding.listMoves(of: "films", scope: .films, letters: .films) { .move($0) } + [
            KeyBinding("Enter", "the chosen film's detail, full-size", scope: .films, hint: "detail", keys: [.enter], action: .openDetail),
            KeyBinding("c", "use the embedded catalogue when TMDb fails", scope: .movies, keys: [.text("c")], action: .useCatalogue),

            KeyBinding(
                "Esc  Enter", "back to the films, on the same one", scope: .movieDetail, hint: "back",
                keys: [.escape, .enter], action: .closeDetail),
        ] + KeyBinding.listMoves(of: "films", scope: .movieDetail, letters: .movieDetail) { .move($0) })

    private let viewModel: MovieListViewModel
    private let drawn: Drawn<MoviesContent>

    public var isBusy: Output<Bool>? { viewModel.isBusy }

    /// Creates the view; `needsDisplay` is called whenever what it shows changes.
    public init(viewModel: MovieListViewModel, needsDisplay: @escaping @MainActor () -> Void) {
        self.viewModel = viewModel
        var content = MoviesContent()
        content.segments = viewModel.segments
        drawn = Drawn(content, needsDisplay: needsDisplay)
        drawn.bind(viewModel.selectedSegment, to: \.selectedSegment)
        drawn.bind(viewModel.news, to: \.news)
        drawn.bind(viewModel.newsIsProblem, to: \.newsIsProblem)
        drawn.bindFilms(
            rows: viewModel.rows, selectedIndex: viewModel.selectedIndex, selectedMovie: viewModel.selectedMovie,
            detailIsOpen: viewModel.detailIsOpen, to: \.list)
    }

    public var inputLineUser: InputLineUser? { nil }
    /// The keys that act on a film only while films show.
    public var keyScopes: [KeyScope] {
        drawn.state.list.showsDetail ? [.movieDetail] : drawn.state.list.rows.isEmpty ? [.movies] : [.movies, .films]
    }

    public func perform(_ action: Action) {
        switch action {
        case .previousSegment: viewModel.selectPreviousSegment()
        case .nextSegment: viewModel.selectNextSegment()
        case .useCatalogue: viewModel.useCatalogue()
        case .openDetail: viewModel.openDetail()
        case .closeDetail: viewModel.closeDetail()
        case .move(let move): viewModel.move(move)
        case .chooseSegment(let index): viewModel.selectSegment(index)
        case .chooseFilm(let index): viewModel.chooseRow(at: index)
        }
    }

    /// The films in view are the region less the segments, the line of news and the row of the position mark (as the content lays them out).
    public func layout(in rect: Rect) {
        viewModel.setVisibleRowCount(rect.height - 3)
    }

    public func scroll(by rows: Int) {
        viewModel.moveSelection(by: rows)
    }

    public func setVisible(_ visible: Bool) {
        if visible { viewModel.screenAppeared() }
    }

    public func draw(into surface: Surface, in rect: Rect) {
        drawn.state.draw(into: surface, in: rect)
    }
}

/// What the Movies screen draws: the segments, a line of news (`Loading...`, a note, an error),
/// and the films with the chosen one's details.
public struct MoviesContent: Equatable, Sendable {
    public var segments: [String] = []
    public var selectedSegment = 0
    public var news = ""
    public var newsIsProblem = false
    public var list = MovieListContent()

    public init() {}

    /// Draws the screen inside `rect`.
    @MainActor
    public func draw(into surface: Surface, in rect: Rect) {
        // A film's detail takes the whole area, segments and news included, so that it reads at 40x10.
        if list.showsDetail { return list.draw(into: surface, in: rect, choose: MoviesView.Action.chooseFilm) }
        guard rect.height > 2 else { return }
        var column = rect.column
        // At 40 columns the segments not chosen are cut to a word: `Now [Popular] Upcoming Top`.
        for (index, title) in FittedTitles.fitting(segments, chosen: selectedSegment, width: rect.width).enumerated() {
            let start = column
            column =
                index == selectedSegment
                ? surface.draw("[\(title)]", row: rect.row, column: column, style: .selectedTab)
                : surface.draw(" \(title) ", row: rect.row, column: column)
            // The chosen segment has the focus until a film is chosen below it.
            if index == selectedSegment { surface.focus = Position(row: rect.row, column: start) }
            surface.mark(
                Rect(row: rect.row, column: start, width: column - start, height: 1), action: MoviesView.Action.chooseSegment(index))
        }
        // The news whole, over the rows it needs, with one row of films left at least.
        let newsRows = Message(news, style: newsIsProblem ? .error : .dim).draw(
            into: surface, in: Rect(row: rect.row + 1, column: rect.column + 1, width: rect.width - 2, height: rect.height - 3))
        let top = 2 + max(1, newsRows)
        list.draw(into: surface, in: rect.droppingTop(top), choose: MoviesView.Action.chooseFilm)
        list.drawPosition(into: surface, row: rect.row + top - 1, in: rect, height: rect.height - top)
    }
}

extension KeyScope {
    /// On the Movies screen.
    static let movies = KeyScope("On the Movies screen")
    /// On the Movies screen while it lists films.
    static let films = KeyScope("In the list of films")
    /// While the Movies screen shows a film's detail full-size.
    static let movieDetail = KeyScope("While a film's detail shows")
}
