import Foundation
import Models

/// The gazetteer once loaded: the file itself, mapped into memory, and the columns and offsets
/// that search it where it lies.
///
/// Names and keys are not copied out of the file: the two sorted tables of keys hold where each
/// key starts in it. What ranking and decoding need is kept in columns (population, country,
/// state, coordinates, time zone); a place's name is read from the start of its line, and a
/// `Place` is made only for a result. The places are sorted by key, so their keys form the table
/// `names` with key i leading to place i; the alternate names form the table `alternates`.
///
/// For 147,284 places and 240,047 alternate names the columns take 7 MB. The program ships them
/// in an index file (`GazetteerIndexFile`) and maps it, beside the 12 MB gazetteer, so that only
/// the pages lookups read are in memory, and those the kernel shares with its cache; without the
/// index file the columns are built in the program's own memory from the gazetteer.
final class GazetteerIndex: Sendable {
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

    /// The columns as read from the file; `GazetteerReader` fills them.
    struct Columns {
        var timeZones: [String] = []
        var countries: [Country] = []
        var states: [State] = []
        /// Where each place's line starts in the file.
        var rowStarts = Column<UInt32>()
        var countryOfPlace = Column<UInt8>()
        /// 0 for none, otherwise the index in `states` plus 1.
        var stateOfPlace = Column<UInt8>()
        /// In units of 10⁻⁵ degrees, exactly as the file writes them.
        var latitudes = Column<Int32>()
        var longitudes = Column<Int32>()
        var timeZoneOfPlace = Column<UInt16>()
        var populations = Column<UInt32>()
        var names = GazetteerKeys(leadsToPlaceAtSameIndex: true)
        var alternates = GazetteerKeys(leadsToPlaceAtSameIndex: false)

        /// Makes room for `places` places and `alternateNames` alternate names.
        mutating func reserve(places: Int, alternateNames: Int) {
            rowStarts.reserveCapacity(places)
            countryOfPlace.reserveCapacity(places)
            stateOfPlace.reserveCapacity(places)
            latitudes.reserveCapacity(places)
            longitudes.reserveCapacity(places)
            timeZoneOfPlace.reserveCapacity(places)
            populations.reserveCapacity(places)
            names.reserve(keys: places)
            alternates.reserve(keys: alternateNames)
        }
    }

    /// How many places there are.
    let count: Int
    /// The countries, indexed by `countryOfPlace`.
    let countries: [Country]
    /// The US states; `stateOfPlace` is an index here plus 1.
    let states: [State]
    /// The places' own keys; key i leads to place i.
    let names: GazetteerKeys
    /// The places' alternate names' keys; a key can lead to several places.
    let alternates: GazetteerKeys
    /// The length of the longest key in either table, in bytes.
    let longestKey: Int
    /// The country of each place, an index in `countries`.
    let countryOfPlace: Column<UInt8>
    /// The US state of each place: 0 for none, otherwise an index in `states` plus 1.
    let stateOfPlace: Column<UInt8>
    /// How many people live in each place.
    let populations: Column<UInt32>

    /// The gazetteer file, mapped.
    private let file: Data
    /// The two mappings whose pages `givePagesBack()` gives back: empty unless both files were
    /// mapped with `MappedPages.map`.
    private let mappings: [Data]
    private let timeZones: [String]
    private let rowStarts: Column<UInt32>
    private let latitudes: Column<Int32>
    private let longitudes: Column<Int32>
    private let timeZoneOfPlace: Column<UInt16>

    /// Reads the gazetteer `file` (best mapped, as it is kept), read from `source`;
    /// `releasingPagesRead` gives the pages of a mapped file back as they are read.
    convenience init(file: Data, source: URL, releasingPagesRead: Bool = false) throws(EmbeddedGazetteer.LoadError) {
        let columns = try Self.read(file, from: source, releasingPagesRead: releasingPagesRead) { reader throws(GazetteerReader.Damage) in
            try reader.read()
        }
        self.init(columns: columns, file: file)
    }

    /// Reads the start of the gazetteer `file`, read from `source`, and takes the columns from
    /// the mapped index file `index` made from it (`GazetteerIndexFile`), read from `indexSource`.
    /// `bothMapped` says that `MappedPages.map` mapped both, so that `givePagesBack()` may.
    convenience init(file: Data, source: URL, index: Data, indexSource: URL, bothMapped: Bool = false)
        throws(EmbeddedGazetteer.LoadError) {
        var tables = try Self.read(file, from: source) { reader throws(GazetteerReader.Damage) in try reader.readTables() }
        do throws(GazetteerIndexFile.Damage) {
            try GazetteerIndexFile.read(index, into: &tables.columns, gazetteerSize: file.count,
                                        places: tables.places, alternateNames: tables.alternateNames)
        } catch {
            throw EmbeddedGazetteer.LoadError(description: "The gazetteer index \(indexSource.path) is damaged: \(error.description)")
        }
        self.init(columns: tables.columns, file: file, mappings: bothMapped ? [file, index] : [])
    }

    /// The columns of the gazetteer `file`, read whole from `source`: what an index file holds.
    static func columns(of file: Data, source: URL) throws(EmbeddedGazetteer.LoadError) -> Columns {
        try read(file, from: source) { reader throws(GazetteerReader.Damage) in try reader.read() }
    }

    private init(columns: Columns, file: Data, mappings: [Data] = []) {
        self.file = file
        self.mappings = mappings
        count = columns.populations.count
        countries = columns.countries
        states = columns.states
        names = columns.names
        alternates = columns.alternates
        longestKey = max(columns.names.longestKey, columns.alternates.longestKey)
        countryOfPlace = columns.countryOfPlace
        stateOfPlace = columns.stateOfPlace
        populations = columns.populations
        timeZones = columns.timeZones
        rowStarts = columns.rowStarts
        latitudes = columns.latitudes
        longitudes = columns.longitudes
        timeZoneOfPlace = columns.timeZoneOfPlace
    }

    /// What `body` reads from `file` with a reader, or the damage it finds, in words.
    private static func read<Read>(_ file: Data, from source: URL, releasingPagesRead: Bool = false,
                                   _ body: (inout GazetteerReader) throws(GazetteerReader.Damage) -> Read)
        throws(EmbeddedGazetteer.LoadError) -> Read {
        let result: Result<Read, GazetteerReader.Damage> = file.withUnsafeBytes { raw in
            var reader = GazetteerReader(bytes: raw.bindMemory(to: UInt8.self), releasingPagesRead: releasingPagesRead)
            do throws(GazetteerReader.Damage) {
                return .success(try body(&reader))
            } catch {
                return .failure(error)
            }
        }
        switch result {
        case .success(let read):
            return read
        case .failure(let damage):
            throw EmbeddedGazetteer.LoadError(description: "The gazetteer \(source.path) is damaged: \(damage.description)")
        }
    }

    /// Gives back the pages of both mapped files that lookups have read: they stay in the
    /// system's page cache, shared and reclaimable, and the next lookup maps the few it reads
    /// again. Without it every lookup's pages would stay in the process, up to both whole files.
    func givePagesBack() {
        for mapping in mappings {
            mapping.withUnsafeBytes { MappedPages.release(0..<$0.count, of: $0) }
        }
    }

    /// Calls `body` with the file's bytes, where the keys lie.
    func withFile<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        file.withUnsafeBytes { body($0.bindMemory(to: UInt8.self)) }
    }

    // MARK: - Places

    /// The place at `index`, made from its columns and the name at the start of its line.
    func place(at index: UInt32) -> Place {
        let i = Int(index)
        let state = Int(stateOfPlace[i])
        let country = countries[Int(countryOfPlace[i])]
        let name = withFile { file in
            let start = Int(rowStarts[i])
            var end = start
            while end < file.count, file[end] != UInt8(ascii: "\t") { end += 1 }
            return String(decoding: UnsafeBufferPointer(rebasing: file[start..<end]), as: UTF8.self)
        }
        return Place(
            name: name,
            region: state == 0 ? nil : states[state - 1].name,
            regionCode: state == 0 ? nil : states[state - 1].code,
            country: country.name,
            countryCode: country.code,
            latitude: Double(latitudes[i]) / 100_000,
            longitude: Double(longitudes[i]) / 100_000,
            timeZone: timeZones[Int(timeZoneOfPlace[i])],
            population: Int(populations[i])
        )
    }
}
