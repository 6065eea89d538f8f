import Foundation

/// Gives pages of a read-only file mapping back to the system while the mapping stays valid:
/// the process stops holding them, and a later read brings them back from the page cache.
/// Only for memory mapped from a file and never written; anywhere else it would lose the bytes.
enum MappedPages {
    /// Releases the whole pages that lie within `range` of `bytes`.
    static func release(_ range: Range<Int>, of bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress, !range.isEmpty else { return }
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let start = (Int(bitPattern: base) + range.lowerBound + page - 1) / page * page
        let end = (Int(bitPattern: base) + range.upperBound) / page * page
        guard end > start, let first = UnsafeMutableRawPointer(bitPattern: start) else { return }
        _ = madvise(first, end - start, MADV_DONTNEED)
    }
}
