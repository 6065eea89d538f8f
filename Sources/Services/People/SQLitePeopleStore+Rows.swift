import Foundation
import GRDB
import Models

/// How people are read from and written to their rows.
extension SQLitePeopleStore {
    // MARK: - Rows

    /// Up to this offset, a page is found by walking the index from the start without counting.
    static let shortWalk = 1_000

    /// Below this many matches, a filtered page is found through the trigram index and sorted;
    /// above it, walking the sort order's index finds a page's matches sooner.
    static let fewMatches = 2_000

    /// How many people match `search`: counted by the trigram index for three characters or more,
    /// by reading every folded name for fewer.
    static func count(_ search: PeopleSearch, in db: Database) throws -> Int {
        if search.isEmpty {
            return try Int.fetchOne(db, sql: "SELECT n FROM personCount") ?? 0
        } else if search.usesTrigrams {
            return try Int.fetchOne(
                db, sql: "SELECT COUNT(*) FROM personSearch WHERE personSearch MATCH ?",
                arguments: [search.phrase]) ?? 0
        }
        return try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM person WHERE instr(searchKey, ?) > 0", arguments: [search.folded]) ?? 0
    }

    /// The people of the rowids `rows` selects (as `pageRow`), in `order`.
    static func page(in db: Database, order: PeopleOrder, rows: String, arguments: StatementArguments) throws -> [Person] {
        try Row.fetchAll(
            db, sql: "SELECT person.* FROM person JOIN (\(rows)) ON person.rowid = pageRow ORDER BY \(order.keys)",
            arguments: arguments
        ).map(person(from:))
    }

    /// Inserts `person`, or updates the person with the same id.
    static func save(_ person: Person, in db: Database) throws {
        let (firstKey, lastKey) = person.sortNames
        let nameKey = Person.foldedName(person.shownName)
        let birthday = person.birthday
        try db.cachedStatement(
            sql: """
                INSERT INTO person (id, salutation, firstName, lastName, knownAs, birthYear, birthMonth, birthDay, birthText,
                                    firstKey, lastKey, nameKey, details, searchKey, birthKey)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (id) DO UPDATE SET salutation = excluded.salutation, firstName = excluded.firstName,
                    lastName = excluded.lastName, knownAs = excluded.knownAs, birthYear = excluded.birthYear,
                    birthMonth = excluded.birthMonth, birthDay = excluded.birthDay, birthText = excluded.birthText,
                    firstKey = excluded.firstKey, lastKey = excluded.lastKey, nameKey = excluded.nameKey,
                    details = excluded.details, searchKey = excluded.searchKey, birthKey = excluded.birthKey
                """
        ).execute(arguments: [
            person.id, person.salutation, person.firstName, person.lastName, person.knownAs,
            birthday?.year, birthday?.month, birthday?.day, person.birthdayText,
            firstKey, lastKey, nameKey, PersonDetailsColumn(person).json, person.searchText, person.birthKey,
        ])
    }

    /// Everyone kept, in no order: what a migration makes cards for.
    static func everyone(in db: Database) throws -> [Person] {
        try Row.fetchAll(db, sql: "SELECT * FROM person").map(person(from:))
    }

    static func person(from row: Row) -> Person {
        let birthday: BirthDate? =
            if let month: Int = row["birthMonth"], let day: Int = row["birthDay"] {
                BirthDate(year: row["birthYear"], month: month, day: day)
            } else {
                nil
            }
        let details = PersonDetailsColumn(json: row["details"])
        return Person(
            id: row["id"], salutation: row["salutation"], firstName: row["firstName"], lastName: row["lastName"],
            knownAs: row["knownAs"], birthday: birthday, birthdayText: row["birthText"],
            emails: details.emails, phones: details.phones, conflictOf: details.conflictOf)
    }
}

/// A person's email addresses and phone numbers, and the person they are a conflict's copy of,
/// as the `details` column keeps them: JSON, or NULL when there are none.
struct PersonDetailsColumn: Codable {
    var emails: [ContactDetail] = []
    var phones: [ContactDetail] = []
    var conflictOf: Person.ID?

    init(_ person: Person) {
        (emails, phones, conflictOf) = (person.emails, person.phones, person.conflictOf)
    }

    init(json: String?) {
        guard let json, let read = try? JSONDecoder().decode(PersonDetailsColumn.self, from: Data(json.utf8)) else { return }
        self = read
    }

    var json: String? {
        guard !emails.isEmpty || !phones.isEmpty || conflictOf != nil, let data = try? JSONEncoder().encode(self) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }
}

// MARK: - Filter and order

/// A filter as the store looks for it: folded as the names are.
struct PeopleSearch {
    /// The filter folded by `Person.foldedName`.
    let folded: String

    init(_ filter: String) {
        folded = Person.foldedName(filter)
    }

    /// Whether the filter matches everyone.
    var isEmpty: Bool { folded.isEmpty }
    /// Whether the trigram index can find it: three characters or more.
    var usesTrigrams: Bool { folded.unicodeScalars.count >= 3 }
    /// The filter as one FTS5 phrase, which the trigram index matches as a substring.
    var phrase: String { "\"" + folded.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }
}

/// An order as the store sorts by it: its `ORDER BY` terms, which an index of the same columns
/// serves for the names; the next birthday is ranked from today's month and day, as
/// `Person.precedes(_:in:today:)` ranks it.
struct PeopleOrder {
    /// The `ORDER BY` terms.
    let keys: String
    /// The same, backwards.
    let reversedKeys: String

    init(_ order: PersonSortOrder, today: CalendarDay) {
        let terms: [String] =
            switch order {
            case .lastName: ["lastKey", "firstKey", "id"]
            case .firstName: ["firstKey", "lastKey", "id"]
            case .nextBirthday:
                // A whole number made from the calendar, never from the user's text.
                [
                    "CASE WHEN birthKey IS NULL THEN 20000 WHEN birthKey >= \(today.month * 100 + today.day) "
                        + "THEN birthKey - \(today.month * 100 + today.day) ELSE birthKey - \(today.month * 100 + today.day) + 10000 END",
                    "lastKey", "firstKey", "id",
                ]
            }
        keys = terms.joined(separator: ", ")
        reversedKeys = terms.map { $0 + " DESC" }.joined(separator: ", ")
    }
}
