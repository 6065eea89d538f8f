import Foundation

/// Fixed-width numbers one after another: built in memory as a file is read, or lying where a
/// mapped index file has them, so that only the pages a lookup reads take memory.
///
/// Reads the same either way; only a built column grows.
struct Column<Element: FixedWidthInteger & Sendable>: Sendable {
    /// Where a mapped column lies: its first element, inside memory that `owner` keeps mapped.
    private struct Mapped: @unchecked Sendable {
        let base: UnsafePointer<Element>
        let count: Int
        let owner: Data
    }

    private var built: [Element] = []
    private let mapped: Mapped?

    /// An empty column to build.
    init() {
        mapped = nil
    }

    /// The `count` elements at `offset` bytes into `file`, a mapping that lives as long as the
    /// column; nil when they do not fit in it or are not aligned for `Element`. The column keeps
    /// `file` and reads where its bytes lie, so `file` must be memory whose bytes do not move: a
    /// mapping (`MappedPages.map`) or a `Data` of more than a few bytes that nothing mutates.
    init?(count: Int, at offset: Int, in file: Data) {
        let size = MemoryLayout<Element>.stride
        guard offset >= 0, count >= 0, offset % MemoryLayout<Element>.alignment == 0,
              count <= (file.count - min(offset, file.count)) / size else { return nil }
        let base = file.withUnsafeBytes { $0.baseAddress.map { ($0 + offset).assumingMemoryBound(to: Element.self) } }
        guard let base = base ?? (count == 0 ? UnsafePointer(bitPattern: MemoryLayout<Element>.alignment) : nil) else {
            return nil
        }
        mapped = Mapped(base: base, count: count, owner: file)
    }

    var count: Int { mapped?.count ?? built.count }
    var isEmpty: Bool { count == 0 }
    var last: Element? { isEmpty ? nil : self[count - 1] }

    @inline(__always)
    subscript(index: Int) -> Element {
        guard let mapped else { return built[index] }
        precondition(index >= 0 && index < mapped.count, "index out of range")
        return mapped.base[index]
    }

    /// Calls `body` with the column's bytes, as an index file keeps them.
    func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        guard let mapped else { return built.withUnsafeBytes(body) }
        return body(UnsafeRawBufferPointer(start: mapped.base, count: mapped.count * MemoryLayout<Element>.stride))
    }

    // MARK: Building

    mutating func append(_ element: Element) {
        precondition(mapped == nil, "a mapped column does not grow")
        built.append(element)
    }

    mutating func reserveCapacity(_ capacity: Int) {
        built.reserveCapacity(capacity)
    }
}
