import Foundation

/// The one way titles and queries are folded, so that they compare byte by byte.
enum TitleFolding {
    /// Appends `utf8` folded to `output`: lower case, no diacritics, single spaces, trimmed.
    static func append(foldedFrom utf8: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        if utf8.allSatisfy({ $0 < 0x80 }) {
            appendCollapsingSpaces(utf8.lazy.map(lowercased), to: &output)
        } else {
            let text = String(decoding: utf8, as: UTF8.self)
                .folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
            let spaced = text.unicodeScalars.lazy.flatMap { scalar in
                scalar.properties.isWhitespace ? [UInt8(ascii: " ")] : Array(String(scalar).utf8)
            }
            appendCollapsingSpaces(spaced, to: &output)
        }
    }

    /// Whether `byte` belongs to a word: an ASCII letter or digit, or part of a non-ASCII character.
    @inline(__always)
    static func isWordByte(_ byte: UInt8) -> Bool {
        (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39) || byte >= 0x80
    }

    /// What a folded text holds: its letters and digits and those that start its words, as mask
    /// bits, how many words it has, and how long its longest word is.
    static func facts(_ text: ArraySlice<UInt8>) -> (mask: UInt32, initials: UInt32, words: Int, longestWord: Int) {
        var mask: UInt32 = 0
        var initials: UInt32 = 0
        var words = 0
        var longestWord = 0
        var wordLength = 0
        for byte in text {
            mask |= maskBit(byte)
            if isWordByte(byte) {
                if wordLength == 0 {
                    words += 1
                    initials |= maskBit(byte)
                }
                wordLength += 1
                longestWord = max(longestWord, wordLength)
            } else {
                wordLength = 0
            }
        }
        return (mask, initials, words, longestWord)
    }

    /// a–z are bits 0–25, digits share bits 26–30, any non-ASCII byte is bit 31.
    @inline(__always)
    static func maskBit(_ byte: UInt8) -> UInt32 {
        switch byte {
        case 0x61...0x7A: 1 << UInt32(byte - 0x61)
        case 0x30...0x39: 1 << (26 + UInt32(byte - 0x30) % 5)
        case 0x80...: 1 << 31
        default: 0
        }
    }

    @inline(__always)
    private static func lowercased(_ byte: UInt8) -> UInt8 {
        byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte
    }

    private static func appendCollapsingSpaces(_ bytes: some Sequence<UInt8>, to output: inout [UInt8]) {
        let start = output.count
        var spacePending = false
        for byte in bytes {
            if byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) {
                spacePending = output.count > start
            } else {
                if spacePending { output.append(0x20) }
                spacePending = false
                output.append(byte)
            }
        }
    }
}
