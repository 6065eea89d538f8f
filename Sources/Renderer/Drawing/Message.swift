/// A message to the user (a screen's news, a problem, a sync failure, a form's note, a notice)
/// drawn whole: wrapped at spaces onto as many lines as its width needs, never cut at the end of
/// a line. Every place that shows a message draws it through here, and lays out what follows
/// under the lines it took. Only a message longer than the whole room left ends with `…`
/// (``TextWrap``), so that nothing is left out unmarked.
///
/// ```swift
/// let grid = GridSurface(size: Size(columns: 40, rows: 10))
/// let news = Message("No network: 13 people wait to be sent, and go with the next sync", style: .error)
/// news.lines(width: 38).count                                            // 2
/// news.draw(into: grid, in: Rect(row: 2, column: 1, width: 38, height: 3))  // 2, the rows it took
/// ```
public struct Message: Equatable, Sendable {
    public var text: String
    public var style: Style

    public init(_ text: String, style: Style) {
        self.text = text
        self.style = style
    }

    /// Whether there is nothing to say: such a message takes no row.
    public var isEmpty: Bool { text.isEmpty }

    /// The lines the message takes at `width` cells; none when it is empty.
    public func lines(width: Int) -> [String] {
        text.isEmpty ? [] : TextWrap.lines(text, width: width)
    }

    /// Draws the message from the top of `rect`, over as many of its rows as it needs; returns
    /// how many it took.
    @MainActor
    @discardableResult
    public func draw(into surface: Surface, in rect: Rect) -> Int {
        guard !text.isEmpty, rect.width > 0 else { return 0 }
        let lines = TextWrap.lines(text, width: rect.width, rows: rect.height)
        for (offset, line) in lines.enumerated() {
            surface.draw(line, row: rect.row + offset, column: rect.column, width: rect.width, style: style)
        }
        return lines.count
    }
}
