import Foundation

/// The character sets a vCard file is written in, and how its bytes become UTF-8.
///
/// A file read gives bytes; the vCard reader decides what they say:
/// - a file that starts with a UTF-16 byte-order mark (as Windows exports) is UTF-16;
/// - a value whose bytes are UTF-8 is UTF-8, whatever charset its line names (text written in
///   ISO-8859-1 or Windows-1252 almost never reads as UTF-8, and a card kept byte for byte reads
///   as it always did);
/// - any other value is read in the charset its line names (vCard 2.1's `CHARSET=`), raw 8-bit
///   or quoted-printable, in every property; ISO-8859-1 and US-ASCII are read as Windows-1252,
///   which adds printable characters where they have control codes (as web browsers read them);
/// - a value that is not UTF-8 and whose line names no charset this program knows is read as
///   Windows-1252, and `VCard.Import.readAsWindows1252` says so.
///
/// A line written in raw 8-bit bytes of another charset is kept as UTF-8, its `CHARSET=`
/// dropped: the card is kept, exported and sent as UTF-8 text. A quoted-printable line is ASCII
/// and is kept as written.
extension VCard {
    /// A character set a line or a file is written in.
    struct Charset: Equatable {
        private enum Kind: Equatable {
            case utf8
            case windows1252
            case foundation(String.Encoding)
        }

        private let kind: Kind

        static let utf8 = Charset(kind: .utf8)
        static let windows1252 = Charset(kind: .windows1252)

        /// The charset IANA's `name` names (as `CHARSET=` writes it, in any case); nil for one
        /// this program cannot read.
        init?(named name: String) {
            switch name.trimmingCharacters(in: CharacterSet(charactersIn: "\" ")).uppercased() {
            case "UTF-8", "UTF8": kind = .utf8
            case "ISO-8859-1", "ISO_8859-1", "LATIN1", "L1", "CP819", "US-ASCII", "ASCII", "ANSI_X3.4-1968",
                "WINDOWS-1252", "CP1252", "X-CP1252":
                kind = .windows1252
            case let other:
                guard let encoding = String.Encoding(ianaName: other), encoding != .utf8 else { return nil }
                kind = .foundation(encoding)
            }
        }

        private init(kind: Kind) { self.kind = kind }

        /// `bytes` read in this charset, as UTF-8; nil when they do not read in it.
        func utf8(_ bytes: ArraySlice<UInt8>) -> [UInt8]? {
            switch kind {
            case .utf8:
                return String(validating: bytes, as: UTF8.self) == nil ? nil : Array(bytes)
            case .windows1252:
                var output: [UInt8] = []
                output.reserveCapacity(bytes.count + bytes.count / 4)
                for byte in bytes {
                    if byte < 0x80 { output.append(byte); continue }
                    let scalar = byte < 0xA0 ? Self.windows1252High[Int(byte - 0x80)] : UInt32(byte)
                    output += String(Unicode.Scalar(scalar)!).utf8
                }
                return output
            case .foundation(let encoding):
                return String(bytes: bytes, encoding: encoding).map { Array($0.utf8) }
            }
        }

        /// The characters of Windows-1252's bytes 0x80–0x9F; the five it leaves undefined are the
        /// control codes of the same number, as WHATWG's encoding standard reads them.
        private static let windows1252High: [UInt32] = [
            0x20AC, 0x81, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x8D, 0x017D, 0x8F,
            0x90, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x9D, 0x017E, 0x0178,
        ]
    }

    /// A value's bytes as UTF-8: as they are when they are UTF-8, else read in `declared` (the
    /// line's charset), else in Windows-1252, which `guessed` then says.
    static func utf8(_ bytes: ArraySlice<UInt8>, declared: Charset?) -> (bytes: ArraySlice<UInt8>, guessed: Bool) {
        guard bytes.contains(where: { $0 >= 0x80 }), String(validating: bytes, as: UTF8.self) == nil else { return (bytes, false) }
        if let declared, let read = declared.utf8(bytes) { return (read[...], false) }
        return (Charset.windows1252.utf8(bytes)![...], true)
    }

    /// The charset a content line's parameters name (`CHARSET=…`); nil when they name none, or
    /// one this program cannot read.
    static func declaredCharset(_ line: [UInt8]) -> Charset? {
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { return nil }
        for parameter in line[..<colon].split(separator: UInt8(ascii: ";")).dropFirst() {
            let text = String(decoding: parameter, as: UTF8.self)
            if text.uppercased().hasPrefix("CHARSET=") { return Charset(named: String(text.dropFirst(8))) }
        }
        return nil
    }

    /// A property's value as UTF-8 text bytes, still escaped: decoded from quoted-printable when
    /// the line says so, and read in its charset; `guessed` says it was read as Windows-1252
    /// for want of a charset.
    static func decodedValue(of line: [UInt8], value: ArraySlice<UInt8>) -> (bytes: ArraySlice<UInt8>, guessed: Bool) {
        let raw = isQuotedPrintable(line) ? quotedPrintableDecoded(value) : value
        guard raw.contains(where: { $0 >= 0x80 }) else { return (raw, false) }
        return utf8(raw, declared: declaredCharset(line))
    }

    /// A file's bytes as the reader reads them: UTF-16 with a byte-order mark as UTF-8, any
    /// other file as it is.
    static func fileBytes(_ bytes: [UInt8]) -> [UInt8] {
        let encoding: String.Encoding? =
            switch (bytes.first, bytes.dropFirst().first) {
            case (0xFF, 0xFE): .utf16LittleEndian
            case (0xFE, 0xFF): .utf16BigEndian
            default: nil
            }
        guard let encoding, let text = String(bytes: bytes.dropFirst(2), encoding: encoding) else { return bytes }
        return Array(text.utf8)
    }

    /// `line` as UTF-8 when it is written in raw 8-bit bytes of another charset: the whole line
    /// read in its charset (else Windows-1252), its `CHARSET=` dropped; nil for a line that is
    /// UTF-8 already. A quoted-printable line's value is read in its charset when used, so its
    /// raw 8-bit bytes are written as `=XX`, which decode to the same bytes.
    static func transcoded(_ line: [UInt8]) -> (line: [UInt8], guessed: Bool)? {
        guard line.contains(where: { $0 >= 0x80 }), String(validating: line, as: UTF8.self) == nil else { return nil }
        if isQuotedPrintable(line) { return (quotedPrintableEscaped(line), false) }
        let (read, guessed) = utf8(line[...], declared: declaredCharset(line))
        guard let colon = read.firstIndex(of: UInt8(ascii: ":")) else { return (Array(read), guessed) }
        let parameters = read[..<colon].split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false)
            .filter { !String(decoding: $0, as: UTF8.self).uppercased().hasPrefix("CHARSET=") }
        return (Array(parameters.joined(separator: [UInt8(ascii: ";")])) + read[colon...], guessed)
    }

    /// A quoted-printable `line` in ASCII: its value's raw 8-bit bytes as `=XX`, the parameters
    /// before its first `:` read as Windows-1252.
    private static func quotedPrintableEscaped(_ line: [UInt8]) -> [UInt8] {
        let colon = line.firstIndex(of: UInt8(ascii: ":")) ?? line.endIndex
        let digits = Array("0123456789ABCDEF".utf8)
        var output = Array(utf8(line[..<colon], declared: nil).bytes)
        for byte in line[colon...] {
            if byte < 0x80 { output.append(byte) } else { output += [UInt8(ascii: "="), digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]] }
        }
        return output
    }

    /// The card in `range` of `bytes` as UTF-8 text: the lines of `transcoded` (indices into
    /// `lines`) written anew, folded but for quoted-printable ones, with the card's line end; the
    /// others as the file has them.
    static func utf8Card(in range: Range<Int>, lines: [Line], transcoded: Set<Int>, of bytes: [UInt8]) -> String {
        var low = 0, high = lines.count  // the card's first line: the first that starts in it
        while low < high {
            let middle = (low + high) / 2
            if lines[middle].range.lowerBound < range.lowerBound { low = middle + 1 } else { high = middle }
        }
        let cardLines = lines[low...].prefix { range.contains($0.range.lowerBound) }
        let lineEnd = lineEnd(of: Array(cardLines), in: bytes)
        var output: [UInt8] = []
        for (index, line) in zip(cardLines.indices, cardLines) {
            if transcoded.contains(index), isQuotedPrintable(line.bytes) {
                output += line.bytes + lineEnd  // unfolded: a fold after a `=` would read as a soft break
            } else if transcoded.contains(index) {
                appendFolded(String(decoding: line.bytes, as: UTF8.self), to: &output, lineEnd: lineEnd)
            } else {
                output += bytes[line.range]
            }
        }
        if output.last != UInt8(ascii: "\n") { output += lineEnd }
        return String(decoding: output, as: UTF8.self)
    }
}
