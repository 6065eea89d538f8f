import Foundation
import GRDB

/// Why embedded data could not be loaded, in words a person can act on.
public struct EmbeddedDataError: Error, Equatable, CustomStringConvertible {
    /// What went wrong and where.
    public let description: String

    /// Creates an error that says `description`.
    public init(description: String) {
        self.description = description
    }
}

/// A read-only SQLite database that ships with the program (the gazetteer, the film catalogue),
/// opened the first time it is needed, once, from whichever thread asks first, with what `load`
/// reads from it at once. A failed open is not remembered: the next ask tries again.
///
/// The file is opened immutable (SQLite takes no lock and looks for no journal) and checked
/// before use: its size must be what its header says, its `user_version` the format this program
/// reads, and `load` must read it; so a truncated file, or one of other bytes, is named in an
/// `EmbeddedDataError` rather than read wrong.
final class ResourceDatabase<Contents: Sendable>: Sendable {
    /// What the program holds once the database is open.
    struct Opened: Sendable {
        /// The connection, for queries.
        let connection: DatabaseQueue
        /// What `load` read at the open.
        let contents: Contents
    }

    /// The file.
    let url: URL
    private let name: String
    private let format: Int
    private let load: @Sendable (Database) throws -> Contents
    private let lock = NSLock()
    /// The database once open. Unsafe for the compiler only: it is read and written only while
    /// holding `lock` (in `open()`, which holds it throughout).
    nonisolated(unsafe) private var opened: Opened?

    /// The database at `url`, called `name` in messages ("The gazetteer"), in format `format`
    /// (its `PRAGMA user_version`); `load` reads what the program keeps at hand.
    init(url: URL, name: String, format: Int, load: @escaping @Sendable (Database) throws -> Contents) {
        self.url = url
        self.name = name
        self.format = format
        self.load = load
    }

    /// The open database, opening it first if need be.
    func open() throws(EmbeddedDataError) -> Opened {
        lock.lock()
        defer { lock.unlock() }
        if let opened { return opened }
        guard FileManager.default.isReadableFile(atPath: url.path) else {
            throw EmbeddedDataError(description: "\(named) is missing or cannot be read; reinstall the program (make install)")
        }
        let connection: DatabaseQueue
        do {
            var configuration = Configuration()
            configuration.readonly = true
            configuration.label = name
            connection = try DatabaseQueue(path: url.absoluteString + "?immutable=1", configuration: configuration)
        } catch let error as DatabaseError where error.resultCode == .SQLITE_NOTADB || error.resultCode == .SQLITE_CORRUPT {
            throw damage(error)
        } catch {
            throw EmbeddedDataError(description: "\(named) cannot be opened: \(Self.reason(error))")
        }
        let read = Result { () throws -> Contents in
            try connection.read { db in
                try self.check(db)
                return try self.load(db)
            }
        }
        switch read {
        case .success(let contents):
            let opened = Opened(connection: connection, contents: contents)
            self.opened = opened
            return opened
        case .failure(let error):
            try? connection.close()
            throw damage(error)
        }
    }

    /// `error`, met while reading the database, as the damage of the file named.
    func damage(_ error: any Error) -> EmbeddedDataError {
        if let error = error as? EmbeddedDataError { return error }
        return EmbeddedDataError(description: "\(named) is damaged: \(Self.reason(error)); reinstall the program (make install)")
    }

    /// The database as messages name it: the file's name first, so that a line cut short on a
    /// narrow screen still names it, then its folder ("The gazetteer gazetteer.sqlite in /usr/local/share/mvvm-tui").
    private var named: String {
        "\(name) \(url.lastPathComponent) in \(url.deletingLastPathComponent().path)"
    }

    /// Throws when the file is shorter or longer than its pages, or of another format.
    private func check(_ db: Database) throws {
        let pageSize = try Int.fetchOne(db, sql: "PRAGMA page_size") ?? 0
        let pages = try Int.fetchOne(db, sql: "PRAGMA page_count") ?? 0
        let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? -1
        guard size == pageSize * pages else {
            throw Problem(description: "it is \(size) bytes where its header says \(pageSize * pages)")
        }
        let found = try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
        guard found == format else { throw Problem(description: "it is in format \(found), not \(format)") }
    }

    /// A problem `check` or `load` found, in words.
    struct Problem: Error, CustomStringConvertible {
        let description: String
    }

    private static func reason(_ error: any Error) -> String {
        if let problem = error as? Problem { return problem.description }
        if let error = error as? DatabaseError { return error.message ?? "\(error.resultCode)" }
        return "\(error)"
    }
}
