import Foundation

extension VCard {
    /// `card` in the form a CardDAV server takes (RFC 6352: vCard 3.0 or later, with a `UID`;
    /// vCard's own rule: an `FN`), changed only where it falls short, so that a card imported
    /// from any phone or tool can be sent:
    /// - a vCard 2.1 card becomes 3.0: quoted-printable values are written as plain UTF-8 text,
    ///   `ENCODING=BASE64` becomes `ENCODING=b`, a bare type (`;CELL`) becomes `TYPE=CELL`, and
    ///   charsets go (the text is UTF-8);
    /// - a card without a `VERSION` gets `VERSION:3.0`;
    /// - a card without a `UID` gets `person`'s id as one, so that it reads back as them;
    /// - a card without an `FN`, or with an empty one, gets the name `person` is shown by.
    /// Every other line keeps its bytes. The card read back gives `person` again: an `FN` that
    /// is only what a nameless card is shown by reads back as no name (see `VCard`).
    public static func serverForm(of card: String, for person: Person) -> String {
        let bytes = Array(card.utf8)
        let lines = logicalLines(of: bytes)
        let names = lines.compactMap { property($0.bytes)?.name }
        let isVersion21 = lines.contains { property($0.bytes).map { $0.name == "VERSION" && $0.value.hasPrefix("2") } ?? false }
        let fullName = lines.lazy.compactMap { property($0.bytes) }.first { $0.name == "FN" }?.value ?? ""
        let needsFullName = fullName.trimmingCharacters(in: .whitespaces).isEmpty && !person.shownName.isEmpty
        guard isVersion21 || !names.contains("VERSION") || !names.contains("UID") || needsFullName else { return card }
        let endsInLF = lines.first.map { bytes[$0.range].last == 0x0A && bytes[$0.range].dropLast().last != 0x0D } ?? false
        let lineEnd: [UInt8] = endsInLF ? [0x0A] : [0x0D, 0x0A]
        let shown = (person.salutation.map { $0 + " " } ?? "") + person.shownName
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
            case "FN" where needsFullName:
                appendFolded(prefix + ":" + escaped(shown), to: &output, lineEnd: lineEnd)
            case "END":
                if !names.contains("UID") { appendFolded(uidLine(for: person.id), to: &output, lineEnd: lineEnd) }
                if needsFullName, !names.contains("FN") { appendFolded("FN:" + escaped(shown), to: &output, lineEnd: lineEnd) }
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
    /// (line breaks in it written `\n`), and its parameters named.
    private static func versionThreeLine(_ line: [UInt8], prefix: String, value: String) -> String {
        var text = value
        if isQuotedPrintable(line) {
            let latin1 = prefix.uppercased().contains("ISO-8859-1")
            text = String(decoding: quotedPrintableDecoded(Array(value.utf8)[...], latin1: latin1), as: UTF8.self)
                .replacingOccurrences(of: "\r\n", with: "\\n").replacingOccurrences(of: "\n", with: "\\n")
        }
        let parts = prefix.split(separator: ";", omittingEmptySubsequences: false).map(String.init)
        let parameters = parts.dropFirst().compactMap { parameter -> String? in
            let upper = parameter.uppercased()
            switch upper {
            case "QUOTED-PRINTABLE", "ENCODING=QUOTED-PRINTABLE", "8BIT", "ENCODING=8BIT": return nil
            case "BASE64", "ENCODING=BASE64": return "ENCODING=b"
            case _ where upper.hasPrefix("CHARSET="): return nil
            case _ where !parameter.contains("="): return "TYPE=" + parameter
            default: return parameter
            }
        }
        return ([parts[0]] + parameters).joined(separator: ";") + ":" + text
    }
}
