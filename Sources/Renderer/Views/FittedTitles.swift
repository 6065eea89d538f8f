/// Names side by side on one line, each with a column either side (the tab bar, the Movies
/// segments): all whole when they fit; else the chosen one whole and the others cut to their
/// first word; else those words cut to share the room left, the shortest first, so that a name
/// that fits stays whole. Every cut ends with `…` (``TextCut``).
///
/// ```swift
/// FittedTitles.fitting(["Now Playing", "Popular", "Upcoming", "Top Rated"], chosen: 1, width: 40)
/// // ["Now…", "Popular", "Upcoming", "Top…"]
/// ```
enum FittedTitles {
    static func fitting(_ titles: [String], chosen: Int, width: Int) -> [String] {
        if columns(titles) <= width { return titles }
        var fitted = titles.enumerated().map { $0.offset == chosen ? $0.element : firstWord($0.element) }
        if columns(fitted) <= width { return fitted }
        let others = fitted.indices.filter { $0 != chosen }.sorted { DisplayWidth.of(fitted[$0]) < DisplayWidth.of(fitted[$1]) }
        var room = width - 2 * titles.count - (titles.indices.contains(chosen) ? DisplayWidth.of(titles[chosen]) : 0)
        for (place, index) in others.enumerated() {
            fitted[index] = TextCut.fitting(fitted[index], width: max(1, room / (others.count - place)))
            room -= DisplayWidth.of(fitted[index])
        }
        return fitted
    }

    /// The cells `titles` take with a column either side of each.
    private static func columns(_ titles: [String]) -> Int {
        titles.reduce(0) { $0 + DisplayWidth.of($1) + 2 }
    }

    /// The title's first word, marked as cut when more follows.
    private static func firstWord(_ title: String) -> String {
        let word = title.prefix { $0 != " " }
        return word.count == title.count ? title : word + TextCut.mark
    }
}
