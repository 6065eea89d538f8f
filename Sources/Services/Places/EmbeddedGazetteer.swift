import Foundation
import GRDB
import Models

/// The places the Weather screen finds without a network: 147,284 cities, towns and villages of
/// 1,000 people or more from GeoNames (see Docs/Data.md), embedded as the read-only SQLite
/// database `Resources/gazetteer.sqlite`, written by Scripts/make-gazetteer.py.
///
/// Names are matched without regard to case or diacritics, in any script GeoNames gives
/// ("東京" is Tokyo, "Sao Paulo" is São Paulo), whole names before names that start with the
/// query, most people first; "City, ST" and "City, Country" narrow the places down. See
/// `GazetteerTables.search(_:limit:in:)` for the rules.
///
/// Nothing is opened until the first lookup; the open happens once, on the thread that asks
/// first, while other callers wait for it (call `load()` off the main actor to have it done
/// before someone types). An open that fails is not remembered, so a later lookup tries again.
///
/// ```swift
/// let gazetteer = EmbeddedGazetteer.bundled()
/// gazetteer.search("Richmond, VA", limit: 5).first?.region   // "Virginia"
/// ```
public final class EmbeddedGazetteer: Geocoder, Sendable {
    /// Why the gazetteer could not be opened, in words a person can act on.
    public typealias LoadError = EmbeddedDataError

    /// The database's file name in the data folder.
    public static let fileName = "gazetteer.sqlite"

    private let database: ResourceDatabase<GazetteerTables>

    /// Creates a gazetteer read from the database at `url` when it is first needed.
    public init(url: URL) {
        database = ResourceDatabase(url: url, name: "The gazetteer", format: GazetteerTables.format) { db in
            try GazetteerTables(db)
        }
    }

    /// The gazetteer that ships with the program, from `folder` (by default the one found for the
    /// running executable).
    public static func bundled(in folder: EmbeddedDataFolder = .located) -> Self {
        Self(url: folder.file(fileName))
    }

    // MARK: - Loading

    /// Opens the gazetteer now, if it is not open yet, and returns how many places it holds
    /// (their ids run from 0).
    @discardableResult
    public func load() throws(LoadError) -> Int {
        let opened = try database.open()
        return try answer { try opened.connection.read { db in try Int.fetchOne(db, sql: "SELECT max(id) + 1 FROM place") ?? 0 } }
    }

    // MARK: - Searching

    /// The places `query` names, best first, at most `limit`: for suggestions as a person types,
    /// so when no place begins with it, the places one typo away ("Lodnon" suggests London).
    /// Empty when nothing matches, and when the gazetteer cannot be opened (`places(matching:limit:)`
    /// and `load()` say why).
    public func search(_ query: String, limit: Int) -> [Place] {
        (try? searchNow(query, limit: limit, forgivingTypos: true)) ?? []
    }

    /// The places `query` names, best first, at most `limit`, on the caller's thread, and when
    /// none begins with it and `forgivingTypos`, those one typo away; throws `LoadError` when the
    /// gazetteer cannot be opened or read.
    public func searchNow(_ query: String, limit: Int, forgivingTypos: Bool = false) throws(LoadError) -> [Place] {
        let query = PlaceQuery(query)
        guard limit > 0, !query.name.isEmpty else { return [] }
        let opened = try database.open()
        let tables = opened.contents
        return try answer {
            try opened.connection.read { db in
                try tables.places(try tables.search(query, limit: limit, forgivingTypos: forgivingTypos, in: db), in: db)
            }
        }
    }

    /// The gazetteer as the Weather screen's suggester: as it is, but forgiving typos, which a
    /// lookup (Enter) does not: "Lodnon" suggests London, and Enter on it finds nothing.
    public var suggestions: some Geocoder { Suggestions(gazetteer: self) }

    private struct Suggestions: Geocoder {
        let gazetteer: EmbeddedGazetteer

        func places(matching query: String, limit: Int) async throws -> [Place] {
            try await BackgroundWork.run { try gazetteer.searchNow(query, limit: limit, forgivingTypos: true) }
        }
    }

    /// What `read` returns, or its failure as a `LoadError` naming the file.
    private func answer<Value>(_ read: () throws -> Value) throws(LoadError) -> Value {
        do {
            return try read()
        } catch {
            throw database.damage(error)
        }
    }
}

// MARK: - Geocoder

extension EmbeddedGazetteer {
    /// The places `query` names, best first, at most `limit`, off the caller's actor; throws
    /// `LoadError` when the gazetteer cannot be opened or read.
    public func places(matching query: String, limit: Int) async throws -> [Place] {
        try await BackgroundWork.run { try self.searchNow(query, limit: limit) }
    }
}
