import Foundation
import GRDB
import Models

/// What the program keeps at hand of the gazetteer database (Scripts/make-gazetteer.py writes
/// it and describes its tables): the time zones, the countries and the US states, a few hundred
/// rows read at the open; places and names stay in the database and are searched there
/// (`PlaceQuery.swift`).
struct GazetteerTables: Sendable {
    /// The database format this program reads (`PRAGMA user_version`).
    static let format = 1

    /// A country as a query's qualifier can name it.
    struct Country: Sendable {
        /// The ISO 3166-1 alpha-2 code, such as "FR".
        let code: String
        /// The name GeoNames gives, such as "France".
        let name: String
        /// What names the country exactly, folded: both codes, the name and the aliases.
        let exactKeys: [[UInt8]]
        /// What a qualifier being typed can be the start of, folded: the name and the aliases.
        let nameKeys: [[UInt8]]
    }

    /// A US state as a query's qualifier can name it.
    struct State: Sendable {
        /// The postal code, such as "VA".
        let code: String
        /// The name, such as "Virginia".
        let name: String
        /// The code and the name, folded.
        let exactKeys: [[UInt8]]
        /// The name, folded.
        let nameKeys: [[UInt8]]
    }

    /// The time zones, by their number in the place table.
    let timeZones: [String]
    /// The countries, by their number in the place table.
    let countries: [Country]
    /// The US states; a place's state is an index here plus 1, 0 for none.
    let states: [State]
    /// The prefixes `busy_prefix` holds the best places of: those that start more than a
    /// thousand names.
    let busyPrefixes: Set<[UInt8]>

    /// Reads the small tables of `db`, checking that places can refer to each row by its place.
    init(_ db: Database) throws {
        timeZones = try Self.numbered(db, "SELECT id, name FROM time_zone ORDER BY id", from: 0) { $0[1] }
        countries = try Self.numbered(db, "SELECT id, code, iso3, name, aliases FROM country ORDER BY id", from: 0) { row in
            let code: String = row[1], iso3: String = row[2], name: String = row[3], aliases: String = row[4]
            let alternatives = ([name] + aliases.split(separator: "\t").map(String.init)).map { PlaceNameFolding.fold($0) }
            return Country(
                code: code, name: name,
                exactKeys: [PlaceNameFolding.fold(code), PlaceNameFolding.fold(iso3)] + alternatives,
                nameKeys: alternatives)
        }
        states = try Self.numbered(db, "SELECT id, code, name FROM state ORDER BY id", from: 1) { row in
            let code: String = row[1], name: String = row[2]
            let folded = PlaceNameFolding.fold(name)
            return State(code: code, name: name, exactKeys: [PlaceNameFolding.fold(code), folded], nameKeys: [folded])
        }
        busyPrefixes = Set(try Data.fetchAll(db, sql: "SELECT DISTINCT prefix FROM busy_prefix").map { [UInt8]($0) })
        guard !timeZones.isEmpty, !countries.isEmpty else {
            throw ResourceDatabase<Self>.Problem(description: "it has no time zones or no countries")
        }
    }

    /// The rows of `sql`, whose ids must run from `first` without a gap, made by `make`.
    private static func numbered<Value>(
        _ db: Database, _ sql: String, from first: Int,
        _ make: (Row) throws -> Value
    ) throws -> [Value] {
        var values: [Value] = []
        let rows = try Row.fetchCursor(db, sql: sql)
        while let row = try rows.next() {
            guard row[0] as Int == first + values.count else {
                throw ResourceDatabase<Self>.Problem(description: "its rows are not numbered in order")
            }
            values.append(try make(row))
        }
        return values
    }

    // MARK: - Places

    /// The places with ids `ids`, in that order.
    func places(_ ids: [Int64], in db: Database) throws -> [Place] {
        guard !ids.isEmpty else { return [] }
        let marks = ids.map { _ in "?" }.joined(separator: ",")
        var found: [Int64: Place] = [:]
        let rows = try Row.fetchCursor(
            db, sql: "SELECT id, name, country, state, latitude, longitude, time_zone, population FROM place WHERE id IN (\(marks))",
            arguments: StatementArguments(ids))
        while let row = try rows.next() {
            found[row[0]] = try place(row)
        }
        return ids.compactMap { found[$0] }
    }

    private func place(_ row: Row) throws -> Place {
        let country: Int = row[2], state: Int = row[3], timeZone: Int = row[6]
        guard countries.indices.contains(country), state == 0 || states.indices.contains(state - 1),
            timeZones.indices.contains(timeZone)
        else {
            throw ResourceDatabase<Self>.Problem(description: "a place refers to a country, state or time zone it lacks")
        }
        let latitude: Int = row[4], longitude: Int = row[5]
        return Place(
            name: row[1],
            region: state == 0 ? nil : states[state - 1].name,
            regionCode: state == 0 ? nil : states[state - 1].code,
            country: countries[country].name,
            countryCode: countries[country].code,
            latitude: Double(latitude) / 100_000,
            longitude: Double(longitude) / 100_000,
            timeZone: timeZones[timeZone],
            population: row[7]
        )
    }
}
