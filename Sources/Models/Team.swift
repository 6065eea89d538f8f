/// The five things a player can do; only points change the score.
public enum Move: String, CaseIterable, Sendable, Codable {
    case onePoint, twoPoints, assist, rebound, foul

    /// The points the move adds to the player's team.
    public var points: Int {
        switch self {
        case .onePoint: 1
        case .twoPoints: 2
        case .assist, .rebound, .foul: 0
        }
    }
}

/// A player in a game.
public struct Player: Equatable, Sendable, Identifiable {
    /// A player's number within a game: home players are 1–3, away players 4–6.
    public struct ID: Hashable, Sendable, Codable, ExpressibleByIntegerLiteral {
        public let rawValue: Int

        /// Creates the identifier `rawValue`.
        public init(_ rawValue: Int) { self.rawValue = rawValue }

        public init(integerLiteral value: Int) { self.init(value) }
    }

    public let id: ID
    public var name: String

    /// Creates player `id` called `name`.
    public init(id: ID, name: String) {
        self.id = id
        self.name = name
    }
}

/// A team of three players.
public struct Team: Equatable, Sendable {
    public var name: String
    public var players: [Player]

    /// Creates a team called `name` with `players`.
    public init(name: String, players: [Player]) {
        self.name = name
        self.players = players
    }

    /// The original example's home team.
    public static let ballerz = Team(
        name: "Ballerz",
        players: [
            Player(id: 1, name: "Shaq"), Player(id: 2, name: "A.I."), Player(id: 3, name: "T-Mac"),
        ])

    /// The original example's away team.
    public static let ringerz = Team(
        name: "Ringerz",
        players: [
            Player(id: 4, name: "Hakeem"), Player(id: 5, name: "Air Carter"), Player(id: 6, name: "Kobe"),
        ])
}
