import Foundation
import GRDB
import Services
import TestSupport

/// Small databases in the shape of the ones the program ships, for tests: the tables are made by
/// the very statements the shipped database was made with (read from its `sqlite_master`), so a
/// fixture follows Scripts/make-gazetteer.py and Scripts/make-catalogue.py when they change.
enum ResourceDatabaseFixture {
    /// A new file name in the temporary folder, ending in `name`.
    static func temporaryURL(_ name: String) -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("\(UUID().uuidString)-\(name)")
    }

    /// Writes at `url` a database with the tables of the shipped `fileName` and `rows` by table,
    /// in `format` (its `user_version`).
    static func write(to url: URL, like fileName: String, format: Int = 1, rows: [String: [[any DatabaseValueConvertible]]]) throws {
        let shipped = try DatabaseQueue(
            path: EmbeddedDataFolder.located.file(fileName).path,
            configuration: {
                var c = Configuration(); c.readonly = true; return c
            }())
        let schema = try shipped.read { db in
            try String.fetchAll(db, sql: "SELECT sql FROM sqlite_master WHERE sql IS NOT NULL ORDER BY rowid")
        }
        try shipped.close()
        let database = try DatabaseQueue(path: url.path)
        try database.write { db in
            for statement in schema { try db.execute(sql: statement) }
            for (table, tableRows) in rows {
                for row in tableRows {
                    let marks = row.map { _ in "?" }.joined(separator: ", ")
                    try db.execute(sql: "INSERT INTO \(table) VALUES (\(marks))", arguments: StatementArguments(row))
                }
            }
        }
        try database.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA user_version = \(format)") }
        try database.close()
    }

    /// Writes at `url` the first `bytes` of the shipped `fileName`: a database cut short.
    static func writeTruncated(_ fileName: String, bytes: Int, to url: URL) throws {
        let whole = try Data(contentsOf: EmbeddedDataFolder.located.file(fileName))
        try whole.prefix(bytes).write(to: url)
    }

    /// Writes at `url` `count` bytes that are no database, the same each run.
    static func writeNoise(count: Int, to url: URL) throws {
        var generator = SplitMix64(seed: 17)  // the same noise in every run
        try Data((0..<count).map { _ in UInt8(truncatingIfNeeded: generator.next()) }).write(to: url)
    }
}
