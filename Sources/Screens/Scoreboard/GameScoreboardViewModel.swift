import Binding
import Foundation
import Models

/// The scoreboard of a pickup game: clock, score, the six players' moves, and the games kept.
///
/// The game is read from the library the first time the screen appears; every move, start and
/// pause is committed to the library (`ScoreboardGames`) before an output changes. What the
/// screen shows is one value, `ScoreboardShown`, from which every output is derived but the
/// clock's text (`ScoreboardClock`), which changes ten times a second while the game runs and
/// the screen shows.
///
/// Everything it does is synchronous: the library is opened, read and written, and every output
/// set, before the input that asked for it returns. So `isBusy` never rises; a subcommand that
/// lists the games writes them at once.
@MainActor
public final class GameScoreboardViewModel {
    // MARK: - Outputs

    /// The home team's name.
    public let homeTeamName: Output<String>
    /// The away team's name.
    public let awayTeamName: Output<String>
    /// Time on the clock: `00:00.0`.
    public var time: Output<String> { clock.text }
    /// `<home> - <away>`.
    public let score: Output<String>
    /// Whether the clock stands still.
    public let isPaused: Output<Bool>
    /// The start/pause button: `Start` while paused, `Pause` while running.
    public let pauseButtonTitle: Output<String>
    /// Whether the game on show is over.
    public let isFinished: Output<Bool>
    /// `Ballerz win 15 - 12` once finished, else empty.
    public let result: Output<String>
    /// How the score ran over the game time, once finished (`ScoreChart`: a heading, a line of
    /// dots per team, the time from start to end); empty while the game goes on.
    public let scoreChart: Output<[String]>
    /// A problem with keeping games (`Games are not being saved: …`), else empty.
    public let notice: Output<String>
    /// A past game shown read-only: `Game of Nov 21, 2026 (read-only) · Esc returns to the current game`, else empty.
    public let pastGameTitle: Output<String>
    public let homePlayers: [PlayerScoreboardViewModel]
    public let awayPlayers: [PlayerScoreboardViewModel]
    /// Where the chosen player is: 0–2 home, 3–5 away.
    public let selectedPlayerIndex: Output<Int>
    /// The chosen player, whose moves the move keys record.
    public let selectedPlayer: Output<PlayerScoreboardViewModel>
    /// The games kept.
    public let library: GameLibraryViewModel
    /// The question asked before a new game replaces one in progress.
    public let newGameConfirmation = ConfirmationViewModel()
    /// The input line while a team or player is renamed.
    public let nameEditor = NameEditorViewModel()
    /// Whether work the screen asked for is still under way: always false, for none is
    /// asynchronous (see above); a view may bind it for a spinner, as on every screen.
    public let isBusy = Dynamic(false).output

    // MARK: - State

    private let shown = Dynamic(ScoreboardShown())
    private let clock: ScoreboardClock
    private let games: ScoreboardGames
    private let scheduler: any Scheduler
    private var hasLoaded = false
    private var tokens: [BindingToken] = []

    /// Creates the scoreboard. `openLibrary` is called once, when the screen first appears;
    /// `scheduler` gives the monotonic time and the clock's ticks; `today` dates new games, and
    /// `timeZone` names a past game's day.
    public init(
        openLibrary: @escaping () throws -> GameLibrary, scheduler: any Scheduler,
        today: @escaping () -> Date, timeZone: TimeZone
    ) {
        games = ScoreboardGames(open: openLibrary, today: today)
        clock = ScoreboardClock(scheduler: scheduler)
        self.scheduler = scheduler
        let home = Team.ballerz.players.map(PlayerScoreboardViewModel.init(player:))
        let away = Team.ringerz.players.map(PlayerScoreboardViewModel.init(player:))
        (homePlayers, awayPlayers) = (home, away)
        library = GameLibraryViewModel(timeZone: timeZone)
        let game = shown.map(\.onShow).distinct()
        homeTeamName = game.map(\.home.name).distinct().output
        awayTeamName = game.map(\.away.name).distinct().output
        score = game.map { ScoreboardFormat.score($0.score) }.distinct().output
        isPaused = game.map { !$0.isRunning }.distinct().output
        pauseButtonTitle = game.map { $0.isRunning ? "Pause" : "Start" }.distinct().output
        isFinished = game.map(\.isFinished).distinct().output
        result = game.map(ScoreboardFormat.result).distinct().output
        scoreChart = game.map(ScoreChart.rows(for:)).distinct().output
        notice = shown.map(\.notice).distinct().output
        pastGameTitle = shown.map { $0.pastGameTitle(in: timeZone) }.distinct().output
        let chosen = shown.map(\.selectedPlayer).distinct()
        selectedPlayerIndex = chosen.output
        selectedPlayer = chosen.map { (home + away)[$0] }.output
        for player in home + away {
            player.recordMove = { [weak self, id = player.playerID] move in self?.record(move, by: id) }
        }
        nameEditor.renamed = { [weak self] target, name in self?.rename(target, to: name) }
        shown.bindAndFire { [clock] shown in
            for player in home + away { player.show(shown.onShow, enabled: shown.takesMoves) }
            clock.show(shown.onShow, ticking: shown.pastGame == nil)
        }.store(in: &tokens)
    }

    // MARK: - Inputs

    /// The screen came into view: the game is loaded the first time, and a running clock ticks.
    public func screenAppeared() {
        if !hasLoaded {
            hasLoaded = true
            let (game, problem) = games.latest(or: shown.value.game)
            show(game, problem: problem)
        }
        clock.setVisible(true)
    }

    /// The screen went out of view: the clock keeps time but stops ticking.
    public func screenDisappeared() {
        clock.setVisible(false)
    }

    /// A direction to move the choice of player in.
    public enum Direction: Sendable {
        case up, down, left, right
    }

    /// Chooses the player at `index`: the home team's three, then the away team's (a click on one).
    public func selectPlayer(at index: Int) {
        guard (0..<6).contains(index) else { return }
        update { $0.selectedPlayer = index }
    }

    /// Moves the choice of player within a team (up, down) or to the other team (left, right).
    public func moveSelection(_ direction: Direction) {
        update { $0.selectedPlayer = direction.player(from: $0.selectedPlayer) }
    }

    /// Starts the clock when paused, pauses it when running. A finished game stays stopped.
    public func togglePause() {
        guard shown.value.takesMoves else { return }
        let now = scheduler.now
        var game = shown.value.game
        if game.isRunning { game.pause(at: now) } else { game.start(at: now) }
        show(game, problem: games.saveClock(of: game, at: now))
    }

    /// Takes back the last move.
    public func undoLastMove() {
        var game = shown.value.game
        guard shown.value.pastGame == nil, game.undoLastMove() != nil else { return }
        show(game, problem: games.save { try $0.removeLastMove(ofGame: $1) })
    }

    /// Starts a new game; asks first when a game is in progress.
    public func newGame() {
        guard shown.value.pastGame == nil else { return }
        let game = shown.value.game
        if !game.moves.isEmpty, !game.isFinished {
            newGameConfirmation.ask("Start a new game? The game in progress stays in the list of games.")
        } else {
            startNewGame()
        }
    }

    /// Answers the new-game question: yes keeps the game in progress in the library.
    public func confirmNewGame(_ confirmed: Bool) {
        if newGameConfirmation.answer(confirmed) { startNewGame() }
    }

    /// Opens the list of games kept; before the screen has appeared, it opens the library for
    /// it, and starts no game.
    public func showLibrary() {
        if let problem = games.openIfNeeded() { update { $0.notice = problem } }
        let (kept, problem) = games.all(notice: shown.value.notice)
        library.show(kept, problem: problem)
    }

    /// Opens the game under the library's cursor, read-only; the current game shows as itself.
    public func openSelectedGame() {
        guard let stored = library.takeSelected() else { return }
        update { $0.pastGame = stored.id == games.current?.id ? nil : stored }
    }

    /// A click on the kept game at `index`: the cursor goes there, and a click on the game
    /// already under it opens it. Nothing while the list is closed (a click on a list closed
    /// since it was drawn).
    public func chooseGame(at index: Int) {
        if library.showsCursor(at: index) { openSelectedGame() } else { library.moveSelection(to: index) }
    }

    /// Starts renaming the chosen player (`team` false) or the chosen player's team, in the
    /// input line, which takes the focus and starts with the name as it is.
    public func startRenaming(team: Bool) {
        guard shown.value.pastGame == nil else { return }
        let game = shown.value.game
        let player = (homePlayers + awayPlayers)[shown.value.selectedPlayer].playerID
        let target: NameTarget = team ? .team(game.side(of: player) ?? .home) : .player(player)
        nameEditor.start(target, name: game.name(of: target) ?? "")
    }

    /// Leaves the name as it was, and puts the input line away.
    public func stopRenaming() {
        nameEditor.stop()
    }

    /// Leaves a past game and shows the current one again.
    public func closePastGame() {
        update { $0.pastGame = nil }
    }

    // MARK: - Changes

    /// Gives `target` its new name, kept in the library.
    private func rename(_ target: NameTarget, to name: String) {
        var game = shown.value.game
        game.rename(target, to: name)
        show(game, problem: games.save { try $0.rename(target, ofGame: $1, to: name) })
    }

    /// Records `move` by `player` (a player's input hands it here), committed before the rows
    /// show it; nothing for a finished game or a past one (the rows show the moves as disabled).
    private func record(_ move: Move, by player: Player.ID) {
        guard shown.value.pastGame == nil else { return }
        var game = shown.value.game
        let now = scheduler.now
        // A finished game, or a player not in it: the inputs show as disabled.
        guard (try? game.record(move, by: player, at: now)) != nil else { return }
        show(game, problem: games.saveLastMove(of: game, at: now))
    }

    /// Stops the clock of the game under way, kept in the library, and starts a game between
    /// the same teams.
    private func startNewGame() {
        var old = shown.value.game
        if old.isRunning {
            old.pause(at: scheduler.now)
            show(old, problem: games.saveClock(of: old, at: scheduler.now))
        }
        let game = Game(home: old.home, away: old.away)
        show(game, problem: games.start(game))
    }

    /// Shows `game`, committed to the library; a failure to keep it is the notice, and the game
    /// goes on in memory.
    private func show(_ game: Game, problem: String?) {
        update {
            $0.game = game; $0.notice = problem ?? $0.notice
        }
    }

    private func update(_ change: (inout ScoreboardShown) -> Void) {
        var next = shown.value
        change(&next)
        shown.change(to: next)
    }
}
