import Foundation

/// Folded keys in the file, sorted by their UTF-8 bytes, each leading to one or more places;
/// found by binary search, so the keys that start with a prefix are one contiguous range.
///
/// A key is where it lies in the file: a start and a length. A place's key that the file leaves
/// empty is its name read with A–Z in lower case (`isLowercased`).
struct GazetteerKeys: Sendable {
    /// Whether key i leads to place i, rather than to the places listed for it.
    let leadsToPlaceAtSameIndex: Bool
    /// Where each key starts in the file.
    private(set) var starts = Column<UInt32>()
    /// How long each key is, in bytes.
    private(set) var lengths = Column<UInt8>()
    /// Whether each key is read with A–Z in lower case (1) or not (0); empty when no key is.
    private(set) var lowercased = Column<UInt8>()
    /// Where each key's places start in `places`, one more marking the end; empty when key i
    /// leads to place i.
    private(set) var placeStarts = Column<UInt32>()
    /// The places the keys lead to.
    private(set) var places = Column<UInt32>()
    /// The length of the longest key.
    private(set) var longestKey = 0

    /// Creates an empty table.
    init(leadsToPlaceAtSameIndex: Bool) {
        self.leadsToPlaceAtSameIndex = leadsToPlaceAtSameIndex
        if !leadsToPlaceAtSameIndex { placeStarts.append(0) }
    }

    /// The places' own keys, whose columns lie in an index file: key i leads to place i.
    init(starts: Column<UInt32>, lengths: Column<UInt8>, lowercased: Column<UInt8>, longestKey: Int) {
        leadsToPlaceAtSameIndex = true
        (self.starts, self.lengths, self.lowercased, self.longestKey) = (starts, lengths, lowercased, longestKey)
    }

    /// Alternate names, whose columns lie in an index file.
    init(starts: Column<UInt32>, lengths: Column<UInt8>, placeStarts: Column<UInt32>, places: Column<UInt32>, longestKey: Int) {
        leadsToPlaceAtSameIndex = false
        (self.starts, self.lengths, self.placeStarts, self.places, self.longestKey) = (starts, lengths, placeStarts, places, longestKey)
    }

    /// How many keys there are.
    var count: Int { starts.count }

    /// The length in bytes of key `index`.
    @inline(__always)
    func length(of index: Int) -> Int {
        Int(lengths[index])
    }

    /// How many words key `index` has: its spaces plus one.
    func wordCount(of index: Int, in file: UnsafeBufferPointer<UInt8>) -> Int {
        let start = Int(starts[index])
        return file[start..<(start + length(of: index))].reduce(1) { $1 == 0x20 ? $0 + 1 : $0 }
    }

    /// The places key `index` leads to, as a range of `places`; only for a table with place lists.
    @inline(__always)
    func placeRange(of index: Int) -> Range<Int> {
        Int(placeStarts[index])..<Int(placeStarts[index + 1])
    }

    /// The keys that start with `prefix`: those equal to it come first.
    func range(withPrefix prefix: [UInt8], in file: UnsafeBufferPointer<UInt8>) -> Range<Int> {
        prefix.withUnsafeBufferPointer { prefix in
            let lower = partitionPoint(from: 0) { compare($0, with: prefix, in: file, truncating: false) >= 0 }
            let upper = partitionPoint(from: lower) { compare($0, with: prefix, in: file, truncating: true) > 0 }
            return lower..<upper
        }
    }

    // MARK: Building

    /// Makes room for `keys` more keys.
    mutating func reserve(keys: Int) {
        starts.reserveCapacity(starts.count + keys)
        lengths.reserveCapacity(lengths.count + keys)
        if leadsToPlaceAtSameIndex { lowercased.reserveCapacity(lowercased.count + keys) }
        if !leadsToPlaceAtSameIndex { placeStarts.reserveCapacity(placeStarts.count + keys) }
    }

    /// Appends the key at `range` of the file, at most 255 bytes, read in lower case when
    /// `lowercasing`; the reader checks that keys come in order.
    mutating func append(keyAt range: Range<Int>, lowercasing: Bool) {
        starts.append(UInt32(range.lowerBound))
        lengths.append(UInt8(range.count))
        if leadsToPlaceAtSameIndex { lowercased.append(lowercasing ? 1 : 0) }
        longestKey = max(longestKey, range.count)
    }

    /// Records that the last key appended leads to `place`.
    mutating func appendPlace(_ place: UInt32) {
        places.append(place)
    }

    /// Closes the list of places of the last key appended.
    mutating func endPlaces() {
        placeStarts.append(UInt32(places.count))
    }

    /// Whether key `index` sorts after key `index - 1` (or equals it, when `allowingEqual`).
    func isInOrder(_ index: Int, allowingEqual: Bool, in file: UnsafeBufferPointer<UInt8>) -> Bool {
        guard index > 0 else { return true }
        let previous = index - 1
        let common = min(length(of: previous), length(of: index))
        if isLowercased(previous) || isLowercased(index) {
            for offset in 0..<common {
                let a = byte(offset, of: previous, in: file), b = byte(offset, of: index, in: file)
                if a != b { return a < b }
            }
        } else if common > 0, let base = file.baseAddress {
            let order = memcmp(base + Int(starts[previous]), base + Int(starts[index]), common)
            if order != 0 { return order < 0 }
        }
        return length(of: previous) < length(of: index) || (allowingEqual && length(of: previous) == length(of: index))
    }

    // MARK: Comparing

    /// Whether key `index` is read with A–Z in lower case.
    @inline(__always)
    private func isLowercased(_ index: Int) -> Bool {
        !lowercased.isEmpty && lowercased[index] != 0
    }

    /// Byte `offset` of key `index`.
    @inline(__always)
    private func byte(_ offset: Int, of index: Int, in file: UnsafeBufferPointer<UInt8>) -> UInt8 {
        let byte = file[Int(starts[index]) + offset]
        return isLowercased(index) && byte &- 0x41 < 26 ? byte + 0x20 : byte
    }

    /// The first index from `start` for which `isAfter` holds, given that it holds for all after.
    private func partitionPoint(from start: Int, _ isAfter: (Int) -> Bool) -> Int {
        var low = start
        var high = count
        while low < high {
            let middle = low + (high - low) / 2
            if isAfter(middle) { high = middle } else { low = middle + 1 }
        }
        return low
    }

    /// Key `index` against `other`: negative, zero or positive as it sorts before, with or after
    /// it; when `truncating`, only the key's first `other.count` bytes count.
    private func compare(_ index: Int, with other: UnsafeBufferPointer<UInt8>, in file: UnsafeBufferPointer<UInt8>,
                         truncating: Bool) -> Int {
        let length = length(of: index)
        for offset in 0..<min(length, other.count) {
            let a = byte(offset, of: index, in: file), b = other[offset]
            if a != b { return a < b ? -1 : 1 }
        }
        if truncating { return length >= other.count ? 0 : -1 }
        return length == other.count ? 0 : (length < other.count ? -1 : 1)
    }
}
