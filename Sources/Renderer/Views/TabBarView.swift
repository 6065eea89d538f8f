import Screens

/// The top line: every tab's name, the open one in brackets and highlighted.
///
/// Brackets mark the open tab without colour. When the names do not fit, the tabs that are
/// not open are cut, with a mark (`FittedTitles`). While screens are busy, the
/// spinner and their names sit at the right end, as far as they fit.
@MainActor
struct TabBarView {
    let tabs: [Tab]
    let selected: Tab
    /// The tabs whose screen is busy, in the bar's order.
    var busy: [Tab] = []
    /// The spinner's glyph now.
    var spinner = ""

    func draw(into surface: Surface, row: Int) {
        let width = surface.size.columns
        var column = 0
        for (index, title) in titles(fitting: width).enumerated() {
            let tab = tabs[index]
            let start = column
            if tab == selected {
                column = surface.draw("[\(title)]", row: row, column: column, style: .selectedTab)
            } else {
                column = surface.draw(" \(title) ", row: row, column: column)
            }
            surface.mark(Rect(row: row, column: start, width: column - start, height: 1), command: .selectTab(tab))
        }
        drawBusy(into: surface, row: row, after: column)
        surface.fill("─", row: row + 1, column: 0, count: width, style: .dim)
    }

    /// `⠙ Movies, People` at the right end; the spinner alone when the names do not fit.
    private func drawBusy(into surface: Surface, row: Int, after column: Int) {
        guard !busy.isEmpty else { return }
        let width = surface.size.columns
        let named = "\(spinner) \(busy.map(\.title).joined(separator: ", ")) "
        let text = column + 1 + named.count <= width ? named : "\(spinner) "
        guard column + 1 + text.count <= width else { return }
        surface.draw(text, row: row, column: width - text.count, style: .dim)
    }

    /// The names fit the bar but for the spinner's room, kept whether or not a screen is busy,
    /// so that the names do not move when the spinner comes.
    private func titles(fitting width: Int) -> [String] {
        FittedTitles.fitting(tabs.map(\.title), chosen: tabs.firstIndex(of: selected) ?? -1, width: width - Self.spinnerRoom)
    }

    /// The spinner, a blank before it and one after.
    private static let spinnerRoom = 3
}
