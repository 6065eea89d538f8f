import Foundation
import GRDB
import Models

/// The screens' small settings in the program's SQLite database, one row per key.
///
/// ```swift
/// func keepPlace(in database: AppDatabase) throws {
///     let preferences = SQLitePreferences(database: database)
///     try preferences.set("Lisbon", forKey: "weather.lastPlace")
/// }
/// ```
public final class SQLitePreferences: PreferencesStore, Sendable {
    private let database: AppDatabase

    /// Creates the preferences in `database`.
    public init(database: AppDatabase) {
        self.database = database
    }

    // MARK: - PreferencesStore

    public func string(forKey key: String) throws -> String? {
        try database.read { db in
            try String.fetchOne(db, sql: "SELECT value FROM preference WHERE key = ?", arguments: [key])
        }
    }

    public func set(_ value: String?, forKey key: String) throws {
        try database.write { db in
            if let value {
                try db.execute(
                    sql: "INSERT INTO preference (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                    arguments: [key, value])
            } else {
                try db.execute(sql: "DELETE FROM preference WHERE key = ?", arguments: [key])
            }
        }
    }
}
