import Foundation

extension VCard {
    /// `people` as vCard text, one card each, in the order given: a person whose card is in
    /// `kept` (by id) is written as that card, changed only where the person differs from it
    /// (see `revised(_:to:at:)`); anyone else as a new vCard 4.0 card.
    public static func text(for people: [Person], keeping kept: [Person.ID: String], revisedAt now: Date = Date()) -> String {
        var output = ""
        for person in people {
            if let card = kept[person.id], let revised = revised(card, to: person, at: now) {
                output += revised
            } else {
                output += text(for: [person])
            }
        }
        return output
    }

    /// `card` with what `person` changed in it, and nothing else: the bytes of every line the
    /// change does not touch — photos, groups, unknown properties and parameters, folds, line
    /// ends, the version — stay as they are. A changed name rewrites the `N` (keeping its
    /// additional names and suffixes) and `FN` values, adding an `N` to a card without one (so
    /// that the name reads back as entered) and an `FN` to a card with neither; a
    /// changed birthday its `BDAY` (a date in the card's version's form, text as `VALUE=text`),
    /// added or removed as need be; an email address or phone number
    /// changed, its line's value (its group and parameters kept), one removed its line, one
    /// added a new line; and then `REV` is set to `now`. The card itself when nothing changed;
    /// nil when `card` is not one card this program can read.
    public static func revised(_ card: String, to person: Person, at now: Date) -> String? {
        let bytes = Array(card.utf8)
        let lines = logicalLines(of: bytes)
        let read = people(from: card)
        guard read.people.count == 1, let was = read.people.first else { return nil }
        let nameChanged =
            (was.salutation ?? "", was.firstName, was.lastName)
            != (person.salutation ?? "", person.firstName, person.lastName)
        let birthdayChanged = was.birthday != person.birthday || was.birthdayText != person.birthdayText
        var emails = DetailEdit(was: was.emails, now: person.emails)
        var phones = DetailEdit(was: was.phones, now: person.phones)
        let markChanged = was.conflictOf != person.conflictOf
        guard nameChanged || birthdayChanged || emails.changes || phones.changes || markChanged else { return card }
        let isVersion3 = lines.contains { property($0.bytes)?.name == "VERSION" && property($0.bytes)?.value.hasPrefix("3") == true }
        var output: [UInt8] = []
        var (wroteBirthday, wroteName, wroteFullName) = (false, false, false)
        // A card without a UID has an id made from its text, which the revision changes: it
        // gets the id as its UID, so that importing it again finds the same person.
        let hasUID = hasUID(lines)
        let lineEnd = lineEnd(of: lines, in: bytes)
        for line in lines {
            guard let (name, written, value) = property(line.bytes) else {
                output += bytes[line.range]
                continue
            }
            let prefix = plainPrefix(written)
            switch name {
            case "N" where nameChanged:
                // The parts kept (additional names, suffixes) are written as plain text too.
                let plain = decodedValue(of: line.bytes, value: Array(value.utf8)[...]).bytes
                var parts = split(plain, at: UInt8(ascii: ";")).map { String(decoding: $0, as: UTF8.self) }
                while parts.count < 5 { parts.append("") }
                parts[0] = escaped(person.lastName)
                parts[1] = escaped(person.firstName)
                parts[3] = escaped(person.salutation ?? "")
                appendFolded(prefix + ":" + parts.joined(separator: ";"), to: &output, lineEnd: lineEnd)
                wroteName = true
            case "FN" where nameChanged:
                appendFolded(prefix + ":" + formattedName(of: person), to: &output, lineEnd: lineEnd)
                wroteFullName = true
            case "BDAY" where birthdayChanged:
                if !wroteBirthday, let line = birthdayLine(for: person, prefix: prefix, isVersion3: isVersion3) {
                    appendFolded(line, to: &output, lineEnd: lineEnd)
                }
                wroteBirthday = true
            case "EMAIL" where emails.changes:
                emails.revise(line: bytes[line.range], prefix: prefix, value: value, into: &output, lineEnd: lineEnd)
            case "TEL" where phones.changes:
                phones.revise(line: bytes[line.range], prefix: prefix, value: value, into: &output, lineEnd: lineEnd)
            case "REV":
                break  // written anew before END
            case conflictProperty where markChanged:
                break  // written anew before END, when the person is still a conflict's copy
            case "UID" where !hasUID:
                break  // empty: written anew before END
            case "END":
                if nameChanged, !wroteName {
                    appendFolded(
                        "N:\(escaped(person.lastName));\(escaped(person.firstName));;\(escaped(person.salutation ?? ""));",
                        to: &output, lineEnd: lineEnd)
                }
                if nameChanged, !wroteName, !wroteFullName {
                    appendFolded("FN:" + formattedName(of: person), to: &output, lineEnd: lineEnd)
                }
                if birthdayChanged, !wroteBirthday, let line = birthdayLine(for: person, prefix: "BDAY", isVersion3: isVersion3) {
                    appendFolded(line, to: &output, lineEnd: lineEnd)
                }
                emails.appendAdded(as: "EMAIL", to: &output, lineEnd: lineEnd)
                phones.appendAdded(as: "TEL", to: &output, lineEnd: lineEnd)
                if !hasUID { appendFolded(uidLine(for: person.id), to: &output, lineEnd: lineEnd) }
                if markChanged, let original = person.conflictOf { appendFolded(conflictLine(of: original), to: &output, lineEnd: lineEnd) }
                appendFolded("REV:" + revision(now), to: &output, lineEnd: lineEnd)
                output += bytes[line.range]
            default:
                output += bytes[line.range]
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// `card` under another UID, `uid`, and nothing else changed: a copy of a person that must
    /// not be taken for them (a conflict's copy). The UID is added when the card has none.
    public static func withUID(_ uid: String, in card: String) -> String {
        let bytes = Array(card.utf8)
        let lines = logicalLines(of: bytes)
        let lineEnd = lineEnd(of: lines, in: bytes)
        var output: [UInt8] = []
        var wrote = false
        for line in lines {
            switch property(line.bytes)?.name {
            case "UID":
                if !wrote { appendFolded(uidLine(for: uid), to: &output, lineEnd: lineEnd) }
                wrote = true
            case "END":
                if !wrote { appendFolded(uidLine(for: uid), to: &output, lineEnd: lineEnd) }
                wrote = true
                output += bytes[line.range]
            default:
                output += bytes[line.range]
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// The email addresses (or the phone numbers) a revision changes, by value: a line whose
    /// value is gone takes the next added value, or goes when none is left; the values left are
    /// added before `END`.
    private struct DetailEdit {
        private var removed: Set<String>
        private var added: [ContactDetail]
        let changes: Bool

        init(was: [ContactDetail], now: [ContactDetail]) {
            let (old, new) = (Set(was.map(\.value)), Set(now.map(\.value)))
            removed = old.subtracting(new)
            added = now.filter { !old.contains($0.value) }
            changes = !removed.isEmpty || !added.isEmpty
        }

        mutating func revise(line: ArraySlice<UInt8>, prefix: String, value: String, into output: inout [UInt8], lineEnd: [UInt8]) {
            let text = unescaped(Array(value.utf8)[...])
            let bare = text.lowercased().hasPrefix("tel:") ? String(text.dropFirst(4)) : text
            guard removed.contains(bare) else {
                output += line
                return
            }
            removed.remove(bare)
            guard !added.isEmpty else { return }
            let next = added.removeFirst()
            appendFolded(prefix + ":" + (bare == text ? "" : "tel:") + escaped(next.value), to: &output, lineEnd: lineEnd)
        }

        mutating func appendAdded(as name: String, to output: inout [UInt8], lineEnd: [UInt8]) {
            for detail in added {
                let kinds = detail.kinds.isEmpty ? "" : ";TYPE=" + detail.kinds.joined(separator: ",")
                appendFolded(name + kinds + ":" + escaped(detail.value), to: &output, lineEnd: lineEnd)
            }
            added = []
        }
    }

    /// A content line's property name (upper case, group left out), everything before its value
    /// (group, name and parameters, as written) and its value; nil for a line with no `:` outside quotes.
    static func property(_ line: [UInt8]) -> (name: String, prefix: String, value: String)? {
        var quoted = false
        var nameEnd: Int?
        for (index, byte) in line.enumerated() {
            switch byte {
            case UInt8(ascii: "\""): quoted.toggle()
            case UInt8(ascii: ";") where !quoted: if nameEnd == nil { nameEnd = index }
            case UInt8(ascii: ":") where !quoted:
                var name = line[..<(nameEnd ?? index)]
                if let dot = name.lastIndex(of: UInt8(ascii: ".")) { name = name[(dot + 1)...] }
                return (
                    String(decoding: name, as: UTF8.self).uppercased(), String(decoding: line[..<index], as: UTF8.self),
                    String(decoding: line[(index + 1)...], as: UTF8.self)
                )
            default: break
            }
        }
        return nil
    }

    /// A line's name and parameters for a value written anew, as plain UTF-8 text: without a
    /// quoted-printable encoding (vCard 2.1), which this program does not write, and with any
    /// charset named as UTF-8.
    static func plainPrefix(_ prefix: String) -> String {
        prefix.split(separator: ";", omittingEmptySubsequences: false)
            .filter { !$0.uppercased().hasPrefix("ENCODING=QUOTED-PRINTABLE") && $0.uppercased() != "QUOTED-PRINTABLE" }
            .map { $0.uppercased().hasPrefix("CHARSET=") ? "CHARSET=UTF-8" : String($0) }
            .joined(separator: ";")
    }

    /// The line end of the lines a change writes anew: the card's first line's, LF or CR LF.
    static func lineEnd(of lines: [Line], in bytes: [UInt8]) -> [UInt8] {
        let endsInLF = lines.first.map { bytes[$0.range].last == 0x0A && bytes[$0.range].dropLast().last != 0x0D } ?? false
        return endsInLF ? [0x0A] : [0x0D, 0x0A]
    }

    /// Whether the card has a `UID` with a value (an empty one is none: the reader makes an id).
    static func hasUID(_ lines: [Line]) -> Bool {
        lines.contains { property($0.bytes).map { $0.name == "UID" && !$0.value.trimmingCharacters(in: .whitespaces).isEmpty } ?? false }
    }

    /// `person`'s birthday as a `BDAY` line that begins with `prefix` (the card's own group and
    /// parameters): a date in the version's form (`1815-12-10` for 3.0, `18151210` after) with no
    /// `VALUE` parameter, or text with `VALUE=text`; nil without a birthday.
    static func birthdayLine(for person: Person, prefix: String, isVersion3: Bool) -> String? {
        let parameters = prefix.split(separator: ";", omittingEmptySubsequences: false)
            .filter { !$0.uppercased().hasPrefix("VALUE=") }.joined(separator: ";")
        if let date = person.birthday { return parameters + ":" + (isVersion3 ? date.description : basicForm(of: date)) }
        return person.birthdayText.map { parameters + ";VALUE=text:" + escaped($0) }
    }

    /// `now` as a `REV` timestamp in UTC: `20261124T235900Z`.
    private static func revision(_ now: Date) -> String {
        let seconds = Int(now.timeIntervalSince1970.rounded(.down))
        let days = seconds.quotientAndRemainder(dividingBy: 86_400)
        let (day, second) = days.remainder < 0 ? (days.quotient - 1, days.remainder + 86_400) : days
        let date = civilDate(daysSince1970: day)
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(date.year)\(two(date.month))\(two(date.day))T\(two(second / 3600))\(two(second / 60 % 60))\(two(second % 60))Z"
    }

    /// The Gregorian date `days` after 1970-01-01 (the days-to-civil algorithm, in eras of
    /// 400 years), without a calendar object.
    private static func civilDate(daysSince1970 days: Int) -> (year: Int, month: Int, day: Int) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
