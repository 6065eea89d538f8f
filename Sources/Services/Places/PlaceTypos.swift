import Foundation
import GRDB

/// Names one edit away from what was typed, for when no place begins with it.
///
/// A typo is one letter wrong, missing, extra, or two letters swapped: "Lodnon" is London,
/// "Pariss" Paris, "Muncih" Munich. The gazetteer has no index of near names, so the query's
/// one-edit variants are made (for a name of n letters about 54n of them: each letter left out,
/// each pair swapped, each letter changed to a–z or a space, and a–z or a space put in
/// anywhere) and each is looked up as a prefix in the names' B-tree, most of them one seek
/// that finds nothing. Only where no place begins with the query's first letters can an edit
/// find one: an edit after the longest prefix that some name starts with leaves that prefix
/// whole, so the variants are made only up to it.
extension GazetteerTables {
    /// The fewest letters a name needs before its typos are looked for: shorter names have
    /// too many neighbours to suggest one.
    static let shortestTypoName = 4
    /// The letters an edit puts in: folded Latin names hold a–z and spaces.
    private static let typoAlphabet = Array(UInt8(ascii: "a")...UInt8(ascii: "z")) + [UInt8(ascii: " ")]

    /// The places whose names are or start with a one-edit variant of the query's name (and
    /// fit its qualifiers), most people first, whether the variant is the whole name or its
    /// start, so that a name half typed finds what it starts ("Lodno" is London before Łódź,
    /// whose alternate "Lodzo" is one letter off); those found only through a longer alternate
    /// name only when nothing else is found; at most `limit`. A variant that starts more than a thousand
    /// names offers the ten best `busy_prefix` holds for it. Only for an ASCII name of
    /// `shortestTypoName` letters or more.
    func searchTypos(_ query: PlaceQuery, limit: Int, in db: Database) throws -> [Int64] {
        let name = query.name
        guard name.count >= Self.shortestTypoName, name.allSatisfy({ $0 < 0x80 }) else { return [] }
        var filter: QualifierFilter?
        if !query.qualifiers.isEmpty {
            guard let qualifiers = QualifierFilter(query.qualifiers, in: self) else { return [] }
            filter = qualifiers
        }
        let reach = try longestMatchedPrefix(of: name, in: db) + 1
        var best = BestPlaces(limit: limit)
        for variant in Self.oneEditVariants(of: name, editsBefore: reach) {
            if filter == nil, busyPrefixes.contains(variant), let busy = try busyPrefixPlaces(variant, in: db) {
                for place in busy { best.offer(place, score: Self.score(place: place, exact: false, longer: false, qualifierTier: 0)) }
            } else {
                try offerPlaces(named: variant, filter: filter, asTypo: true, to: &best, in: db)
            }
        }
        return best.leavingOutLongerAlternates().places
    }

    /// How many of `name`'s first bytes some name in the gazetteer starts with.
    private func longestMatchedPrefix(of name: [UInt8], in db: Database) throws -> Int {
        let statement = try db.cachedStatement(sql: "SELECT 1 FROM name WHERE key >= ?1 AND key < ?2 LIMIT 1")
        var low = 0
        var high = name.count
        while low < high {
            let middle = (low + high + 1) / 2
            let prefix = Array(name[..<middle])
            if try Bool.fetchOne(statement, arguments: [Data(prefix), Data(prefix + [0xFF])]) != nil {
                low = middle
            } else {
                high = middle - 1
            }
        }
        return low
    }

    /// The names one edit away from `name`, each once, with every edit at an offset below
    /// `editsBefore`; none starts or ends with a space or holds two in a row.
    static func oneEditVariants(of name: [UInt8], editsBefore: Int) -> [[UInt8]] {
        let reach = min(editsBefore, name.count)
        var variants = Set<[UInt8]>()
        for offset in 0..<reach {
            var deleted = name
            deleted.remove(at: offset)
            variants.insert(deleted)
            if offset + 1 < name.count, name[offset] != name[offset + 1] {
                var swapped = name
                swapped.swapAt(offset, offset + 1)
                variants.insert(swapped)
            }
            for letter in typoAlphabet where letter != name[offset] {
                var changed = name
                changed[offset] = letter
                variants.insert(changed)
            }
        }
        for offset in 0...reach {
            for letter in typoAlphabet {
                var inserted = name
                inserted.insert(letter, at: offset)
                variants.insert(inserted)
            }
        }
        variants.remove(name)
        return variants.filter(isName).sorted { $0.lexicographicallyPrecedes($1) }
    }

    /// Whether `bytes` could be a folded name: not empty, no space at either end or two together.
    private static func isName(_ bytes: [UInt8]) -> Bool {
        guard let first = bytes.first, let last = bytes.last, first != 0x20, last != 0x20 else { return false }
        return !zip(bytes, bytes.dropFirst()).contains { $0 == 0x20 && $1 == 0x20 }
    }
}
