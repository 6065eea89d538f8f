import Foundation

/// Reads the gazetteer file into columns and offsets, in one pass over its bytes.
///
/// The format is described at the top of Scripts/make-gazetteer.py: comment lines, a header with
/// the count of each section, then time zones, countries, US states, places (sorted by folded
/// name; an empty key means the name with A–Z in lower case) and the alternate names.
///
/// A cursor walks the bytes once, field by field; numbers are read as their digits go by, keys
/// are noted where they lie, and nothing is made a `String` but the few hundred time zones,
/// countries and states. Every count, code, number, length and order is checked, so a damaged
/// file is reported with its line instead of answering wrongly.
struct GazetteerReader {
    /// What is wrong with the file, and on which line.
    struct Damage: Error, CustomStringConvertible {
        /// The problem, in words.
        let description: String
    }

    private static let tab = UInt8(ascii: "\t")
    private static let lineFeed = UInt8(ascii: "\n")
    private static let comma = UInt8(ascii: ",")

    private let bytes: UnsafeBufferPointer<UInt8>
    private var position = 0
    /// Whether pages read are given back as the cursor leaves them behind (`MappedPages`).
    private let releasesPagesRead: Bool
    /// The bytes before this have been given back.
    private var released = 0

    /// Prepares to read `bytes`, the whole file. `releasingPagesRead` gives the pages back to the
    /// system as the reading passes them, so that at most a few megabytes of the file are held at
    /// once; only for a read-only file mapping.
    init(bytes: UnsafeBufferPointer<UInt8>, releasingPagesRead: Bool = false) {
        self.bytes = bytes
        releasesPagesRead = releasingPagesRead
    }

    /// Reads the whole file.
    mutating func read() throws(Damage) -> GazetteerIndex.Columns {
        var tables = try readTables()
        tables.columns.reserve(places: tables.places, alternateNames: tables.alternateNames)
        try readPlaces(tables.places, into: &tables.columns, countries: tables.countrySlots, states: tables.stateSlots,
                       timeZones: tables.columns.timeZones.count)
        try readAlternateNames(tables.alternateNames, into: &tables.columns, places: tables.places)
        if position < bytes.count { throw damage("there is more after the last section") }
        return tables.columns
    }

    /// What the start of the file holds: the columns with the time zones, countries and states,
    /// the counts of places and alternate names, and where each country's and state's code leads.
    struct Tables {
        var columns = GazetteerIndex.Columns()
        var places = 0
        var alternateNames = 0
        /// The index of each country by the slot of its code (see `slot(of:_:)`).
        var countrySlots = [UInt8?](repeating: nil, count: 26 * 26)
        /// The index of each state plus 1 by the slot of its code.
        var stateSlots = [UInt8?](repeating: nil, count: 26 * 26)
    }

    /// Reads the comments, the header and the small sections: time zones, countries, US states.
    /// That is all a gazetteer with an index file (`GazetteerIndexFile`) needs read.
    mutating func readTables() throws(Damage) -> Tables {
        var tables = Tables()
        guard bytes.count < 1 << 32 else { throw Damage(description: "it is over 4 GB, too large to be a gazetteer") }
        while position < bytes.count, bytes[position] == UInt8(ascii: "#") { _ = try lastField("a comment") }
        guard text(try field("the format")) == "gazetteer 1" else { throw damage("this is not a gazetteer in format 1") }
        let timeZoneCount = try number("the number of time zones", below: 1 << 16, then: Self.tab)
        let countryCount = try number("the number of countries", below: 1 << 8, then: Self.tab)
        let stateCount = try number("the number of states", below: 1 << 8, then: Self.tab)
        tables.places = try number("the number of places", below: 1 << 28, then: Self.tab)
        tables.alternateNames = try number("the number of alternate names", below: 1 << 32, then: Self.lineFeed)

        for _ in 0..<timeZoneCount { tables.columns.timeZones.append(text(try lastField("a time zone"))) }
        for index in 0..<countryCount {
            let code = try field("a country code")
            let names = try lastField("a country's names").parts(separatedBy: Self.tab, in: bytes).map { text($0) }
            guard names.count >= 2 else { throw damage("a country needs an ISO3 code and a name") }
            let alternatives = names.dropFirst().map { PlaceNameFolding.fold($0) }
            tables.columns.countries.append(GazetteerIndex.Country(
                code: text(code), name: names[1],
                exactKeys: [PlaceNameFolding.fold(text(code)), PlaceNameFolding.fold(names[0])] + alternatives,
                nameKeys: alternatives
            ))
            tables.countrySlots[try slot(of: code, "a country code")] = UInt8(index)
        }
        for index in 0..<stateCount {
            let code = try field("a state code")
            let name = text(try lastField("a state name"))
            let folded = PlaceNameFolding.fold(name)
            tables.columns.states.append(GazetteerIndex.State(
                code: text(code), name: name, exactKeys: [PlaceNameFolding.fold(text(code)), folded], nameKeys: [folded]
            ))
            tables.stateSlots[try slot(of: code, "a state code")] = UInt8(index + 1)
        }
        return tables
    }

    // MARK: - Sections

    /// Reads `count` lines of `name, key, country, state, latitude, longitude, time zone, population`.
    private mutating func readPlaces(_ count: Int, into columns: inout GazetteerIndex.Columns,
                                     countries: [UInt8?], states: [UInt8?], timeZones: Int) throws(Damage) {
        for index in 0..<count {
            columns.rowStarts.append(UInt32(position))
            let name = try field("a place's name")
            guard !name.isEmpty else { throw damage("a place has no name") }
            let key = try field("a place's key")
            let derived = key.isEmpty
            guard (derived ? name : key).count <= Int(UInt8.max) else { throw damage("a key is longer than 255 bytes") }
            columns.names.append(keyAt: derived ? name : key, lowercasing: derived)
            guard columns.names.isInOrder(index, allowingEqual: true, in: bytes) else {
                throw damage("the places are not in order")
            }
            guard let country = countries[try slot(of: try field("a country code"), "a country code")] else {
                throw damage("a place is in an unknown country")
            }
            columns.countryOfPlace.append(country)
            let state = try field("a state code")
            if state.isEmpty {
                columns.stateOfPlace.append(0)
            } else {
                guard let known = states[try slot(of: state, "a state code")] else {
                    throw damage("a place is in an unknown state")
                }
                columns.stateOfPlace.append(known)
            }
            columns.latitudes.append(try degrees("a latitude", limit: 90))
            columns.longitudes.append(try degrees("a longitude", limit: 180))
            columns.timeZoneOfPlace.append(UInt16(try number("a time zone", below: timeZones, then: Self.tab)))
            columns.populations.append(UInt32(try number("a population", below: 1 << 32, then: Self.lineFeed)))
            releasePagesBehind()
        }
    }

    /// Reads `count` lines of `key, places`.
    private mutating func readAlternateNames(_ count: Int, into columns: inout GazetteerIndex.Columns,
                                             places: Int) throws(Damage) {
        for index in 0..<count {
            let key = try field("an alternate name")
            guard !key.isEmpty, key.count <= Int(UInt8.max) else { throw damage("an alternate name is empty or too long") }
            columns.alternates.append(keyAt: key, lowercasing: false)
            guard columns.alternates.isInOrder(index, allowingEqual: false, in: bytes) else {
                throw damage("the alternate names are not in order")
            }
            var ended = Self.comma
            while ended == Self.comma {
                let (place, terminator) = try number("a place", below: places)
                guard terminator == Self.comma || terminator == Self.lineFeed else {
                    throw damage("a place is not followed by a comma or the end of the line")
                }
                columns.alternates.appendPlace(UInt32(place))
                ended = terminator
            }
            columns.alternates.endPlaces()
            releasePagesBehind()
        }
    }

    /// Gives back the pages well behind the cursor, a megabyte at a time; the last 64 KB stay,
    /// as the order checks read the key of the line before.
    private mutating func releasePagesBehind() {
        guard releasesPagesRead, position - released >= 1 << 20 else { return }
        let end = position - (1 << 16)
        MappedPages.release(released..<end, of: UnsafeRawBufferPointer(bytes))
        released = end
    }

    // MARK: - Fields

    /// The field from here to the next tab, which is passed over.
    private mutating func field(_ what: StaticString) throws(Damage) -> Range<Int> {
        let start = position
        while position < bytes.count {
            let byte = bytes[position]
            if byte == Self.tab {
                position += 1
                return start..<(position - 1)
            }
            if byte == Self.lineFeed { break }
            position += 1
        }
        throw damage("\(what) is missing")
    }

    /// The field from here to the end of the line, whose line feed is passed over.
    private mutating func lastField(_ what: StaticString) throws(Damage) -> Range<Int> {
        guard position < bytes.count, let base = bytes.baseAddress else { throw damage("\(what) is missing: the file ends early") }
        let start = position
        if let found = memchr(base + start, Int32(Self.lineFeed), bytes.count - start) {
            position = base.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
            return start..<(position - 1)
        }
        position = bytes.count
        return start..<bytes.count
    }

    /// A decimal number of at most 10 digits below `limit`, and the byte after it, passed over
    /// (a line feed at the end of the file).
    private mutating func number(_ what: StaticString, below limit: Int) throws(Damage) -> (Int, UInt8) {
        let start = position
        var value = 0
        while position < bytes.count, bytes[position] &- 0x30 < 10, position - start < 10 {
            value = value &* 10 &+ Int(bytes[position] &- 0x30)
            position += 1
        }
        guard position > start else { throw damage("\(what) is not a number") }
        guard value < limit else { throw damage("\(what) is out of range") }
        return (value, try terminator())
    }

    /// A decimal number below `limit` followed by `end`.
    private mutating func number(_ what: StaticString, below limit: Int, then end: UInt8) throws(Damage) -> Int {
        let (value, terminator) = try number(what, below: limit)
        guard terminator == end else { throw damage("\(what) is not a number") }
        return value
    }

    /// Degrees with at most 5 decimals, such as "-78.7389", followed by a tab, in units of 10⁻⁵.
    private mutating func degrees(_ what: StaticString, limit: Int) throws(Damage) -> Int32 {
        let negative = position < bytes.count && bytes[position] == UInt8(ascii: "-")
        if negative { position += 1 }
        let whole = position
        var value = 0
        while position < bytes.count, bytes[position] &- 0x30 < 10, position - whole < 3 {
            value = value &* 10 &+ Int(bytes[position] &- 0x30)
            position += 1
        }
        guard position > whole else { throw damage("\(what) is not degrees with at most 5 decimals") }
        var decimals = 0
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            position += 1
            while position < bytes.count, bytes[position] &- 0x30 < 10, decimals < 5 {
                value = value &* 10 &+ Int(bytes[position] &- 0x30)
                position += 1
                decimals += 1
            }
            guard decimals > 0 else { throw damage("\(what) is not degrees with at most 5 decimals") }
        }
        for _ in decimals..<5 { value &*= 10 }
        guard try terminator() == Self.tab else { throw damage("\(what) is not degrees with at most 5 decimals") }
        guard value <= limit * 100_000 else { throw damage("\(what) is out of range") }
        return Int32(negative ? -value : value)
    }

    /// The byte that ends a value, passed over; a line feed at the end of the file.
    private mutating func terminator() throws(Damage) -> UInt8 {
        guard position < bytes.count else { return Self.lineFeed }
        let byte = bytes[position]
        position += 1
        return byte
    }

    /// The slot of a field of two capital letters, such as "FR", in a 26 × 26 table.
    private func slot(of field: Range<Int>, _ what: StaticString) throws(Damage) -> Int {
        guard field.count == 2 else { throw damage("\(what) is not two letters") }
        let first = bytes[field.lowerBound] &- 0x41, second = bytes[field.lowerBound + 1] &- 0x41
        guard first < 26, second < 26 else { throw damage("\(what) is not two capital letters") }
        return Int(first) * 26 + Int(second)
    }

    private func text(_ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }

    /// What is wrong, with the number of the line read last: counted only now, as it is needed.
    private func damage(_ problem: String) -> Damage {
        let end = max(0, position - 1)  // a line feed just passed over still ends that line
        let line = 1 + bytes[0..<end].reduce(0) { $1 == Self.lineFeed ? $0 + 1 : $0 }
        return Damage(description: "line \(line): \(problem)")
    }
}

// MARK: - Splitting

extension Range<Int> {
    /// The parts of `bytes[self]` between `separator`s.
    fileprivate func parts(separatedBy separator: UInt8, in bytes: UnsafeBufferPointer<UInt8>) -> [Range<Int>] {
        var parts: [Range<Int>] = []
        var start = lowerBound
        for index in self where bytes[index] == separator {
            parts.append(start..<index)
            start = index + 1
        }
        parts.append(start..<upperBound)
        return parts
    }
}
