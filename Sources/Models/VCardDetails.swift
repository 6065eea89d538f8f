/// What a kept card says of a person beyond what `Person` holds: addresses, the organisation and
/// title, notes, websites and nicknames, for the full-size detail. Read from the card as it is
/// kept (`PeopleReading.keptCards(for:)`), so nothing new is stored for it.
///
/// ```swift
/// let card = "BEGIN:VCARD\r\nVERSION:3.0\r\nN:Lovelace;Ada;;;\r\nORG:Analytical Engines;Research\r\n"
///     + "ADR;TYPE=home:;;12 St James's Square;London;;SW1Y 4JH;United Kingdom\r\nEND:VCARD\r\n"
/// VCard.details(ofCard: card).map(\.line)
/// // ["Organisation Analytical Engines, Research",
/// //  "Address 12 St James's Square, London, SW1Y 4JH, United Kingdom (home)"]
/// ```
extension VCard {
    /// One thing a card says: `Address`, and its text in one line, with its kinds.
    public struct Detail: Equatable, Sendable {
        public let label: String
        public let text: String
        /// `home`, `work`; empty when the card names none.
        public let kinds: [String]

        /// `Address 12 St James's Square, London (home)`.
        public var line: String { "\(label) \(text)" + (kinds.isEmpty ? "" : " (\(kinds.joined(separator: ", ")))") }
    }

    /// The labels of the properties read, by the property's name, in the order a detail lists them.
    private static let detailLabels: [(name: String, label: String)] = [
        ("NICKNAME", "Nickname"), ("ORG", "Organisation"), ("TITLE", "Title"), ("ROLE", "Role"), ("ADR", "Address"),
        ("URL", "Website"), ("NOTE", "Note"),
    ]

    /// What `card` (one vCard's text) says beyond the name, birthday, emails and phones, in the
    /// order of `detailLabels`, each property in the card's order; empty values are left out.
    public static func details(ofCard card: String) -> [Detail] {
        var found: [String: [Detail]] = [:]
        for line in logicalLines(of: Array(card.utf8)) {
            guard let (name, value) = CardReader.split(line.bytes),
                let label = detailLabels.first(where: { $0.name == name })?.label
            else { continue }
            let decoded = decodedValue(of: line.bytes, value: value).bytes
            // A structured value's parts (an address's street, town, …) in one line, commas between.
            let parts = split(decoded, at: UInt8(ascii: ";")).flatMap { split($0, at: UInt8(ascii: ",")) }
            // A note's line breaks become spaces: a detail is one line, wrapped where it is drawn.
            let text = (name == "NOTE" || name == "URL" ? [unescaped(decoded)] : parts.map(unescaped))
                .map { $0.replacingOccurrences(of: "\n", with: " ").trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
                .joined(separator: ", ")
            guard !text.isEmpty else { continue }
            found[name, default: []].append(Detail(label: label, text: text, kinds: kinds(in: line.bytes, before: value)))
        }
        return detailLabels.flatMap { found[$0.name] ?? [] }
    }

    /// The `TYPE` kinds a line names (`home`, `work`), less those that say nothing to a reader.
    private static func kinds(in line: [UInt8], before value: ArraySlice<UInt8>) -> [String] {
        let head = String(decoding: line[..<(value.startIndex - 1)], as: UTF8.self)
        return head.split(separator: ";").dropFirst().flatMap { parameter -> [String] in
            let parts = parameter.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, parts[0].uppercased() == "TYPE" else { return [] }
            return parts[1].replacingOccurrences(of: "\"", with: "").lowercased().split(separator: ",").map(String.init)
        }.filter { !["pref", "internet", "x400"].contains($0) && !$0.hasPrefix("x-") }
    }
}
