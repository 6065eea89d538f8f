import InputDecoding
import Renderer

/// The input decoder gives the same keys however the bytes are split into reads, never waits for
/// ever on a partial sequence, and gives only printable text.
enum InputProperties {
    static func check(_ bytes: [UInt8]) -> [String] {
        var findings = Findings()
        let whole = decoded([bytes[...]], findings: &findings)
        var generator = Seeds(bytes)
        let splits: [[ArraySlice<UInt8>]] = [
            bytes.indices.map { bytes[$0...$0] },  // a byte a read
            pieces(of: bytes, using: &generator),
            pieces(of: bytes, using: &generator),
        ]
        for split in splits {
            let keys = decoded(split, findings: &findings)
            findings.expect(keys == whole, "the same keys in \(split.count) reads as in one: \(whole) became \(keys)")
        }
        for key in whole {
            switch key {
            case .text(let text), .paste(let text):
                findings.expect(text.unicodeScalars.allSatisfy(isShown), "only printable text: \(text.debugDescription)")
            default: break
            }
        }
        return findings.broken
    }

    /// The keys `reads` give, one after the other with no pause, then when no more bytes come;
    /// text runs joined, as a run split between reads comes as two.
    private static func decoded(_ reads: [ArraySlice<UInt8>], findings: inout Findings) -> [Key] {
        var decoder = InputDecoder()
        var keys: [Key] = []
        for read in reads { keys += decoder.feed(read) }
        // Waiting out the decoder's patience twice at most leaves it holding nothing.
        for _ in 0..<2 where decoder.patience != nil { keys += decoder.timeOut() }
        findings.expect(decoder.patience == nil && !decoder.isHoldingBytes, "no more waiting once patience ran out")
        var joined: [Key] = []
        for key in keys {
            if case .text(let more) = key, case .text(let text) = joined.last {
                joined[joined.count - 1] = .text(text + more)
            } else {
                joined.append(key)
            }
        }
        return joined
    }

    private static func isShown(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return !(value < 0x20 || (0x7F...0x9F).contains(value) || (0x2028...0x202E).contains(value) || (0x2066...0x2069).contains(value))
    }

    /// `bytes` cut at places `generator` picks, into reads of 1 to 8 bytes.
    private static func pieces(of bytes: [UInt8], using generator: inout Seeds) -> [ArraySlice<UInt8>] {
        var reads: [ArraySlice<UInt8>] = []
        var start = 0
        while start < bytes.count {
            let end = min(bytes.count, start + 1 + Int(generator.next() % 8))
            reads.append(bytes[start..<end])
            start = end
        }
        return reads
    }
}

/// Numbers that follow from an input's bytes (a linear congruential generator seeded by their
/// FNV-1a hash), so that a failure repeats with the same input.
struct Seeds {
    private var state: UInt64

    init(_ bytes: [UInt8]) {
        state = bytes.reduce(0xCBF2_9CE4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01B3 }
    }

    mutating func next() -> UInt64 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return state >> 33
    }
}
