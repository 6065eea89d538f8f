import Foundation
import Models

/// A game library in memory, for view-model tests; it can be told to fail.
public final class InMemoryGameLibrary: GameLibrary {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String

        /// Creates a failure that says `description`.
        public init(description: String) {
            self.description = description
        }
    }

    /// The games kept, oldest first.
    public private(set) var stored: [StoredGame] = []
    /// Every clock commit: elapsed time and whether the clock runs.
    public private(set) var clockCommits: [(Duration, Bool)] = []
    /// When set, every write throws this failure.
    public var failWrites: Failure?
    /// The identifier the next game takes: never one a deleted game had, as in SQLite.
    private var nextID: StoredGame.ID

    /// Creates an empty library, or one holding `games`.
    public init(games: [StoredGame] = []) {
        stored = games
        nextID = (games.map(\.id).max() ?? 0) + 1
    }

    public func latestGame() throws -> StoredGame? { stored.last }

    public func startGame(_ game: Game, on date: Date) throws -> StoredGame {
        try failIfAsked()
        let game = StoredGame(id: nextID, startedOn: date, game: game)
        nextID += 1
        stored.append(game)
        return game
    }

    public func append(_ move: RecordedMove, toGame id: StoredGame.ID) throws {
        try failIfAsked()
        try update(id) { game in
            game = Game(home: game.home, away: game.away, moves: game.moves + [move], accumulated: game.accumulated)
        }
    }

    public func removeLastMove(ofGame id: StoredGame.ID) throws {
        try failIfAsked()
        try update(id) { game in
            game = Game(home: game.home, away: game.away, moves: Array(game.moves.dropLast()), accumulated: game.accumulated)
        }
    }

    public func saveClock(ofGame id: StoredGame.ID, elapsed: Duration, isRunning: Bool) throws {
        try failIfAsked()
        clockCommits.append((elapsed, isRunning))
        try update(id) { game in
            game = Game(home: game.home, away: game.away, moves: game.moves, accumulated: elapsed)
        }
    }

    public func rename(_ target: NameTarget, ofGame id: StoredGame.ID, to name: String) throws {
        try failIfAsked()
        try update(id) { $0.rename(target, to: name) }
    }

    public func games() throws -> [StoredGame] { stored.reversed() }

    public func deleteGame(_ id: StoredGame.ID) throws {
        try failIfAsked()
        stored.removeAll { $0.id == id }
    }

    private func update(_ id: StoredGame.ID, _ change: (inout Game) -> Void) throws {
        guard let index = stored.firstIndex(where: { $0.id == id }) else { throw Failure(description: "no game \(id)") }
        change(&stored[index].game)
    }

    private func failIfAsked() throws {
        if let failWrites { throw failWrites }
    }
}
