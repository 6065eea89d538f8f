import Foundation

/// The gazetteer's columns as a file of their own, shipped beside it (`gazetteer.index`) and
/// mapped, so that a lookup reads the columns where they lie: the program no longer builds
/// 7 MB of columns from the 12 MB gazetteer at the first lookup, and holds only the pages that
/// lookups read. `make gazetteer-index` writes it from the gazetteer.
///
/// Little-endian. A 16-byte magic, then 8-byte numbers: the size of the gazetteer file it was
/// made from, the longest key of each table, the number of columns, and each column's offset
/// and count, in the order of `write`; then the columns, each at an offset divisible by 8.
/// Reading checks every count and every value that leads elsewhere (a country, a line, a key, a
/// place) before the first lookup, giving the pages back column by column as it goes.
enum GazetteerIndexFile {
    /// What is wrong with the index file.
    struct Damage: Error, CustomStringConvertible {
        let description: String
    }

    private static let magic = Array("mvvm-tui gzix 1\n".utf8)
    private static let columnCount = 14
    private static let headerSize = magic.count + 8 * (4 + 2 * columnCount)

    // MARK: - Writing

    /// The index file of `columns`, read from a gazetteer of `gazetteerSize` bytes.
    static func data(of columns: GazetteerIndex.Columns, gazetteerSize: Int) -> Data {
        let parts: [(count: Int, bytes: Data)] = [
            part(columns.rowStarts), part(columns.countryOfPlace), part(columns.stateOfPlace),
            part(columns.latitudes), part(columns.longitudes), part(columns.timeZoneOfPlace),
            part(columns.populations),
            part(columns.names.starts), part(columns.names.lengths), part(columns.names.lowercased),
            part(columns.alternates.starts), part(columns.alternates.lengths),
            part(columns.alternates.placeStarts), part(columns.alternates.places),
        ]
        var header = Data(magic)
        var body = Data()
        func append(_ number: Int, to data: inout Data) {
            withUnsafeBytes(of: UInt64(number).littleEndian) { data.append(contentsOf: $0) }
        }
        for number in [gazetteerSize, columns.names.longestKey, columns.alternates.longestKey, parts.count] {
            append(number, to: &header)
        }
        for part in parts {
            append(headerSize + body.count, to: &header)
            append(part.count, to: &header)
            body.append(part.bytes)
            body.append(contentsOf: [UInt8](repeating: 0, count: (8 - body.count % 8) % 8))
        }
        return header + body
    }

    private static func part<Element>(_ column: Column<Element>) -> (count: Int, bytes: Data) {
        (column.count, column.withUnsafeBytes { Data($0) })
    }

    // MARK: - Reading

    /// Puts the columns of the mapped index `file` into `columns`, which hold the gazetteer's
    /// time zones, countries and states already; `places` and `alternateNames` are the
    /// gazetteer's counts, `gazetteerSize` its size.
    static func read(_ file: Data, into columns: inout GazetteerIndex.Columns, gazetteerSize: Int,
                     places: Int, alternateNames: Int) throws(Damage) {
        guard file.count >= headerSize, file.prefix(magic.count).elementsEqual(magic) else {
            throw Damage(description: "it is not a gazetteer index in format 1")
        }
        func number(_ slot: Int) -> Int {
            let value = file.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: magic.count + 8 * slot, as: UInt64.self) }
            return Int(clamping: UInt64(littleEndian: value))
        }
        guard number(0) == gazetteerSize else { throw Damage(description: "it was made from another gazetteer") }
        guard number(3) == columnCount else { throw Damage(description: "it has \(number(3)) columns, not \(columnCount)") }
        func column<Element>(_ index: Int, count: Int? = nil) throws(Damage) -> Column<Element> {
            let offset = number(4 + 2 * index), found = number(5 + 2 * index)
            guard count == nil || found == count else {
                throw Damage(description: "column \(index + 1) has \(found) entries, not \(count ?? 0)")
            }
            guard let column = Column<Element>(count: found, at: offset, in: file) else {
                throw Damage(description: "column \(index + 1) does not fit in the file")
            }
            return column
        }
        columns.rowStarts = try column(0, count: places)
        columns.countryOfPlace = try column(1, count: places)
        columns.stateOfPlace = try column(2, count: places)
        columns.latitudes = try column(3, count: places)
        columns.longitudes = try column(4, count: places)
        columns.timeZoneOfPlace = try column(5, count: places)
        columns.populations = try column(6, count: places)
        let lowercased: Column<UInt8> = try column(9)
        guard lowercased.isEmpty || lowercased.count == places else { throw Damage(description: "column 10 has the wrong count") }
        columns.names = GazetteerKeys(starts: try column(7, count: places), lengths: try column(8, count: places),
                                      lowercased: lowercased, longestKey: number(1))
        let placeStarts: Column<UInt32> = try column(12, count: alternateNames + 1)
        columns.alternates = GazetteerKeys(starts: try column(10, count: alternateNames),
                                           lengths: try column(11, count: alternateNames),
                                           placeStarts: placeStarts, places: try column(13), longestKey: number(2))
        try check(columns, gazetteerSize: gazetteerSize, in: file)
    }

    /// Checks that every value leads somewhere that exists, giving the pages back as it goes.
    private static func check(_ columns: GazetteerIndex.Columns, gazetteerSize: Int, in file: Data) throws(Damage) {
        let places = columns.populations.count
        try every(columns.rowStarts, in: file, "a line") { Int($0) < gazetteerSize }
        try every(columns.countryOfPlace, in: file, "a country") { Int($0) < columns.countries.count }
        try every(columns.stateOfPlace, in: file, "a state") { Int($0) <= columns.states.count }
        try every(columns.timeZoneOfPlace, in: file, "a time zone") { Int($0) < columns.timeZones.count }
        try every(columns.alternates.places, in: file, "a place") { Int($0) < places }
        var previous: UInt32 = 0
        try every(columns.alternates.placeStarts, in: file, "a list of places") { start in
            defer { previous = start }
            return start >= previous && Int(start) <= columns.alternates.places.count
        }
        guard columns.alternates.placeStarts[0] == 0,
              columns.alternates.placeStarts.last.map(Int.init) == columns.alternates.places.count else {
            throw Damage(description: "the lists of places do not cover the places")
        }
        for keys in [columns.names, columns.alternates] {
            for index in 0..<keys.count where Int(keys.starts[index]) + keys.length(of: index) > gazetteerSize {
                throw Damage(description: "key \(index + 1) lies past the end of the gazetteer")
            }
            release(keys.starts, in: file)
            release(keys.lengths, in: file)
        }
    }

    /// Throws unless `holds` is true of every element; then gives the column's pages back.
    private static func every<Element>(_ column: Column<Element>, in file: Data, _ what: String,
                                       _ holds: (Element) -> Bool) throws(Damage) {
        for index in 0..<column.count where !holds(column[index]) {
            throw Damage(description: "entry \(index + 1) of a column leads to \(what) that does not exist")
        }
        release(column, in: file)
    }

    /// Gives back the pages of `column`, which lies in `file`; a later read brings them back.
    private static func release<Element>(_ column: Column<Element>, in file: Data) {
        column.withUnsafeBytes { bytes in
            file.withUnsafeBytes { whole in
                guard let start = bytes.baseAddress, let base = whole.baseAddress else { return }
                let offset = start - base
                MappedPages.release(offset..<(offset + bytes.count), of: whole)
            }
        }
    }
}
