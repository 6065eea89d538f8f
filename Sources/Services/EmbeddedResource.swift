import Foundation

/// Why embedded data could not be loaded, in words a person can act on.
public struct EmbeddedDataError: Error, Equatable, CustomStringConvertible {
    /// What went wrong and where.
    public let description: String

    /// Creates an error that says `description`.
    public init(description: String) {
        self.description = description
    }
}

/// A data file that ships with the program, read and indexed the first time it is needed, once,
/// from whichever thread asks first. A failed load is not remembered: the next ask tries again.
final class EmbeddedResource<Index: Sendable>: Sendable {
    /// The file.
    let url: URL
    private let name: String
    private let mapped: Bool
    private let makeIndex: @Sendable (Data, URL) throws(EmbeddedDataError) -> Index
    private let lock = NSLock()
    /// The index; read and written only while holding `lock`.
    nonisolated(unsafe) private var loaded: Index?

    /// Creates the resource at `url`, called `name` in messages ("The gazetteer"); `mapped` maps
    /// the file rather than reading it; `makeIndex` builds the index from its bytes.
    init(url: URL, name: String, mapped: Bool = false,
         makeIndex: @escaping @Sendable (Data, URL) throws(EmbeddedDataError) -> Index) {
        self.url = url
        self.name = name
        self.mapped = mapped
        self.makeIndex = makeIndex
    }

    /// The index, loading it first if need be.
    func index() throws(EmbeddedDataError) -> Index {
        lock.lock()
        defer { lock.unlock() }
        if let loaded { return loaded }
        let data: Data
        do {
            data = mapped ? try MappedPages.map(url) : try Data(contentsOf: url)
        } catch let failure as MappedPages.Failure {
            throw EmbeddedDataError(description: "\(name) \(url.path) cannot be read: \(failure.description)")
        } catch {
            throw EmbeddedDataError(description: "\(name) \(url.path) cannot be read: \(error.localizedDescription)")
        }
        let index = try makeIndex(data, url)
        if mapped { Self.releasePages(of: data) }
        loaded = index
        return index
    }

    /// Gives back the pages of a mapped file that building the index read: the whole file, which
    /// would otherwise stay in the process's memory. They stay in the system's page cache, and
    /// the few a lookup reads later come back from there.
    private static func releasePages(of data: Data) {
        data.withUnsafeBytes { bytes in MappedPages.release(0..<bytes.count, of: bytes) }
    }
}
