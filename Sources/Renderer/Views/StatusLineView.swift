/// The bottom line: the keys that matter where the focus is, from the key tables (or, while a
/// notice shows, the keys that answer it: `StatusHints.notice`). The help's and quitting's keys
/// stand at the line's end and are drawn first, so that they show at any width; the others fill
/// the room left, from the left.
@MainActor
struct StatusLineView {
    let hints: StatusHints

    func draw(into surface: Surface, row: Int) {
        let width = surface.size.columns
        surface.fill(row: row, column: 0, count: width, style: .statusBar)
        let pinnedWidth = hints.pinned.map(Self.width).reduce(0, +) + 2 * max(0, hints.pinned.count - 1)
        let pinnedStart = max(1, width - 1 - pinnedWidth)
        var column = pinnedStart
        for hint in hints.pinned { column = draw(hint, into: surface, row: row, column: column) + 2 }
        column = 1
        for hint in hints.lead {
            guard column + Self.width(hint) + 2 <= pinnedStart else { break }
            column = draw(hint, into: surface, row: row, column: column) + 2
        }
    }

    /// The columns `hint` takes: its keys, a space, its words.
    private static func width(_ hint: StatusHint) -> Int {
        DisplayWidth.of(hint.key) + 1 + DisplayWidth.of(hint.hint)
    }

    /// Draws `hint` from `column`; returns the column after it.
    private func draw(_ hint: StatusHint, into surface: Surface, row: Int, column: Int) -> Int {
        let column = surface.draw(hint.key, row: row, column: column, style: .key)
        return surface.draw(" " + hint.hint, row: row, column: column, style: .statusBar)
    }
}
