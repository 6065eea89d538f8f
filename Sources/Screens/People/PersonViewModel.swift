import Models

/// One person as the People screen writes them: the classic `PersonViewModel`, whose name and
/// birthday text were the first thing every MVVM tutorial tested, with the age and the days to
/// the next birthday besides.
///
/// ```swift
/// let person = Person(salutation: "Dr.", firstName: "Ada", lastName: "Lovelace",
///                     birthday: BirthDate("1815-12-10"))
/// let viewModel = PersonViewModel(person: person, today: CalendarDay(year: 2026, month: 12, day: 7))
/// viewModel.nameText           // "Dr. Ada Lovelace"
/// viewModel.birthdateText      // "Sunday December 10, 1815"
/// viewModel.nextBirthdayText   // "in 3 days"
/// ```
public struct PersonViewModel: Equatable, Sendable {
    /// The person shown.
    public let person: Person
    /// `<salutation> <first> <last>` when there is a salutation, else `<first> <last>`; for
    /// someone without a name, what they are known by, their address or their number
    /// (`Person.shownName`), else `(no name)`.
    public let nameText: String
    /// `Thursday January 1, 1970`; `April 15` without a year; a birthday that is not a date as
    /// the card wrote it (`circa 1800`); empty without a birthday.
    public let birthdateText: String
    /// `January 1, 1970`, the list's form; `April 15` without a year; a birthday that is not a
    /// date as written; empty without a birthday.
    public let longBirthdayText: String
    /// `56 years old`; empty when the year of birth is not known.
    public let ageText: String
    /// `today`, `tomorrow`, `in 3 days`; empty without a birthday.
    public let nextBirthdayText: String
    /// `Next birthday in 3 days`, for the detail pane; empty without a birthday.
    public let nextBirthdayLine: String
    /// What the list's row says of the birthday: `December 10, 1815`, or in the order by next
    /// birthday `in 3 days · December 10`; a birthday that is not a date as written; empty
    /// without a birthday.
    public let rowBirthdayText: String
    /// Each email address, then each phone number, with its kinds: `Email ada@example.org (work)`,
    /// `Phone +44 20 7946 0000 (cell)`, for the detail pane.
    public let contactLines: [String]
    /// A mark after the name in the list: `conflict` for a conflict's copy, else empty.
    public let badgeText: String
    /// The birthday as a printout's data gives it: `1815-12-10`, `--12-10` without a year; nil
    /// without one, or when it is not a date.
    public let birthdayData: String?
    /// A birthday that is not a date, as the card wrote it (`circa 1800`); nil otherwise.
    public let birthdayAsWritten: String?
    /// The person's identifier, their card's `UID` (`urn:uuid:` dropped).
    public let uid: String
    /// Each email address as data, in the order of `contactLines`.
    public let emails: [ContactValue]
    /// Each phone number as data, in the order of `contactLines`.
    public let phones: [ContactValue]

    /// Writes `person` out as of `today`, the day on the user's calendar, for a list in `order`.
    public init(person: Person, today: CalendarDay, order: PersonSortOrder = .lastName) {
        self.person = person
        (birthdayData, birthdayAsWritten) = (person.birthday?.description, person.birthdayText)
        contactLines = person.emails.map { "Email " + $0.text } + person.phones.map { "Phone " + $0.text }
        (uid, emails, phones) = (person.id, person.emails.map(ContactValue.init), person.phones.map(ContactValue.init))
        badgeText = person.conflictOf == nil ? "" : "conflict"
        nameText = Self.name(of: person)
        guard let birthday = person.birthday else {
            let written = person.birthdayText ?? ""
            (birthdateText, longBirthdayText, ageText, nextBirthdayText, nextBirthdayLine) = (written, written, "", "", "")
            rowBirthdayText = written
            return
        }
        let monthAndDay = "\(CalendarNames.month(birthday.month)) \(birthday.day)"
        if let year = birthday.year {
            let weekday = CalendarDay(year: year, month: birthday.month, day: birthday.day).weekday
            longBirthdayText = "\(monthAndDay), \(year)"
            birthdateText = "\(CalendarNames.weekday(weekday)) \(longBirthdayText)"
            let hadBirthday = (today.month, today.day) >= (birthday.month, birthday.day)
            let age = today.year - year - (hadBirthday ? 0 : 1)
            ageText = age < 0 ? "" : age == 1 ? "1 year old" : "\(age) years old"
        } else {
            (birthdateText, longBirthdayText, ageText) = (monthAndDay, monthAndDay, "")
        }
        let days = Self.daysUntilNext(month: birthday.month, day: birthday.day, from: today)
        nextBirthdayText = days == 0 ? "today" : days == 1 ? "tomorrow" : "in \(days) days"
        nextBirthdayLine = "Next birthday \(nextBirthdayText)"
        rowBirthdayText = order == .nextBirthday ? "\(nextBirthdayText) · \(monthAndDay)" : longBirthdayText
    }

    /// The name as the list shows it: salutation, first and last name, or what someone without
    /// a name is known by; `(no name)` for no one.
    static func name(of person: Person) -> String {
        let given = (person.hasName ? person.firstName : person.shownName).trimmingCharacters(in: .whitespaces)
        let family = person.lastName.trimmingCharacters(in: .whitespaces)
        // A family name in Han, Kana or Hangul comes first, as its card writes it (王小明);
        // without a space when the given name is in those scripts too.
        let names =
            isEastAsian(family)
            ? (isEastAsian(given) ? [family + given] : [family, given]) : [given, family]
        let name = ([person.salutation?.trimmingCharacters(in: .whitespaces) ?? ""] + names)
            .filter { !$0.isEmpty }
            .joined(separator: " ")
        return name.isEmpty ? "(no name)" : name
    }

    /// Whether `name` begins in Han, Kana or Hangul, the scripts whose names are written family first.
    static func isEastAsian(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first else { return false }
        return [
            0x1100...0x11FF, 0x3040...0x30FF, 0x3130...0x318F, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xAC00...0xD7AF,
            0xF900...0xFAFF, 0x20000...0x2FA1F,
        ].contains { $0.contains(first.value) }
    }

    /// Days from `today` to the next `month`/`day`, 0 when it is today. A birthday on 29 February
    /// falls on 28 February in other years.
    static func daysUntilNext(month: Int, day: Int, from today: CalendarDay) -> Int {
        for year in [today.year, today.year + 1] {
            let observed = month == 2 && day == 29 && !BirthDate.isLeapYear(year) ? 28 : day
            let date = CalendarDay(year: year, month: month, day: observed)
            if date >= today { return dayNumber(date) - dayNumber(today) }
        }
        return 0
    }

    /// Days since a fixed day, in the proleptic Gregorian calendar.
    static func dayNumber(_ date: CalendarDay) -> Int {
        let shifted = date.month <= 2 ? date.year - 1 : date.year
        let era = (shifted >= 0 ? shifted : shifted - 399) / 400
        let yearOfEra = shifted - era * 400
        let dayOfYear = (153 * (date.month + (date.month > 2 ? -3 : 9)) + 2) / 5 + date.day - 1
        return era * 146_097 + yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    }
}

/// An email address or a phone number as a script reads it (`mvvm-tui people --json`): the value
/// as written, and its kinds as the card names them (`work`, `home,voice`; empty for none).
public struct ContactValue: Equatable, Sendable {
    /// `ada@example.org`, `+44 20 7946 0000`.
    public let value: String
    /// The card's kinds, lower case, joined with commas: `work`, `cell,voice`; empty for none.
    public let type: String

    init(_ detail: ContactDetail) {
        (value, type) = (detail.value, detail.kinds.joined(separator: ","))
    }
}
