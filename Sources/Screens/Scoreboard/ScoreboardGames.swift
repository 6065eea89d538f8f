import Foundation
import Models

/// The scoreboard's games in the library: the library opened once, when first needed; the game
/// under way read at launch or started; each change committed to it. Every failure comes back
/// in words for the screen's notice, and the game goes on in memory.
@MainActor
final class ScoreboardGames {
    private let open: () throws -> GameLibrary
    private let today: () -> Date
    private var library: GameLibrary?
    private var hasTriedOpening = false
    /// The game under way as the library keeps it; nil when it is not kept.
    private(set) var current: StoredGame?

    /// Games in the library `open` gives (called once); `today` dates a new game.
    init(open: @escaping () throws -> GameLibrary, today: @escaping () -> Date) {
        self.open = open
        self.today = today
    }

    /// Opens the library, once: the words of its failure, the first time only.
    func openIfNeeded() -> String? {
        guard !hasTriedOpening else { return nil }
        hasTriedOpening = true
        do {
            library = try open()
            return nil
        } catch {
            return "Games are not being saved: \(error)"
        }
    }

    /// The latest game kept, to carry on with; else `game`, kept as a new one.
    func latest(or game: Game) -> (game: Game, problem: String?) {
        if let problem = openIfNeeded() { return (game, problem) }
        guard let library else { return (game, nil) }
        do {
            if let latest = try library.latestGame() {
                current = latest
                return (latest.game, nil)
            }
            current = try library.startGame(game, on: today())
            return (game, nil)
        } catch {
            return (game, "Games are not being saved: \(error)")
        }
    }

    /// Keeps `game` as the game under way, dated today.
    func start(_ game: Game) -> String? {
        current = nil
        guard let library else { return nil }
        do {
            current = try library.startGame(game, on: today())
            return nil
        } catch {
            return "This game is not being saved: \(error)"
        }
    }

    /// Commits `change` to the game under way, when it is kept.
    func save(_ change: (GameLibrary, StoredGame.ID) throws -> Void) -> String? {
        guard let library, let id = current?.id else { return nil }
        do {
            try change(library, id)
            return nil
        } catch {
            return "Not saved: \(error)"
        }
    }

    /// Every game kept, or why there are none to show; `notice` is what the screen says already
    /// (why the library could not be opened).
    func all(notice: String) -> (games: [StoredGame], problem: String?) {
        guard let library else { return ([], notice.isEmpty ? "Games are not being saved." : notice) }
        do {
            return (try library.games(), nil)
        } catch {
            return ([], "The games cannot be read: \(error)")
        }
    }
}

extension ScoreboardGames {
    /// Keeps the clock of `game` as it stands at `now`.
    func saveClock(of game: Game, at now: Duration) -> String? {
        save { try $0.saveClock(ofGame: $1, elapsed: game.elapsed(at: now), isRunning: game.isRunning) }
    }

    /// Keeps the move `game` recorded last, and its stopped clock when the move ended it.
    func saveLastMove(of game: Game, at now: Duration) -> String? {
        save { library, id in
            try library.append(game.moves[game.moves.count - 1], toGame: id)
            if game.isFinished { try library.saveClock(ofGame: id, elapsed: game.elapsed(at: now), isRunning: false) }
        }
    }
}
