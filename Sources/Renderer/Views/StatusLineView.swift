/// The bottom line: the keys that matter where the focus is, from the key tables, or a notice in
/// their place until the first key.
@MainActor
struct StatusLineView {
    let hints: [(key: String, hint: String)]
    var notice: String?

    func draw(into surface: Surface, row: Int) {
        let width = surface.size.columns
        surface.fill(row: row, column: 0, count: width, style: .statusBar)
        if let notice {
            surface.draw(notice, row: row, column: 1, width: width - 2, style: .error)
            return
        }
        var column = 1
        for (key, hint) in hints {
            let needed = DisplayWidth.of(key) + 1 + DisplayWidth.of(hint)
            guard column + needed <= width else { break }
            column = surface.draw(key, row: row, column: column, style: .key)
            column = surface.draw(" " + hint, row: row, column: column, style: .statusBar) + 2
        }
    }
}
