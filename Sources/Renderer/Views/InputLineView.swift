import Screens

/// The shared input line: a prompt, then the text, scrolled so the cursor always shows. It
/// draws the line as the screen's view-model last delivered it (`inputPrompt`, `inputLine`,
/// `inputLineIsFocused`); the width and the scroll are its own.
@MainActor
struct InputLineView {
    let prompt: String
    let line: InputLine
    let isFocused: Bool

    /// Draws the line at `row` and returns where the cursor goes. A click on the line gives it
    /// the focus and puts the cursor before the character clicked (`Command.placeInputCursor`).
    @discardableResult
    func draw(into surface: Surface, row: Int, in rect: Rect) -> Position {
        let fieldStart = surface.draw(prompt + ": ", row: row, column: rect.column + 1, width: rect.width - 1, style: .prompt)
        // One cell on each side for the arrows that say text is hidden there.
        let fieldWidth = max(0, rect.right - fieldStart - 2)
        let viewport = line.viewport(width: fieldWidth)
        if viewport.hiddenBefore { surface.draw("‹", row: row, column: fieldStart, style: .dim) }
        surface.draw(viewport.visibleText, row: row, column: fieldStart + 1, width: fieldWidth)
        if viewport.hiddenAfter { surface.draw("›", row: row, column: fieldStart + 1 + fieldWidth, style: .dim) }
        markClicks(into: surface, row: row, in: rect, fieldStart: fieldStart, viewport: viewport)
        if line.text.isEmpty, !isFocused {
            surface.draw("press / to type", row: row, column: fieldStart + 1, width: fieldWidth, style: .dim)
        }
        return Position(row: row, column: fieldStart + 1 + viewport.cursorColumn)
    }

    /// Marks each run of cells a click puts the cursor at the same offset from.
    private func markClicks(into surface: Surface, row: Int, in rect: Rect, fieldStart: Int, viewport: LineViewport) {
        var start = rect.column
        while start < rect.right {
            let offset = Self.offset(clickedAt: start - fieldStart - 1, in: viewport, cursor: line.cursor)
            var end = start + 1
            while end < rect.right, Self.offset(clickedAt: end - fieldStart - 1, in: viewport, cursor: line.cursor) == offset { end += 1 }
            surface.mark(Rect(row: row, column: start, width: end - start, height: 1), command: .placeInputCursor(offset))
            start = end
        }
    }

    /// The character offset in the whole text of a click `column` cells into the visible part:
    /// before the character under it, after the last one past the text, the first before it.
    static func offset(clickedAt column: Int, in viewport: LineViewport, cursor: Int) -> Int {
        var width = 0
        var beforeCursor = 0
        var beforeClick = 0
        for character in viewport.visibleText {
            let cells = DisplayWidth.of(character)
            if width < viewport.cursorColumn { beforeCursor += 1 }
            if width + cells <= column { beforeClick += 1 }
            width += cells
        }
        return cursor - beforeCursor + (column < 0 ? 0 : beforeClick)
    }
}
