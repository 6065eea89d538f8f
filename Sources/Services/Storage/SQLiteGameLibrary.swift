import Binding
import Foundation
import GRDB
import Models

/// The game library in the program's SQLite database: a row per game, per player and per move.
///
/// Each call commits before it returns, so what the screen shows after it survives even a
/// SIGKILL. A game read back comes paused, at the latest time committed for it: the clock's
/// time at the last start, pause or move.
public final class SQLiteGameLibrary: GameLibrary {
    private let database: AppDatabase

    /// Creates the library in `database`.
    public init(database: AppDatabase) {
        self.database = database
    }

    // MARK: - GameLibrary

    public func latestGame() throws -> StoredGame? {
        try database.read { db in
            try Int64.fetchOne(db, sql: "SELECT id FROM game ORDER BY id DESC LIMIT 1").map { try Self.game(id: $0, in: db) }
        }
    }

    public func startGame(_ game: Game, on date: Date) throws -> StoredGame {
        try database.write { db in
            try db.execute(
                sql: "INSERT INTO game (startedAt, homeName, awayName, elapsedMilliseconds, isRunning) VALUES (?, ?, ?, ?, ?)",
                arguments: [
                    Self.storedStart(of: date), game.home.name, game.away.name, Self.milliseconds(game.accumulated), game.isRunning,
                ])
            let id = db.lastInsertedRowID
            for (side, team) in [(Side.home, game.home), (.away, game.away)] {
                for player in team.players {
                    try db.execute(
                        sql: "INSERT INTO player (gameId, number, side, name) VALUES (?, ?, ?, ?)",
                        arguments: [id, player.id.rawValue, side.rawValue, player.name])
                }
            }
            for (position, move) in game.moves.enumerated() {
                try Self.insert(move, at: position, gameID: id, in: db)
            }
            return StoredGame(id: id, startedOn: date, game: game)
        }
    }

    public func append(_ move: RecordedMove, toGame id: StoredGame.ID) throws {
        try database.write { db in
            let position = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM move WHERE gameId = ?", arguments: [id]) ?? 0
            try Self.insert(move, at: position, gameID: id, in: db)
        }
    }

    public func removeLastMove(ofGame id: StoredGame.ID) throws {
        try database.write { db in
            try db.execute(
                sql: "DELETE FROM move WHERE gameId = ? AND position = (SELECT MAX(position) FROM move WHERE gameId = ?)",
                arguments: [id, id])
        }
    }

    public func saveClock(ofGame id: StoredGame.ID, elapsed: Duration, isRunning: Bool) throws {
        try database.write { db in
            try db.execute(
                sql: "UPDATE game SET elapsedMilliseconds = ?, isRunning = ? WHERE id = ?",
                arguments: [Self.milliseconds(elapsed), isRunning, id])
        }
    }

    public func rename(_ target: NameTarget, ofGame id: StoredGame.ID, to name: String) throws {
        try database.write { db in
            switch target {
            case .team(let side):
                try db.execute(
                    sql: side == .home ? "UPDATE game SET homeName = ? WHERE id = ?" : "UPDATE game SET awayName = ? WHERE id = ?",
                    arguments: [name, id])
            case .player(let player):
                try db.execute(sql: "UPDATE player SET name = ? WHERE gameId = ? AND number = ?", arguments: [name, id, player.rawValue])
            }
        }
    }

    public func games() throws -> [StoredGame] {
        try database.read { db in
            try Int64.fetchAll(db, sql: "SELECT id FROM game ORDER BY id DESC").map { try Self.game(id: $0, in: db) }
        }
    }

    /// Its players and moves go with it (the tables' foreign keys cascade); the identifier is
    /// never given to another game (`AUTOINCREMENT`).
    public func deleteGame(_ id: StoredGame.ID) throws {
        try database.write { db in
            try db.execute(sql: "DELETE FROM game WHERE id = ?", arguments: [id])
        }
    }

    // MARK: - Rows

    private static func insert(_ move: RecordedMove, at position: Int, gameID: Int64, in db: Database) throws {
        try db.execute(
            sql: "INSERT INTO move (gameId, position, playerNumber, kind, gameTimeMilliseconds) VALUES (?, ?, ?, ?, ?)",
            arguments: [gameID, position, move.playerID.rawValue, move.move.rawValue, milliseconds(move.gameTime)])
    }

    private static func game(id: Int64, in db: Database) throws -> StoredGame {
        guard let row = try Row.fetchOne(db, sql: "SELECT * FROM game WHERE id = ?", arguments: [id]) else {
            throw DatabaseError(resultCode: .SQLITE_NOTFOUND, message: "game \(id) is missing")
        }
        let players = try Row.fetchAll(db, sql: "SELECT number, side, name FROM player WHERE gameId = ? ORDER BY number", arguments: [id])
        func team(_ side: Side, named name: String) -> Team {
            Team(
                name: name,
                players: players.filter { $0["side"] == side.rawValue }
                    .map { Player(id: Player.ID($0["number"]), name: $0["name"]) })
        }
        let moves = try Row.fetchAll(
            db, sql: "SELECT playerNumber, kind, gameTimeMilliseconds FROM move WHERE gameId = ? ORDER BY position",
            arguments: [id]
        ).compactMap { row -> RecordedMove? in
            guard let move = Move(rawValue: row["kind"]) else { return nil }
            return RecordedMove(
                playerID: Player.ID(row["playerNumber"]), move: move, gameTime: .milliseconds(row["gameTimeMilliseconds"] as Int64))
        }
        let clock: Duration = .milliseconds(row["elapsedMilliseconds"] as Int64)
        let latestMove = moves.last?.gameTime ?? .zero
        let game = Game(
            home: team(.home, named: row["homeName"]), away: team(.away, named: row["awayName"]),
            moves: moves, accumulated: max(clock, latestMove))
        return StoredGame(id: id, startedOn: row["startedAt"], game: game)
    }

    /// `2026-11-21 14:05:09.250`: the time in UTC to the millisecond, as GRDB stores a `Date` and
    /// reads it back. GRDB writes a `Date` with a `DateFormatter`, whose ICU set-up holds
    /// megabytes of memory; its `DatabaseDateComponents` writes the same text from the Gregorian
    /// calendar's components in UTC, which need none of it.
    private static func storedStart(of date: Date) -> DatabaseDateComponents {
        let milliseconds = (date.timeIntervalSince1970 * 1000).rounded(.down)
        let seconds = (milliseconds / 1000).rounded(.down)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0)!
        var time = calendar.dateComponents(
            [.year, .month, .day, .hour, .minute, .second],
            from: Date(timeIntervalSince1970: seconds))
        time.nanosecond = Int(milliseconds - seconds * 1000) * 1_000_000
        return DatabaseDateComponents(time, format: .YMD_HMSS)
    }

    private static func milliseconds(_ duration: Duration) -> Int64 {
        duration.nanoseconds / 1_000_000
    }
}
