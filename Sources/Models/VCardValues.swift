import Foundation

/// Reading and writing vCard values: escapes, separators, birthdays.
extension VCard {
    /// `text` with `\`, `,`, `;` and line breaks escaped as a vCard text value.
    static func escaped(_ text: String) -> String {
        var result = ""
        for character in text.unicodeScalars {
            switch character {
            case "\\": result += "\\\\"
            case ",": result += "\\,"
            case ";": result += "\\;"
            case "\n": result += "\\n"
            case "\r": break
            default: result.unicodeScalars.append(character)
            }
        }
        return result
    }

    /// `bytes` split at each `separator` that is not escaped, each part still escaped.
    static func split(_ bytes: ArraySlice<UInt8>, at separator: UInt8) -> [ArraySlice<UInt8>] {
        var parts: [ArraySlice<UInt8>] = []
        var start = bytes.startIndex
        var escaping = false
        for index in bytes.indices {
            if escaping {
                escaping = false
            } else if bytes[index] == UInt8(ascii: "\\") {
                escaping = true
            } else if bytes[index] == separator {
                parts.append(bytes[start..<index])
                start = index + 1
            }
        }
        parts.append(bytes[start...])
        return parts
    }

    /// A text value with its escapes undone (`\n` and `\N` are line breaks, `\x` is x), spaces
    /// and tabs trimmed at both ends, and a carriage return dropped, as `escaped` drops it: what
    /// is read is what is written back.
    static func unescaped(_ bytes: ArraySlice<UInt8>) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var escaping = false
        let isBlank = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        let start = bytes.firstIndex { !isBlank($0) } ?? bytes.endIndex
        let end = bytes.lastIndex { !isBlank($0) }.map { $0 + 1 } ?? start
        for byte in bytes[start..<max(start, end)] {
            if byte == UInt8(ascii: "\r") {
                continue  // a bare one, which only a quoted-printable value or a broken file holds
            } else if escaping {
                output.append(byte == UInt8(ascii: "n") || byte == UInt8(ascii: "N") ? UInt8(ascii: "\n") : byte)
                escaping = false
            } else if byte == UInt8(ascii: "\\") {
                escaping = true
            } else {
                output.append(byte)
            }
        }
        while output.last == UInt8(ascii: "\n") { output.removeLast() }  // an escaped line break at the end
        return String(decoding: output, as: UTF8.self)
    }

    /// A `BDAY` value as a date: `YYYY-MM-DD`, `YYYYMMDD`, `--MMDD`, `--MM-DD` or `MM-DD`, with
    /// anything from a `T` on (a time) ignored, and the year 0000 taken as no year; nil for
    /// anything else.
    static func birthDate(from text: String) -> BirthDate? {
        let date = text.split(separator: "T", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        let bytes = Array(date.utf8)
        let yearZero = Array("0000".utf8)
        switch bytes.count {
        case 8 where bytes.starts(with: yearZero):
            return birthDate(from: "--" + date.dropFirst(4))
        case 8:
            guard let year = BirthDate.number(bytes[0..<4]), let month = BirthDate.number(bytes[4..<6]),
                let day = BirthDate.number(bytes[6..<8])
            else { return nil }
            return BirthDate(year: year, month: month, day: day)
        case 6:
            guard date.hasPrefix("--"), let month = BirthDate.number(bytes[2..<4]),
                let day = BirthDate.number(bytes[4..<6])
            else { return nil }
            return BirthDate(year: nil, month: month, day: day)
        case 10 where bytes.starts(with: yearZero):
            return BirthDate("-" + date.dropFirst(4))
        case 5 where bytes[2] == UInt8(ascii: "-"):  // MM-DD, as some version 3.0 cards write a day without a year
            return BirthDate("--" + date)
        default:
            return BirthDate(date)
        }
    }

    /// `date` in ISO 8601's basic form, as vCard 4.0 writes dates: `18151210`, `--1210`.
    static func basicForm(of date: BirthDate) -> String {
        let digits = date.description.filter { $0 != "-" }
        return date.year == nil ? "--" + digits : digits
    }
}
