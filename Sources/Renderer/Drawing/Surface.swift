/// Somewhere views draw: the terminal, or an in-memory grid in tests.
///
/// Views call ``Surface/draw(_:row:column:width:style:)``, which measures text by display
/// width, never splits a wide character, drops what cannot be drawn (control characters), and
/// cuts what does not fit, at its width or the surface's edge, with `…` (``TextCut``); a
/// surface only stores whole cells.
@MainActor
public protocol Surface: AnyObject {
    /// The size of the surface in cells.
    var size: Size { get }
    /// Where the terminal's cursor shows, or nil to hide it.
    var cursor: Position? { get set }
    /// Where the user's attention is while no cursor shows: the chosen row of the list that has
    /// the focus (``markChosen(row:column:)``). The hidden cursor is put there, so that screen
    /// readers and braille displays, which follow the cursor, follow the selection.
    var focus: Position? { get set }
    /// What answers the mouse in the frame drawn since the last `clear()` (``MouseTarget``).
    var mouseTargets: [MouseTarget] { get set }
    /// Blanks every cell and forgets the mouse targets.
    func clear()
    /// Stores `character`, `width` (1 or 2) cells wide, at `row`, `column`, already clipped.
    func setCell(row: Int, column: Int, character: Character, width: Int, style: Style)
}

extension Surface {
    /// Draws `text` from `row`, `column`, using at most `width` cells (to the surface's right
    /// edge when nil), and returns the column after the last cell drawn. Text that does not fit
    /// is cut, and ends with `…` (``TextCut/fitting(_:width:)``): the one way text is cut.
    @discardableResult
    public func draw(_ text: String, row: Int, column: Int, width: Int? = nil, style: Style = .normal) -> Int {
        guard row >= 0, row < size.rows, column >= 0 else { return column }
        let limit = min(size.columns, width.map { column + max(0, $0) } ?? size.columns)
        let shown = column + DisplayWidth.of(text) <= limit ? text : TextCut.fitting(text, width: limit - column)
        var next = column
        for character in shown {
            let cells = DisplayWidth.of(character)
            guard cells > 0 else { continue }
            guard next + cells <= limit else { break }
            setCell(row: row, column: next, character: character, width: cells, style: style)
            next += cells
        }
        return next
    }

    /// Draws the chosen row's mark, `›`, at `row`, `column`, and takes it as the user's focus (the
    /// last list drawn wins: an overlay drawn over a screen).
    public func markChosen(row: Int, column: Int) {
        draw("›", row: row, column: column, style: .title)
        if row >= 0, row < size.rows, column >= 0, column < size.columns { focus = Position(row: row, column: column) }
    }

    /// Fills `count` cells from `row`, `column` with `character` (a line, or blanks in a style).
    public func fill(_ character: Character = " ", row: Int, column: Int, count: Int, style: Style = .normal) {
        guard row >= 0, row < size.rows else { return }
        let end = min(size.columns, column + count)
        var next = max(0, column)
        while next < end {
            setCell(row: row, column: next, character: character, width: 1, style: style)
            next += 1
        }
    }
}
