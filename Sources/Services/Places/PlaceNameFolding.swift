import Foundation

/// The one way place names and queries are folded, so that they compare byte by byte.
///
/// The gazetteer file holds names already folded by `fold` in Scripts/make-gazetteer.py; this is
/// the same fold, step for step, for what a person types. Change both or neither.
///
/// 1. compatibility decomposition (NFKD): "é" is "e" and a combining acute, "Ｔｏｋｙｏ" is "Tokyo";
/// 2. the combining marks `isStrippedMark` names go (Latin, Greek and Cyrillic diacritics,
///    Arabic vowel signs); other scripts' marks, such as the Japanese voicing marks, stay;
/// 3. lower case (full mappings), then "ß" is "ss" and "ς" is "σ";
/// 4. white space, hyphens, dashes and `_ / , ( )` are spaces; full stops and apostrophes go;
/// 5. runs of spaces are one space, none at either end.
///
/// "São Paulo" → "sao paulo", "Winston-Salem" → "winston salem", "St. John's" → "st johns",
/// "Straße" → "strasse", "東京" → "東京".
enum PlaceNameFolding {
    /// `text` folded, as UTF-8 bytes.
    static func fold(_ text: some StringProtocol) -> [UInt8] {
        var output: [UInt8] = []
        var spacePending = false
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            // NFKD, the marks and the special lower cases do nothing to ASCII.
            for byte in text.utf8 { append(Unicode.Scalar(byte), to: &output, spacePending: &spacePending) }
            return output
        }
        for scalar in String(text).decomposedStringWithCompatibilityMapping.unicodeScalars where !isStrippedMark(scalar) {
            if scalar.isASCII || !scalar.properties.changesWhenLowercased {
                append(scalar, to: &output, spacePending: &spacePending)
            } else {
                for lower in scalar.properties.lowercaseMapping.unicodeScalars {
                    append(lower, to: &output, spacePending: &spacePending)
                }
            }
        }
        return output
    }

    // MARK: - The steps

    /// Whether folding removes `scalar`: a mark of Combining Diacritical Marks, the Cyrillic
    /// combining marks, the Arabic vowel signs and superscript alef, or the Extended,
    /// Supplement, for Symbols and Half Marks blocks.
    @inline(__always)
    private static func isStrippedMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0300...0x036F, 0x0483...0x0489, 0x064B...0x065F, 0x0670,
            0x1AB0...0x1AFF, 0x1DC0...0x1DFF, 0x20D0...0x20FF, 0xFE20...0xFE2F:
            true
        default:
            false
        }
    }

    /// Appends `scalar`, already decomposed and stripped: A–Z in lower case, "ß" as "ss", "ς" as
    /// "σ"; white space, hyphens, dashes and `_ / , ( )` as one space between words; full stops
    /// and apostrophes dropped.
    @inline(__always)
    private static func append(_ scalar: Unicode.Scalar, to output: inout [UInt8], spacePending: inout Bool) {
        switch scalar.value {
        case 0x09...0x0D, 0x1C...0x20, 0x85, 0x1680, 0x2028, 0x2029,  // white space
            0x2D, 0x5F, 0x2F, 0x2C, 0x28, 0x29, 0x2010...0x2015:  // - _ / , ( ) and dashes
            spacePending = !output.isEmpty
            return
        case 0x2E, 0x27, 0x60, 0x2018, 0x2019, 0x02BB, 0x02BC:  // . ' ` ‘ ’ ʻ ʼ
            return
        default:
            break
        }
        if spacePending {
            output.append(0x20)
            spacePending = false
        }
        switch scalar.value {
        case 0x41...0x5A: output.append(UInt8(scalar.value + 0x20))
        case 0xDF: output.append(contentsOf: [0x73, 0x73])  // ß → ss
        case 0x3C2: output.append(contentsOf: [0xCF, 0x83])  // ς → σ
        default: output.append(contentsOf: scalar.utf8)
        }
    }
}
