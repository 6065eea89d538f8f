import Foundation

/// Where games are kept: every move, start and pause is committed before the screen shows it.
public protocol GameLibrary: AnyObject {
    /// The most recent game, to carry on with at launch, or nil when none was ever played.
    func latestGame() throws -> StoredGame?
    /// Keeps a new game, started on `date`, and returns it with its identifier.
    func startGame(_ game: Game, on date: Date) throws -> StoredGame
    /// Commits `move` as the game's next move.
    func append(_ move: RecordedMove, toGame id: StoredGame.ID) throws
    /// Removes the game's last move.
    func removeLastMove(ofGame id: StoredGame.ID) throws
    /// Commits the time on the game's clock and whether it runs.
    func saveClock(ofGame id: StoredGame.ID, elapsed: Duration, isRunning: Bool) throws
    /// Commits a new name for a team or a player of the game.
    func rename(_ target: NameTarget, ofGame id: StoredGame.ID, to name: String) throws
    /// Every game kept, newest first.
    func games() throws -> [StoredGame]
    /// Removes the game, its players and its moves; a game not kept is no error.
    func deleteGame(_ id: StoredGame.ID) throws
}

/// A game as the library keeps it: its identifier and when it started.
public struct StoredGame: Equatable, Sendable, Identifiable {
    /// A game's identifier in the library.
    public typealias ID = Int64

    public let id: ID
    public let startedOn: Date
    public var game: Game

    /// Creates the stored form of `game`.
    public init(id: ID, startedOn: Date, game: Game) {
        self.id = id
        self.startedOn = startedOn
        self.game = game
    }
}
