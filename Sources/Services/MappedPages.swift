import Foundation

/// A read-only file mapped into memory, and pages of it given back to the system while the
/// mapping stays valid: the process stops holding them, and a later read brings them back from
/// the page cache. The program maps the file itself rather than asking `Data` to, so that pages
/// are only ever given back from a file mapping: from any other memory the bytes would be lost.
enum MappedPages {
    /// Why a file could not be mapped, in the system's words ("No such file or directory").
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The file at `url`, mapped read-only; unmapped when the last copy of the `Data` goes.
    static func map(_ url: URL) throws(Failure) -> Data {
        let descriptor = open(url.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw Failure(description: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw Failure(description: String(cString: strerror(errno))) }
        let count = Int(status.st_size)
        guard count > 0 else { return Data() }
        guard let start = mmap(nil, count, PROT_READ, MAP_PRIVATE, descriptor, 0), start != MAP_FAILED else {
            throw Failure(description: String(cString: strerror(errno)))
        }
        return Data(bytesNoCopy: start, count: count, deallocator: .custom { pointer, count in _ = munmap(pointer, count) })
    }

    /// Releases the whole pages that lie within `range` of `bytes`, which `map(_:)` mapped.
    static func release(_ range: Range<Int>, of bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress, !range.isEmpty else { return }
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let start = (Int(bitPattern: base) + range.lowerBound + page - 1) / page * page
        let end = (Int(bitPattern: base) + range.upperBound) / page * page
        guard end > start, let first = UnsafeMutableRawPointer(bitPattern: start) else { return }
        _ = madvise(first, end - start, MADV_DONTNEED)
    }
}
