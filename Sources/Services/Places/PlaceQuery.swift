import Foundation
import GRDB

/// What a person typed, read as a place name and the qualifiers after commas that narrow it.
///
/// "Richmond, VA" is the name "richmond" with the qualifier "va"; "Richmond, Virginia, US" has
/// two. Empty qualifiers (a comma just typed) are ignored. The whole query is kept folded too,
/// commas as spaces, for names that hold a comma themselves and for qualifiers that name nothing.
/// A query of more than `maximumLength` bytes names no place and is not folded at all.
struct PlaceQuery {
    /// The longest query read, in UTF-8 bytes; no key in the gazetteer is longer than 255.
    static let maximumLength = 1_000

    /// The folded name: what comes before the first comma.
    let name: [UInt8]
    /// The folded qualifiers that are not empty.
    let qualifiers: [[UInt8]]
    /// The whole query folded, commas as spaces.
    let whole: [UInt8]

    /// Reads `text`.
    init(_ text: String) {
        guard text.utf8.count <= Self.maximumLength else {
            (name, qualifiers, whole) = ([], [], [])
            return
        }
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        name = PlaceNameFolding.fold(parts.first ?? "")
        qualifiers = parts.dropFirst().map { PlaceNameFolding.fold($0) }.filter { !$0.isEmpty }
        whole = qualifiers.isEmpty ? name : PlaceNameFolding.fold(text)
    }
}

// MARK: - Searching

extension GazetteerTables {
    /// The most places `busy_prefix` holds for a prefix (BUSY_PREFIX_PLACES in the script).
    static let busyPrefixPlaces = 10
    /// The longest key in the gazetteer, in bytes: a longer name finds nothing.
    static let longestKey = 255

    /// The ids of the places `query` names, best first, at most `limit`, searched in `db`.
    ///
    /// A place matches when its folded name or one of its folded alternate names equals the
    /// query's name (exact) or starts with it (prefix), and every qualifier names its US state or
    /// its country. Places come exact first; then prefix of their own name, or of an alternate
    /// name with no more words than their own; then prefix of a longer alternate, which is often
    /// a nickname or an old long form ("Paris of the North" is Warsaw, "London Borough of Brent"
    /// is Brent), so "Par" suggests the Paris arrondissements before Warsaw while "Münch" still
    /// suggests Munich (München) before Münchberg. Then by how the qualifiers matched (a US
    /// state's code or name, then a country's code or name, then the start of a state's or a
    /// country's name, so "Richmond, CA" is California's Richmond before Canada's); then by the
    /// place's rank: most people first, then the order of their keys. When qualifiers leave
    /// nothing, the whole query is tried as a name ("Washington, D.C." would be found either way).
    /// A place found only through a longer alternate is left out while any other place matches:
    /// "new york" suggests New York City, not Jakarta (once "New York of the East"). When nothing
    /// starts with the name and `forgivingTypos` (suggestions, not Enter), its typos are tried
    /// (`searchTypos(_:limit:in:)`: "Lodnon" suggests London).
    ///
    /// The names that start with the query are one range of the name table's key, read through
    /// its B-tree; a prefix that starts more than a thousand names (one or two letters, "san")
    /// has its best places written in `busy_prefix` by the script, ranked by the same rules.
    func search(_ query: PlaceQuery, limit: Int, forgivingTypos: Bool = false, in db: Database) throws -> [Int64] {
        guard limit > 0, !query.name.isEmpty, query.name.count <= Self.longestKey else { return [] }
        let found = try searchNames(query, limit: limit, in: db)
        return found.isEmpty && forgivingTypos ? try searchTypos(query, limit: limit, in: db) : found
    }

    /// The places whose names are or start with the query's, as `search(_:limit:in:)` describes.
    private func searchNames(_ query: PlaceQuery, limit: Int, in db: Database) throws -> [Int64] {
        if !query.qualifiers.isEmpty {
            if let filter = QualifierFilter(query.qualifiers, in: self) {
                let found = try search(name: query.name, filter: filter, limit: limit, in: db)
                if !found.isEmpty { return found }
            }
            guard query.whole.count <= Self.longestKey else { return [] }
            return try search(name: query.whole, filter: nil, limit: limit, in: db)
        }
        return try search(name: query.name, filter: nil, limit: limit, in: db)
    }

    func search(name: [UInt8], filter: QualifierFilter?, limit: Int, in db: Database) throws -> [Int64] {
        if filter == nil, limit <= Self.busyPrefixPlaces, let best = try busyPrefixPlaces(name, in: db),
            best.count >= limit || best.count < Self.busyPrefixPlaces
        {
            return Array(best.prefix(limit))
        }
        var best = BestPlaces(limit: limit)
        try offerPlaces(named: name, filter: filter, to: &best, in: db)
        return best.leavingOutLongerAlternates().places
    }

    /// The best places `busy_prefix` holds for `prefix`, or nil when it holds none.
    func busyPrefixPlaces(_ prefix: [UInt8], in db: Database) throws -> [Int64]? {
        let best = try Int64.fetchAll(
            db.cachedStatement(sql: "SELECT place FROM busy_prefix WHERE prefix = ? ORDER BY rank"),
            arguments: [Data(prefix)])
        return best.isEmpty ? nil : best
    }

    /// Offers `best` every place whose name or alternate name is or starts with `name` and that
    /// fits `filter`, scored by how it matched; as a typo's (`asTypo`), by the name tier and
    /// the place's rank alone, whatever qualifier it fits.
    func offerPlaces(
        named name: [UInt8], filter: QualifierFilter?, asTypo: Bool = false, to best: inout BestPlaces, in db: Database
    ) throws {
        // Folded names are UTF-8, which holds no byte 0xFF: every key that starts with the name sorts below this.
        let arguments: StatementArguments = [Data(name), Data(name + [0xFF])]
        if let filter {
            let rows = try Row.fetchCursor(
                db.cachedStatement(
                    sql: """
                        SELECT name.place, name.key = ?1, name.longer, place.country, place.state
                        FROM name JOIN place ON place.id = name.place WHERE name.key >= ?1 AND name.key < ?2
                        """), arguments: arguments)
            while let row = try rows.next() {
                let country: Int = row[3], state: Int = row[4]
                guard countries.indices.contains(country), state == 0 || states.indices.contains(state - 1) else {
                    throw ResourceDatabase<Self>.Problem(description: "a place refers to a country or state it lacks")
                }
                guard let qualifierTier = filter.tier(country: country, state: state) else { continue }
                best.offer(
                    row[0],
                    score: Self.score(place: row[0], exact: row[1] && !asTypo, longer: row[2], qualifierTier: asTypo ? 0 : qualifierTier))
            }
        } else {
            let rows = try Row.fetchCursor(
                db.cachedStatement(sql: "SELECT place, key = ?1, longer FROM name WHERE key >= ?1 AND key < ?2"),
                arguments: arguments)
            while let row = try rows.next() {
                best.offer(row[0], score: Self.score(place: row[0], exact: row[1] && !asTypo, longer: row[2], qualifierTier: 0))
            }
        }
    }

    /// How a place ranks (lower is better): name tier (exact, prefix, prefix of a longer
    /// alternate), qualifier tier, then its rank, which is its id.
    @inline(__always)
    static func score(place: Int64, exact: Bool, longer: Bool, qualifierTier: UInt8) -> UInt64 {
        let nameTier: UInt64 = exact ? 0 : longer ? 2 : 1
        return nameTier << 62 | UInt64(qualifierTier) << 60 | UInt64(truncatingIfNeeded: place) & (1 << 60 - 1)
    }
}

// MARK: - Qualifiers

/// How well each US state and country fits a query's qualifiers: for one qualifier, 0 when it is
/// the state's code or name, 1 when it is the country's code, ISO3 code, name or alias, 2 when
/// it starts the state's or the country's name; with several (up to `maximumCount`), every one
/// must fit, and the worst fit counts.
struct QualifierFilter {
    /// The most qualifiers a place can need: "City, State, Country" has two.
    static let maximumCount = 3
    private static let noFit: UInt8 = .max

    /// Per qualifier, the fit of each state (index 0 for places with none) and each country.
    private let stateFits: [[UInt8]]
    private let countryFits: [[UInt8]]

    /// Nil when some qualifier fits no state and no country, or there are too many.
    init?(_ qualifiers: [[UInt8]], in index: GazetteerTables) {
        guard qualifiers.count <= Self.maximumCount else { return nil }
        var stateFits: [[UInt8]] = []
        var countryFits: [[UInt8]] = []
        for qualifier in qualifiers {
            let states = [Self.noFit] + index.states.map { Self.fit(qualifier, exact: $0.exactKeys, names: $0.nameKeys, tier: 0) }
            let countries = index.countries.map { Self.fit(qualifier, exact: $0.exactKeys, names: $0.nameKeys, tier: 1) }
            guard states.contains(where: { $0 != Self.noFit }) || countries.contains(where: { $0 != Self.noFit }) else {
                return nil
            }
            stateFits.append(states)
            countryFits.append(countries)
        }
        self.stateFits = stateFits
        self.countryFits = countryFits
    }

    /// How well a place in `country` and `state` fits, or nil when it does not.
    @inline(__always)
    func tier(country: Int, state: Int) -> UInt8? {
        var worst: UInt8 = 0
        for qualifier in stateFits.indices {
            let fit = min(stateFits[qualifier][state], countryFits[qualifier][country])
            if fit == Self.noFit { return nil }
            worst = max(worst, fit)
        }
        return worst
    }

    private static func fit(_ qualifier: [UInt8], exact: [[UInt8]], names: [[UInt8]], tier: UInt8) -> UInt8 {
        if exact.contains(qualifier) { return tier }
        if names.contains(where: { $0.starts(with: qualifier) }) { return 2 }
        return noFit
    }
}

// MARK: - The best so far

/// The best `limit` places offered, each once, in order of score (lower is better).
///
/// For a small limit (suggestions, a page of results) the best are kept sorted as they come and
/// most offers are turned away by one comparison; for a large one, everything is kept and sorted
/// at the end, so the cost stays n log n.
struct BestPlaces {
    /// The largest limit kept sorted as places come.
    private static let sortedLimit = 64

    private let limit: Int
    private let keepsEverything: Bool
    private var entries: [(score: UInt64, place: Int64)] = []

    init(limit: Int) {
        self.limit = limit
        keepsEverything = limit > Self.sortedLimit
        if !keepsEverything { entries.reserveCapacity(limit + 1) }
    }

    /// The places, best first.
    var places: [Int64] {
        guard keepsEverything else { return entries.map(\.place) }
        var seen = Set<Int64>()
        var places: [Int64] = []
        for entry in entries.sorted(by: { $0.score < $1.score }) where seen.insert(entry.place).inserted {
            places.append(entry.place)
            if places.count == limit { break }
        }
        return places
    }

    /// The same places without those found only through a longer alternate name (the name
    /// tier in the score's top two bits is 2), unless nothing else was found.
    func leavingOutLongerAlternates() -> BestPlaces {
        var kept = self
        let tier = { (entry: (score: UInt64, place: Int64)) in entry.score >> 62 }
        if entries.contains(where: { tier($0) < 2 }) { kept.entries.removeAll { tier($0) == 2 } }
        return kept
    }

    /// Whether a place with `score` would be among the best so far.
    @inline(__always)
    func wouldTake(_ score: UInt64) -> Bool {
        keepsEverything || entries.count < limit || score < (entries.last?.score ?? .max)
    }

    /// Takes `place` if it is among the best so far; a place offered again keeps its better score.
    @inline(__always)
    mutating func offer(_ place: Int64, score: UInt64) {
        if keepsEverything {
            entries.append((score, place))
            return
        }
        guard wouldTake(score) else { return }
        if let existing = entries.firstIndex(where: { $0.place == place }) {
            guard score < entries[existing].score else { return }
            entries.remove(at: existing)
        }
        let position = entries.firstIndex { $0.score > score } ?? entries.count
        entries.insert((score, place), at: position)
        if entries.count > limit { entries.removeLast() }
    }
}
