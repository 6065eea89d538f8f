import Binding
import Foundation
import Models

/// The scoreboard of a pickup game: clock, score, the six players' moves, and the games kept.
///
/// The game is read from the library the first time the screen appears; every move, start and
/// pause is committed to the library before an output changes. The clock's text changes ten
/// times a second, from one repeating timer, only while the game runs and the screen shows;
/// otherwise no timer exists.
///
/// Everything it does is synchronous: the library is opened, read and written, and every output
/// set, before the input that asked for it returns. So `isBusy` never rises; a subcommand that
/// lists the games writes them at once.
@MainActor
public final class GameScoreboardViewModel {
    // MARK: - Outputs

    /// The home team's name.
    public var homeTeamName: Output<String> { _homeTeamName.output }
    /// The away team's name.
    public var awayTeamName: Output<String> { _awayTeamName.output }
    /// Time on the clock: `00:00.0`.
    public var time: Output<String> { _time.output }
    /// `<home> - <away>`.
    public var score: Output<String> { _score.output }
    /// Whether the clock stands still.
    public var isPaused: Output<Bool> { _isPaused.output }
    /// The start/pause button: `Start` while paused, `Pause` while running.
    public var pauseButtonTitle: Output<String> { _pauseButtonTitle.output }
    /// Whether the game on show is over.
    public var isFinished: Output<Bool> { _isFinished.output }
    /// `Ballerz win 15 - 12` once finished, else empty.
    public var result: Output<String> { _result.output }
    /// How the score ran over the game time, once finished (`ScoreChart`: a heading, a line of
    /// dots per team, the time from start to end); empty while the game goes on.
    public var scoreChart: Output<[String]> { _scoreChart.output }
    /// A problem with keeping games (`Games are not being saved: …`), else empty.
    public var notice: Output<String> { _notice.output }
    /// A past game shown read-only: `Game of Nov 21, 2026 (read-only)`, else empty.
    public var pastGameTitle: Output<String> { _pastGameTitle.output }
    public let homePlayers: [PlayerScoreboardViewModel]
    public let awayPlayers: [PlayerScoreboardViewModel]
    /// Where the chosen player is: 0–2 home, 3–5 away.
    public var selectedPlayerIndex: Output<Int> { _selectedPlayerIndex.output }
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
    public var isBusy: Output<Bool> { _isBusy.output }

    // MARK: - State

    private let _homeTeamName = Dynamic("")
    private let _awayTeamName = Dynamic("")
    private let _time = Dynamic(ScoreboardFormat.time(.zero))
    private let _score = Dynamic("0 - 0")
    private let _isPaused = Dynamic(true)
    private let _pauseButtonTitle = Dynamic("Start")
    private let _isFinished = Dynamic(false)
    private let _result = Dynamic("")
    private let _scoreChart = Dynamic<[String]>([])
    private let _notice = Dynamic("")
    private let _pastGameTitle = Dynamic("")
    private let _selectedPlayerIndex = Dynamic(0)
    private let _isBusy = Dynamic(false)

    private let openLibrary: () throws -> GameLibrary
    private let scheduler: any Scheduler
    private let today: () -> Date
    private let timeZone: TimeZone
    private var store: GameLibrary?
    private var current: StoredGame?
    private var game = Game()
    private var pastGame: StoredGame?
    private var isVisible = false
    private var hasLoaded = false
    private var tick: ScheduledAction?

    /// Creates the scoreboard. `openLibrary` is called once, when the screen first appears;
    /// A view-model freed while its clock runs leaves no timer on the run loop.
    isolated deinit {
        tick?.cancel()
    }

    /// `scheduler` gives the monotonic time and the clock's ticks; `today` dates new games.
    public init(openLibrary: @escaping () throws -> GameLibrary, scheduler: any Scheduler,
                today: @escaping () -> Date, timeZone: TimeZone) {
        self.openLibrary = openLibrary
        self.scheduler = scheduler
        self.today = today
        self.timeZone = timeZone
        let home = Team.ballerz.players.map(PlayerScoreboardViewModel.init(player:))
        let away = Team.ringerz.players.map(PlayerScoreboardViewModel.init(player:))
        (homePlayers, awayPlayers) = (home, away)
        selectedPlayer = _selectedPlayerIndex.map { (home + away)[$0] }.output
        library = GameLibraryViewModel(timeZone: timeZone)
        for player in home + away {
            player.recordMove = { [weak self, id = player.playerID] move in self?.record(move, by: id) }
        }
        showGame()
    }

    // MARK: - Inputs

    /// The screen came into view: the game is loaded the first time, and a running clock ticks.
    public func screenAppeared() {
        isVisible = true
        loadIfNeeded()
        showGame()
    }

    /// The screen went out of view: the clock keeps time but stops ticking.
    public func screenDisappeared() {
        isVisible = false
        updateTicking()
    }

    /// A direction to move the choice of player in.
    public enum Direction: Sendable {
        case up, down, left, right
    }

    /// Records `move` by `player` (a player's input hands it here), committed before the rows
    /// show it; nothing for a finished game or a past one (the rows show the moves as disabled).
    private func record(_ move: Move, by player: Player.ID) {
        guard pastGame == nil else { return }
        do {
            try game.record(move, by: player, at: scheduler.now)
        } catch {
            return  // A finished game, or a player not in it: the inputs show as disabled.
        }
        let now = scheduler.now
        save { store, id in
            try store.append(game.moves[game.moves.count - 1], toGame: id)
            if game.isFinished { try store.saveClock(ofGame: id, elapsed: game.elapsed(at: now), isRunning: false) }
        }
        showGame()
    }

    /// Chooses the player at `index`: the home team's three, then the away team's (a click on one).
    public func selectPlayer(at index: Int) {
        guard (0..<6).contains(index) else { return }
        _selectedPlayerIndex.change(to: index)
    }

    /// Moves the choice of player within a team (up, down) or to the other team (left, right).
    public func moveSelection(_ direction: Direction) {
        let index = _selectedPlayerIndex.value
        let row = index % 3, team = index / 3
        let next = switch direction {
        case .up: team * 3 + max(0, row - 1)
        case .down: team * 3 + min(2, row + 1)
        case .left: row
        case .right: 3 + row
        }
        _selectedPlayerIndex.change(to: next)
    }

    /// Starts the clock when paused, pauses it when running. A finished game stays stopped.
    public func togglePause() {
        guard pastGame == nil, !game.isFinished else { return }
        let now = scheduler.now
        if game.isRunning { game.pause(at: now) } else { game.start(at: now) }
        save { try $0.saveClock(ofGame: $1, elapsed: game.elapsed(at: now), isRunning: game.isRunning) }
        showGame()
    }

    /// Takes back the last move.
    public func undoLastMove() {
        guard pastGame == nil, game.undoLastMove() != nil else { return }
        save { try $0.removeLastMove(ofGame: $1) }
        showGame()
    }

    /// Starts a new game; asks first when a game is in progress.
    public func newGame() {
        guard pastGame == nil else { return }
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
        openLibraryIfNeeded()
        guard let store else {
            library.show([], problem: _notice.value.isEmpty ? "Games are not being saved." : _notice.value)
            return
        }
        do {
            library.show(try store.games(), problem: nil)
        } catch {
            library.show([], problem: "The games cannot be read: \(error)")
        }
    }

    /// Opens the game under the library's cursor, read-only; the current game shows as itself.
    public func openSelectedGame() {
        guard let stored = library.takeSelected() else { return }
        if stored.id == current?.id { return closePastGame() }
        pastGame = stored
        showGame()
    }

    /// Starts renaming the chosen player (`team` false) or the chosen player's team, in the
    /// input line, which takes the focus and starts with the name as it is.
    public func startRenaming(team: Bool) {
        guard pastGame == nil else { return }
        let player = (homePlayers + awayPlayers)[_selectedPlayerIndex.value].playerID
        let target: NameTarget = team ? .team(game.side(of: player) ?? .home) : .player(player)
        nameEditor.start(target, name: game.name(of: target) ?? "")
    }

    /// Leaves the name as it was, and puts the input line away.
    public func stopRenaming() {
        nameEditor.stop()
    }

    /// Leaves a past game and shows the current one again.
    public func closePastGame() {
        guard pastGame != nil else { return }
        pastGame = nil
        showGame()
    }

    // MARK: - Private

    /// Gives `target` its new name, kept in the library.
    func rename(_ target: NameTarget, to name: String) {
        game.rename(target, to: name)
        save { try $0.rename(target, ofGame: $1, to: name) }
        showGame()
    }

    private func startNewGame() {
        let now = scheduler.now
        if game.isRunning {
            game.pause(at: now)
            save { try $0.saveClock(ofGame: $1, elapsed: game.elapsed(at: now), isRunning: false) }
        }
        game = Game(home: Team(name: game.home.name, players: game.home.players),
                    away: Team(name: game.away.name, players: game.away.players))
        current = nil
        if let store {
            do {
                current = try store.startGame(game, on: today())
            } catch {
                _notice.value = "This game is not being saved: \(error)"
            }
        }
        showGame()
    }

    /// Opens the library, once: a failure is the notice, and is not asked again.
    private func openLibraryIfNeeded() {
        guard store == nil, _notice.value.isEmpty else { return }
        do {
            store = try openLibrary()
        } catch {
            _notice.value = "Games are not being saved: \(error)"
        }
    }

    /// Reads the latest game, or starts one, the first time the screen appears.
    private func loadIfNeeded() {
        guard !hasLoaded else { return }
        hasLoaded = true
        openLibraryIfNeeded()
        guard let store else { return }
        do {
            if let latest = try store.latestGame() {
                current = latest
                game = latest.game
            } else {
                current = try store.startGame(game, on: today())
            }
        } catch {
            _notice.value = "Games are not being saved: \(error)"
        }
    }

    /// Commits a change to the current game; a failure is shown, and the game goes on in memory.
    private func save(_ change: (GameLibrary, StoredGame.ID) throws -> Void) {
        guard let store, let id = current?.id else { return }
        do {
            try change(store, id)
        } catch {
            _notice.value = "Not saved: \(error)"
        }
    }

    /// Sets every output from the game on show (the current one, or a past one read-only).
    private func showGame() {
        let shown = pastGame?.game ?? game
        _homeTeamName.change(to: shown.home.name)
        _awayTeamName.change(to: shown.away.name)
        _score.change(to: ScoreboardFormat.score(shown.score))
        _time.change(to: ScoreboardFormat.time(shown.elapsed(at: scheduler.now)))
        _isPaused.change(to: !shown.isRunning)
        _pauseButtonTitle.change(to: shown.isRunning ? "Pause" : "Start")
        _isFinished.change(to: shown.isFinished)
        _result.change(to: ScoreboardFormat.result(shown))
        _scoreChart.change(to: ScoreChart.rows(for: shown))
        _pastGameTitle.change(to: pastGame.map { "Game of \(ScoreboardFormat.day($0.startedOn, timeZone: timeZone)) (read-only)" } ?? "")
        let enabled = pastGame == nil && !shown.isFinished
        for player in homePlayers + awayPlayers { player.show(shown, enabled: enabled) }
        updateTicking()
    }

    /// Keeps one repeating tick, on every tenth of a second of the clock, while the game runs
    /// and the screen shows; cancels it otherwise. A tick already running is left alone.
    private func updateTicking() {
        guard isVisible, pastGame == nil, game.isRunning else {
            tick?.cancel()
            tick = nil
            return
        }
        guard tick == nil else { return }
        let tenth = Duration.milliseconds(100)
        let elapsed = game.elapsed(at: scheduler.now)
        let intoTenth = Duration.nanoseconds(elapsed.nanoseconds % tenth.nanoseconds)
        tick = scheduler.schedule(every: tenth, after: tenth - intoTenth) { [weak self] in
            guard let self else { return }
            _time.change(to: ScoreboardFormat.time(game.elapsed(at: scheduler.now)))
        }
    }
}
