import Screens

/// What the Scoreboard draws: teams and score, the clock and its button, the six players'
/// counts, and the questions and lists the screen can show. `ScoreboardView` fills it from the
/// view-model's outputs; a test fills it by hand.
public struct ScoreboardContent: Equatable, Sendable {
    /// One player's line: home players first, then away.
    public struct PlayerLine: Equatable, Sendable {
        public var name = ""
        /// One point, two points, assists, rebounds, fouls.
        public var counts = Array(repeating: "", count: 5)
        public var isEnabled = true

        public init() {}
    }

    public var homeTeamName = "", awayTeamName = "", time = "", score = "", pauseButtonTitle = ""
    public var result = "", notice = "", pastGameTitle = "", renameProblem = "", question = ""
    /// What the last key did or why it could not act: `Undid Hakeem's rebound`.
    public var news = ""
    public var isFinished = false, isConfirmingNewGame = false
    /// Whether `n` starts a new game: the game under way has a move.
    public var takesNewGame = false
    /// The question before a kept game is deleted, shown under the list while it waits.
    public var isConfirmingDelete = false
    public var deleteQuestion = ""
    public var selectedPlayerIndex = 0
    /// Whether a team or player is being renamed.
    public var isRenaming = false
    public var players = Array(repeating: PlayerLine(), count: 6)
    public var libraryIsVisible = false
    public var libraryTitle = ""
    /// The games kept, a row each, aligned in columns by display width.
    public var libraryGames: [GameLibraryRowViewModel] = []
    public var librarySelectedIndex = 0
    public var libraryMessage = ""
    /// How the score ran, once the game is finished: rows of text, none before.
    public var scoreChart: [String] = []

    public init() {}

    /// Whether moves are taken: nothing asked, no name typed, no list of games shown. The
    /// players and the clock's button answer the mouse only then, as the keys do.
    var acceptsMoves: Bool { !libraryIsVisible && !isConfirmingNewGame && !isRenaming }

    /// Draws the screen inside `rect`.
    @MainActor
    public func draw(into surface: Surface, in rect: Rect) {
        guard rect.height > 0, rect.width > 0 else { return }
        if libraryIsVisible { return drawLibrary(into: surface, in: rect) }
        var row = rect.row
        if !pastGameTitle.isEmpty {
            surface.draw(
                pastGameTitle,
                row: row, column: rect.column + 1, width: rect.width - 2, style: .dim)
            row += 1
        }
        let table = Rect(row: row + 4, column: rect.column, width: rect.width, height: rect.bottom - row - 4)
        // One team's players in view (40x10): its name in the header is marked.
        let shownTeam = table.width < 64 && table.height < 8 ? selectedPlayerIndex / 3 : nil
        drawHeader(into: surface, row: row, in: rect, marking: shownTeam)
        let tableHeight = rect.width >= 64 ? drawTwoColumns(into: surface, in: table) : drawOneColumn(into: surface, in: table)
        let footerRow = table.row + tableHeight + 1
        guard footerRow < rect.bottom else {
            // The table fills the screen (40x10): the footer's first line takes the row left blank
            // between the clock's button and the table, so an undo or a refusal is still told.
            let blank = Rect(row: row + 3, column: rect.column, width: rect.width, height: 1)
            _ = drawFooter(into: surface, row: blank.row, in: blank, latestFirst: true)
            return
        }
        let belowFooter = drawFooter(into: surface, row: footerRow, in: rect)
        drawScoreChart(into: surface, row: belowFooter + 1, in: rect)
    }

    /// The teams and the score, the clock and its button; the team `marking` (0 home, 1 away),
    /// whose players alone are in view, stands out, each name cut to a third of the width.
    @MainActor
    private func drawHeader(into surface: Surface, row: Int, in rect: Rect, marking: Int?) {
        let third = max(1, rect.width / 3)
        let styles: [Style] = [0, 1].map { $0 == marking ? .selectedTab : .title }
        surface.draw(homeTeamName, row: row, column: rect.column + 1, width: third, style: styles[0])
        let away = TextCut.fitting(awayTeamName, width: third)
        surface.draw(away, row: row, column: max(rect.column, rect.right - 1 - DisplayWidth.of(away)), style: styles[1])
        centre(score, into: surface, row: row, in: rect, style: .title)
        centre(time, into: surface, row: row + 1, in: rect)
        if pastGameTitle.isEmpty, !isFinished {
            let button = centre("[ \(pauseButtonTitle) ]", into: surface, row: row + 2, in: rect, style: .selectedTab)
            if acceptsMoves { surface.mark(button, action: ScoreboardView.Action.startPause) }
        }
    }

    @MainActor
    private func drawTwoColumns(into surface: Surface, in table: Rect) -> Int {
        let half = table.width / 2
        for (side, offset) in [(0, 0), (1, half)] {
            let column = Rect(row: table.row, column: table.column + offset, width: half, height: table.height)
            drawHeading(into: surface, in: column, title: PlayerScoreboardViewModel.heading)
            for index in 0..<3 { drawPlayer(side * 3 + index, into: surface, row: column.row + 1 + index, in: column) }
        }
        return 4
    }

    /// Each team under its own heading: `Ballerz` then its three players, then `Ringerz`. When both
    /// teams do not fit (40x10), the chosen player's team comes first, under its heading if the
    /// three fit with it, so that the chosen player is always in view.
    @MainActor
    private func drawOneColumn(into surface: Surface, in table: Rect) -> Int {
        let chosenSide = selectedPlayerIndex / 3
        let sides = table.height >= 8 || chosenSide == 0 ? [0, 1] : [1, 0]
        let headed = table.height >= 4
        for (place, side) in sides.enumerated() {
            let group = table.droppingTop(place * (headed ? 4 : 3))
            if headed { drawHeading(into: surface, in: group, title: side == 0 ? homeTeamName : awayTeamName) }
            for index in 0..<3 {
                drawPlayer(side * 3 + index, into: surface, row: group.row + (headed ? 1 : 0) + index, in: group)
            }
        }
        return 8
    }

    private static let countWidth = 5
    private static let countTitles = PlayerScoreboardViewModel.moveTitles

    @MainActor
    private func drawHeading(into surface: Surface, in column: Rect, title: String) {
        guard column.height > 0 else { return }
        surface.draw(title, row: column.row, column: column.column + 3, style: .dim)
        var x = column.right - Self.countWidth * Self.countTitles.count - 1
        for title in Self.countTitles {
            surface.draw(pad(title), row: column.row, column: x, style: .dim)
            x += Self.countWidth
        }
    }

    @MainActor
    private func drawPlayer(_ index: Int, into surface: Surface, row: Int, in column: Rect) {
        guard row < column.bottom else { return }
        let player = players[index]
        let enabled = player.isEnabled
        let selected = selectedPlayerIndex
        let countsStart = column.right - Self.countWidth * Self.countTitles.count - 1
        if index == selected { surface.markChosen(row: row, column: column.column + 1) }
        surface.draw(
            player.name, row: row, column: column.column + 3,
            width: countsStart - column.column - 4, style: index == selected && enabled ? .selectedTab : .normal)
        // Like the arrows, a click chooses a player only while no question or name is pending.
        if acceptsMoves {
            surface.mark(
                Rect(row: row, column: column.column, width: column.width, height: 1), action: ScoreboardView.Action.choosePlayer(index))
        }
        var x = countsStart
        for count in player.counts {
            surface.draw(pad(count), row: row, column: x, style: enabled ? .normal : .dim)
            x += Self.countWidth
        }
    }

    /// Draws the footer's lines from `row`; returns the row after the last. With `latestFirst`
    /// (one row for all, at 40x10), what answers the last key (a question, a refusal, an undo)
    /// comes before the result, which the score already shows.
    @MainActor
    private func drawFooter(into surface: Surface, row: Int, in rect: Rect, latestFirst: Bool = false) -> Int {
        let answers = [
            Message(question, style: .prompt), Message(renameProblem, style: .error), Message(news, style: .normal),
            Message(notice, style: .error),
        ]
        let result = Message(result, style: .title)
        let messages = latestFirst ? answers + [result] : [result] + answers
        return row
            + Message.draw(
                messages, into: surface, in: Rect(row: row, column: rect.column + 1, width: rect.width - 2, height: rect.bottom - row))
    }

    /// The chart of a finished game, from `row`: drawn whole or not at all, when its rows or its
    /// time line do not fit (a long team name is cut at the edge).
    @MainActor
    private func drawScoreChart(into surface: Surface, row: Int, in rect: Rect) {
        let chart = scoreChart
        guard isFinished, let timeLine = chart.last, row + chart.count <= rect.bottom,
            DisplayWidth.of(timeLine) <= rect.width - 2
        else { return }
        for (offset, line) in chart.enumerated() {
            surface.draw(
                line, row: row + offset, column: rect.column + 1, width: rect.width - 2,
                style: offset == 0 ? .dim : .normal)
        }
    }

    /// Draws `text` centred in `rect` at `row` and returns the cells it took.
    @MainActor @discardableResult
    func centre(_ text: String, into surface: Surface, row: Int, in rect: Rect, style: Style = .normal) -> Rect {
        let width = DisplayWidth.of(text)
        let start = rect.column + max(0, (rect.width - width) / 2)
        let end = surface.draw(text, row: row, column: start, width: rect.width, style: style)
        return Rect(row: row, column: start, width: end - start, height: 1)
    }

    private func pad(_ text: String) -> String {
        String(repeating: " ", count: max(0, Self.countWidth - 1 - text.count)) + text
    }
}
