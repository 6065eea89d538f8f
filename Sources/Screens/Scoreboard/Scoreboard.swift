import Foundation
import Models

/// The Scoreboard as one value: the game under way and where the library keeps it, a finished
/// game opened read-only, the chosen player, the list of games kept, the questions before a new
/// game and before a delete, the name being typed, and the clock's last reading.
///
/// Its transitions (`handle`, in `Scoreboard+Transitions.swift`) are pure: an event that needs
/// the time carries the scheduler's reading, and keeping a change is work (`Work.commit`) whose
/// answer shows it. The runner answers a commit inside `start`, so a move is committed before
/// the score shows it, as the library promises; the clock ticks as work that answers ten times a
/// second while the game runs and the screen shows.
public struct Scoreboard: ScreenState {
    /// The game under way.
    var game = Game()
    /// Where the library keeps `game`; nil while it is not kept (no library, or keeping failed).
    var keptAs: StoredGame.ID?
    /// The scheduler's last reading: the clock shows the game's time at it.
    var clock: Duration = .zero
    /// Whether the screen has appeared once, and so asked for the game kept last.
    var hasLoaded = false
    var isVisible = false
    /// A finished game of the library opened read-only, shown instead of `game`.
    var pastGame: StoredGame?
    /// A problem with keeping games, else empty.
    var notice = ""
    /// What the screen says of the last key: the move undo took back (`Undid Hakeem's rebound`),
    /// or why the key could not act; empty once another key is pressed.
    var news = ""
    /// Where the chosen player is: 0–2 home, 3–5 away.
    var selectedPlayer = 0
    /// The list of games kept, while it shows.
    var library: KeptGames?
    /// Whether the new-game question waits for its answer.
    var isAskingForNewGame = false
    /// The kept game the delete question asks about, while it waits for its answer.
    var deleting: StoredGame?
    /// The name being typed, while a team or a player is renamed.
    var renaming: Renaming?
    /// The tick that moves the clock on, while one runs.
    var tick: WorkID?
    var lastWork = WorkID.none

    /// A scoreboard before the screen first appears: the original teams at nil–nil.
    public init() {}

    /// The game on show: a past one, or the one under way.
    var onShow: Game { pastGame?.game ?? game }
    /// Whether moves can be recorded: the game under way shows and is not over.
    var takesMoves: Bool { pastGame == nil && !game.isFinished }
    /// Whether `n` starts a new game: the game under way shows and has a move.
    var takesNewGame: Bool { pastGame == nil && !game.moves.isEmpty }
    /// Why the game on show takes no move, no start or pause and no change; nil while it takes them.
    var refusal: String? {
        if pastGame != nil { return "A past game is read-only: Esc goes back to the current game" }
        if game.isFinished { return "The game is over: z takes back the last move, n starts a new one" }
        return nil
    }
    /// Time on the clock of the game on show.
    var time: Duration { onShow.elapsed(at: clock) }

    /// `Game of Nov 21, 2026 19:42 (read-only) · Esc returns to the current game` while a past
    /// game shows, its day and time in `timeZone`.
    func pastGameTitle(in timeZone: TimeZone) -> String {
        pastGame.map {
            "Game of \(ScoreboardFormat.started($0.startedOn, timeZone: timeZone)) (read-only) · Esc returns to the current game"
        }
            ?? ""
    }

    /// `Delete the game of Nov 21, 2026 19:42, Ballerz 2 - 0 Ringerz?` while the delete question
    /// waits, else empty.
    func deleteQuestion(in timeZone: TimeZone) -> String {
        guard let deleting else { return "" }
        let game = deleting.game
        return "Delete the game of \(ScoreboardFormat.started(deleting.startedOn, timeZone: timeZone)), "
            + "\(game.home.name) \(ScoreboardFormat.score(game.score)) \(game.away.name)?"
    }

    // MARK: - Events, work and answers

    /// What happens to the Scoreboard: an input, with the clock's reading where it matters, or
    /// the answer of its work.
    public enum Event: Sendable {
        case appeared(clock: Duration)
        case disappeared
        case playerSelected(Int)
        case selectionMoved(Direction)
        case pauseToggled(clock: Duration)
        case moveMade(Move, by: Player.ID, clock: Duration)
        case undoAsked
        case newGameAsked(clock: Duration)
        case newGameAnswered(Bool, clock: Duration)
        case libraryAsked
        case libraryCursorMoved(by: Int)
        case gameClicked(at: Int, clock: Duration)
        case gameOpened(clock: Duration)
        case deleteAsked
        case deleteAnswered(Bool)
        case libraryClosed
        case pastGameClosed(clock: Duration)
        case renameStarted(team: Bool)
        case nameEdited(InputLineEdit)
        case nameFocusChanged(Bool)
        case nameSubmitted
        case renameStopped
        case answered(WorkID, Answer)
    }

    /// A direction to move the choice of player in.
    public enum Direction: Sendable {
        case up, down, left, right
    }

    /// The work the Scoreboard asks for.
    public enum Work: Equatable, Sendable {
        /// The game kept last, to carry on with; else `game`, kept as the game under way.
        case carryOn(Game)
        /// Keeps `game`, new and already on show, as the game under way.
        case keep(Game)
        /// Commits `change` to the kept game `id`, after which `game` shows.
        case commit(GameChange, to: StoredGame.ID, showing: Game)
        /// Reads every game kept, newest first.
        case readLibrary
        /// Deletes the kept game `id`.
        case delete(StoredGame.ID)
        /// Tells the clock's reading after `delay`, then every tenth of a second, until cancelled.
        case tick(after: Duration)
    }

    /// One change to a kept game.
    public enum GameChange: Equatable, Sendable {
        case clock(elapsed: Duration, isRunning: Bool)
        /// The move recorded last; when it ended the game, the clock stopped at `finishedAt`.
        case move(RecordedMove, finishedAt: Duration?)
        case undo
        case rename(NameTarget, to: String)
    }

    /// What the runner answers.
    public enum Answer: Sendable {
        /// The game under way as kept, or nil with why it is not (nil, nil: no library).
        case kept(StoredGame?, problem: String?)
        /// A change to the kept game `id` was committed, or `problem` says why not; `game` shows
        /// either way while `id` is the game under way.
        case committed(Game, to: StoredGame.ID, problem: String?)
        /// The games kept; nil when there is no library (`problem`: why, the first time).
        case library([StoredGame]?, problem: String?)
        /// The kept game `id` was deleted, or `problem` says why not.
        case deleted(StoredGame.ID, problem: String?)
        /// The clock's reading at a tick.
        case ticked(clock: Duration)
    }

    public static func event(answering id: WorkID, with answer: Answer) -> Event {
        .answered(id, answer)
    }

    /// A tick answers again and again; every other answer ends its work.
    public static func ends(with answer: Answer) -> Bool {
        if case .ticked = answer { return false }
        return true
    }
}

/// The games kept, as the list shows them.
struct KeptGames: Equatable, Sendable {
    var games: [StoredGame]
    /// The row the cursor is on.
    var cursor = 0
    /// What the list says when it cannot be read or is empty.
    var message: String
}

/// A name being typed for a team or a player.
struct Renaming: Equatable, Sendable {
    /// The longest name a team or a player may have, in characters.
    static let longestName = 24

    var target: NameTarget
    var line: InputLine
    /// Why the name typed cannot be taken; empty while nothing is wrong.
    var problem = ""
    var isFocused = true

    /// The name typed, its spaces tidied, when it can be taken; else nil, and `problem` says why.
    mutating func name() -> String? {
        let name = line.text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        guard !name.isEmpty, name.count <= Self.longestName else {
            problem = name.isEmpty ? "A name cannot be empty" : "A name has at most \(Self.longestName) characters"
            return nil
        }
        return name
    }
}

extension Scoreboard.Direction {
    /// The player chosen from the one at `index` (0–2 home, 3–5 away): within a team up and
    /// down, to the other team left and right.
    func player(from index: Int) -> Int {
        let row = index % 3, team = index / 3
        return switch self {
        case .up: team * 3 + max(0, row - 1)
        case .down: team * 3 + min(2, row + 1)
        case .left: row
        case .right: 3 + row
        }
    }
}
