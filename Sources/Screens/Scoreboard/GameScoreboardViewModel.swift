import Binding
import Foundation
import Models

/// The scoreboard of a pickup game: clock, score, the six players' moves, and the games kept.
///
/// The game is read from the library the first time the screen appears; every move, start and
/// pause is committed to the library before an output changes. The clock's text changes ten
/// times a second only while the game runs and the screen shows; otherwise no timer exists.
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
    /// A problem with keeping games (`Games are not being saved: …`), else empty.
    public var notice: Output<String> { _notice.output }
    /// Whether the screen asks to confirm a new game over one in progress.
    public var isConfirmingNewGame: Output<Bool> { _isConfirmingNewGame.output }
    /// A past game shown read-only: `Game of Nov 21, 2026 (read-only)`, else empty.
    public var pastGameTitle: Output<String> { _pastGameTitle.output }
    public let homePlayers: [PlayerScoreboardViewModel]
    public let awayPlayers: [PlayerScoreboardViewModel]
    /// The chosen player, whom the move keys record for: 0–2 home, 3–5 away.
    public var selectedPlayerIndex: Output<Int> { _selectedPlayerIndex.output }
    /// The games kept.
    public let library: GameLibraryViewModel
    /// The team or player being renamed in the input line; nil while nothing is.
    public var renaming: Output<NameTarget?> { _renaming.output }
    /// Why the name typed cannot be taken; empty while nothing is wrong.
    public var renameProblem: Output<String> { _renameProblem.output }

    // MARK: - State

    private let _homeTeamName = Dynamic("")
    private let _awayTeamName = Dynamic("")
    private let _time = Dynamic(ScoreboardFormat.time(.zero))
    private let _score = Dynamic("0 - 0")
    private let _isPaused = Dynamic(true)
    private let _pauseButtonTitle = Dynamic("Start")
    private let _isFinished = Dynamic(false)
    private let _result = Dynamic("")
    private let _notice = Dynamic("")
    private let _isConfirmingNewGame = Dynamic(false)
    private let _pastGameTitle = Dynamic("")
    private let _selectedPlayerIndex = Dynamic(0)
    private let _renaming = Dynamic<NameTarget?>(nil)
    private let _renameProblem = Dynamic("")

    private let openLibrary: () throws -> GameLibrary
    private let scheduler: any Scheduler
    private let today: () -> Date
    private let timeZone: TimeZone
    private var store: GameLibrary?
    private var current: StoredGame?
    private var game = Game()
    private var pastGame: StoredGame?
    private var isVisible = false
    private var tick: ScheduledAction?
    // The input line while a name is typed; internal for the InputLineUser extension's file.
    let _inputLine = Dynamic(InputLine())
    let _inputLineIsFocused = Dynamic(false)

    /// Creates the scoreboard. `openLibrary` is called once, when the screen first appears;
    /// `scheduler` gives the monotonic time and the clock's ticks; `today` dates new games.
    public init(openLibrary: @escaping () throws -> GameLibrary, scheduler: any Scheduler,
                today: @escaping () -> Date = Date.init, timeZone: TimeZone = .current) {
        self.openLibrary = openLibrary
        self.scheduler = scheduler
        self.today = today
        self.timeZone = timeZone
        // The library calls back into this view-model, which does not exist until it does: it
        // calls through a closure filled in once it does.
        var open: (@MainActor (StoredGame) -> Void)?
        homePlayers = Team.ballerz.players.map(PlayerScoreboardViewModel.init(player:))
        awayPlayers = Team.ringerz.players.map(PlayerScoreboardViewModel.init(player:))
        library = GameLibraryViewModel(timeZone: timeZone) { open?($0) }
        open = { [unowned self] in showPastGame($0) }
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

    /// Records `move` by `player`, committed before the rows show it; nothing for a finished
    /// game or a past one (the rows show the moves as disabled).
    public func record(_ move: Move, by player: Player.ID) {
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

    /// The chosen player.
    private var selectedPlayer: PlayerScoreboardViewModel {
        (homePlayers + awayPlayers)[_selectedPlayerIndex.value]
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
            _isConfirmingNewGame.change(to: true)
        } else {
            startNewGame()
        }
    }

    /// Answers the new-game question: yes keeps the game in progress in the library.
    public func confirmNewGame(_ confirmed: Bool) {
        guard _isConfirmingNewGame.value else { return }
        _isConfirmingNewGame.value = false
        if confirmed { startNewGame() }
    }

    /// Opens the list of games kept.
    public func showLibrary() {
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

    /// The longest name a team or a player may have, in characters.
    public static let longestName = 24

    /// Starts renaming the chosen player (`team` false) or the chosen player's team, in the
    /// input line, which takes the focus and starts with the name as it is.
    public func startRenaming(team: Bool) {
        guard pastGame == nil else { return }
        let player = selectedPlayer.playerID
        let target: NameTarget = team ? .team(game.side(of: player) ?? .home) : .player(player)
        _renaming.change(to: target)
        _renameProblem.change(to: "")
        _inputLine.change(to: InputLine(text: game.name(of: target) ?? ""))
        _inputLineIsFocused.change(to: true)
    }

    /// Takes `text` as the new name, unless it is empty or too long, which the screen says.
    func rename(to text: String) {
        guard let target = _renaming.value else { return }
        let name = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        guard !name.isEmpty, name.count <= Self.longestName else {
            _renameProblem.change(to: name.isEmpty ? "A name cannot be empty" : "A name has at most \(Self.longestName) characters")
            return
        }
        game.rename(target, to: name)
        save { try $0.rename(target, ofGame: $1, to: name) }
        stopRenaming()
        showGame()
    }

    /// Leaves the name as it was, and puts the input line away.
    public func stopRenaming() {
        _renaming.change(to: nil)
        _renameProblem.change(to: "")
        _inputLine.change(to: InputLine())
        _inputLineIsFocused.change(to: false)
    }

    /// Leaves a past game and shows the current one again.
    public func closePastGame() {
        guard pastGame != nil else { return }
        pastGame = nil
        showGame()
    }

    // MARK: - Private

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

    private func loadIfNeeded() {
        guard store == nil, _notice.value.isEmpty else { return }
        do {
            let store = try openLibrary()
            self.store = store
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

    private func showPastGame(_ stored: StoredGame) {
        if stored.id == current?.id { return closePastGame() }
        pastGame = stored
        showGame()
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
        _pastGameTitle.change(to: pastGame.map { "Game of \(ScoreboardFormat.day($0.startedOn, timeZone: timeZone)) (read-only)" } ?? "")
        let enabled = pastGame == nil && !shown.isFinished
        for player in homePlayers + awayPlayers { player.show(shown, enabled: enabled) }
        updateTicking()
    }

    /// Keeps one tick scheduled, at the next tenth of a second on the clock, while the game
    /// runs and the screen shows; cancels it otherwise.
    private func updateTicking() {
        tick?.cancel()
        tick = nil
        guard isVisible, pastGame == nil, game.isRunning else { return }
        let tenth = Duration.milliseconds(100)
        let elapsed = game.elapsed(at: scheduler.now)
        let intoTenth = Duration.nanoseconds(elapsed.nanoseconds % tenth.nanoseconds)
        tick = scheduler.schedule(after: tenth - intoTenth) { [weak self] in
            guard let self else { return }
            _time.change(to: ScoreboardFormat.time(game.elapsed(at: scheduler.now)))
            updateTicking()
        }
    }
}
