import Foundation

/// Reads the unfolded lines of a vCard file one at a time, into people and problems.
struct CardReader {
    /// The people of the cards read so far: every card that ends.
    private(set) var people: [Person] = []
    /// The cards left out so far: those whose `END:VCARD` never came.
    private(set) var problems: [VCard.Problem] = []
    /// Where each good card is in the file, from its `BEGIN` to its `END` line's end, in the
    /// order of `people`.
    private(set) var cardRanges: [Range<Int>] = []
    /// Whether a value read so far was not UTF-8, named no charset, and was read as Windows-1252.
    private(set) var readAsWindows1252 = false

    /// The card being read: where it began, and the first of each property that counts.
    private var card: Card?
    /// How many cards without a `UID` had the same text, by the id made from it.
    private var madeIDs: [Person.ID: Int] = [:]

    private struct Card {
        let line: Int
        let start: Int
        var properties: [String: Property] = [:]
        var emails: [(detail: ContactDetail, preferred: Bool)] = []
        var phones: [(detail: ContactDetail, preferred: Bool)] = []
        /// Apple's `X-APPLE-OMIT-YEAR`: the year a `BDAY` holds only because it must hold one.
        var omittedYear: Int?
        /// Whether the card says it is an organisation's (`KIND:org`, Apple's `X-ABShowAs:COMPANY`).
        var isOrganisation = false
        /// The program's own mark of a conflict's copy: the id of the person it copies.
        var conflictOf: String?
        var hash = StableHash()
    }

    private struct Property {
        let value: ArraySlice<UInt8>
        /// Whether the line says its value is text (`VALUE=text`), not a date or any other type.
        let isText: Bool
    }

    /// The properties a person is made from; the others are passed over.
    private static let kept: Set<String> = ["N", "FN", "ORG", "NICKNAME", "BDAY", "UID"]

    // MARK: - Reading

    /// Reads one unfolded line.
    mutating func take(_ line: VCard.Line) {
        guard let (name, value) = Self.split(line.bytes) else { return }
        if name == "BEGIN", Self.isVCard(value) {
            if let open = card { reportUnended(open) }
            card = Card(line: line.number, start: line.range.lowerBound)
        } else if name == "END", let open = card, Self.isVCard(value) {
            finish(open)
            cardRanges.append(open.start..<line.range.upperBound)
            card = nil
        } else if card != nil {
            card?.hash.add(line.bytes)
            if Self.kept.contains(name), card?.properties[name] == nil {
                let parameters = String(decoding: line.bytes[..<(value.startIndex - 1)], as: UTF8.self).uppercased()
                    .split(separator: ";").dropFirst()
                let text = decoded(line, value)
                card?.properties[name] = Property(value: text, isText: parameters.contains("VALUE=TEXT"))
                if name == "BDAY" { card?.omittedYear = Self.omittedYear(line.bytes, value: value) }
            } else if name == "KIND" || name == "X-ABSHOWAS",
                ["ORG", "ORGANIZATION", "COMPANY"].contains(VCard.unescaped(value).uppercased())
            {
                card?.isOrganisation = true
            } else if name == VCard.conflictProperty, card?.conflictOf == nil {
                card?.conflictOf = VCard.unescaped(value)
            } else if name == "EMAIL" || name == "TEL", case let text = decoded(line, value),
                let detail = Self.detail(line.bytes, value: value, text: text)
            {
                if name == "EMAIL" { card?.emails.append(detail) } else { card?.phones.append(detail) }
            }
        }
    }

    /// A value as UTF-8 text, from quoted-printable and its charset (VCardCharset.swift).
    private mutating func decoded(_ line: VCard.Line, _ value: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        let (bytes, guessed) = VCard.decodedValue(of: line.bytes, value: value)
        if guessed { readAsWindows1252 = true }
        return bytes
    }

    /// Ends the file: a card still open has no `END`.
    mutating func finish() {
        if let open = card { reportUnended(open) }
        card = nil
    }

    // MARK: - Cards

    private mutating func reportUnended(_ card: Card) {
        problems.append(VCard.Problem(line: card.line, reason: "the card has no END:VCARD"))
    }

    /// Makes `card` a person: every card that ends is one, whatever its properties say.
    private mutating func finish(_ card: Card) {
        var (salutation, first, last) = ("", "", "")
        if let name = card.properties["N"] {
            let parts = VCard.split(name.value, at: UInt8(ascii: ";"))
            func part(_ index: Int) -> String {
                guard index < parts.count else { return "" }
                return VCard.split(parts[index], at: UInt8(ascii: ",")).map(VCard.unescaped).filter { !$0.isEmpty }
                    .joined(separator: " ")
            }
            (last, first, salutation) = (part(0), part(1), part(3))
        }
        // The preferred first, the others in the card's order.
        func ordered(_ details: [(detail: ContactDetail, preferred: Bool)]) -> [ContactDetail] {
            details.filter(\.preferred).map(\.detail) + details.filter { !$0.preferred }.map(\.detail)
        }
        let (emails, phones) = (ordered(card.emails), ordered(card.phones))
        // Someone without a name is known by their organisation, else their nickname. An FN that is
        // the organisation's name on an organisation's card, or the first address or number, names
        // nobody: it is what such a card shows (as contact tools and `VCard.formattedName` write).
        let organisation = Self.organisation(card.properties["ORG"])
        if first.isEmpty, last.isEmpty, let fullName = card.properties["FN"].map({ VCard.unescaped($0.value) }),
            !(card.isOrganisation && fullName == organisation), fullName != emails.first?.value, fullName != phones.first?.value
        {
            (first, last) = Self.givenAndFamily(of: fullName)
        }
        let knownAs = first.isEmpty && last.isEmpty ? organisation ?? Self.nickname(card.properties["NICKNAME"]) : nil
        // A birthday that is not a day on the calendar is kept as the card wrote it.
        var (birthday, birthdayText): (BirthDate?, String?) = (nil, nil)
        if let property = card.properties["BDAY"] {
            let text = VCard.unescaped(property.value)
            if !property.isText, let date = VCard.birthDate(from: text) {
                birthday = date.year != nil && date.year == card.omittedYear ? BirthDate(year: nil, month: date.month, day: date.day) : date
            } else {
                birthdayText = text
            }
        }
        people.append(
            Person(
                id: id(of: card), salutation: salutation, firstName: first, lastName: last, knownAs: knownAs,
                birthday: birthday, birthdayText: birthdayText, emails: emails, phones: phones,
                conflictOf: card.conflictOf.flatMap { $0.isEmpty ? nil : $0 }))
    }

    /// The card's `UID` less any `urn:uuid:`, or else an id made from the card's text: the same
    /// for the same text, told apart by count when one file holds the same card twice.
    private mutating func id(of card: Card) -> Person.ID {
        if let uid = card.properties["UID"] {
            var text = VCard.unescaped(uid.value)
            if text.lowercased().hasPrefix("urn:uuid:") { text.removeFirst(9) }
            if !text.isEmpty { return text }
        }
        let made = card.hash.uuidString
        let seen = madeIDs[made, default: 0]
        madeIDs[made] = seen + 1
        guard seen > 0 else { return made }
        var hash = card.hash
        hash.add(Array("#\(seen)".utf8))
        return hash.uuidString
    }

    /// An `ORG` value as a name: the organisation, then its units, with commas between; nil
    /// when it is empty.
    private static func organisation(_ property: Property?) -> String? {
        guard let property else { return nil }
        let parts = VCard.split(property.value, at: UInt8(ascii: ";")).map(VCard.unescaped).filter { !$0.isEmpty }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }

    /// The first of a `NICKNAME`'s names; nil when it has none.
    private static func nickname(_ property: Property?) -> String? {
        guard let property else { return nil }
        return VCard.split(property.value, at: UInt8(ascii: ",")).map(VCard.unescaped).first { !$0.isEmpty }
    }

    /// A formatted name as given and family names: the family name is the last word.
    private static func givenAndFamily(of fullName: String) -> (String, String) {
        guard let space = fullName.lastIndex(where: \.isWhitespace) else { return ("", fullName) }
        return (fullName[..<space].trimmingCharacters(in: .whitespaces), String(fullName[fullName.index(after: space)...]))
    }

    // MARK: - Properties

    /// A content line's property name (upper case, group left out) and its value; nil for a
    /// line with no `:` outside quotes.
    static func split(_ line: [UInt8]) -> (String, ArraySlice<UInt8>)? {
        var quoted = false
        var nameEnd: Int?
        for (index, byte) in line.enumerated() {
            switch byte {
            case UInt8(ascii: "\""):
                quoted.toggle()
            case UInt8(ascii: ";") where !quoted:
                if nameEnd == nil { nameEnd = index }
            case UInt8(ascii: ":") where !quoted:
                var name = line[..<(nameEnd ?? index)]
                if let dot = name.lastIndex(of: UInt8(ascii: ".")) { name = name[(dot + 1)...] }
                return (String(decoding: name, as: UTF8.self).uppercased(), line[(index + 1)...])
            default:
                break
            }
        }
        return nil
    }

    /// An `EMAIL` or `TEL` line's value and kinds, and whether the card prefers it (`TYPE=pref`,
    /// `PREF=1`); nil for an empty value. Kinds that say nothing to a reader (`internet`, `pref`,
    /// `voice`, `x-…`) are left out; `tel:` before a number is dropped.
    private static func detail(_ line: [UInt8], value: ArraySlice<UInt8>, text decoded: ArraySlice<UInt8>)
        -> (detail: ContactDetail, preferred: Bool)?
    {
        var text = VCard.unescaped(decoded)
        if text.lowercased().hasPrefix("tel:") { text.removeFirst(4) }
        guard !text.isEmpty else { return nil }
        let head = String(decoding: line[..<(value.startIndex - 1)], as: UTF8.self)
        var kinds: [String] = []
        var preferred = false
        for parameter in head.split(separator: ";").dropFirst() {
            let parts = parameter.split(separator: "=", maxSplits: 1).map(String.init)
            let name = parts[0].uppercased()
            let values =
                parts.count > 1
                ? parts[1].replacingOccurrences(of: "\"", with: "").lowercased().split(separator: ",").map(String.init)
                : [parts[0].lowercased()]  // vCard 2.1: a bare type
            if name == "PREF" { preferred = true; continue }
            guard name == "TYPE" || parts.count == 1 else { continue }
            for kind in values {
                if kind == "pref" {
                    preferred = true
                } else if !["internet", "voice", "x400"].contains(kind), !kind.hasPrefix("x-"), !kinds.contains(kind) {
                    kinds.append(kind)
                }
            }
        }
        return (ContactDetail(text, kinds: kinds), preferred)
    }

    /// The year of a `BDAY` line's `X-APPLE-OMIT-YEAR` parameter, when it has one.
    private static func omittedYear(_ line: [UInt8], value: ArraySlice<UInt8>) -> Int? {
        let head = String(decoding: line[..<(value.startIndex - 1)], as: UTF8.self).uppercased()
        guard let range = head.range(of: "X-APPLE-OMIT-YEAR=") else { return nil }
        return Int(head[range.upperBound...].prefix { $0.isNumber })
    }

    private static func isVCard(_ value: ArraySlice<UInt8>) -> Bool {
        String(decoding: value, as: UTF8.self).trimmingCharacters(in: .whitespaces).uppercased() == "VCARD"
    }
}

// MARK: - Ids made from text

/// A 128-bit hash of bytes (two 64-bit FNV-1a hashes), the same in every run, for ids.
private struct StableHash {
    private var low: UInt64 = 0xCBF2_9CE4_8422_2325
    private var high: UInt64 = 0x6C62_272E_07BB_0142

    /// Adds `bytes` and a line end.
    mutating func add(_ bytes: [UInt8]) {
        for byte in bytes { mix(byte) }
        mix(0x0A)
    }

    private mutating func mix(_ byte: UInt8) {
        low = (low ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        high = (high ^ UInt64(byte ^ 0x5C)) &* 0x0000_0100_0000_01B3
    }

    /// The hash as a version 8 (custom) UUID string.
    var uuidString: String {
        var bytes = withUnsafeBytes(of: low.bigEndian) { Array($0) } + withUnsafeBytes(of: high.bigEndian) { Array($0) }
        bytes[6] = bytes[6] & 0x0F | 0x80
        bytes[8] = bytes[8] & 0x3F | 0x80
        let uuid = UUID(
            uuid: (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
            ))
        return uuid.uuidString
    }
}
