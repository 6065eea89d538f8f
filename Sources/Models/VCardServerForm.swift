import Foundation

extension VCard {
    /// `card` in the form a CardDAV server takes (RFC 6352: vCard 3.0 or later, with a `UID`;
    /// vCard's own rule: an `FN`), changed only where it falls short, so that a card imported
    /// from any phone or tool can be sent:
    /// - a vCard 2.1 card becomes 3.0: quoted-printable values are written as plain UTF-8 text,
    ///   `ENCODING=BASE64` becomes `ENCODING=b` (its value without the spaces of its folds), a
    ///   bare type (`;CELL`) becomes `TYPE=CELL`, and charsets go (the text is UTF-8);
    /// - a card without a `VERSION` gets `VERSION:3.0`;
    /// - a card without a `UID`, or with an empty one, gets `person`'s id, so it reads back as them;
    /// - a card without an `FN`, or with an empty one, gets `formattedName(of:)`'s: for someone
    ///   without a name, the organisation's name (the card marked `X-ABShowAs:COMPANY`, as Apple's
    ///   contacts mark one), their first address or number, or nothing, all of which read back as
    ///   no name.
    /// Every other line keeps its bytes, and the card read back gives `person` again.
    public static func serverForm(of card: String, for person: Person) -> String {
        let bytes = Array(card.utf8)
        let lines = logicalLines(of: bytes)
        let properties = lines.compactMap { property($0.bytes) }
        let names = Set(properties.map(\.name))
        let isVersion21 = properties.contains { $0.name == "VERSION" && $0.value.hasPrefix("2") }
        let hasUID = hasUID(lines)
        let hasFullName = properties.contains { $0.name == "FN" && !$0.value.trimmingCharacters(in: .whitespaces).isEmpty }
        let organisation = names.contains("ORG") && !person.hasName ? person.knownAs : nil
        let fullName = formattedName(of: person, organisation: organisation)
        let needsFullName = !hasFullName && !(names.contains("FN") && fullName.isEmpty)
        let marksOrganisation = organisation != nil && needsFullName && !names.contains("KIND") && !names.contains("X-ABSHOWAS")
        guard isVersion21 || !names.contains("VERSION") || !hasUID || needsFullName else { return card }
        let lineEnd = lineEnd(of: lines, in: bytes)
        var output: [UInt8] = []
        for line in lines {
            guard let (name, prefix, value) = property(line.bytes) else {
                output += bytes[line.range]
                continue
            }
            switch name {
            case "BEGIN" where !names.contains("VERSION"):
                output += bytes[line.range]
                appendFolded("VERSION:3.0", to: &output, lineEnd: lineEnd)
            case "VERSION" where isVersion21:
                appendFolded(prefix + ":3.0", to: &output, lineEnd: lineEnd)
            case "FN" where needsFullName, "UID" where !hasUID:
                break  // written anew before END
            case "END":
                if !hasUID { appendFolded(uidLine(for: person.id), to: &output, lineEnd: lineEnd) }
                if needsFullName { appendFolded("FN:" + fullName, to: &output, lineEnd: lineEnd) }
                if marksOrganisation { appendFolded("X-ABShowAs:COMPANY", to: &output, lineEnd: lineEnd) }
                output += bytes[line.range]
            case _ where isVersion21:
                appendFolded(versionThreeLine(line.bytes, prefix: prefix, value: value), to: &output, lineEnd: lineEnd)
            default:
                output += bytes[line.range]
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// A vCard 2.1 content line as vCard 3.0 writes it: its value decoded from quoted-printable
    /// (line breaks in it written `\n`) or its base64 without spaces, and its parameters named
    /// (`plainPrefix` leaves out the quoted-printable encoding).
    private static func versionThreeLine(_ line: [UInt8], prefix: String, value: String) -> String {
        let upper = prefix.uppercased()
        var text = value
        if isQuotedPrintable(line) {
            text = String(decoding: decodedValue(of: line, value: Array(value.utf8)[...]).bytes, as: UTF8.self)
                .replacingOccurrences(of: "\r\n", with: "\\n").replacingOccurrences(of: "\n", with: "\\n")
        } else if upper.contains("BASE64") {
            text = value.filter { !$0.isWhitespace }
        }
        let parts = plainPrefix(prefix).split(separator: ";", omittingEmptySubsequences: false).map(String.init)
        let parameters = parts.dropFirst().compactMap { parameter -> String? in
            switch parameter.uppercased() {
            case "8BIT", "ENCODING=8BIT": nil
            case _ where parameter.uppercased().hasPrefix("CHARSET="): nil
            case "BASE64", "ENCODING=BASE64": "ENCODING=b"
            case _ where !parameter.contains("="): "TYPE=" + parameter
            default: parameter
            }
        }
        return ([parts[0]] + parameters).joined(separator: ";") + ":" + text
    }
}
