import Screens

/// How the input line's text fits the columns the view gives it, measured by display width:
/// a drawing concern, so it lives with the view, not in the view-model's ``InputLine``.
extension InputLine {
    /// What to draw in a field `width` columns wide: the visible slice of the text (never
    /// cutting a wide character in half), the column of the cursor within the field, and
    /// whether text is hidden to the left / right.
    public func viewport(width: Int) -> LineViewport {
        guard width > 0 else {
            return LineViewport(visibleText: "", cursorColumn: 0, hiddenBefore: false, hiddenAfter: false)
        }
        if Self.fitsWithEndCursor(text, width: width) {
            let column = DisplayWidth.of(text[..<cursorIndex])
            return LineViewport(visibleText: text, cursorColumn: column, hiddenBefore: false, hiddenAfter: false)
        }
        let start = windowStart(width: width)
        let end = Self.visibleEnd(of: text, from: start.index, width: width)
        return LineViewport(
            visibleText: String(text[start.index..<end]),
            cursorColumn: start.cursorColumn,
            hiddenBefore: start.index > text.startIndex,
            hiddenAfter: end < text.endIndex
        )
    }

    // MARK: - Helpers

    /// Where the window starts when the text does not fit: as far left as still shows the text
    /// up to the cursor cell plus a margin of up to two columns after it; also the cursor's column.
    private func windowStart(width: Int) -> (index: String.Index, cursorColumn: Int) {
        let after = text[cursorIndex...]
        let cell = after.first.map { max(1, DisplayWidth.of($0)) } ?? 1
        let margin = min(2, (width - 1) / 4)
        var lookAhead = 0
        for character in after.dropFirst() {
            let columns = DisplayWidth.of(character)
            guard lookAhead + columns <= margin else { break }
            lookAhead += columns
        }
        var start = cursorIndex
        var cursorColumn = 0
        while start > text.startIndex {
            let previous = text.index(before: start)
            let columns = DisplayWidth.of(text[previous])
            guard cursorColumn + columns + cell + lookAhead <= width else { break }
            cursorColumn += columns
            start = previous
        }
        return (start, cursorColumn)
    }

    /// Whether the whole text plus one column for a cursor after it fits in `width` columns.
    private static func fitsWithEndCursor(_ text: String, width: Int) -> Bool {
        var columns = 1
        for character in text {
            columns += DisplayWidth.of(character)
            if columns > width { return false }
        }
        return true
    }

    /// The end of the characters from `start` that fit whole in `width` columns.
    private static func visibleEnd(of text: String, from start: String.Index, width: Int) -> String.Index {
        var end = start
        var columns = 0
        while end < text.endIndex {
            let next = text.index(after: end)
            columns += DisplayWidth.of(text[end])
            if columns > width { break }
            end = next
        }
        return end
    }
}

/// What a one-line field shows: a slice of the text, where the cursor is, and what is cut off.
public struct LineViewport: Equatable, Sendable {
    /// The characters drawn in the field, starting at its column 0.
    public let visibleText: String
    /// The column of the cursor cell inside the field.
    public let cursorColumn: Int
    /// Whether some of the text lies to the left of the field.
    public let hiddenBefore: Bool
    /// Whether some of the text lies to the right of the field.
    public let hiddenAfter: Bool

    /// A viewport with the given parts.
    public init(visibleText: String, cursorColumn: Int, hiddenBefore: Bool, hiddenAfter: Bool) {
        self.visibleText = visibleText
        self.cursorColumn = cursorColumn
        self.hiddenBefore = hiddenBefore
        self.hiddenAfter = hiddenAfter
    }
}
