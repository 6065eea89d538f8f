/// Text cut to fit a width in cells, and always marked: what does not fit ends with `…`, so a
/// user never takes a cut name or title for the whole.
///
/// ```swift
/// TextCut.fitting("The Fellowship of the Ring (2001)", width: 24)   // "The Fellowship of the R…"
/// TextCut.fitting("東京都千代田区", width: 7)                          // "東京都…"
/// ```
public enum TextCut {
    /// What ends a cut text, one cell wide.
    public static let mark = "…"

    /// `text` whole when it fits `width` cells; else as much of it as fits with the mark after
    /// it, blanks before the mark left out, and a wide character that would straddle the edge
    /// left out too. Nothing at all when `width` is 0 or less.
    public static func fitting(_ text: String, width: Int) -> String {
        guard width > 0 else { return "" }
        if DisplayWidth.of(text) <= width { return text }
        var kept = Substring(text.prefix(0))
        var used = 0
        for index in text.indices {
            let cells = DisplayWidth.of(text[index])
            guard used + cells <= width - 1 else { break }
            used += cells
            kept = text[..<text.index(after: index)]
        }
        while kept.last?.isWhitespace == true { kept = kept.dropLast() }
        return kept + mark
    }
}
