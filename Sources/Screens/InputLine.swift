/// The text of the shared input line and its cursor, counted in characters (grapheme clusters),
/// with the usual editing keys. A view-model that takes the input line keeps one and publishes
/// it as its `inputLine` output; how wide it is on screen, and which part of it shows, is the
/// view's business.
///
/// ```swift
/// var line = InputLine(text: "Par")
/// line.apply(.insert("is"))      // "Paris", cursor 5
/// line.apply(.deleteWordBackward) // "", cursor 0
/// ```
public struct InputLine: Equatable, Sendable {
    // MARK: - State

    /// The text; never contains a line break or a tab.
    public private(set) var text: String
    /// The cursor as a count of Characters (grapheme clusters) before it: 0...text.count.
    public private(set) var cursor: Int
    /// The cursor as a position in `text`, kept in step with `cursor` so that neither an edit
    /// nor a view drawing the line walks the text to find it.
    public private(set) var cursorIndex: String.Index
    /// Whether the whole text is a suggestion (the export's `people.vcf`), shown as selected
    /// text is: Enter takes it, the first character typed replaces it, a delete removes it, and a
    /// move of the cursor makes it text like any other.
    public private(set) var isSuggestion = false

    /// A line holding `text` (line breaks and tabs turned into spaces), the cursor at its end.
    public init(text: String = "") {
        self.text = Self.flattened(text)
        cursor = self.text.count
        cursorIndex = self.text.endIndex
    }

    /// A line holding `text` as a suggestion (`isSuggestion`), the cursor at its end.
    public init(suggesting text: String) {
        self.init(text: text)
        isSuggestion = !self.text.isEmpty
    }

    /// Two lines are equal when their text, cursor and suggestion are.
    public static func == (lhs: InputLine, rhs: InputLine) -> Bool {
        lhs.text == rhs.text && lhs.cursor == rhs.cursor && lhs.isSuggestion == rhs.isSuggestion
    }

    /// Makes `edit`.
    public mutating func apply(_ edit: InputLineEdit) {
        if isSuggestion {
            isSuggestion = false
            switch edit {
            case .insert(let typed): return replace(with: typed)
            case .deleteBackward, .deleteForward, .deleteToStart, .deleteWordBackward: return clear()
            default: break
            }
        }
        switch edit {
        case .insert(let newText): insert(newText)
        case .moveLeft: moveLeft()
        case .moveRight: moveRight()
        case .moveHome: moveHome()
        case .moveEnd: moveEnd()
        case .moveTo(let offset): move(to: offset)
        case .deleteBackward: deleteBackward()
        case .deleteForward: deleteForward()
        case .deleteToStart: deleteToStart()
        case .deleteWordBackward: deleteWordBackward()
        }
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
        self = InputLine(text: newText)
    }

    /// Empties the text.
    public mutating func clear() {
        self = InputLine()
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

    /// Moves the cursor before the character at `offset`, counted in characters; to the start
    /// or the end when `offset` is out of the text.
    public mutating func move(to offset: Int) {
        let count = text.count
        cursor = min(max(0, offset), count)
        cursorIndex = text.index(text.startIndex, offsetBy: cursor)
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

    // MARK: - Helpers

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

/// One edit of the input line, as the user makes it with a key: what a view sends to
/// `InputLineUser.inputLineEdited(_:)`.
public enum InputLineEdit: Equatable, Sendable {
    /// Typed or pasted text, put in at the cursor (line breaks and tabs as spaces).
    case insert(String)
    /// The cursor one character left or right, to the start or the end.
    case moveLeft, moveRight, moveHome, moveEnd
    /// The cursor before the character at this offset (a click on it), or at the end past the text.
    case moveTo(Int)
    /// Backspace, Delete, Ctrl-U (everything before the cursor), Ctrl-W (the word before it).
    case deleteBackward, deleteForward, deleteToStart, deleteWordBackward
}
