import Binding
import Screens

/// A list of films with a cursor and, when there is room, the chosen film's details beside it;
/// the Movies and Search screens draw it. A click on a row asks the screen for `choose` of its index.
public struct MovieListContent: Equatable, Sendable {
    /// The width from which the detail pane shows beside the list.
    static let detailPaneMinimumWidth = 90

    public var rows: [MovieRowViewModel] = []
    public var selectedIndex = 0
    public var selected: MovieRowViewModel?
    /// Whether the chosen film's detail fills the area, in place of the rows.
    public var showsDetail = false

    public init() {}

    /// Where the cursor is, `37/100`, on `row` at the right of `rect`, when the films listed do
    /// not all fit its `height` rows; nothing otherwise.
    @MainActor
    func drawPosition(into surface: Surface, row: Int, in rect: Rect, height: Int) {
        guard rows.count > height, !showsDetail else { return }
        let mark = "\(selectedIndex + 1)/\(rows.count)"
        surface.draw(mark, row: row, column: max(rect.column, rect.right - 1 - DisplayWidth.of(mark)), style: .dim)
    }

    /// Draws the list inside `rect`; a click on a row asks for `choose` of the row's index.
    @MainActor
    public func draw<Action: Hashable & Sendable>(into surface: Surface, in rect: Rect, choose: (Int) -> Action) {
        guard rect.height > 0, rect.width > 0 else { return }
        if showsDetail, let selected {
            surface.focus = Position(row: rect.row, column: rect.column + 1)
            return drawDetails(
                of: selected, into: surface,
                in: Rect(
                    row: rect.row, column: rect.column + 1,
                    width: rect.width - 2, height: rect.height))
        }
        var list = rect
        if rect.width >= Self.detailPaneMinimumWidth, let selected {
            list.width = rect.width * 11 / 20
            for row in rect.row..<rect.bottom { surface.draw("│", row: row, column: list.right + 1, style: .dim) }
            let pane = Rect(row: rect.row, column: list.right + 3, width: rect.right - list.right - 4, height: rect.height)
            drawDetails(of: selected, into: surface, in: pane)
        }
        drawRows(into: surface, in: list, choose: choose)
    }

    /// The first row shown: the cursor stays in view, near the middle once the list scrolls.
    static func firstVisible(selected: Int, count: Int, height: Int) -> Int {
        max(0, min(selected - height / 2, count - height))
    }

    @MainActor
    private func drawRows<Action: Hashable & Sendable>(into surface: Surface, in rect: Rect, choose: (Int) -> Action) {
        let first = Self.firstVisible(selected: selectedIndex, count: rows.count, height: rect.height)
        surface.markList(in: rect, first: first, count: rows.count - first, choose: choose)
        for (offset, row) in rows.dropFirst(first).prefix(rect.height).enumerated() {
            let index = first + offset
            let line = rect.row + offset
            let isSelected = index == selectedIndex
            // The list shows the average alone; the stars are in the detail pane. Ten three-byte
            // stars a row would double what a tab switch or a search writes to the terminal.
            let average = row.averageRating
            let ratingWidth = DisplayWidth.of(average)
            let titleWidth = rect.width - 3 - (rect.width >= 50 ? ratingWidth + 1 : 0)
            let title = row.listTitle
            if isSelected { surface.markChosen(row: line, column: rect.column + 1) }
            surface.draw(title, row: line, column: rect.column + 3, width: titleWidth, style: isSelected ? .selectedTab : .normal)
            if rect.width >= 50 {
                // Plain, not dim: an attribute switch on every row costs more bytes than the text.
                surface.draw(average, row: line, column: rect.right - ratingWidth)
            }
        }
    }

    @MainActor
    private func drawDetails(of movie: MovieRowViewModel, into surface: Surface, in pane: Rect) {
        var row = pane.row
        for line in TextWrap.lines(movie.title, width: pane.width, rows: pane.bottom - row) {
            surface.draw(line, row: row, column: pane.column, width: pane.width, style: .title)
            row += 1
        }
        for line in [movie.releaseDate, movie.rating] where !line.isEmpty && row < pane.bottom {
            surface.draw(line, row: row, column: pane.column, width: pane.width)
            row += 1
        }
        row += 1
        for line in TextWrap.lines(movie.overview, width: pane.width, rows: pane.bottom - row) {
            surface.draw(line, row: row, column: pane.column, width: pane.width, style: .dim)
            row += 1
        }
    }
}

extension Drawn {
    /// Binds a list of films' outputs, as the Movies and Search view-models both publish them,
    /// into the `MovieListContent` at `list`.
    func bindFilms(
        rows: Output<[MovieRowViewModel]>, selectedIndex: Output<Int>, selectedMovie: Output<MovieRowViewModel?>,
        detailIsOpen: Output<Bool>, to list: WritableKeyPath<State, MovieListContent>
    ) {
        bind(rows, to: list.appending(path: \.rows))
        bind(selectedIndex, to: list.appending(path: \.selectedIndex))
        bind(selectedMovie, to: list.appending(path: \.selected))
        bind(detailIsOpen, to: list.appending(path: \.showsDetail))
    }
}
