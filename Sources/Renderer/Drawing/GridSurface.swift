/// An in-memory surface that tests draw into and read back as lines of text.
///
/// ```swift
/// func check(_ view: ShellView) {
///     let grid = GridSurface(size: Size(columns: 80, rows: 24))
///     view.draw(into: grid)
///     #expect(grid.lines[0].hasPrefix(" [Weather]"))
/// }
/// ```
@MainActor
public final class GridSurface: Surface {
    private struct Cell: Equatable {
        var character: Character = " "
        var style: Style = .normal
        /// The right half of a wide character drawn in the cell to the left.
        var isContinuation = false
    }

    public private(set) var size: Size
    public var cursor: Position?
    public var focus: Position?
    public var mouseTargets: [MouseTarget] = []
    private var cells: [Cell]

    /// Creates a blank grid of `size`.
    public init(size: Size) {
        self.size = size
        cells = Array(repeating: Cell(), count: max(0, size.rows * size.columns))
    }

    /// Changes the size and blanks every cell, as a terminal resize does.
    public func resize(to newSize: Size) {
        size = newSize
        cells = Array(repeating: Cell(), count: max(0, newSize.rows * newSize.columns))
    }

    public func clear() {
        for index in cells.indices { cells[index] = Cell() }
        cursor = nil
        focus = nil
        mouseTargets = []
    }

    public func setCell(row: Int, column: Int, character: Character, width: Int, style: Style) {
        guard row >= 0, row < size.rows, column >= 0, column + width <= size.columns else { return }
        let index = row * size.columns + column
        cells[index] = Cell(character: character, style: style)
        if width == 2 {
            cells[index + 1] = Cell(character: " ", style: style, isContinuation: true)
        }
    }

    // MARK: - Reading back

    /// Each row as text, trailing blanks removed.
    public var lines: [String] {
        (0..<size.rows).map { row in
            var line = ""
            for column in 0..<size.columns {
                let cell = cells[row * size.columns + column]
                if !cell.isContinuation { line.append(cell.character) }
            }
            return String(line.reversed().drop(while: { $0 == " " }).reversed())
        }
    }

    /// The whole screen as one string, rows joined by newlines.
    public var text: String { lines.joined(separator: "\n") }

    /// The style of the cell at `row`, `column`.
    public func style(row: Int, column: Int) -> Style {
        cells[row * size.columns + column].style
    }

    /// The columns of `row` drawn in `style`, as one string (the text a style marks).
    public func text(inRow row: Int, style: Style) -> String {
        var result = ""
        for column in 0..<size.columns {
            let cell = cells[row * size.columns + column]
            if cell.style == style, !cell.isContinuation { result.append(cell.character) }
        }
        return result
    }
}
