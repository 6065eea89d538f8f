import Foundation

/// What an import did with one card of its file: the rule both stores apply inside the import's
/// transaction, for each card, given what they keep under the card's id.
public enum ImportOutcome: Hashable, Sendable, CaseIterable {
    /// No one is kept under the card's id: a new person.
    case added
    /// The card replaced the kept one: it was asked to, or both carry a `REV` and the file's is
    /// strictly later.
    case updated
    /// The kept card is the same, byte for byte: nothing changed and nothing is sent.
    case unchanged
    /// Both carry a `REV` and the kept one is as recent or more: the person stays as kept (an
    /// edit made here sets it).
    case keptNewerHere
    /// One of the two carries no `REV` that reads as a date: the person stays as kept.
    case keptNoRevision
    /// The person was deleted here: they stay deleted.
    case keptDeletedHere

    /// Whether the person stays as kept although the file's card differs: the outcomes the user
    /// can overrule by taking the file's version.
    public var keepsADifferentCard: Bool {
        self == .keptNewerHere || self == .keptNoRevision || self == .keptDeletedHere
    }

    /// Whether the store keeps the file's card (and queues the person for the server).
    public var takesTheCard: Bool { self == .added || self == .updated }
}

/// The rule of an import: a card never reverts a person to an older card.
public enum ImportMerge {
    /// What importing `card` does when `kept` is the card kept under its id (nil: none) and
    /// `deletedHere` says whether that id was deleted here. `replacing` takes the file's card
    /// wherever it differs: the user's answer to "take the file's version".
    public static func outcome(of card: String, kept: String?, deletedHere: Bool, replacing: Bool) -> ImportOutcome {
        if deletedHere, kept == nil { return replacing ? .added : .keptDeletedHere }
        guard let kept else { return .added }
        if card == kept { return .unchanged }
        if replacing { return .updated }
        guard let incoming = VCard.revisionDate(of: card), let known = VCard.revisionDate(of: kept) else { return .keptNoRevision }
        return incoming > known ? .updated : .keptNewerHere
    }
}

/// The outcomes of one import, counted.
public struct ImportTally: Equatable, Sendable {
    public private(set) var counts: [ImportOutcome: Int] = [:]

    public init() {}

    public subscript(outcome: ImportOutcome) -> Int { counts[outcome, default: 0] }

    /// Counts `outcomes`.
    public mutating func add(_ outcomes: [ImportOutcome]) {
        for outcome in outcomes { counts[outcome, default: 0] += 1 }
    }

    /// The cards counted.
    public var total: Int { counts.values.reduce(0, +) }

    /// How many people stay as kept though the file's card differs.
    public var keptDifferent: Int { ImportOutcome.allCases.filter(\.keepsADifferentCard).map { self[$0] }.reduce(0, +) }

    /// The outcomes in words, each by its reason, the empty ones left out: "2 new people, 1
    /// updated; 8 unchanged; 1 kept (newer here), 2 kept (no revision to compare)".
    public var summary: String {
        func people(_ count: Int) -> String { count == 1 ? "1 new person" : "\(count.grouped) new people" }
        let changed = [
            self[.added] > 0 ? people(self[.added]) : nil,
            self[.updated] > 0 ? "\(self[.updated].grouped) updated" : nil,
        ].compactMap { $0 }
        let unchanged = self[.unchanged] > 0 ? ["\(self[.unchanged].grouped) unchanged"] : []
        let kept = [
            (ImportOutcome.keptNewerHere, "newer here"), (.keptNoRevision, "no revision to compare"),
            (.keptDeletedHere, "deleted here"),
        ]
        .filter { self[$0.0] > 0 }.map { "\(self[$0.0].grouped) kept (\($0.1))" }
        let parts = [changed.joined(separator: ", "), unchanged.joined(), kept.joined(separator: ", ")].filter { !$0.isEmpty }
        return parts.isEmpty ? "no one" : parts.joined(separator: "; ")
    }
}

extension VCard.Import {
    /// The import with only the last card of each id, in the file's order of those: the same UID
    /// twice in one file, the later card counts.
    public func keepingTheLastOfEachID() -> VCard.Import {
        var last: [Person.ID: Int] = [:]
        for (index, person) in people.enumerated() { last[person.id] = index }
        guard last.count < people.count else { return self }
        let kept = people.indices.filter { last[people[$0].id] == $0 }
        return VCard.Import(
            people: kept.map { people[$0] }, problems: problems,
            cards: cards.count == people.count ? kept.map { cards[$0] } : [], readAsWindows1252: readAsWindows1252)
    }
}

extension VCard {
    /// The instant a card's `REV` names, read in any of vCard's forms (`20190301T120000Z`,
    /// `2019-03-01T12:00:00+01:00`, `2019-03-01`, with or without seconds, fractions or a zone;
    /// a time with no zone is read as UTC); nil when the card has none, or one that reads as no date.
    public static func revisionDate(of card: String) -> Date? {
        for line in logicalLines(of: Array(card.utf8)) {
            guard let read = property(line.bytes), read.name == "REV" else { continue }
            return timestamp(read.value.trimmingCharacters(in: .whitespaces))
        }
        return nil
    }

    /// A vCard date or date-time as an instant.
    static func timestamp(_ text: String) -> Date? {
        let parts = text.uppercased().split(separator: "T", maxSplits: 1, omittingEmptySubsequences: false)
        let date = parts[0].filter { $0 != "-" }
        guard date.count == 8, date.allSatisfy(\.isASCIIDigit) else { return nil }
        var components = DateComponents()
        components.year = Int(date.prefix(4))
        components.month = Int(date.dropFirst(4).prefix(2))
        components.day = Int(date.suffix(2))
        var offset = 0
        if parts.count == 2 {
            var time = Substring(parts[1])
            if time.hasSuffix("Z") {
                time.removeLast()
            } else if let sign = time.lastIndex(where: { $0 == "+" || $0 == "-" }) {
                let zone = time[time.index(after: sign)...].filter { $0 != ":" }
                guard zone.count == 2 || zone.count == 4, zone.allSatisfy(\.isASCIIDigit),
                    let hours = Int(zone.prefix(2)), let minutes = Int(zone.dropFirst(2).isEmpty ? "0" : zone.dropFirst(2))
                else { return nil }
                offset = (hours * 3_600 + minutes * 60) * (time[sign] == "-" ? -1 : 1)
                time = time[..<sign]
            }
            if let dot = time.firstIndex(where: { $0 == "." || $0 == "," }) { time = time[..<dot] }
            let digits = time.filter { $0 != ":" }
            guard [2, 4, 6].contains(digits.count), digits.allSatisfy(\.isASCIIDigit) else { return nil }
            components.hour = Int(digits.prefix(2))
            components.minute = digits.count >= 4 ? Int(digits.dropFirst(2).prefix(2)) : 0
            components.second = digits.count == 6 ? Int(digits.suffix(2)) : 0
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        // Calendar would roll 30 February over into March, and hour 24 into the next day.
        guard components.isValidDate(in: calendar), let instant = calendar.date(from: components) else { return nil }
        return instant.addingTimeInterval(TimeInterval(-offset))
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
