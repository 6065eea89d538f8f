import Foundation
import GRDB
import Models
import Synchronization

/// The program's SQLite database, one file in the data directory, with its migrations.
///
/// Write-ahead logging lets a second process read what is committed while this one writes.
/// A file that is not a database, or that the program cannot open, is reported and left
/// exactly as it is: never overwritten, never deleted.
public final class AppDatabase: Sendable {
    /// Why the database cannot be used, in words a person can act on.
    public struct OpenError: Error, CustomStringConvertible {
        public let description: String
    }

    /// The file name inside the data directory.
    public static let fileName = "mvvm-tui.sqlite"

    let writer: any DatabaseWriter
    /// The file's path; nil for a database in memory.
    public let path: String?
    /// The writer connection's `PRAGMA data_version` when `changedElsewhere()` last read it.
    private let dataVersion = Mutex<Int?>(nil)
    /// How many of this program's writes are under way (an import's batch on its own queue).
    /// Its lock also keeps a write from starting while `changedElsewhere()` asks the writer.
    private let writesUnderWay = Mutex<Int>(0)

    /// Opens (creating it when missing) the database at `path`, and migrates it.
    public init(path: String) throws(OpenError) {
        self.path = path
        do {
            let directory = (path as NSString).deletingLastPathComponent
            try FileManager.default.createDirectory(
                atPath: directory, withIntermediateDirectories: true,
                attributes: [.posixPermissions: 0o700])
            var configuration = Configuration()
            configuration.busyMode = .timeout(2)
            // Room for the People indexes of 100,000 people; it grows only as pages are read (Docs/DECISIONS.md).
            // The write-ahead log is cut back to 4 MB after each checkpoint, rather than keeping
            // the size the largest import gave it (Docs/DECISIONS.md).
            configuration.prepareDatabase { db in
                try db.execute(sql: "PRAGMA cache_size = -16384; PRAGMA journal_size_limit = 4194304; PRAGMA temp_store = MEMORY")
            }
            writer = try DatabasePool(path: path, configuration: configuration)
            try Self.migrator.migrate(writer)
        } catch let error as DatabaseError where error.resultCode == .SQLITE_NOTADB || error.resultCode == .SQLITE_CORRUPT {
            throw OpenError(description: "\(path) is not a database this program can read; it was left as it is")
        } catch let error as DatabaseError where Self.isReadOnly(path) && [.SQLITE_CANTOPEN, .SQLITE_READONLY].contains(error.resultCode) {
            throw OpenError(description: "cannot open \(path): the file or its directory is read-only")
        } catch {
            throw OpenError(description: "cannot open \(path): \(Self.reason(error))")
        }
    }

    /// A private database in memory, for tests.
    public init(inMemoryNamed name: String = UUID().uuidString) throws {
        writer = try DatabaseQueue(named: name)
        path = nil
        try Self.migrator.migrate(writer)
    }

    /// A database over `writer`, as it is (see `AppDatabase+Reading`).
    init(unmigrated writer: any DatabaseWriter, path: String? = nil) {
        self.writer = writer
        self.path = path
    }

    static func reason(_ error: any Error) -> String {
        if let error = error as? DatabaseError { return Failure(error).description }
        return (error as NSError).localizedDescription
    }

    /// Whether the file at `path`, or its directory when there is no file, cannot be written.
    private static func isReadOnly(_ path: String) -> Bool {
        let directory = (path as NSString).deletingLastPathComponent
        return access(directory, W_OK) != 0 || (access(path, F_OK) == 0 && access(path, W_OK) != 0)
    }

    // MARK: - Reading and writing

    /// Why a read or a write failed, in words a person can act on: never the SQL that failed.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String

        init(_ error: DatabaseError) {
            description =
                switch error.resultCode {
                case .SQLITE_BUSY, .SQLITE_LOCKED: "the database is in use by another program; try again"
                case .SQLITE_FULL: "the disk is full"
                case .SQLITE_READONLY: "the database file is read-only"
                case .SQLITE_IOERR: "the disk could not be read or written"
                case .SQLITE_CORRUPT, .SQLITE_NOTADB: "the database file is damaged"
                default: error.message ?? "SQLite error \(error.resultCode.rawValue)"
                }
        }
    }

    /// Whether another connection — another program — committed since this was last asked:
    /// `PRAGMA data_version` on the writer's connection, which its own commits leave alone.
    ///
    /// While one of this program's writes is under way (an import's batch on its own queue) the
    /// answer is false at once rather than after the write, whose connection this asks on, and no
    /// write starts while it asks: a key never waits for a batch. Nothing is lost: the version
    /// seen stays as it was, so another program's commit is told by the first asking after the
    /// write; and a write that commits people is told to the store's observers, whose read sees
    /// every commit.
    func changedElsewhere() throws -> Bool {
        let version: Int?
        do {
            version = try writesUnderWay.withLock { writes in
                guard writes == 0 else { return nil }
                return try writer.writeWithoutTransaction { db in try Int.fetchOne(db, sql: "PRAGMA data_version") ?? 0 }
            }
        } catch let error as DatabaseError {
            throw Failure(error)
        }
        guard let version else { return false }
        return dataVersion.withLock { seen in
            defer { seen = version }
            return seen.map { $0 != version } ?? false
        }
    }

    /// Reads in one transaction; a database failure comes back as a `Failure`.
    func read<T>(_ value: (Database) throws -> T) throws -> T {
        do {
            return try writer.read(value)
        } catch let error as DatabaseError {
            throw Failure(error)
        }
    }

    /// Writes in one transaction, committed or not at all; a database failure comes back as a `Failure`.
    func write<T>(_ updates: (Database) throws -> T) throws -> T {
        writesUnderWay.withLock { $0 += 1 }
        defer { writesUnderWay.withLock { $0 -= 1 } }
        do {
            return try writer.write(updates)
        } catch let error as DatabaseError {
            throw Failure(error)
        }
    }

    // MARK: - Migrations

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("games") { db in
            try db.create(table: "game") { table in
                table.autoIncrementedPrimaryKey("id")
                table.column("startedAt", .datetime).notNull()
                table.column("homeName", .text).notNull()
                table.column("awayName", .text).notNull()
                table.column("elapsedMilliseconds", .integer).notNull().defaults(to: 0)
                table.column("isRunning", .boolean).notNull().defaults(to: false)
            }
            try db.create(table: "player") { table in
                table.column("gameId", .integer).notNull().references("game", onDelete: .cascade)
                table.column("number", .integer).notNull()
                table.column("side", .text).notNull()
                table.column("name", .text).notNull()
                table.primaryKey(["gameId", "number"])
            }
            try db.create(table: "move") { table in
                table.column("gameId", .integer).notNull().references("game", onDelete: .cascade)
                table.column("position", .integer).notNull()
                table.column("playerNumber", .integer).notNull()
                table.column("kind", .text).notNull()
                table.column("gameTimeMilliseconds", .integer).notNull()
                table.primaryKey(["gameId", "position"])
            }
        }
        migrator.registerMigration("people") { db in
            // The names folded as `Person.foldedName` folds them: sorted and filtered on without
            // reading the rows, from the indexes alone.
            try db.create(table: "person") { table in
                table.primaryKey("id", .text)
                table.column("salutation", .text)
                table.column("firstName", .text).notNull()
                table.column("lastName", .text).notNull()
                table.column("birthYear", .integer)
                table.column("birthMonth", .integer)
                table.column("birthDay", .integer)
                table.column("firstKey", .text).notNull()
                table.column("lastKey", .text).notNull()
                table.column("nameKey", .text).notNull()
            }
            try db.create(index: "person_byLastName", on: "person", columns: ["lastKey", "firstKey", "id", "nameKey"])
            try db.create(index: "person_byFirstName", on: "person", columns: ["firstKey", "lastKey", "id", "nameKey"])
            // Every three characters of each folded full name, so that a filter of three or more
            // finds its people without reading every name; the triggers keep it in step.
            try db.execute(
                sql: """
                    CREATE VIRTUAL TABLE personSearch USING fts5(nameKey, content='person', content_rowid='rowid', tokenize='trigram');
                    CREATE TRIGGER person_searchInsert AFTER INSERT ON person BEGIN
                        INSERT INTO personSearch (rowid, nameKey) VALUES (new.rowid, new.nameKey);
                    END;
                    CREATE TRIGGER person_searchDelete AFTER DELETE ON person BEGIN
                        INSERT INTO personSearch (personSearch, rowid, nameKey) VALUES ('delete', old.rowid, old.nameKey);
                    END;
                    CREATE TRIGGER person_searchUpdate AFTER UPDATE OF nameKey ON person BEGIN
                        INSERT INTO personSearch (personSearch, rowid, nameKey) VALUES ('delete', old.rowid, old.nameKey);
                        INSERT INTO personSearch (rowid, nameKey) VALUES (new.rowid, new.nameKey);
                    END;
                    """)
            try db.create(table: "outbox") { table in
                table.autoIncrementedPrimaryKey("id")
                table.column("personId", .text).notNull().unique().references("person", onDelete: .cascade)
                table.column("attempts", .integer).notNull().defaults(to: 0)
                table.column("lastError", .text)
                table.column("failureNumber", .integer)
            }
            try db.create(table: "deletedPerson") { table in
                table.primaryKey("id", .text)
            }
            try db.create(table: "preference") { table in
                table.primaryKey("key", .text)
                table.column("value", .text).notNull()
            }
        }
        migrator.registerMigration("personCard") { db in
            // Each person's vCard, kept whole beside the row the list reads: every property the
            // program does not show is written back by an export. People kept before have a card
            // made from what was known of them; people who come from the people server have none
            // until they are edited, and an export makes theirs.
            try db.create(table: "personCard") { table in
                table.primaryKey("personId", .text).references("person", onDelete: .cascade)
                table.column("card", .blob).notNull()  // deflated (PackedCard)
            }
            let statement = try db.makeStatement(sql: "INSERT INTO personCard (personId, card) VALUES (?, ?)")
            for person in try SQLitePeopleStore.everyone(in: db) {
                try statement.execute(arguments: [person.id, PackedCard.pack(VCard.text(for: [person]))])
            }
        }
        migrator.registerMigration("contactDetails") { db in
            // Email addresses and phone numbers (JSON, NULL when none), and the text the filter
            // looks in: the folded full name, then each address and number, one a line. The
            // search index and the sort indexes move from the name to it, so that filtering by
            // an address still reads the indexes alone.
            try db.execute(
                sql: """
                    ALTER TABLE person ADD COLUMN details TEXT;
                    ALTER TABLE person ADD COLUMN searchKey TEXT NOT NULL DEFAULT '';
                    UPDATE person SET searchKey = nameKey;
                    DROP TRIGGER person_searchInsert;
                    DROP TRIGGER person_searchDelete;
                    DROP TRIGGER person_searchUpdate;
                    DROP TABLE personSearch;
                    DROP INDEX person_byLastName;
                    DROP INDEX person_byFirstName;
                    CREATE INDEX person_byLastName ON person (lastKey, firstKey, id, searchKey);
                    CREATE INDEX person_byFirstName ON person (firstKey, lastKey, id, searchKey);
                    CREATE VIRTUAL TABLE personSearch USING fts5(searchKey, content='person', content_rowid='rowid', tokenize='trigram');
                    INSERT INTO personSearch (personSearch) VALUES ('rebuild');
                    CREATE TRIGGER person_searchInsert AFTER INSERT ON person BEGIN
                        INSERT INTO personSearch (rowid, searchKey) VALUES (new.rowid, new.searchKey);
                    END;
                    CREATE TRIGGER person_searchDelete AFTER DELETE ON person BEGIN
                        INSERT INTO personSearch (personSearch, rowid, searchKey) VALUES ('delete', old.rowid, old.searchKey);
                    END;
                    CREATE TRIGGER person_searchUpdate AFTER UPDATE OF searchKey ON person BEGIN
                        INSERT INTO personSearch (personSearch, rowid, searchKey) VALUES ('delete', old.rowid, old.searchKey);
                        INSERT INTO personSearch (rowid, searchKey) VALUES (new.rowid, new.searchKey);
                    END;
                    """)
        }
        migrator.registerMigration("birthdayOrder") { db in
            // The birthday's month and day as one number (`Person.birthKey`), for the order by
            // next birthday and for whose birthday is near.
            try db.execute(
                sql: """
                    ALTER TABLE person ADD COLUMN birthKey INTEGER;
                    UPDATE person SET birthKey = birthMonth * 100 + birthDay WHERE birthMonth IS NOT NULL;
                    CREATE INDEX person_byBirthday ON person (birthKey, lastKey, firstKey, id);
                    """)
        }
        migrator.registerMigration("outboxByFailure") { db in
            // The header's latest failure, read after every commit of an import, from the index
            // rather than a walk through an outbox of every person imported.
            try db.create(index: "outbox_byFailure", on: "outbox", columns: ["failureNumber"])
        }
        migrator.registerMigration("serverCards") { db in
            // The CardDAV card each person is linked to, and the cards of people deleted here
            // still to remove from the server (a tombstone with an href).
            try db.execute(
                sql: """
                    CREATE TABLE serverCard (
                        personId TEXT PRIMARY KEY NOT NULL REFERENCES person(id) ON DELETE CASCADE,
                        href TEXT NOT NULL UNIQUE,
                        etag TEXT);
                    ALTER TABLE deletedPerson ADD COLUMN href TEXT;
                    ALTER TABLE deletedPerson ADD COLUMN etag TEXT;
                    """)
        }
        migrator.registerMigration("keptAsWritten") { db in
            // What a card says that is not a day or a name: a birthday kept as the card wrote it
            // ("circa 1800", "1815"), and what someone without a name is known by (`ORG`,
            // `NICKNAME`). People kept before have neither.
            try db.execute(
                sql: """
                    ALTER TABLE person ADD COLUMN birthText TEXT;
                    ALTER TABLE person ADD COLUMN knownAs TEXT;
                    """)
        }
        migrator.registerMigration("personCount") { db in
            // How many people are kept, kept by triggers: the list counts everyone after every
            // write, and a count of 100,000 rows read anew after a write took 2 ms of a key's 16.
            try db.execute(
                sql: """
                    CREATE TABLE personCount (n INTEGER NOT NULL);
                    INSERT INTO personCount (n) SELECT COUNT(*) FROM person;
                    CREATE TRIGGER person_countInsert AFTER INSERT ON person BEGIN UPDATE personCount SET n = n + 1; END;
                    CREATE TRIGGER person_countDelete AFTER DELETE ON person BEGIN UPDATE personCount SET n = n - 1; END;
                    """)
        }
        migrator.registerMigration("settledDeletes") { db in
            // A delete the server took is settled: a card of that id the server holds later (added
            // again elsewhere) comes back. One made here before the person was ever linked is not,
            // and is sent once the server shows the card. The deletes kept before could be either;
            // they are taken as settled, as the program treated them then.
            try db.execute(
                sql: """
                    ALTER TABLE deletedPerson ADD COLUMN settled INTEGER NOT NULL DEFAULT 0;
                    UPDATE deletedPerson SET settled = 1 WHERE href IS NULL;
                    """)
        }
        migrator.registerMigration("unconfirmedPlaces") { db in
            // A card sent whose place the server's answer did not say (no `Location`): the next
            // pull confirms it, or links the person to the card of their UID elsewhere. The links
            // kept before are taken as confirmed, as the program treated them then.
            try db.execute(sql: "ALTER TABLE serverCard ADD COLUMN placeConfirmed INTEGER NOT NULL DEFAULT 1")
        }
        return migrator
    }
}
