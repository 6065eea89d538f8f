import Screens

extension ScoreboardContent {
    /// Draws the list of games kept: its title, with where the cursor is (`3/12`) when the games
    /// do not all fit; a row a game, its columns aligned by display width; and under them, the
    /// delete question or what the last key did.
    @MainActor
    func drawLibrary(into surface: Surface, in rect: Rect) {
        let inner = rect.width - 2
        surface.draw(libraryTitle, row: rect.row, column: rect.column + 1, width: inner, style: .title)
        let said = [Message(deleteQuestion, style: .prompt), Message(news, style: .normal)]
        let saidRows = said.map { $0.lines(width: inner).count }.reduce(0, +)
        let footer = saidRows == 0 ? 0 : min(saidRows + 1, max(0, rect.height - 3))
        Message.draw(
            said, into: surface, in: Rect(row: rect.bottom - footer + 1, column: rect.column + 1, width: inner, height: footer - 1))
        if !libraryMessage.isEmpty {
            Message(libraryMessage, style: .normal).draw(
                into: surface, in: Rect(row: rect.row + 2, column: rect.column + 1, width: inner, height: rect.height - 2 - footer))
            return
        }
        let games = libraryGames
        let visible = max(1, rect.height - 2 - footer)
        let first = max(0, min(librarySelectedIndex - visible / 2, games.count - visible))
        if games.count > visible {
            let mark = "\(librarySelectedIndex + 1)/\(games.count)"
            surface.draw(mark, row: rect.row, column: max(rect.column, rect.right - 1 - DisplayWidth.of(mark)), style: .dim)
        }
        surface.markList(
            in: Rect(row: rect.row + 2, column: rect.column, width: rect.width, height: visible), first: first,
            count: games.count - first, choose: ScoreboardView.Action.chooseGame)
        let lines = Self.libraryLines(games, width: inner)
        for (offset, line) in lines.dropFirst(first).prefix(visible).enumerated() {
            let index = first + offset
            let style: Style = index == librarySelectedIndex ? .selectedTab : .normal
            surface.draw(line, row: rect.row + 2 + offset, column: rect.column + 1, width: inner, style: style)
            if index == librarySelectedIndex { surface.focus = Position(row: rect.row + 2 + offset, column: rect.column + 1) }
        }
    }

    /// The games' rows in columns, each as wide as its widest cell by display width, the score
    /// aligned right: when, the teams and the score, the time on the clock, the state. Where the
    /// rows are wider than `width`, the clock goes first, then the teams' names (the score
    /// stays), then a column of the gap between columns; a row still too wide is cut at the edge.
    static func libraryLines(_ games: [GameLibraryRowViewModel], width: Int) -> [String] {
        let cells = games.map { [$0.started, $0.homeTeam, $0.score, $0.awayTeam, $0.time, $0.state] }
        let widths = (0..<6).map { column in cells.map { DisplayWidth.of($0[column]) }.max() ?? 0 }
        let layouts = [([0, 1, 2, 3, 4, 5], 2), ([0, 1, 2, 3, 5], 2), ([0, 2, 5], 2), ([0, 2, 5], 1)]
        let (columns, gap) =
            layouts.first { columns, gap in columns.map { widths[$0] }.reduce(gap * (columns.count - 1), +) <= width }
            ?? layouts[layouts.count - 1]
        return cells.map { row in
            columns.enumerated().map { place, column in
                let padding = String(repeating: " ", count: max(0, widths[column] - DisplayWidth.of(row[column])))
                if column == 2 { return padding + row[column] }
                return place == columns.count - 1 ? row[column] : row[column] + padding
            }.joined(separator: String(repeating: " ", count: gap))
        }
    }
}
