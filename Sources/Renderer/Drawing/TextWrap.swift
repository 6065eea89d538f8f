/// Breaks text into lines that fit a width in cells, at spaces where it can.
public enum TextWrap {
    /// The lines of `text` at most `width` cells wide; a word wider than a line goes on over the next.
    public static func lines(_ text: String, width: Int) -> [String] {
        guard width > 0 else { return [] }
        var lines: [String] = []
        var line = ""
        var lineWidth = 0
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            var word = Substring(word)
            var wordWidth = DisplayWidth.of(word)
            if lineWidth > 0, lineWidth + 1 + wordWidth <= width {
                line += " " + word
                lineWidth += 1 + wordWidth
                continue
            }
            if lineWidth > 0 { lines.append(line) }
            while wordWidth > width {
                let (head, rest) = split(word, at: width)
                lines.append(String(head))
                word = rest
                wordWidth = DisplayWidth.of(word)
            }
            line = String(word)
            lineWidth = wordWidth
        }
        if lineWidth > 0 || lines.isEmpty { lines.append(line) }
        return lines
    }

    /// The lines of `text` at most `width` cells wide, and at most `rows` of them: when more
    /// would follow, the last one shown ends with `…` (``TextCut``), so that no text is left out
    /// unmarked.
    public static func lines(_ text: String, width: Int, rows: Int) -> [String] {
        guard rows > 0 else { return [] }
        let lines = lines(text, width: width)
        guard lines.count > rows else { return lines }
        return lines.prefix(rows - 1) + [TextCut.fitting(lines[(rows - 1)...].joined(separator: " "), width: width)]
    }

    private static func split(_ word: Substring, at width: Int) -> (Substring, Substring) {
        var used = 0
        var index = word.startIndex
        while index < word.endIndex {
            let cells = DisplayWidth.of(word[index])
            if used + cells > width { break }
            used += cells
            index = word.index(after: index)
        }
        if index == word.startIndex { index = word.index(after: index) }
        return (word[..<index], word[index...])
    }
}
