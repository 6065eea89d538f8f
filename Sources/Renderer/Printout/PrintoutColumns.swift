/// Rows of text in columns for a printout: each column as wide as its widest cell, and the one
/// that gives way (a name, a title) narrowed, its cells cut with `…` (`TextCut`), so that no line
/// is wider than the output (`TextStyle.width`). The last column is never padded.
///
/// ```
/// Grace Hopper           December 9, 1906
/// Countess Ada Lovela…   December 10, 1815
/// ```
struct PrintoutColumns {
    /// The cells, a row a line; a short row leaves its last columns out.
    var rows: [[String]]
    /// The column narrowed when the rows do not fit.
    var givingWay: Int
    /// Columns whose cells are aligned right (a score).
    var alignedRight: Set<Int> = []
    /// How each column's cell is styled once it is fitted (a colour, a weight).
    var styles: [Int: (String) -> String] = [:]

    /// The lines, each at most `width` columns.
    func lines(width: Int) -> [String] {
        let count = rows.map(\.count).max() ?? 0
        guard count > 0 else { return rows.map { _ in "" } }
        var widths = (0..<count).map { column in rows.map { $0.indices.contains(column) ? DisplayWidth.of($0[column]) : 0 }.max() ?? 0 }
        let gaps = 2 * (count - 1)
        if widths.reduce(gaps, +) > width, widths.indices.contains(givingWay) {
            let others = widths.reduce(gaps, +) - widths[givingWay]
            widths[givingWay] = max(1, width - others)
        }
        return rows.map { row in
            let cells = row.enumerated().map { column, text in
                let fitted = TextCut.fitting(text, width: widths[column])
                let last = column == row.count - 1
                let padding = String(repeating: " ", count: max(0, widths[column] - DisplayWidth.of(fitted)))
                let placed = alignedRight.contains(column) ? padding + fitted : (last ? fitted : fitted + padding)
                let style = styles[column] ?? { $0 }
                return style(placed)
            }
            let line = cells.joined(separator: "  ")
            return styles.isEmpty ? TextCut.fitting(line, width: width) : line
        }
    }
}
