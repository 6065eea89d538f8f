import Binding
import Screens

/// The Scoreboard: binds its view-model's outputs (and its players', its library's, its name
/// editor's) into the `ScoreboardContent` it draws, and turns its keys and clicks into their inputs.
@MainActor
public final class ScoreboardView: ScreenView {
    /// What the Scoreboard's keys and clicks ask.
    public enum Action: Hashable, Sendable {
        /// Choose the next player that way.
        case choose(GameScoreboardViewModel.Direction)
        /// Choose the player at this index, home players first (a click on their line).
        case choosePlayer(Int)
        case onePoint, twoPoints, assist, rebound, foul
        case startPause, undo, newGame, showLibrary, back, renamePlayer, renameTeam
        /// Yes or no to the question asked: a new game, or a delete.
        case confirm, cancel
        /// Leave the name being typed as it was.
        case keepName
        /// Move through the games kept.
        case moveInLibrary(ListMove)
        /// Choose the kept game at this index (a click on its row); the chosen game opens.
        case chooseGame(Int)
        case openGame, deleteGame, closeLibrary
    }

    public nonisolated static let keys = KeyTable<Action>(
        [
            KeyBinding(
                "↑ ↓ ← →  k j h l", "choose a player", scope: .scoreboard,
                actions: [
                    .up: .choose(.up), .text("k"): .choose(.up), .down: .choose(.down), .text("j"): .choose(.down),
                    .left: .choose(.left), .text("h"): .choose(.left), .right: .choose(.right), .text("l"): .choose(.right),
                ]),
            KeyBinding("n", "say that the game has no move yet", scope: .scoreboard, keys: [.text("n")], action: .newGame),
            KeyBinding("g", "the games kept", scope: .scoreboard, hint: "games", keys: [.text("g")], action: .showLibrary),
            KeyBinding("e", "rename the chosen player", scope: .scoreboard, keys: [.text("e")], action: .renamePlayer),
            KeyBinding("t", "rename the chosen player's team", scope: .scoreboard, keys: [.text("t")], action: .renameTeam),

            KeyBinding(
                "1  2  a  r  f", "one point, two points, assist, rebound, foul for the chosen player", scope: .liveGame,
                hint: "moves", actions: moveActions),
            KeyBinding("Space", "start or pause the clock", scope: .liveGame, hint: "start/pause", keys: [.text(" ")], action: .startPause),
            KeyBinding("z", "undo the last move", scope: .liveGame, hint: "undo", keys: [.text("z")], action: .undo),

            KeyBinding("z", "undo the last move: the game goes on", scope: .finishedGame, hint: "undo", keys: [.text("z")], action: .undo),
            KeyBinding(
                "1  2  a  r  f  Space", "say that the game is over", scope: .finishedGame,
                actions: moveActions.merging([.text(" "): .startPause]) { $1 }),

            KeyBinding("n", "new game, once this one has a move", scope: .playedGame, hint: "new", keys: [.text("n")], action: .newGame),

            KeyBinding("Esc", "back to the current game", scope: .pastGame, hint: "back", keys: [.escape], action: .back),
            KeyBinding("g", "the games kept", scope: .pastGame, hint: "games", keys: [.text("g")], action: .showLibrary),
            KeyBinding(
                "1  2  a  r  f  Space", "say that a past game is read-only", scope: .pastGame,
                actions: moveActions.merging([.text(" "): .startPause]) { $1 }),
            KeyBinding(
                "z  n  e  t", "say that a past game is read-only", scope: .pastGame,
                actions: [.text("z"): .undo, .text("n"): .newGame, .text("e"): .renamePlayer, .text("t"): .renameTeam]),

            KeyBinding("y", "yes", scope: .confirmation, hint: "yes", keys: [.text("y")], action: .confirm),
            KeyBinding("n  Esc", "no", scope: .confirmation, hint: "no", keys: [.text("n"), .escape], action: .cancel),

        ] + KeyBinding.listMoves(of: "games", scope: .gameLibrary, letters: .gameLibrary, gG: false) { .moveInLibrary($0) } + [
            KeyBinding(
                "Enter", "continue the game; a finished one opens read-only", scope: .keptGame, hint: "open",
                keys: [.enter], action: .openGame),
            KeyBinding("d", "delete the game, after a question", scope: .keptGame, hint: "delete", keys: [.text("d")], action: .deleteGame),
            KeyBinding("Esc  g", "close the list", scope: .gameLibrary, hint: "close", keys: [.escape, .text("g")], action: .closeLibrary),

            KeyBinding("Esc", "keep the name as it was", scope: .renaming, hint: "cancel", keys: [.escape], action: .keepName),
        ])

    /// The five moves' keys.
    private nonisolated static let moveActions: [Key: Action] = [
        .text("1"): .onePoint, .text("2"): .twoPoints, .text("a"): .assist, .text("r"): .rebound, .text("f"): .foul,
    ]

    private let viewModel: GameScoreboardViewModel
    private let drawn: Drawn<ScoreboardContent>
    /// The chosen player (`selectedPlayer`), whose moves the move keys record.
    private var player: PlayerScoreboardViewModel?
    private var tokens: [BindingToken] = []

    public var isBusy: Output<Bool>? { viewModel.isBusy }

    /// Creates the view; `needsDisplay` is called whenever what it shows changes.
    public init(viewModel: GameScoreboardViewModel, needsDisplay: @escaping @MainActor () -> Void) {
        self.viewModel = viewModel
        var content = ScoreboardContent()
        content.libraryTitle = viewModel.library.title
        drawn = Drawn(content, needsDisplay: needsDisplay)
        drawn.bind(viewModel.homeTeamName, to: \.homeTeamName)
        drawn.bind(viewModel.awayTeamName, to: \.awayTeamName)
        drawn.bind(viewModel.time, to: \.time)
        drawn.bind(viewModel.score, to: \.score)
        drawn.bind(viewModel.pauseButtonTitle, to: \.pauseButtonTitle)
        drawn.bind(viewModel.result, to: \.result)
        drawn.bind(viewModel.scoreChart, to: \.scoreChart)
        drawn.bind(viewModel.notice, to: \.notice)
        drawn.bind(viewModel.news, to: \.news)
        drawn.bind(viewModel.pastGameTitle, to: \.pastGameTitle)
        drawn.bind(viewModel.renameProblem, to: \.renameProblem)
        drawn.bind(viewModel.isFinished, to: \.isFinished)
        drawn.bind(viewModel.newGameConfirmation.isAsking, to: \.isConfirmingNewGame)
        drawn.bind(viewModel.newGameConfirmation.question, to: \.question)
        drawn.bind(viewModel.deleteConfirmation.isAsking, to: \.isConfirmingDelete)
        drawn.bind(viewModel.deleteConfirmation.question, to: \.deleteQuestion)
        drawn.bind(viewModel.takesNewGame, to: \.takesNewGame)
        drawn.bind(viewModel.selectedPlayerIndex, to: \.selectedPlayerIndex)
        drawn.bind(viewModel.isRenaming, to: \.isRenaming)
        for (index, player) in (viewModel.homePlayers + viewModel.awayPlayers).enumerated() {
            drawn.bind(player.playerName, to: \.players[index].name)
            let counts = [
                player.onePointMoveCount, player.twoPointMoveCount, player.assistMoveCount,
                player.reboundMoveCount, player.foulMoveCount,
            ]
            for (move, count) in counts.enumerated() { drawn.bind(count, to: \.players[index].counts[move]) }
            drawn.bind(player.isEnabled, to: \.players[index].isEnabled)
        }
        drawn.bind(viewModel.library.isVisible, to: \.libraryIsVisible)
        drawn.bind(viewModel.library.games, to: \.libraryGames)
        drawn.bind(viewModel.library.selectedIndex, to: \.librarySelectedIndex)
        drawn.bind(viewModel.library.message, to: \.libraryMessage)
        viewModel.selectedPlayer.bindAndFire { [unowned self] in player = $0 }.store(in: &tokens)
    }

    /// The input line shows only while a name is typed.
    public var inputLineUser: InputLineUser? { drawn.state.isRenaming ? viewModel : nil }

    // MARK: - Keys

    public var keyScopes: [KeyScope] {
        let state = drawn.state
        if state.libraryIsVisible {
            if state.isConfirmingDelete { return [.confirmation] }
            return state.libraryGames.isEmpty ? [.gameLibrary] : [.keptGame, .gameLibrary]
        }
        if state.isConfirmingNewGame { return [.confirmation] }
        if state.isRenaming { return [.renaming] }
        if !state.pastGameTitle.isEmpty { return [.pastGame] }
        let game: KeyScope = state.isFinished ? .finishedGame : .liveGame
        return state.takesNewGame ? [game, .playedGame, .scoreboard] : [game, .scoreboard]
    }

    public func perform(_ action: Action) {
        switch action {
        case .choose(let direction): viewModel.moveSelection(direction)
        case .choosePlayer(let index): if drawn.state.acceptsMoves { viewModel.selectPlayer(at: index) }
        case .onePoint: player?.onePointMove()
        case .twoPoints: player?.twoPointsMove()
        case .assist: player?.assistMove()
        case .rebound: player?.reboundMove()
        case .foul: player?.foulMove()
        case .startPause: if drawn.state.acceptsMoves { viewModel.togglePause() }
        case .undo: viewModel.undoLastMove()
        case .newGame: viewModel.newGame()
        case .showLibrary: viewModel.showLibrary()
        case .back: viewModel.closePastGame()
        case .renamePlayer: viewModel.startRenaming(team: false)
        case .renameTeam: viewModel.startRenaming(team: true)
        case .confirm, .cancel:
            let yes = action == .confirm
            if drawn.state.isConfirmingDelete { viewModel.confirmDelete(yes) } else { viewModel.confirmNewGame(yes) }
        case .keepName: viewModel.stopRenaming()
        case .moveInLibrary(let move): viewModel.moveInLibrary(move)
        case .chooseGame(let index): viewModel.chooseGame(at: index)
        case .openGame: viewModel.openSelectedGame()
        case .deleteGame: viewModel.deleteSelectedGame()
        case .closeLibrary: viewModel.closeLibrary()
        }
    }

    /// The wheel moves through the games kept, the one list the Scoreboard shows.
    /// The games kept in view are the region less the list's title and the row under it (as the
    /// content lays them out).
    public func layout(in rect: Rect) {
        viewModel.setVisibleRowCount(rect.height - 2)
    }

    public func scroll(by rows: Int) {
        viewModel.moveInLibrary(.rows(rows))
    }

    public func setVisible(_ visible: Bool) {
        if visible { viewModel.screenAppeared() } else { viewModel.screenDisappeared() }
    }

    public func draw(into surface: Surface, in rect: Rect) {
        drawn.state.draw(into: surface, in: rect)
    }
}

extension KeyScope {
    /// On the Scoreboard's game under way, finished or not, with nothing asked.
    static let scoreboard = KeyScope("On the Scoreboard")
    /// On the game under way once it has a move: a new game can follow it.
    static let playedGame = KeyScope("Once the game has a move")
    /// While the game under way goes on: its moves, its clock and undo.
    static let liveGame = KeyScope("During a game")
    /// Once the game under way is over: undo, and why no move is taken.
    static let finishedGame = KeyScope("When the game is over")
    /// While a past game shows, read-only.
    static let pastGame = KeyScope("On a past game, read-only")
    /// While the Scoreboard's list of games shows.
    static let gameLibrary = KeyScope("In the list of games")
    /// While the Scoreboard's list of games shows a game under its cursor.
    static let keptGame = KeyScope("On a game in the list")
    /// While a team or a player of the Scoreboard is renamed in the input line.
    static let renaming = KeyScope("While renaming on the Scoreboard", whileTyping: true)
}
