/// The value of a vCard's `UID` property (parameters allowed), or nil: how the test servers'
/// helpers tell the cards they hold apart.
enum CardUID {
    static func of(_ card: String) -> String? {
        for line in card.split(whereSeparator: \.isNewline) {
            let upper = line.uppercased()
            guard upper.hasPrefix("UID:") || upper.hasPrefix("UID;"), let colon = line.firstIndex(of: ":") else { continue }
            return String(line[line.index(after: colon)...])
        }
        return nil
    }
}
