import Screens

/// The shared input line: a prompt, then the text, scrolled so the cursor always shows. It
/// draws the line as the screen's view-model last delivered it (`inputPrompt`, `inputLine`,
/// `inputLineIsFocused`); the width and the scroll are its own.
@MainActor
struct InputLineView {
    let prompt: String
    let line: InputLine
    let isFocused: Bool
    /// What the line says while it is empty and does not have the focus.
    var placeholder = ""

    /// Draws the line at `row` and returns where the cursor goes. A click on the line gives it
    /// the focus and puts the cursor before the character clicked (`Command.placeInputCursor`).
    @discardableResult
    func draw(into surface: Surface, row: Int, in rect: Rect) -> Position {
        let fieldStart = surface.draw(prompt + ": ", row: row, column: rect.column + 1, width: rect.width - 1, style: .prompt)
        // One cell on each side for the arrows that say text is hidden there.
        let fieldWidth = max(0, rect.right - fieldStart - 2)
        let viewport = line.viewport(width: fieldWidth)
        if viewport.hiddenBefore { surface.draw("‹", row: row, column: fieldStart, style: .dim) }
        // A suggestion shows dim, as a placeholder does: typing replaces it, Enter takes it.
        surface.draw(viewport.visibleText, row: row, column: fieldStart + 1, width: fieldWidth, style: line.isSuggestion ? .dim : .normal)
        if viewport.hiddenAfter { surface.draw("›", row: row, column: fieldStart + 1 + fieldWidth, style: .dim) }
        markClicks(into: surface, row: row, in: rect, fieldStart: fieldStart, viewport: viewport)
        if line.text.isEmpty, !isFocused {
            surface.draw(placeholder, row: row, column: fieldStart + 1, width: fieldWidth, style: .dim)
        }
        return Position(row: row, column: fieldStart + 1 + viewport.cursorColumn)
    }

    /// Marks each run of cells from which a click puts the cursor at the same offset: before the
    /// character under the click, after the last one past the text, the first shown before it
    /// (the prompt). One pass over the characters shown, as the line is drawn on every key.
    private func markClicks(into surface: Surface, row: Int, in rect: Rect, fieldStart: Int, viewport: LineViewport) {
        var width = 0
        var shownBeforeCursor = 0
        for character in viewport.visibleText where width < viewport.cursorColumn {
            width += DisplayWidth.of(character)
            shownBeforeCursor += 1
        }
        // A run of cells ends where the offset a click there gives changes: at the end of each character.
        var runStart = rect.column
        var runOffset = line.cursor - shownBeforeCursor
        func markRun(to end: Int) {
            let end = min(end, rect.right)
            guard end > runStart else { return }
            surface.mark(Rect(row: row, column: runStart, width: end - runStart, height: 1), command: .placeInputCursor(runOffset))
            runStart = end
        }
        width = 0
        for character in viewport.visibleText {
            width += DisplayWidth.of(character)
            markRun(to: fieldStart + 1 + width)  // the prompt and this character's cells: before it
            runOffset += 1
        }
        markRun(to: rect.right)
    }
}
