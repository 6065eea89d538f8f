import Binding
import Screens

/// Draws the Scoreboard: teams and score, the clock and its button, the six players' counts,
/// and the questions and lists the screen can show; answers the Scoreboard's keys.
@MainActor
public final class ScoreboardView: ScreenView {
    private let viewModel: GameScoreboardViewModel
    private let drawn: Drawn<State>

    /// Everything the screen draws, as the view-model's outputs last delivered it.
    private struct State {
        var homeTeamName = "", awayTeamName = "", time = "", score = "", pauseButtonTitle = ""
        var result = "", notice = "", pastGameTitle = "", renameProblem = "", question = ""
        var isFinished = false, isConfirmingNewGame = false
        var selectedPlayerIndex = 0
        /// The chosen player, whose moves the move keys record.
        var selectedPlayer: PlayerScoreboardViewModel?
        /// Whether a team or player is being renamed.
        var isRenaming = false
        var players = Array(repeating: PlayerLine(), count: 6)
        var libraryIsVisible = false
        var libraryRows: [String] = []
        var librarySelectedIndex = 0
        var libraryMessage = ""
        /// How the score ran, once the game is finished: rows of text, none before.
        var scoreChart: [String] = []
    }

    /// One player's line: home players first, then away.
    private struct PlayerLine {
        var name = ""
        /// One point, two points, assists, rebounds, fouls.
        var counts = Array(repeating: "", count: 5)
        var isEnabled = true
    }

    public var isBusy: Output<Bool>? { viewModel.isBusy }

    /// Creates the view; `needsDisplay` is called whenever what it shows changes.
    public init(viewModel: GameScoreboardViewModel, needsDisplay: @escaping @MainActor () -> Void) {
        self.viewModel = viewModel
        drawn = Drawn(State(), needsDisplay: needsDisplay)
        drawn.bind(viewModel.homeTeamName, to: \.homeTeamName)
        drawn.bind(viewModel.awayTeamName, to: \.awayTeamName)
        drawn.bind(viewModel.time, to: \.time)
        drawn.bind(viewModel.score, to: \.score)
        drawn.bind(viewModel.pauseButtonTitle, to: \.pauseButtonTitle)
        drawn.bind(viewModel.result, to: \.result)
        drawn.bind(viewModel.scoreChart, to: \.scoreChart)
        drawn.bind(viewModel.notice, to: \.notice)
        drawn.bind(viewModel.pastGameTitle, to: \.pastGameTitle)
        drawn.bind(viewModel.nameEditor.problem, to: \.renameProblem)
        drawn.bind(viewModel.isFinished, to: \.isFinished)
        drawn.bind(viewModel.newGameConfirmation.isAsking, to: \.isConfirmingNewGame)
        drawn.bind(viewModel.newGameConfirmation.question, to: \.question)
        drawn.bind(viewModel.selectedPlayerIndex, to: \.selectedPlayerIndex)
        drawn.bind(viewModel.selectedPlayer.map(Optional.some), to: \.selectedPlayer)
        drawn.bind(viewModel.nameEditor.target.map { $0 != nil }, to: \.isRenaming)
        for (index, player) in (viewModel.homePlayers + viewModel.awayPlayers).enumerated() {
            drawn.bind(player.playerName, to: \.players[index].name)
            let counts = [player.onePointMoveCount, player.twoPointMoveCount, player.assistMoveCount,
                          player.reboundMoveCount, player.foulMoveCount]
            for (move, count) in counts.enumerated() { drawn.bind(count, to: \.players[index].counts[move]) }
            drawn.bind(player.isEnabled, to: \.players[index].isEnabled)
        }
        drawn.bind(viewModel.library.isVisible, to: \.libraryIsVisible)
        drawn.bind(viewModel.library.rows, to: \.libraryRows)
        drawn.bind(viewModel.library.selectedIndex, to: \.librarySelectedIndex)
        drawn.bind(viewModel.library.message, to: \.libraryMessage)
    }

    /// The input line shows only while a name is typed.
    public var inputLineUser: InputLineUser? { drawn.state.isRenaming ? viewModel.nameEditor : nil }

    // MARK: - Keys

    public var keyScopes: [KeyScope] {
        let state = drawn.state
        if state.libraryIsVisible { return [.gameLibrary] }
        if state.isConfirmingNewGame { return [.confirmation] }
        if state.isRenaming { return [.renaming] }
        return [.scoreboard]
    }

    public func perform(_ command: ScreenCommand) {
        if drawn.state.libraryIsVisible { return performInLibrary(command) }
        switch command {
        case .up: viewModel.moveSelection(.up)
        case .down: viewModel.moveSelection(.down)
        case .left: viewModel.moveSelection(.left)
        case .right: viewModel.moveSelection(.right)
        case .onePoint: drawn.state.selectedPlayer?.onePointMove()
        case .twoPoints: drawn.state.selectedPlayer?.twoPointsMove()
        case .assist: drawn.state.selectedPlayer?.assistMove()
        case .rebound: drawn.state.selectedPlayer?.reboundMove()
        case .foul: drawn.state.selectedPlayer?.foulMove()
        case .startPause: viewModel.togglePause()
        case .undo: viewModel.undoLastMove()
        case .newGame: viewModel.newGame()
        case .showLibrary: viewModel.showLibrary()
        case .confirm: viewModel.confirmNewGame(true)
        case .cancel:
            if drawn.state.isRenaming { viewModel.stopRenaming() } else { viewModel.confirmNewGame(false) }
        case .back: viewModel.closePastGame()
        case .renamePlayer: viewModel.startRenaming(team: false)
        case .renameTeam: viewModel.startRenaming(team: true)
        default: break
        }
    }

    private func performInLibrary(_ command: ScreenCommand) {
        switch command {
        case .up: viewModel.library.moveSelection(by: -1)
        case .down: viewModel.library.moveSelection(by: 1)
        case .open: viewModel.openSelectedGame()
        case .back, .cancel: viewModel.library.hide()
        default: break
        }
    }

    public func setVisible(_ visible: Bool) {
        if visible { viewModel.screenAppeared() } else { viewModel.screenDisappeared() }
    }

    // MARK: - Drawing

    public func draw(into surface: Surface, in rect: Rect) {
        guard rect.height > 0, rect.width > 0 else { return }
        let state = drawn.state
        if state.libraryIsVisible { return drawLibrary(into: surface, in: rect) }
        var row = rect.row
        if !state.pastGameTitle.isEmpty {
            surface.draw(state.pastGameTitle + " · Esc returns to the current game",
                         row: row, column: rect.column + 1, width: rect.width - 2, style: .dim)
            row += 1
        }
        drawHeader(into: surface, row: row, in: rect)
        let table = Rect(row: row + 4, column: rect.column, width: rect.width, height: rect.bottom - row - 4)
        let tableHeight = rect.width >= 64 ? drawTwoColumns(into: surface, in: table) : drawOneColumn(into: surface, in: table)
        let belowFooter = drawFooter(into: surface, row: table.row + tableHeight + 1, in: rect)
        drawScoreChart(into: surface, row: belowFooter + 1, in: rect)
    }

    private func drawHeader(into surface: Surface, row: Int, in rect: Rect) {
        let state = drawn.state
        surface.draw(state.homeTeamName, row: row, column: rect.column + 1, width: rect.width / 3, style: .title)
        let away = state.awayTeamName
        surface.draw(away, row: row, column: max(rect.column, rect.right - 1 - DisplayWidth.of(away)), style: .title)
        centre(state.score, into: surface, row: row, in: rect, style: .title)
        centre(state.time, into: surface, row: row + 1, in: rect)
        if state.pastGameTitle.isEmpty, !state.isFinished {
            let button = centre("[ \(state.pauseButtonTitle) ]", into: surface, row: row + 2, in: rect, style: .selectedTab)
            if keyScopes == [.scoreboard] { surface.mark(button) { [viewModel] in viewModel.togglePause() } }
        }
    }

    private func drawTwoColumns(into surface: Surface, in table: Rect) -> Int {
        let half = table.width / 2
        for (side, offset) in [(0, 0), (1, half)] {
            let column = Rect(row: table.row, column: table.column + offset, width: half, height: table.height)
            drawHeading(into: surface, in: column, title: "Player")
            for index in 0..<3 { drawPlayer(side * 3 + index, into: surface, row: column.row + 1 + index, in: column) }
        }
        return 4
    }

    /// Each team under its own heading: `Ballerz` then its three players, then `Ringerz`.
    private func drawOneColumn(into surface: Surface, in table: Rect) -> Int {
        for (side, name) in [drawn.state.homeTeamName, drawn.state.awayTeamName].enumerated() {
            let group = table.droppingTop(side * 4)
            drawHeading(into: surface, in: group, title: name)
            for index in 0..<3 { drawPlayer(side * 3 + index, into: surface, row: group.row + 1 + index, in: group) }
        }
        return 8
    }

    private static let countWidth = 5
    private static let countTitles = ["1pt", "2pt", "Ast", "Reb", "Foul"]

    private func drawHeading(into surface: Surface, in column: Rect, title: String) {
        guard column.height > 0 else { return }
        surface.draw(title, row: column.row, column: column.column + 3, style: .dim)
        var x = column.right - Self.countWidth * Self.countTitles.count - 1
        for title in Self.countTitles {
            surface.draw(pad(title), row: column.row, column: x, style: .dim)
            x += Self.countWidth
        }
    }

    private func drawPlayer(_ index: Int, into surface: Surface, row: Int, in column: Rect) {
        guard row < column.bottom else { return }
        let player = drawn.state.players[index]
        let enabled = player.isEnabled
        let selected = drawn.state.selectedPlayerIndex
        let countsStart = column.right - Self.countWidth * Self.countTitles.count - 1
        if index == selected { surface.markChosen(row: row, column: column.column + 1) }
        surface.draw(player.name, row: row, column: column.column + 3,
                     width: countsStart - column.column - 4, style: index == selected && enabled ? .selectedTab : .normal)
        // Like the arrows, a click chooses a player only while no question or name is pending.
        if keyScopes == [.scoreboard] {
            surface.mark(Rect(row: row, column: column.column, width: column.width, height: 1)) { [viewModel] in
                viewModel.selectPlayer(at: index)
            }
        }
        var x = countsStart
        for count in player.counts {
            surface.draw(pad(count), row: row, column: x, style: enabled ? .normal : .dim)
            x += Self.countWidth
        }
    }

    /// Draws the footer's lines from `row`; returns the row after the last.
    private func drawFooter(into surface: Surface, row: Int, in rect: Rect) -> Int {
        var row = row
        let state = drawn.state
        let lines: [(String, Style)] = [
            (state.result, .title),
            (state.question, .prompt),
            (state.renameProblem, .error),
            (state.notice, .error),
        ]
        for (text, style) in lines where !text.isEmpty {
            for line in TextWrap.lines(text, width: rect.width - 2) where row < rect.bottom {
                surface.draw(line, row: row, column: rect.column + 1, width: rect.width - 2, style: style)
                row += 1
            }
        }
        return row
    }

    /// The chart of a finished game, from `row`: drawn whole or not at all, when its rows or its
    /// time line do not fit (a long team name is cut at the edge).
    private func drawScoreChart(into surface: Surface, row: Int, in rect: Rect) {
        let chart = drawn.state.scoreChart
        guard drawn.state.isFinished, let timeLine = chart.last, row + chart.count <= rect.bottom,
              DisplayWidth.of(timeLine) <= rect.width - 2 else { return }
        for (offset, line) in chart.enumerated() {
            surface.draw(line, row: row + offset, column: rect.column + 1, width: rect.width - 2,
                         style: offset == 0 ? .dim : .normal)
        }
    }

    private func drawLibrary(into surface: Surface, in rect: Rect) {
        surface.draw("Games kept, newest first", row: rect.row, column: rect.column + 1, width: rect.width - 2, style: .title)
        let state = drawn.state
        if !state.libraryMessage.isEmpty {
            surface.draw(state.libraryMessage, row: rect.row + 2, column: rect.column + 1, width: rect.width - 2)
            return
        }
        let visible = max(1, rect.height - 2)
        let first = max(0, min(state.librarySelectedIndex - visible / 2, state.libraryRows.count - visible))
        surface.markList(in: Rect(row: rect.row + 2, column: rect.column, width: rect.width, height: visible), first: first,
                         count: state.libraryRows.count - first, selected: { [drawn] in drawn.state.librarySelectedIndex },
                         moveSelection: { [viewModel] in viewModel.library.moveSelection(by: $0) },
                         activate: { [viewModel] in viewModel.openSelectedGame() })
        for (offset, line) in state.libraryRows.dropFirst(first).prefix(visible).enumerated() {
            let index = first + offset
            let style: Style = index == state.librarySelectedIndex ? .selectedTab : .normal
            surface.draw(line, row: rect.row + 2 + offset, column: rect.column + 1, width: rect.width - 2, style: style)
            if index == state.librarySelectedIndex { surface.focus = Position(row: rect.row + 2 + offset, column: rect.column + 1) }
        }
    }

    /// Draws `text` centred in `rect` at `row` and returns the cells it took.
    @discardableResult
    private func centre(_ text: String, into surface: Surface, row: Int, in rect: Rect, style: Style = .normal) -> Rect {
        let width = DisplayWidth.of(text)
        let start = rect.column + max(0, (rect.width - width) / 2)
        let end = surface.draw(text, row: row, column: start, width: rect.width, style: style)
        return Rect(row: row, column: start, width: end - start, height: 1)
    }

    private func pad(_ text: String) -> String {
        String(repeating: " ", count: max(0, Self.countWidth - 1 - text.count)) + text
    }
}
