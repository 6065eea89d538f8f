/// Names side by side on one line, each with a column either side (the tab bar, the Movies
/// segments): all whole when they fit; else the chosen one whole and the others cut, to their
/// first word, then to four letters, then to one.
///
/// ```swift
/// FittedTitles.fitting(["Now Playing", "Popular", "Upcoming", "Top Rated"], chosen: 1, width: 40)
/// // ["Now", "Popular", "Upcoming", "Top"]
/// ```
enum FittedTitles {
    static func fitting(_ titles: [String], chosen: Int, width: Int) -> [String] {
        let cuts: [(String) -> String] = [
            { $0 },
            { String($0.prefix { $0 != " " }) },
            { String($0.prefix { $0 != " " }.prefix(4)) },
            { String($0.prefix(1)) },
        ]
        var fitted = titles
        for cut in cuts {
            fitted = titles.enumerated().map { $0.offset == chosen ? $0.element : cut($0.element) }
            if fitted.reduce(0, { $0 + DisplayWidth.of($1) + 2 }) <= width { break }
        }
        return fitted
    }
}
