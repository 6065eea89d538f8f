import Binding
import Foundation
import Models

/// The scoreboard of a pickup game: clock, score, the six players' moves, and the games kept.
///
/// What the screen shows is one value, `Scoreboard`, whose transitions name the work to do;
/// this view-model applies them, hands the work to its runner, and derives every output from
/// the one value, the six players' lines too. The game is read from the library the first time
/// the screen appears; every move, start and pause is committed to the library before an output
/// changes, for the live runner (`ScoreboardRunner`) answers a commit inside `start`. So `isBusy`
/// never rises; a subcommand that lists the games writes them at once.
///
/// ```swift
/// func play(keptIn library: any GameLibrary) -> BindingToken {
///     let scoreboard = GameScoreboardViewModel(openLibrary: { library }, scheduler: MainQueueScheduler(),
///                                              today: Date.init, timeZone: .current)
///     let score = scoreboard.score.bindAndFire { print($0) }   // "0 - 0"
///     scoreboard.screenAppeared()                              // the game kept last
///     scoreboard.homePlayers[0].twoPointsMove()                // committed, then "2 - 0"
///     return score
/// }
/// ```
@MainActor
public final class GameScoreboardViewModel {
    /// A direction to move the choice of player in.
    public typealias Direction = Scoreboard.Direction

    // MARK: - Outputs

    /// The home team's name.
    public let homeTeamName: Output<String>
    /// The away team's name.
    public let awayTeamName: Output<String>
    /// Time on the clock: `00:00.0`.
    public let time: Output<String>
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
    /// What the last key did or why it could not act (`Undid Hakeem's rebound`), else empty.
    public let news: Output<String>
    /// A finished game shown read-only: `Game of Nov 21, 2026 19:42 (read-only) · Esc returns to the current game`, else empty.
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
    public let newGameConfirmation: ConfirmationViewModel
    /// The question asked before the game under the library's cursor is deleted.
    public let deleteConfirmation: ConfirmationViewModel
    /// Whether `newGame()` starts a new game (or asks first): the game under way shows and has a
    /// move. Otherwise it says why not.
    public let takesNewGame: Output<Bool>
    /// Whether a team or a player is being renamed: the input line is the name's.
    public let isRenaming: Output<Bool>
    /// Why the name typed cannot be taken; empty while nothing is wrong.
    public let renameProblem: Output<String>
    /// Whether work the screen asked for is still under way: always false, for none is
    /// asynchronous (see above); a view may bind it for a spinner, as on every screen.
    public let isBusy = Dynamic(false).output
    /// The longest name a team or a player may have, in characters.
    public nonisolated static let longestName = Renaming.longestName

    // MARK: - State

    private let machine: ScreenMachine<Scoreboard>
    /// The games the list has room for, as the view last laid it out; eleven until it does.
    private var libraryRowCount = 11
    private let scheduler: any Scheduler
    private var tokens: [BindingToken] = []

    /// Creates the scoreboard with its live runner. `openLibrary` is called once, when the
    /// screen first appears; `scheduler` gives the monotonic time and the clock's ticks; `today`
    /// dates new games, and `timeZone` names a past game's day; a finished game's chart is drawn
    /// with `glyphs`.
    public convenience init(
        openLibrary: @escaping () throws -> GameLibrary, scheduler: any Scheduler,
        today: @escaping () -> Date, timeZone: TimeZone, glyphs: Glyphs = .unicode
    ) {
        let runner = ScoreboardRunner(openLibrary: openLibrary, today: today, scheduler: scheduler)
        self.init(Scoreboard(), runner: runner, scheduler: scheduler, timeZone: timeZone, glyphs: glyphs)
    }

    /// Creates the scoreboard from `scoreboard`, whose work `runner` does; `scheduler` is the
    /// clock read with each event that needs it.
    public init(
        _ scoreboard: Scoreboard, runner: any WorkRunner<Scoreboard.Work, Scoreboard.Answer>, scheduler: any Scheduler,
        timeZone: TimeZone, glyphs: Glyphs = .unicode
    ) {
        machine = ScreenMachine(scoreboard, runner: runner)
        self.scheduler = scheduler
        let state = machine.state.output
        let game = state.map(\.onShow).distinct()
        homeTeamName = game.map(\.home.name).distinct()
        awayTeamName = game.map(\.away.name).distinct()
        time = state.map { ScoreboardFormat.time($0.time) }.distinct()
        score = game.map { ScoreboardFormat.score($0.score) }.distinct()
        isPaused = game.map { !$0.isRunning }.distinct()
        pauseButtonTitle = game.map { $0.isRunning ? "Pause" : "Start" }.distinct()
        isFinished = game.map(\.isFinished).distinct()
        result = game.map(ScoreboardFormat.result).distinct()
        scoreChart = game.map { ScoreChart.rows(for: $0, glyphs: glyphs) }.distinct()
        notice = state.map(\.notice).distinct()
        news = state.map(\.news).distinct()
        pastGameTitle = state.map { $0.pastGameTitle(in: timeZone) }.distinct()
        let shown = state.map { ShownGame(game: $0.onShow, takesMoves: $0.takesMoves) }.distinct()
        homePlayers = Team.ballerz.players.map { PlayerScoreboardViewModel(player: $0.id, in: shown) }
        awayPlayers = Team.ringerz.players.map { PlayerScoreboardViewModel(player: $0.id, in: shown) }
        let players = homePlayers + awayPlayers
        selectedPlayerIndex = state.map(\.selectedPlayer).distinct()
        selectedPlayer = selectedPlayerIndex.map { players[$0] }
        library = GameLibraryViewModel(state.map(\.library).distinct(), timeZone: timeZone)
        newGameConfirmation = ConfirmationViewModel(
            "Start a new game? The game in progress stays in the list of games.", isAsking: state.map(\.isAskingForNewGame))
        deleteConfirmation = ConfirmationViewModel(asking: state.map { $0.deleteQuestion(in: timeZone) })
        takesNewGame = state.map(\.takesNewGame).distinct()
        isRenaming = state.map { $0.renaming != nil }.distinct()
        renameProblem = state.map { $0.renaming?.problem ?? "" }.distinct()
        inputPrompt = state.map { if case .team = $0.renaming?.target { "Team name" } else { "Player name" } }.distinct()
        inputLine = state.map { $0.renaming?.line ?? InputLine() }.distinct()
        inputLineIsFocused = state.map { $0.renaming?.isFocused ?? false }.distinct()
        for player in players {
            player.moveMade.bind { [unowned self, id = player.playerID] move in
                machine.send(.moveMade(move, by: id, clock: scheduler.now))
            }.store(in: &tokens)
        }
    }

    /// The input line's prompt while renaming: `Team name` or `Player name`.
    public let inputPrompt: Output<String>
    /// The name as typed, and the cursor.
    public let inputLine: Output<InputLine>
    /// Whether keys go to the name.
    public let inputLineIsFocused: Output<Bool>

    // MARK: - Inputs

    /// The screen came into view: the game is loaded the first time, and a running clock ticks.
    public func screenAppeared() {
        machine.send(.appeared(clock: scheduler.now))
    }

    /// The screen went out of view: the clock keeps time but stops ticking.
    public func screenDisappeared() {
        machine.send(.disappeared)
    }

    /// Chooses the player at `index`: the home team's three, then the away team's (a click on one).
    public func selectPlayer(at index: Int) {
        machine.send(.playerSelected(index))
    }

    /// Moves the choice of player within a team (up, down) or to the other team (left, right).
    public func moveSelection(_ direction: Direction) {
        machine.send(.selectionMoved(direction))
    }

    /// Starts the clock when paused, pauses it when running. A finished game stays stopped.
    public func togglePause() {
        machine.send(.pauseToggled(clock: scheduler.now))
    }

    /// Takes back the last move.
    public func undoLastMove() {
        machine.send(.undoAsked)
    }

    /// Starts a new game; asks first when a game is in progress, and says so when the game under
    /// way has no move yet (a new game would be the same).
    public func newGame() {
        machine.send(.newGameAsked(clock: scheduler.now))
    }

    /// Answers the new-game question: yes keeps the game in progress in the library.
    public func confirmNewGame(_ confirmed: Bool) {
        machine.send(.newGameAnswered(confirmed, clock: scheduler.now))
    }

    /// Opens the list of games kept; before the screen has appeared, it opens the library for
    /// it, and starts no game.
    public func showLibrary() {
        machine.send(.libraryAsked)
    }

    /// Moves the list's cursor as every list moves (`ListMove`), a page being the games in view
    /// less one; nothing while it is closed.
    public func moveInLibrary(_ move: ListMove) {
        guard let library = machine.state.value.library else { return }
        let page = libraryRowCount - 1
        machine.send(.libraryCursorMoved(by: move.index(from: library.cursor, count: library.games.count, page: page) - library.cursor))
    }

    /// The view laid the screen out with room for `count` games in the list: a page's move is
    /// sized by it, as every list's is.
    public func setVisibleRowCount(_ count: Int) {
        libraryRowCount = max(2, count)
    }

    /// Closes the list of games kept.
    public func closeLibrary() {
        machine.send(.libraryClosed)
    }

    /// Opens the game under the library's cursor: a finished one read-only, any other as the
    /// game under way, paused where its clock stopped (the game left pauses; left with no move,
    /// it is deleted). The current game shows as itself.
    public func openSelectedGame() {
        machine.send(.gameOpened(clock: scheduler.now))
    }

    /// Asks whether to delete the game under the library's cursor (`deleteConfirmation`); the
    /// game under way is not deleted, and `news` says so.
    public func deleteSelectedGame() {
        machine.send(.deleteAsked)
    }

    /// Answers the delete question: yes deletes the game from the library and the list.
    public func confirmDelete(_ confirmed: Bool) {
        machine.send(.deleteAnswered(confirmed))
    }

    /// A click on the kept game at `index`: the cursor goes there, and a click on the game
    /// already under it opens it (`openSelectedGame()`). Nothing while the list is closed (a click on a list closed
    /// since it was drawn).
    public func chooseGame(at index: Int) {
        machine.send(.gameClicked(at: index, clock: scheduler.now))
    }

    /// Starts renaming the chosen player (`team` false) or the chosen player's team, in the
    /// input line, which takes the focus and starts with the name as it is.
    public func startRenaming(team: Bool) {
        machine.send(.renameStarted(team: team))
    }

    /// Leaves the name as it was, and puts the input line away.
    public func stopRenaming() {
        machine.send(.renameStopped)
    }

    /// Leaves a past game and shows the current one again.
    public func closePastGame() {
        machine.send(.pastGameClosed(clock: scheduler.now))
    }
}

// MARK: - InputLineUser

extension GameScoreboardViewModel: InputLineUser {
    /// The line shows only once a rename starts.
    public var focusesInputOnOpen: Bool { false }

    public func inputLineEdited(_ edit: InputLineEdit) {
        machine.send(.nameEdited(edit))
    }

    public func inputFocusChanged(_ focused: Bool) {
        machine.send(.nameFocusChanged(focused))
    }

    /// Enter: the name typed is taken and kept, when it can be; else `renameProblem` says why.
    public func inputSubmitted() {
        machine.send(.nameSubmitted)
    }
}
