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

    /// Draws `messages` one under the other from the top of `rect`, each whole while the rows
    /// last; returns how many rows they took. When they need more rows than `rect` has, the
    /// last row holds as much of the rest as fits and ends with `…`, so that no message that
    /// found no room is left out unmarked.
    @MainActor
    @discardableResult
    public static func draw(_ messages: [Message], into surface: Surface, in rect: Rect) -> Int {
        guard rect.height > 0, rect.width > 0 else { return 0 }
        let lines = messages.flatMap { message in message.lines(width: rect.width).map { ($0, message.style) } }
        for (offset, (line, style)) in lines.prefix(rect.height).enumerated() {
            let isLast = offset == rect.height - 1 && lines.count > rect.height
            let text = isLast ? TextCut.fitting(lines[offset...].map(\.0).joined(separator: " ") + " …", width: rect.width) : line
            surface.draw(text, row: rect.row + offset, column: rect.column, width: rect.width, style: style)
        }
        return min(lines.count, rect.height)
    }
}
