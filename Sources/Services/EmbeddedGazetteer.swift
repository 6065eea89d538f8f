import Foundation
import Models
import Synchronization

/// The places the Weather screen finds without a network: 147,284 cities, towns and villages of
/// 1,000 people or more from GeoNames (see Docs/Data.md), embedded as `Resources/gazetteer.tsv`.
///
/// Names are matched without regard to case or diacritics, in any script GeoNames gives
/// ("東京" is Tokyo, "Sao Paulo" is São Paulo), whole names before names that start with the
/// query, most people first; "City, ST" and "City, Country" narrow the places down. See
/// `GazetteerIndex.search(_:limit:)` for the rules.
///
/// Nothing is read until the first lookup; that load happens once, on the thread that asks
/// first, while other callers wait for it (call `load()` off the main actor to have it done
/// before someone types). A load that fails is not remembered, so a later lookup tries again.
/// The file is mapped, not copied, and stays mapped: its keys are searched where they lie. The
/// columns that ranking needs come mapped from `gazetteer.index`, made from the file by
/// `make gazetteer-index` (see `GazetteerIndex`, `GazetteerIndexFile`; figures in Docs/Data.md).
///
/// ```swift
/// let gazetteer = EmbeddedGazetteer.bundled()
/// gazetteer.search("Richmond, VA", limit: 5).first?.region   // "Virginia"
/// ```
public final class EmbeddedGazetteer: Geocoder, Sendable {
    /// Why the gazetteer could not be loaded, in words a person can act on.
    public typealias LoadError = EmbeddedDataError

    private let resource: EmbeddedResource<GazetteerIndex>
    /// When the mapped files' pages were last given back, in seconds of the system's uptime.
    private let pagesGivenBack = Mutex<TimeInterval>(-.infinity)
    /// How often at most lookups give the pages back: each time costs the next lookup about a
    /// millisecond of mapping them again, so a person typing pays it once a second.
    private static let pageGivingInterval: TimeInterval = 1

    /// Creates a gazetteer read from the file at `url` when it is first needed, with its columns
    /// from the index file at `indexURL` (`GazetteerIndexFile`) when there is one. An index that
    /// cannot be read, or was made from another file, is passed over: the columns are then built
    /// from the gazetteer, which costs memory and time, not answers.
    public init(url: URL, indexURL: URL? = nil) {
        resource = EmbeddedResource(url: url, name: "The gazetteer", mapped: true) { data, url throws(EmbeddedDataError) in
            if let indexURL, let index = try? MappedPages.map(indexURL),
               let mapped = try? GazetteerIndex(file: data, source: url, index: index, indexSource: indexURL, bothMapped: true) {
                return mapped
            }
            return try GazetteerIndex(file: data, source: url, releasingPagesRead: true)
        }
    }

    /// The gazetteer that ships with the program and its index, from `folder` (by default the one
    /// found for the running executable).
    public static func bundled(in folder: EmbeddedDataFolder = .located) -> Self {
        Self(url: folder.file("gazetteer.tsv"), indexURL: folder.file("gazetteer.index"))
    }

    /// Writes the index file of the gazetteer at `url` to `indexURL`: `make gazetteer-index`,
    /// after the gazetteer changes.
    public static func writeIndex(of url: URL, to indexURL: URL) throws {
        let file = try MappedPages.map(url)
        let columns = try GazetteerIndex.columns(of: file, source: url)
        try GazetteerIndexFile.data(of: columns, gazetteerSize: file.count).write(to: indexURL, options: .atomic)
    }

    // MARK: - Loading

    /// Loads the gazetteer now, if it is not loaded yet, and returns how many places it holds.
    @discardableResult
    public func load() throws(LoadError) -> Int {
        try index().count
    }

    private func index() throws(LoadError) -> GazetteerIndex {
        try resource.index()
    }

    // MARK: - Searching

    /// The places `query` names, best first, at most `limit`: for suggestions as a person types.
    /// Empty when nothing matches, and when the gazetteer cannot be loaded (`places(matching:limit:)`
    /// and `load()` say why).
    public func search(_ query: String, limit: Int) -> [Place] {
        (try? places(matchingNow: query, limit: limit)) ?? []
    }

    private func places(matchingNow query: String, limit: Int) throws(LoadError) -> [Place] {
        let query = PlaceQuery(query)
        guard limit > 0, !query.name.isEmpty else { return [] }
        let index = try index()
        defer { givePagesBackNowAndThen(index) }
        return index.search(query, limit: limit).map(index.place(at:))
    }
}

// MARK: - Memory

extension EmbeddedGazetteer {
    /// Gives the pages lookups read back to the system (`GazetteerIndex.givePagesBack()`), at
    /// most once every `pageGivingInterval`: a lookup's pages stay only until the next lookup
    /// a second or more later, instead of piling up to both whole files.
    private func givePagesBackNowAndThen(_ index: GazetteerIndex) {
        let now = ProcessInfo.processInfo.systemUptime
        let due = pagesGivenBack.withLock { last in
            guard now - last >= Self.pageGivingInterval else { return false }
            last = now
            return true
        }
        if due { index.givePagesBack() }
    }
}

// MARK: - Geocoder

extension EmbeddedGazetteer {
    /// The places `query` names, best first, at most `limit`, off the caller's actor; throws
    /// `LoadError` when the gazetteer cannot be loaded.
    public func places(matching query: String, limit: Int) async throws -> [Place] {
        try await BackgroundWork.run { try self.places(matchingNow: query, limit: limit) }
    }
}
