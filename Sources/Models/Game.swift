/// A pickup basketball game: two teams of three, the moves made, and the game clock.
///
/// The rules: only points score; the game is finished when a team has 15 or more and leads by
/// 2 or more, and nothing changes the score after that. The clock counts up from the periods it
/// ran, measured on an injected monotonic time (never by counting timer ticks), and stops by
/// itself when the game finishes.
///
/// ```swift
/// var game = Game()
/// game.start(at: .zero)
/// try game.record(.twoPoints, by: game.home.players[0].id, at: .seconds(12))
/// game.score   // 2 - 0
/// ```
public struct Game: Equatable, Sendable {
    /// The score a game is played to.
    public static let winningScore = 15
    /// The lead a winner needs.
    public static let winningMargin = 2

    public var home: Team
    public var away: Team
    /// Every move in the order it was made.
    public private(set) var moves: [RecordedMove]
    /// Time on the clock from the periods that have ended.
    public private(set) var accumulated: Duration
    /// When the running period began, or nil while paused.
    public private(set) var runningSince: Duration?

    /// Creates a game between `home` and `away` that has not started.
    public init(
        home: Team = .ballerz, away: Team = .ringerz, moves: [RecordedMove] = [],
        accumulated: Duration = .zero, runningSince: Duration? = nil
    ) {
        self.home = home
        self.away = away
        self.moves = moves
        self.accumulated = accumulated
        self.runningSince = runningSince
    }

    // MARK: - Score

    /// Points for each team.
    public var score: Score {
        var score = Score(home: 0, away: 0)
        for recorded in moves {
            switch side(of: recorded.playerID) {
            case .home: score.home += recorded.move.points
            case .away: score.away += recorded.move.points
            case nil: break
            }
        }
        return score
    }

    /// Whether a team has reached 15 with a lead of 2.
    public var isFinished: Bool { winner != nil }

    /// The team that won, once the game is finished.
    public var winner: Side? {
        let score = score
        guard max(score.home, score.away) >= Self.winningScore,
            abs(score.home - score.away) >= Self.winningMargin
        else { return nil }
        return score.home > score.away ? .home : .away
    }

    /// How many times `player` made `move`.
    public func count(of move: Move, by player: Player.ID) -> Int {
        moves.count { $0.playerID == player && $0.move == move }
    }

    /// The team `player` plays for, or nil when the player is not in the game.
    public func side(of player: Player.ID) -> Side? {
        if home.players.contains(where: { $0.id == player }) { return .home }
        if away.players.contains(where: { $0.id == player }) { return .away }
        return nil
    }

    // MARK: - Moves

    /// Records `move` by `player` at monotonic time `now`; a move that finishes the game stops
    /// the clock.
    public mutating func record(_ move: Move, by player: Player.ID, at now: Duration) throws(GameError) {
        guard side(of: player) != nil else { throw .unknownPlayer }
        guard !isFinished else { throw .gameIsFinished }
        moves.append(RecordedMove(playerID: player, move: move, gameTime: elapsed(at: now)))
        if isFinished { pause(at: now) }
    }

    /// Takes back the last move, and returns it.
    @discardableResult
    public mutating func undoLastMove() -> RecordedMove? {
        moves.popLast()
    }

    // MARK: - Clock

    /// Whether the clock is running.
    public var isRunning: Bool { runningSince != nil }

    /// Time on the clock at monotonic time `now`.
    public func elapsed(at now: Duration) -> Duration {
        accumulated + (runningSince.map { max(.zero, now - $0) } ?? .zero)
    }

    /// Starts the clock at `now`; a finished game's clock stays stopped.
    public mutating func start(at now: Duration) {
        guard runningSince == nil, !isFinished else { return }
        runningSince = now
    }

    /// Stops the clock at `now`, keeping the time it shows.
    public mutating func pause(at now: Duration) {
        guard runningSince != nil else { return }
        accumulated = elapsed(at: now)
        runningSince = nil
    }
}

/// What a name on the scoreboard belongs to: a team or a player.
public enum NameTarget: Hashable, Sendable {
    case team(Side)
    case player(Player.ID)
}

extension Game {
    /// The name `target` has in this game; nil for a player not in it.
    public func name(of target: NameTarget) -> String? {
        switch target {
        case .team(let side): side == .home ? home.name : away.name
        case .player(let id): (home.players + away.players).first { $0.id == id }?.name
        }
    }

    /// Gives `target` the name `name`, taken as given; a player not in the game is left alone.
    public mutating func rename(_ target: NameTarget, to name: String) {
        switch target {
        case .team(.home): home.name = name
        case .team(.away): away.name = name
        case .player(let id):
            if let index = home.players.firstIndex(where: { $0.id == id }) { home.players[index].name = name }
            if let index = away.players.firstIndex(where: { $0.id == id }) { away.players[index].name = name }
        }
    }
}

/// The two sides of a game.
public enum Side: String, Sendable, Codable {
    case home, away
}

/// Points for each team.
public struct Score: Equatable, Sendable {
    public var home: Int
    public var away: Int

    /// Creates a score of `home` to `away`.
    public init(home: Int, away: Int) {
        self.home = home
        self.away = away
    }
}

/// Why a move was not recorded.
public enum GameError: Error, Equatable, Sendable {
    /// The player does not play in this game.
    case unknownPlayer
    /// The game is over; the score cannot change.
    case gameIsFinished
}

/// A move as it happened: who, what, and the time on the game clock.
public struct RecordedMove: Equatable, Sendable {
    public let playerID: Player.ID
    public let move: Move
    public let gameTime: Duration

    /// Creates the record of `move` by `playerID` at `gameTime` on the clock.
    public init(playerID: Player.ID, move: Move, gameTime: Duration) {
        self.playerID = playerID
        self.move = move
        self.gameTime = gameTime
    }
}
