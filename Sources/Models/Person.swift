import Foundation

/// Someone on the People screen: a name, perhaps a salutation, a birthday, email addresses and
/// phone numbers.
///
/// Whatever a card says is kept, even where it is not what the screen expects: a birthday that
/// is not a day on the calendar ("circa 1800", a year alone) is kept as written, and a card
/// with no name is known by what it has (`knownAs`, then its first address or number).
///
/// The identifier is a UUID string made where the person was first entered, on this machine or
/// on the people server, and kept everywhere after: so the people fetched from the server and
/// the people added here merge without anyone appearing twice.
///
/// ```swift
/// let ada = Person(salutation: "Countess", firstName: "Ada", lastName: "Lovelace",
///                  birthday: BirthDate("1815-12-10"))
/// ada.fullName   // "Ada Lovelace"
/// ```
public struct Person: Equatable, Hashable, Sendable, Identifiable {
    /// A person's identifier: a UUID string such as "E621E1F8-C36C-495A-93FC-0C247A3E6E5F".
    public typealias ID = String

    public let id: ID
    /// A title said before the name, such as "Dr." or "Countess"; nil when there is none.
    public var salutation: String?
    /// The given name; may be empty when only the family name is known.
    public var firstName: String
    /// The family name; may be empty when only the given name is known.
    public var lastName: String
    /// What someone without a name is known by: the card's organisation, else its nickname; nil
    /// when the card gives neither (see `shownName`).
    public var knownAs: String?
    /// The birthday, if known as a day on the calendar (with or without its year). Setting one
    /// drops `birthdayText`.
    public var birthday: BirthDate? {
        didSet { if birthday != nil { birthdayText = nil } }
    }
    /// A birthday that is not a day on the calendar, as the card wrote it: text ("circa 1800"), a
    /// year alone ("1815"), a year and a month ("1815-12"), a day alone ("---10"). Nil when
    /// `birthday` is set or there is no birthday (setting it drops `birthday`). It is shown as
    /// written, never counted as a date.
    public var birthdayText: String? {
        didSet { if birthdayText != nil { birthday = nil } }
    }
    /// Email addresses, the preferred first.
    public var emails: [ContactDetail]
    /// Phone numbers, the preferred first.
    public var phones: [ContactDetail]
    /// The id of the person this one is a conflict's copy of: the version entered here of someone
    /// changed on the server too, kept beside the server's until the user settles it. Written in
    /// the card as a property of the program's own (`X-MVVM-TUI-CONFLICT-OF`), which other
    /// programs pass over, so the name every phone shows stays the person's.
    public var conflictOf: ID?

    /// Creates a person; a new one gets a new UUID. An empty salutation, `knownAs` or
    /// `birthdayText` counts as none, and a `birthdayText` beside a `birthday` is dropped.
    public init(
        id: ID = UUID().uuidString, salutation: String? = nil, firstName: String, lastName: String,
        knownAs: String? = nil, birthday: BirthDate? = nil, birthdayText: String? = nil,
        emails: [ContactDetail] = [], phones: [ContactDetail] = [], conflictOf: ID? = nil
    ) {
        self.id = id
        self.salutation = salutation.flatMap { $0.isEmpty ? nil : $0 }
        self.firstName = firstName
        self.lastName = lastName
        self.knownAs = knownAs.flatMap { $0.isEmpty ? nil : $0 }
        self.birthday = birthday
        self.birthdayText = birthday == nil ? birthdayText.flatMap { $0.isEmpty ? nil : $0 } : nil
        self.emails = emails
        self.phones = phones
        self.conflictOf = conflictOf
    }

    /// The given and family names with one space between, as the filter matches them:
    /// "Ada Lovelace"; just the one when the other is empty.
    public var fullName: String {
        firstName.isEmpty || lastName.isEmpty ? firstName + lastName : firstName + " " + lastName
    }

    /// What the person is shown and sorted by: the full name; without one, what they are known
    /// by, else the first email address, else the first phone number; empty for a card that
    /// gives none of these.
    public var shownName: String {
        if !firstName.isEmpty || !lastName.isEmpty { return fullName }
        return knownAs ?? emails.first?.value ?? phones.first?.value ?? ""
    }

    /// Whether the person has a given or a family name.
    public var hasName: Bool { !firstName.isEmpty || !lastName.isEmpty }

    /// This person under the identifier `id`, all else the same.
    public func identified(as id: ID) -> Person {
        Person(
            id: id, salutation: salutation, firstName: firstName, lastName: lastName, knownAs: knownAs,
            birthday: birthday, birthdayText: birthdayText, emails: emails, phones: phones, conflictOf: conflictOf)
    }
}

// MARK: - Sorting and filtering

/// The orders the People screen lists people in.
public enum PersonSortOrder: String, CaseIterable, Sendable {
    /// By family name, then given name, then identifier.
    case lastName
    /// By given name, then family name, then identifier.
    case firstName
    /// By the next birthday from today (today's first, the year's end crossed), then family
    /// name, given name and identifier; people without a birthday last. A birthday on 29
    /// February comes after 28 February's.
    case nextBirthday

    /// The order after this one, and round: last name, first name, next birthday.
    public var next: PersonSortOrder {
        let orders = Self.allCases
        return orders[(orders.firstIndex(of: self)! + 1) % orders.count]
    }

    /// The key under which the People screen keeps the order chosen (see `PreferencesStore`);
    /// the value is the order's `rawValue`.
    public static let preferenceKey = "people.sortOrder"
}

extension Person {
    /// `text` as names are compared when sorting and filtering: lower case, without diacritics
    /// ("Zoë" → "zoe", "ÉMILE" → "emile"), other scripts as they are ("東京" → "東京").
    ///
    /// Every store sorts and filters by this, so "zoe" finds Zoë and "Émile" sorts among the Es.
    public static func foldedName(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return text.lowercased() }
        return text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }

    /// Whether the name this person is shown by, an email address or a phone number holds `filter`,
    /// compared folded (a phone's digits alone too); an empty filter matches everyone.
    public func matches(filter: String) -> Bool {
        filter.isEmpty || searchText.contains(Self.foldedName(filter))
    }

    /// What the filter looks in, one line each, folded: the name shown, each email address, each
    /// phone number as written and as its digits alone.
    public var searchText: String {
        ([Self.foldedName(shownName)] + emails.map { Self.foldedName($0.value) }
            + phones.flatMap { [Self.foldedName($0.value), $0.digits] }).joined(separator: "\n")
    }

    /// Whether this person comes before `other` in `order` as of `today`: by the next birthday
    /// for that order, by the folded names, then by identifier.
    public func precedes(_ other: Person, in order: PersonSortOrder, today: CalendarDay) -> Bool {
        let (mine, theirs) = (sortKey(order), other.sortKey(order))
        let (myBirthday, theirBirthday) =
            order == .nextBirthday
            ? (birthdayRank(from: today), other.birthdayRank(from: today)) : (0, 0)
        return (myBirthday, mine.0, mine.1, id) < (theirBirthday, theirs.0, theirs.1, other.id)
    }

    /// The birthday as a month and day number, `1210` for 10 December; nil without a birthday.
    public var birthKey: Int? {
        birthday.map { $0.month * 100 + $0.day }
    }

    /// Where the next birthday falls from `today`'s month and day: today's first, then on through
    /// the year and round again; past every birthday without one.
    func birthdayRank(from today: CalendarDay) -> Int {
        guard let key = birthKey else { return 20_000 }
        let start = today.month * 100 + today.day
        return key >= start ? key - start : key - start + 10_000
    }

    private func sortKey(_ order: PersonSortOrder) -> (String, String) {
        let (first, last) = sortNames
        return order == .firstName ? (first, last) : (last, first)
    }

    /// The given and family names folded, as every order sorts by them; for someone without a
    /// name, the name shown in both places, so that a company sorts by its name in either order.
    public var sortNames: (first: String, last: String) {
        guard hasName else {
            let shown = Self.foldedName(shownName)
            return (shown, shown)
        }
        return (Self.foldedName(firstName), Self.foldedName(lastName))
    }
}

// MARK: - Email and phone

/// An email address or a phone number, and the kinds a card gives it (`work`, `home`, `cell`).
public struct ContactDetail: Equatable, Hashable, Sendable, Codable {
    /// The address or the number as written.
    public var value: String
    /// The kinds, lower case, as the card's `TYPE` parameters name them; empty when it names none.
    public var kinds: [String]

    /// Creates a detail.
    public init(_ value: String, kinds: [String] = []) {
        self.value = value
        self.kinds = kinds
    }

    /// `ada@example.org (work)`, `+44 20 7946 0000 (cell, voice)`.
    public var text: String {
        kinds.isEmpty ? value : "\(value) (\(kinds.joined(separator: ", ")))"
    }

    /// The number's digits alone, for the filter: `442079460000`.
    public var digits: String {
        String(value.unicodeScalars.filter { ("0"..."9").contains($0) }.map(Character.init))
    }
}
