import Foundation
import GRDB

extension AppDatabase {
    /// The database at `path` opened read-only, for the shell's subcommands, which may run every
    /// minute from a status bar while the app writes the same file: nothing is migrated or written
    /// (SQLite may add the empty `-shm` and `-wal` files a reader of the write-ahead log needs when
    /// the app is not running; the database's bytes stay as they are). With no file, an empty database in memory stands in (what the app would start with);
    /// a file an older version kept is copied into memory and migrated there, the file untouched.
    /// A write to what this returns fails with "the database file is read-only".
    public static func openForReading(path: String) throws(OpenError) -> AppDatabase {
        guard FileManager.default.fileExists(atPath: path) else {
            do {
                return try AppDatabase(inMemoryNamed: "unkept-\(UUID().uuidString)")
            } catch {
                throw OpenError(description: "cannot make an empty database in memory: \(reason(error))")
            }
        }
        do {
            var configuration = Configuration()
            configuration.readonly = true
            configuration.busyMode = .timeout(2)
            let file = try DatabaseQueue(path: path, configuration: configuration)
            guard try file.read(migrator.hasCompletedMigrations) else {
                let copy = try DatabaseQueue()
                try file.backup(to: copy)
                try migrator.migrate(copy)
                return AppDatabase(unmigrated: copy)
            }
            return AppDatabase(unmigrated: file)
        } catch let error as DatabaseError where error.resultCode == .SQLITE_NOTADB || error.resultCode == .SQLITE_CORRUPT {
            throw OpenError(description: "\(path) is not a database this program can read; it was left as it is")
        } catch {
            throw OpenError(description: "cannot read \(path): \(reason(error))")
        }
    }
}
