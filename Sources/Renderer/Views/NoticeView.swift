/// A notice (the config file's warnings, at start) drawn whole above the status line, over the
/// screen's last rows: a rule, then the notice wrapped to the width. It stays until a key or a
/// click closes it (`ShellView`).
@MainActor
struct NoticeView {
    let text: String

    /// Draws the notice in the rows just above `row`, from `topmost` at the highest; returns the
    /// row of its first line.
    @discardableResult
    func draw(into surface: Surface, above row: Int, topmost: Int) -> Int {
        let width = surface.size.columns
        let message = Message(text, style: .error)
        let room = row - topmost - 1
        guard room > 0 else { return row }
        let rows = min(message.lines(width: width - 2).count, room)
        let rule = row - rows - 1
        surface.fill("─", row: rule, column: 0, count: width, style: .dim)
        for line in rule + 1..<row { surface.fill(row: line, column: 0, count: width) }
        message.draw(into: surface, in: Rect(row: rule + 1, column: 1, width: width - 2, height: rows))
        return rule + 1
    }
}
