import Screens

/// The shared input line: a prompt, then the text, scrolled so the cursor always shows. It
/// draws the line as the screen's view-model last delivered it (`inputPrompt`, `inputLine`,
/// `inputLineIsFocused`); the width and the scroll are its own.
@MainActor
struct InputLineView {
    let prompt: String
    let line: InputLine
    let isFocused: Bool

    /// Draws the line at `row` and returns where the cursor goes.
    @discardableResult
    func draw(into surface: Surface, row: Int, in rect: Rect) -> Position {
        let fieldStart = surface.draw(prompt + ": ", row: row, column: rect.column + 1, width: rect.width - 1, style: .prompt)
        // One cell on each side for the arrows that say text is hidden there.
        let fieldWidth = max(0, rect.right - fieldStart - 2)
        let viewport = line.viewport(width: fieldWidth)
        if viewport.hiddenBefore { surface.draw("‹", row: row, column: fieldStart, style: .dim) }
        surface.draw(viewport.visibleText, row: row, column: fieldStart + 1, width: fieldWidth)
        if viewport.hiddenAfter { surface.draw("›", row: row, column: fieldStart + 1 + fieldWidth, style: .dim) }
        if line.text.isEmpty, !isFocused {
            surface.draw("press / to type", row: row, column: fieldStart + 1, width: fieldWidth, style: .dim)
        }
        return Position(row: row, column: fieldStart + 1 + viewport.cursorColumn)
    }
}
