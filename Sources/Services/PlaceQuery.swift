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

extension GazetteerIndex {
    /// The indices of the places `query` names, best first, at most `limit`.
    ///
    /// A place matches when its folded name or one of its folded alternate names equals the
    /// query's name (exact) or starts with it (prefix), and every qualifier names its US state or
    /// its country. Places come exact first; then prefix of their own name, or of an alternate
    /// name with no more words than their own; then prefix of a longer alternate, which is often
    /// a nickname or an old long form ("Paris of the North" is Warsaw, "London Borough of Brent"
    /// is Brent), so "Par" suggests the Paris arrondissements before Warsaw while "Münch" still
    /// suggests Munich (München) before Münchberg. Then by how the qualifiers matched (a US
    /// state's code or name, then a country's code or name, then the start of a state's or a
    /// country's name, so "Richmond, CA" is California's Richmond before Canada's); then most
    /// people first; then file order. When qualifiers leave nothing, the whole query is tried as
    /// a name ("Washington, D.C." would be found either way).
    func search(_ query: PlaceQuery, limit: Int) -> [UInt32] {
        guard limit > 0, !query.name.isEmpty, query.name.count <= longestKey else { return [] }
        if !query.qualifiers.isEmpty {
            if let filter = QualifierFilter(query.qualifiers, in: self) {
                let found = search(name: query.name, filter: filter, limit: limit)
                if !found.isEmpty { return found }
            }
            guard query.whole.count <= longestKey else { return [] }
            return search(name: query.whole, filter: nil, limit: limit)
        }
        return search(name: query.name, filter: nil, limit: limit)
    }

    private func search(name: [UInt8], filter: QualifierFilter?, limit: Int) -> [UInt32] {
        var best = BestPlaces(limit: limit)
        withFile { file in
            for key in names.range(withPrefix: name, in: file) {
                let nameTier: UInt64 = names.length(of: key) == name.count ? 0 : 1
                if let score = score(of: UInt32(key), nameTier: nameTier, filter: filter) {
                    best.offer(UInt32(key), score: score)
                }
            }
            for key in alternates.range(withPrefix: name, in: file) {
                let isExact = alternates.length(of: key) == name.count
                var words: Int?
                for slot in alternates.placeRange(of: key) {
                    let place = alternates.places[slot]
                    guard var score = score(of: place, nameTier: isExact ? 0 : 1, filter: filter),
                          best.wouldTake(score) else { continue }
                    if !isExact {
                        // Counted only for a place good enough to be taken: a longer alternate ranks lower.
                        let alternateWords = words ?? alternates.wordCount(of: key, in: file)
                        words = alternateWords
                        if alternateWords > names.wordCount(of: Int(place), in: file) { score += 1 << 62 }
                    }
                    best.offer(place, score: score)
                }
            }
        }
        return best.places
    }

    /// How `place`, matched with `nameTier`, ranks (lower is better: name tier, qualifier tier,
    /// more people, earlier in the file), or nil when it does not pass `filter`.
    @inline(__always)
    private func score(of place: UInt32, nameTier: UInt64, filter: QualifierFilter?) -> UInt64? {
        let index = Int(place)
        var qualifierTier: UInt8 = 0
        if let filter {
            guard let tier = filter.tier(country: countryOfPlace[index], state: stateOfPlace[index]) else { return nil }
            qualifierTier = tier
        }
        return nameTier << 62 | UInt64(qualifierTier) << 60 | UInt64(UInt32.max - populations[index]) << 28 | UInt64(place)
    }
}

// MARK: - Qualifiers

/// How well each US state and country fits a query's qualifiers: for one qualifier, 0 when it is
/// the state's code or name, 1 when it is the country's code, ISO3 code, name or alias, 2 when
/// it starts the state's or the country's name; with several (up to `maximumCount`), every one
/// must fit, and the worst fit counts.
private struct QualifierFilter {
    /// The most qualifiers a place can need: "City, State, Country" has two.
    static let maximumCount = 3
    private static let noFit: UInt8 = .max

    /// Per qualifier, the fit of each state (index 0 for places with none) and each country.
    private let stateFits: [[UInt8]]
    private let countryFits: [[UInt8]]

    /// Nil when some qualifier fits no state and no country, or there are too many.
    init?(_ qualifiers: [[UInt8]], in index: GazetteerIndex) {
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
    func tier(country: UInt8, state: UInt8) -> UInt8? {
        var worst: UInt8 = 0
        for qualifier in stateFits.indices {
            let fit = min(stateFits[qualifier][Int(state)], countryFits[qualifier][Int(country)])
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
private struct BestPlaces {
    /// The largest limit kept sorted as places come.
    private static let sortedLimit = 64

    private let limit: Int
    private let keepsEverything: Bool
    private var entries: [(score: UInt64, place: UInt32)] = []

    init(limit: Int) {
        self.limit = limit
        keepsEverything = limit > Self.sortedLimit
        if !keepsEverything { entries.reserveCapacity(limit + 1) }
    }

    /// The places, best first.
    var places: [UInt32] {
        guard keepsEverything else { return entries.map(\.place) }
        var seen = Set<UInt32>()
        var places: [UInt32] = []
        for entry in entries.sorted(by: { $0.score < $1.score }) where seen.insert(entry.place).inserted {
            places.append(entry.place)
            if places.count == limit { break }
        }
        return places
    }

    /// Whether a place with `score` would be among the best so far.
    @inline(__always)
    func wouldTake(_ score: UInt64) -> Bool {
        keepsEverything || entries.count < limit || score < (entries.last?.score ?? .max)
    }

    /// Takes `place` if it is among the best so far; a place offered again keeps its better score.
    @inline(__always)
    mutating func offer(_ place: UInt32, score: UInt64) {
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
