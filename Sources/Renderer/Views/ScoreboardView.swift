import Binding
import Screens

/// Draws the Scoreboard: teams and score, the clock and its button, the six players' counts,
/// and the questions and lists the screen can show; answers the Scoreboard's keys.
@MainActor
public final class ScoreboardView: ScreenView {
    private let viewModel: GameScoreboardViewModel
    private let players: [PlayerScoreboardViewModel]
    private var tokens: [BindingToken] = []

    /// Creates the view; `needsDisplay` is called whenever what it shows changes.
    public init(viewModel: GameScoreboardViewModel, needsDisplay: @escaping @MainActor () -> Void) {
        self.viewModel = viewModel
        players = viewModel.homePlayers + viewModel.awayPlayers
        let game: [any ChangeSource] = [
            viewModel.homeTeamName, viewModel.awayTeamName, viewModel.time, viewModel.score, viewModel.pauseButtonTitle,
            viewModel.result, viewModel.notice, viewModel.pastGameTitle, viewModel.renameProblem, viewModel.isFinished,
            viewModel.isConfirmingNewGame, viewModel.library.isVisible, viewModel.library.rows,
            viewModel.library.selectedIndex, viewModel.selectedPlayerIndex, viewModel.renaming,
        ]
        let counts: [any ChangeSource] = players.flatMap { player -> [any ChangeSource] in
            [player.playerName, player.onePointMoveCount, player.twoPointMoveCount, player.assistMoveCount,
             player.reboundMoveCount, player.foulMoveCount, player.isEnabled]
        }
        tokens = bindChanges(of: game + counts, to: needsDisplay)
    }

    /// The input line shows only while a name is typed.
    public var inputLineUser: InputLineUser? { viewModel.renaming.value == nil ? nil : viewModel }

    // MARK: - Keys

    public var keyScopes: [KeyScope] {
        if viewModel.library.isVisible.value { return [.gameLibrary] }
        if viewModel.isConfirmingNewGame.value { return [.confirmation] }
        if viewModel.renaming.value != nil { return [.renaming] }
        return [.scoreboard]
    }

    public func perform(_ command: ScreenCommand) {
        if viewModel.library.isVisible.value { return performInLibrary(command) }
        switch command {
        case .up: viewModel.moveSelection(.up)
        case .down: viewModel.moveSelection(.down)
        case .left: viewModel.moveSelection(.left)
        case .right: viewModel.moveSelection(.right)
        case .onePoint: viewModel.selectedPlayer.onePointMove()
        case .twoPoints: viewModel.selectedPlayer.twoPointsMove()
        case .assist: viewModel.selectedPlayer.assistMove()
        case .rebound: viewModel.selectedPlayer.reboundMove()
        case .foul: viewModel.selectedPlayer.foulMove()
        case .startPause: viewModel.togglePause()
        case .undo: viewModel.undoLastMove()
        case .newGame: viewModel.newGame()
        case .showLibrary: viewModel.showLibrary()
        case .confirm: viewModel.confirmNewGame(true)
        case .cancel:
            if viewModel.renaming.value != nil { viewModel.stopRenaming() } else { viewModel.confirmNewGame(false) }
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
        case .open: viewModel.library.openSelected()
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
        if viewModel.library.isVisible.value { return drawLibrary(into: surface, in: rect) }
        var row = rect.row
        if !viewModel.pastGameTitle.value.isEmpty {
            surface.draw(viewModel.pastGameTitle.value + " · Esc returns to the current game",
                         row: row, column: rect.column + 1, width: rect.width - 2, style: .dim)
            row += 1
        }
        drawHeader(into: surface, row: row, in: rect)
        let table = Rect(row: row + 4, column: rect.column, width: rect.width, height: rect.bottom - row - 4)
        let tableHeight = rect.width >= 64 ? drawTwoColumns(into: surface, in: table) : drawOneColumn(into: surface, in: table)
        drawFooter(into: surface, row: table.row + tableHeight + 1, in: rect)
    }

    private func drawHeader(into surface: Surface, row: Int, in rect: Rect) {
        surface.draw(viewModel.homeTeamName.value, row: row, column: rect.column + 1, width: rect.width / 3, style: .title)
        let away = viewModel.awayTeamName.value
        surface.draw(away, row: row, column: max(rect.column, rect.right - 1 - DisplayWidth.of(away)), style: .title)
        centre(viewModel.score.value, into: surface, row: row, in: rect, style: .title)
        centre(viewModel.time.value, into: surface, row: row + 1, in: rect)
        if viewModel.pastGameTitle.value.isEmpty, !viewModel.isFinished.value {
            centre("[ \(viewModel.pauseButtonTitle.value) ]", into: surface, row: row + 2, in: rect, style: .selectedTab)
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
        for (side, name) in [viewModel.homeTeamName.value, viewModel.awayTeamName.value].enumerated() {
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
        let player = players[index]
        let enabled = player.isEnabled.value
        let selected = viewModel.selectedPlayerIndex.value
        let countsStart = column.right - Self.countWidth * Self.countTitles.count - 1
        if index == selected { surface.draw("›", row: row, column: column.column + 1, style: .title) }
        surface.draw(player.playerName.value, row: row, column: column.column + 3,
                     width: countsStart - column.column - 4, style: index == selected && enabled ? .selectedTab : .normal)
        var x = countsStart
        for count in [player.onePointMoveCount, player.twoPointMoveCount, player.assistMoveCount,
                      player.reboundMoveCount, player.foulMoveCount] {
            surface.draw(pad(count.value), row: row, column: x, style: enabled ? .normal : .dim)
            x += Self.countWidth
        }
    }

    private func drawFooter(into surface: Surface, row: Int, in rect: Rect) {
        var row = row
        let lines: [(String, Style)] = [
            (viewModel.result.value, .title),
            (viewModel.isConfirmingNewGame.value ? "Start a new game? The game in progress stays in the list of games. (y/n)" : "", .prompt),
            (viewModel.renameProblem.value, .error),
            (viewModel.notice.value, .error),
        ]
        for (text, style) in lines where !text.isEmpty {
            for line in TextWrap.lines(text, width: rect.width - 2) where row < rect.bottom {
                surface.draw(line, row: row, column: rect.column + 1, width: rect.width - 2, style: style)
                row += 1
            }
        }
    }

    private func drawLibrary(into surface: Surface, in rect: Rect) {
        surface.draw("Games kept, newest first", row: rect.row, column: rect.column + 1, width: rect.width - 2, style: .title)
        let library = viewModel.library
        if !library.message.value.isEmpty {
            surface.draw(library.message.value, row: rect.row + 2, column: rect.column + 1, width: rect.width - 2)
            return
        }
        let visible = max(1, rect.height - 2)
        let first = max(0, min(library.selectedIndex.value - visible / 2, library.rows.value.count - visible))
        for (offset, line) in library.rows.value.dropFirst(first).prefix(visible).enumerated() {
            let index = first + offset
            let style: Style = index == library.selectedIndex.value ? .selectedTab : .normal
            surface.draw(line, row: rect.row + 2 + offset, column: rect.column + 1, width: rect.width - 2, style: style)
        }
    }

    private func centre(_ text: String, into surface: Surface, row: Int, in rect: Rect, style: Style = .normal) {
        let width = DisplayWidth.of(text)
        surface.draw(text, row: row, column: rect.column + max(0, (rect.width - width) / 2), width: rect.width, style: style)
    }

    private func pad(_ text: String) -> String {
        String(repeating: " ", count: max(0, Self.countWidth - 1 - text.count)) + text
    }
}
