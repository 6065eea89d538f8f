/// The editing state of a one-line text field: the text and a cursor counted in grapheme
/// clusters, with the usual editing keys and a horizontally scrolling viewport.
public struct LineEditor: Equatable, Sendable {
    // MARK: - State

    /// The text being edited; never contains a newline or a tab.
    public private(set) var text: String
    /// The cursor as a count of Characters (grapheme clusters) before it: 0...text.count.
    public private(set) var cursor: Int
    /// The cursor as a position in `text`, kept in step with `cursor` so edits need no walk.
    private var cursorIndex: String.Index

    /// An editor holding `text` (line breaks and tabs turned into spaces), cursor at the end.
    public init(text: String = "") {
        self.text = Self.flattened(text)
        cursor = self.text.count
        cursorIndex = self.text.endIndex
    }

    /// Two editors are equal when their text and cursor are.
    public static func == (lhs: LineEditor, rhs: LineEditor) -> Bool {
        lhs.text == rhs.text && lhs.cursor == rhs.cursor
    }

    // MARK: - Inserting

    /// Inserts `newText` at the cursor (line breaks and tabs as spaces); the cursor ends after it.
    public mutating func insert(_ newText: String) {
        let clean = Self.flattened(newText)
        guard !clean.isEmpty else { return }
        // Only the cluster before the cursor can join the inserted text, so count from there.
        var joinStart = cursorIndex
        var kept = cursor
        if cursorIndex > text.startIndex {
            joinStart = text.index(before: cursorIndex)
            kept -= 1
        }
        let newCursor = kept + (String(text[joinStart..<cursorIndex]) + clean).count
        let offset = utf8Offset(of: cursorIndex) + clean.utf8.count
        text.insert(contentsOf: clean, at: cursorIndex)
        settle(utf8Offset: offset, cursor: newCursor)
    }

    /// Replaces the whole text (line breaks and tabs as spaces) and puts the cursor at the end.
    public mutating func replace(with newText: String) {
        self = LineEditor(text: newText)
    }

    /// Empties the text.
    public mutating func clear() {
        self = LineEditor()
    }

    // MARK: - Moving

    /// Moves the cursor one character left, if it can.
    public mutating func moveLeft() {
        guard cursor > 0 else { return }
        cursorIndex = text.index(before: cursorIndex)
        cursor -= 1
    }

    /// Moves the cursor one character right, if it can.
    public mutating func moveRight() {
        guard cursorIndex < text.endIndex else { return }
        cursorIndex = text.index(after: cursorIndex)
        cursor += 1
    }

    /// Moves the cursor to the start of the text.
    public mutating func moveHome() {
        cursorIndex = text.startIndex
        cursor = 0
    }

    /// Moves the cursor to the end of the text.
    public mutating func moveEnd() {
        cursor += text[cursorIndex...].count
        cursorIndex = text.endIndex
    }

    // MARK: - Deleting

    /// Backspace: removes the whole grapheme cluster before the cursor.
    public mutating func deleteBackward() {
        guard cursor > 0 else { return }
        removeBeforeCursor(from: text.index(before: cursorIndex), characters: 1)
    }

    /// Delete: removes the grapheme cluster after the cursor.
    public mutating func deleteForward() {
        guard cursorIndex < text.endIndex else { return }
        let offset = utf8Offset(of: cursorIndex)
        text.removeSubrange(cursorIndex..<text.index(after: cursorIndex))
        settle(utf8Offset: offset, cursor: cursor)
    }

    /// Ctrl-U: removes everything before the cursor.
    public mutating func deleteToStart() {
        text.removeSubrange(text.startIndex..<cursorIndex)
        moveHome()
    }

    /// Ctrl-W: removes the spaces before the cursor, then the word (non-whitespace run) before them.
    public mutating func deleteWordBackward() {
        var start = cursorIndex
        var removed = 0
        for wantWhitespace in [true, false] {
            while start > text.startIndex {
                let previous = text.index(before: start)
                guard text[previous].isWhitespace == wantWhitespace else { break }
                start = previous
                removed += 1
            }
        }
        removeBeforeCursor(from: start, characters: removed)
    }

    // MARK: - Drawing

    /// What to draw in a field `width` columns wide: the visible slice of the text (never cutting a wide character in half), the column of the cursor within the field, and whether text is hidden to the left / right.
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

    // MARK: - Viewport helpers

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

    // MARK: - Editing helpers

    /// Removes `from..<cursorIndex`, which holds `characters` clusters, and fixes the cursor.
    private mutating func removeBeforeCursor(from start: String.Index, characters: Int) {
        let offset = utf8Offset(of: start)
        text.removeSubrange(start..<cursorIndex)
        settle(utf8Offset: offset, cursor: cursor - characters)
    }

    /// Puts the cursor at a UTF-8 offset; if an edit joined clusters across it, recounts instead.
    private mutating func settle(utf8Offset offset: Int, cursor newCursor: Int) {
        let raw = text.utf8.index(text.utf8.startIndex, offsetBy: offset)
        if let aligned = String.Index(raw, within: text) {
            cursorIndex = aligned
            cursor = newCursor
        } else {
            cursor = min(newCursor, text.count)
            cursorIndex = text.index(text.startIndex, offsetBy: cursor)
        }
    }

    /// The UTF-8 offset of `index` in `text`.
    private func utf8Offset(of index: String.Index) -> Int {
        text.utf8.distance(from: text.utf8.startIndex, to: index)
    }

    /// `text` with line breaks and tabs turned into spaces (CR LF becomes one space).
    private static func flattened(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) else { return text }
        return String(text.map { flattenedCharacters.contains($0) ? " " : $0 })
    }

    /// The characters `flattened` turns into a space.
    private static let flattenedCharacters: Set<Character> = ["\t", "\n", "\r", "\r\n"]
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
