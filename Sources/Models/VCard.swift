import Foundation

/// Address-book files (vCard 2.1, 3.0 and 4.0; RFC 2426 and RFC 6350) read into people and written from them.
///
/// Reading takes a person's name from `N` (family; given; additional; prefix; suffix, the prefix
/// becoming the salutation), or from `FN` when `N` gives none; a card with neither is known by
/// its `ORG`, else its `NICKNAME` (`Person.knownAs`). The birthday comes from `BDAY` in any of
/// `1815-12-10`, `18151210`, `--1210` or `--12-10` (no year, as is Apple's `X-APPLE-OMIT-YEAR`,
/// and as is the year 0000 some phones write), a time after the date ignored; any other `BDAY`
/// (`VALUE=text`, a year alone, a year and a month, a day alone, a day the calendar has not) is
/// kept as written (`Person.birthdayText`). Email addresses and phone numbers come from every
/// `EMAIL` and `TEL`, with their kinds; the id from `UID`, `urn:uuid:` dropped. Folded lines, `\,`
/// `\;` `\n` `\\` escapes and quoted-printable values (vCard 2.1) are understood, in any charset a
/// file is written in (VCardCharset.swift). Every
/// card that ends is read, whatever one property says; only a card whose `END:VCARD` never comes
/// is left out, and reported by its line. A card without a `UID` gets an id made from its text,
/// so reading the same file twice adds nobody twice.
///
/// Writing gives vCard 4.0 with `UID`, `FN`, `N`, `ORG` and `KIND:org` (for someone without a
/// name known by what they are, organisation or nickname), `BDAY`, `EMAIL` and `TEL`, lines
/// ending in CR LF and folded past 75 bytes without cutting a character.
/// What is written reads back as the same people.
/// Each card read is also given back as its text (`Import.cards`), and a person written with the
/// card they came from keeps everything in it but what changed (VCardRevision.swift).
///
/// ```swift
/// let read = VCard.people(from: "BEGIN:VCARD\r\nVERSION:4.0\r\nN:Lovelace;Ada;;Countess;\r\nBDAY:--1210\r\nEND:VCARD\r\n")
/// read.people.first?.salutation   // "Countess"
/// read.problems                   // []
/// let text = VCard.text(for: read.people)
/// ```
public enum VCard {
    /// What a file gave: the people read, and what was wrong with the cards left out.
    public struct Import: Equatable, Sendable {
        /// The people of every card that ends, in the file's order.
        public let people: [Person]
        /// One entry per card left out (one whose `END:VCARD` never comes), in the file's order.
        public let problems: [Problem]
        /// The text of each card read as the file has it (folded lines, line ends and all), in
        /// the order of `people`: what a store keeps so that the card is written back whole.
        /// A line the file wrote in another charset's 8-bit bytes is given as UTF-8 (VCardCharset.swift).
        public let cards: [String]
        /// Whether some text was read as Windows-1252 because it was not UTF-8 and named no
        /// charset: what the import's summary says, as the reading is a guess.
        public let readAsWindows1252: Bool

        /// Creates what an import gave.
        public init(people: [Person], problems: [Problem], cards: [String] = [], readAsWindows1252: Bool = false) {
            self.people = people
            self.problems = problems
            self.cards = cards
            self.readAsWindows1252 = readAsWindows1252
        }
    }

    /// A card left out of an import, and why.
    public struct Problem: Equatable, Sendable, CustomStringConvertible {
        /// The line of the file (from 1) the problem is on: the card's `BEGIN`.
        public let line: Int
        /// What is wrong, such as "the card has no END:VCARD".
        public let reason: String

        /// Creates a problem on `line`.
        public init(line: Int, reason: String) {
            self.line = line
            self.reason = reason
        }

        /// "line 12: the card has no END:VCARD".
        public var description: String { "line \(line): \(reason)" }
    }

    /// Reads every card in `text`.
    public static func people(from text: String) -> Import {
        people(from: Array(text.utf8))
    }

    /// Reads every card in a file's bytes, in whatever charset they are written
    /// (VCardCharset.swift).
    public static func people(from file: [UInt8]) -> Import {
        let bytes = fileBytes(file)
        var lines = logicalLines(of: bytes)
        // The lines written in another charset's 8-bit bytes, by their index, read as UTF-8.
        var transcodedLines: [Int] = []
        var guessed = false
        if bytes.contains(where: { $0 >= 0x80 }) {
            for index in lines.indices {
                guard let (line, isGuess) = transcoded(lines[index].bytes) else { continue }
                lines[index].bytes = line
                transcodedLines.append(index)
                guessed = guessed || isGuess
            }
        }
        var reader = CardReader()
        for line in lines {
            reader.take(line)
        }
        reader.finish()
        // A card that ends the file without a line end is given one, so that cards written one
        // after another stay apart.
        var next = 0  // the first transcoded line not before the card
        let cards = reader.cardRanges.map { range in
            while next < transcodedLines.count, lines[transcodedLines[next]].range.lowerBound < range.lowerBound { next += 1 }
            guard next < transcodedLines.count, range.contains(lines[transcodedLines[next]].range.lowerBound) else {
                return String(decoding: bytes[range], as: UTF8.self) + (bytes[range].last == UInt8(ascii: "\n") ? "" : "\r\n")
            }
            return utf8Card(
                in: range, lines: lines, transcoded: Set(transcodedLines[next...].prefix { range.contains(lines[$0].range.lowerBound) }),
                of: bytes)
        }
        return Import(
            people: reader.people, problems: reader.problems, cards: cards,
            readAsWindows1252: guessed || reader.readAsWindows1252)
    }

    /// `people` as vCard 4.0 text, one card each, in the order given.
    public static func text(for people: [Person]) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(people.count * 120)
        for person in people {
            let id = uidLine(for: person.id)
            // Someone known by an organisation's name is written as the organisation's card.
            let organisation = person.hasName ? nil : person.knownAs
            var lines = [
                "BEGIN:VCARD", "VERSION:4.0", id, "FN:" + formattedName(of: person, organisation: organisation),
                "N:\(escaped(person.lastName));\(escaped(person.firstName));;\(escaped(person.salutation ?? ""));",
            ]
            if let organisation { lines += ["ORG:" + escaped(organisation), "KIND:org"] }
            if let birthday = birthdayLine(for: person, prefix: "BDAY", isVersion3: false) { lines.append(birthday) }
            lines += person.emails.map { "EMAIL" + typeParameter($0) + ":" + escaped($0.value) }
            lines += person.phones.map { "TEL;VALUE=text" + typeParameter($0) + ":" + escaped($0.value) }
            if let original = person.conflictOf { lines.append(conflictLine(of: original)) }
            lines.append("END:VCARD")
            for line in lines { appendFolded(line, to: &output) }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// The `FN` value for `person`, escaped: the salutation and the full name. For someone
    /// without a name, what reads back as no name: `organisation` (on a card that says it is an
    /// organisation's), else their first address or number, else nothing.
    static func formattedName(of person: Person, organisation: String? = nil) -> String {
        guard person.hasName else { return escaped(organisation ?? person.emails.first?.value ?? person.phones.first?.value ?? "") }
        return escaped((person.salutation.map { $0 + " " } ?? "") + person.fullName)
    }

    /// The program's own property that marks a conflict's copy (`Person.conflictOf`).
    static let conflictProperty = "X-MVVM-TUI-CONFLICT-OF"

    /// The line that marks a card as a conflict's copy of the person with `id`.
    static func conflictLine(of id: Person.ID) -> String {
        conflictProperty + ":" + escaped(id)
    }

    /// The `UID` line for `id`: a URN for a UUID, else text.
    static func uidLine(for id: Person.ID) -> String {
        UUID(uuidString: id) != nil ? "UID:urn:uuid:\(id)" : "UID;VALUE=text:\(escaped(id))"
    }

    /// Whether a content line's parameters (before its first `:`) say its value is quoted-printable.
    static func isQuotedPrintable(_ line: [UInt8]) -> Bool {
        let head = line.prefix { $0 != UInt8(ascii: ":") }
        let word = Array("QUOTED-PRINTABLE".utf8)
        guard head.count >= word.count else { return false }
        // Upper case by clearing bit 5 of letters; the word's '-' stays '-' and no other byte becomes it.
        return (head.startIndex...(head.endIndex - word.count)).contains { start in
            zip(head[start...], word).allSatisfy { byte, letter in (letter == UInt8(ascii: "-") ? byte : byte & 0xDF) == letter }
        }
    }

    /// A quoted-printable value with its `=XX` bytes decoded and soft breaks (`=` at a line's end,
    /// joined into the value) dropped: bytes in the line's charset (`decodedValue(of:value:)`).
    static func quotedPrintableDecoded(_ value: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var output: [UInt8] = []
        var index = value.startIndex
        while index < value.endIndex {
            let byte = value[index]
            if byte == UInt8(ascii: "="), index + 2 < value.endIndex,
                let high = hexDigit(value[index + 1]), let low = hexDigit(value[index + 2])
            {
                output.append(high << 4 | low)
                index += 3
            } else if byte == UInt8(ascii: "=") {
                index += 1  // a soft break
            } else {
                output.append(byte)
                index += 1
            }
        }
        return output[...]
    }

    private static func hexDigit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        default: nil
        }
    }

    /// `;TYPE=work,home`, or nothing for a detail of no kind.
    private static func typeParameter(_ detail: ContactDetail) -> String {
        detail.kinds.isEmpty ? "" : ";TYPE=" + detail.kinds.joined(separator: ",")
    }

    // MARK: - Lines

    /// A line after unfolding, with the number of the file's line it starts on and the bytes of
    /// the file it came from, its folds and its line end included.
    struct Line {
        let number: Int
        var bytes: [UInt8]
        var range: Range<Int>
    }

    /// The lines of `bytes` with folding undone: a line starting with a space or a tab continues
    /// the one before, less that first character, and so does any line after a quoted-printable
    /// line that ends in `=` (vCard 2.1's soft break, kept in the line for the decoder to drop) —
    /// but for a blank line, which ends the value (its soft break dropped), and `END:VCARD`,
    /// which is never a value's. Line ends are LF or CR LF; blank lines are dropped.
    static func logicalLines(of bytes: [UInt8]) -> [Line] {
        var lines: [Line] = []
        var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0  // a byte-order mark
        var number = 0
        while start < bytes.count {
            number += 1
            var end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
            let next = end + 1
            if end > start, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
            let physical = bytes[start..<end]
            let lineEnd = min(next, bytes.count)
            if let last = lines.last, last.bytes.last == UInt8(ascii: "="), isQuotedPrintable(last.bytes), physical.isEmpty {
                lines[lines.count - 1].bytes.removeLast()
                lines[lines.count - 1].range = last.range.lowerBound..<lineEnd
            } else if let last = lines.last, last.bytes.last == UInt8(ascii: "="), isQuotedPrintable(last.bytes), !isEndOfCard(physical) {
                lines[lines.count - 1].bytes += physical
                lines[lines.count - 1].range = last.range.lowerBound..<lineEnd
            } else if let first = physical.first, first == UInt8(ascii: " ") || first == UInt8(ascii: "\t"), !lines.isEmpty {
                lines[lines.count - 1].bytes += physical.dropFirst()
                lines[lines.count - 1].range = lines[lines.count - 1].range.lowerBound..<lineEnd
            } else if !physical.isEmpty {
                lines.append(Line(number: number, bytes: Array(physical), range: start..<lineEnd))
            }
            start = next
        }
        return lines
    }

    /// Whether `line` is `END:VCARD`, in any case.
    private static func isEndOfCard(_ line: ArraySlice<UInt8>) -> Bool {
        line.count == 9 && String(decoding: line, as: UTF8.self).uppercased() == "END:VCARD"
    }

    /// Appends `line` and `lineEnd` (CR LF unless a card has LF), folded so that no line is over 75 bytes: a break goes before
    /// a character, never inside one, and the next line starts with a space.
    static func appendFolded(_ line: String, to output: inout [UInt8], lineEnd: [UInt8] = [UInt8(ascii: "\r"), UInt8(ascii: "\n")]) {
        var room = 75
        for scalar in line.unicodeScalars {
            let encoded = Array(String(scalar).utf8)
            if encoded.count > room {
                output += lineEnd + [UInt8(ascii: " ")]
                room = 74
            }
            output += encoded
            room -= encoded.count
        }
        output += lineEnd
    }
}
