import Foundation
import GRDB
import Models

/// The People screen's people in the program's SQLite database, with the outbox of people still
/// to post and the ids deleted here.
///
/// Each call commits before it returns; a batch (`add(_:)` of many, `merge(_:)`) is one
/// transaction, so a batch is kept whole or not at all, even across a SIGKILL. A page by name is
/// read from the index of its sort order, which also holds the folded text the filter looks in
/// (names, addresses, numbers); a page by next birthday sorts the matches. A filter of three
/// characters or more is counted, and when rare found, through a trigram index. Each person's
/// vCard is kept deflated beside their row (`keptCards`), never read by a page.
///
/// ```swift
/// let store = SQLitePeopleStore(database: try AppDatabase(path: path))
/// try store.merge(try await api.getPeople())
/// let rows = try store.people(matching: "", sortedBy: .lastName, offset: 0, limit: 20)
/// ```
public final class SQLitePeopleStore: PeopleStore, Sendable {
    private let database: AppDatabase
    private let today: @Sendable () -> CalendarDay

    /// Creates the store in `database`; `today`, the day on the user's calendar, orders people by
    /// their next birthday.
    public init(database: AppDatabase, today: @escaping @Sendable () -> CalendarDay = { CalendarDay.today() }) {
        self.database = database
        self.today = today
    }

    // MARK: - Reading

    public func changedElsewhere() throws -> Bool {
        try database.changedElsewhere()
    }

    public func count(matching filter: String) throws -> Int {
        let search = Search(filter)
        return try database.read { db in try Self.count(search, in: db) }
    }

    /// Finds the page by the cheapest of three ways: through the trigram index when few people
    /// match; else along the sort order's index, from the end when the page is nearer the end.
    public func people(matching filter: String, sortedBy order: PersonSortOrder, offset: Int, limit: Int) throws -> [Person] {
        let search = Search(filter)
        let order = Order(order, today: today())
        return try database.read { db in try Self.people(search, order: order, offset: offset, limit: limit, counted: nil, in: db) }
    }

    public func page(matching filter: String, sortedBy order: PersonSortOrder, limit: Int,
                     at place: (_ matches: Int) -> Int) throws -> PeoplePage {
        let (search, order) = (Search(filter), Order(order, today: today()))
        return try database.read { db in
            let total = try Self.count(Search(""), in: db)
            let matches = search.isEmpty ? total : try Self.count(search, in: db)
            let offset = max(0, place(matches))
            let people = try Self.people(search, order: order, offset: offset, limit: limit, counted: matches, in: db)
            return PeoplePage(total: total, matches: matches, offset: offset, people: people)
        }
    }

    /// The page at `offset` of the people `search` finds; `counted` when they were just counted.
    private static func people(_ search: Search, order: Order, offset: Int, limit: Int, counted: Int?,
                               in db: Database) throws -> [Person] {
        guard limit > 0 else { return [] }
        let offset = max(offset, 0)
        // Counting costs less than walking many rows, and tells which end is nearer.
        let total = try counted ?? (search.usesTrigrams || (search.isEmpty && offset > Self.shortWalk) ? Self.count(search, in: db) : nil)
        if let total, offset >= total { return [] }
        if search.usesTrigrams, let total, total <= Self.fewMatches {
            return try Self.page(in: db, order: order, rows: """
                SELECT rowid AS pageRow FROM person
                WHERE rowid IN (SELECT rowid FROM personSearch WHERE personSearch MATCH ?)
                ORDER BY \(order.keys) LIMIT ? OFFSET ?
                """, arguments: [search.phrase, limit, offset])
        }
        let condition = search.isEmpty ? "" : "WHERE instr(searchKey, ?) > 0"
        let filterArguments: StatementArguments = search.isEmpty ? [] : [search.folded]
        if let total, offset > total / 2 {
            let end = min(offset + limit, total)
            return try Self.page(in: db, order: order, rows: """
                SELECT rowid AS pageRow FROM person \(condition) ORDER BY \(order.reversedKeys) LIMIT ? OFFSET ?
                """, arguments: filterArguments + [end - offset, total - end])
        }
        return try Self.page(in: db, order: order, rows: """
            SELECT rowid AS pageRow FROM person \(condition) ORDER BY \(order.keys) LIMIT ? OFFSET ?
            """, arguments: filterArguments + [limit, offset])
    }

    public func birthdays(within days: Int) throws -> [Person] {
        let today = today()
        let keys = today.birthKeys(within: days)
        let people = try database.read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM person WHERE birthKey IN (\(keys.map(String.init).joined(separator: ", ")))")
                .map(Self.person(from:))
        }
        return people.sorted { $0.precedes($1, in: .nextBirthday, today: today) }
    }

    public func person(id: Person.ID) throws -> Person? {
        try database.read { db in
            try Row.fetchOne(db, sql: "SELECT * FROM person WHERE id = ?", arguments: [id]).map(Self.person(from:))
        }
    }

    // MARK: - Writing

    public func add(_ people: [Person], cards: [Person.ID: String]) throws {
        try database.write { db in
            for person in people {
                try Self.save(person, in: db)
                if let card = cards[person.id] {
                    try db.cachedStatement(sql: "INSERT OR REPLACE INTO personCard (personId, card) VALUES (?, ?)")
                        .execute(arguments: [person.id, try PackedCard.pack(card)])
                } else {
                    try db.cachedStatement(sql: "INSERT OR IGNORE INTO personCard (personId, card) VALUES (?, ?)")
                        .execute(arguments: [person.id, try PackedCard.pack(VCard.text(for: [person]))])
                }
                try db.cachedStatement(sql: "DELETE FROM deletedPerson WHERE id = ?").execute(arguments: [person.id])
                try db.cachedStatement(sql: "INSERT OR IGNORE INTO outbox (personId) VALUES (?)").execute(arguments: [person.id])
            }
        }
    }

    public func update(_ person: Person, at now: Date) throws {
        try database.write { db in
            try Self.save(person, in: db)
            // A kept card is revised; one that cannot be read or revised is left as it is, never
            // replaced by a card made from what the program knows.
            let kept = try Data.fetchOne(db, sql: "SELECT card FROM personCard WHERE personId = ?", arguments: [person.id])
            let card = kept == nil ? VCard.text(for: [person])
                : kept.flatMap(PackedCard.unpack).flatMap { VCard.revised($0, to: person, at: now) }
            if let card {
                try db.execute(sql: "INSERT OR REPLACE INTO personCard (personId, card) VALUES (?, ?)",
                               arguments: [person.id, try PackedCard.pack(card)])
            }
            try db.execute(sql: "DELETE FROM deletedPerson WHERE id = ?", arguments: [person.id])
            try db.execute(sql: "INSERT OR IGNORE INTO outbox (personId) VALUES (?)", arguments: [person.id])
        }
    }

    public func keptCards(for ids: [Person.ID]?) throws -> [Person.ID: String] {
        try database.read { db in
            let rows = if let ids {
                try Row.fetchAll(db, sql: "SELECT personId, card FROM personCard WHERE personId IN (SELECT value FROM json_each(?))",
                                 arguments: [String(decoding: try JSONEncoder().encode(ids), as: UTF8.self)])
            } else {
                try Row.fetchAll(db, sql: "SELECT personId, card FROM personCard")
            }
            return Dictionary(rows.compactMap { row in PackedCard.unpack(row["card"]).map { (row["personId"], $0) } },
                              uniquingKeysWith: { first, _ in first })
        }
    }

    public func delete(id: Person.ID) throws {
        try database.write { db in
            let link = try Row.fetchOne(db, sql: "SELECT href, etag FROM serverCard WHERE personId = ?", arguments: [id])
            try db.execute(sql: "DELETE FROM person WHERE id = ?", arguments: [id])
            if db.changesCount > 0 {
                try db.execute(sql: "INSERT OR REPLACE INTO deletedPerson (id, href, etag) VALUES (?, ?, ?)",
                               arguments: [id, link?["href"] as String?, link?["etag"] as String?])
            }
        }
    }

    public func merge(_ people: [Person]) throws {
        try database.write { db in
            let deleted = try Set(String.fetchAll(db, sql: "SELECT id FROM deletedPerson"))
            let queued = try Set(String.fetchAll(db, sql: "SELECT personId FROM outbox"))
            for person in people where !deleted.contains(person.id) && !queued.contains(person.id) {
                var merged = person
                if person.emails.isEmpty, person.phones.isEmpty,
                   let known = try Row.fetchOne(db, sql: "SELECT * FROM person WHERE id = ?", arguments: [person.id]).map(Self.person(from:)) {
                    (merged.emails, merged.phones) = (known.emails, known.phones)
                }
                try Self.save(merged, in: db)
            }
        }
    }

    // MARK: - Outbox

    public func pendingPosts() throws -> [PendingPost] {
        try database.read { db in
            try Row.fetchAll(db, sql: """
                SELECT person.*, outbox.attempts, outbox.lastError, serverCard.href AS serverHref, serverCard.etag AS serverEtag
                FROM outbox JOIN person ON person.id = outbox.personId
                LEFT JOIN serverCard ON serverCard.personId = outbox.personId ORDER BY outbox.id
                """).map { row in
                let href: String? = row["serverHref"]
                return PendingPost(person: Self.person(from: row), attempts: row["attempts"], lastError: row["lastError"],
                                   server: href.map { ServerVersion(href: $0, etag: row["serverEtag"]) })
            }
        }
    }

    // MARK: - Server

    /// The preference keys of the book synced last and of its token.
    private static let bookKey = "people.server.book"
    private static let tokenKey = "people.server.token"

    public func serverState(for book: String) throws -> ServerState {
        try database.write { db in
            if try String.fetchOne(db, sql: "SELECT value FROM preference WHERE key = ?", arguments: [Self.bookKey]) != book {
                try db.execute(sql: """
                    DELETE FROM serverCard;
                    DELETE FROM deletedPerson WHERE href IS NOT NULL;
                    INSERT OR IGNORE INTO outbox (personId) SELECT id FROM person;
                    DELETE FROM preference WHERE key = ?;
                    INSERT OR REPLACE INTO preference (key, value) VALUES (?, ?);
                    """, arguments: [Self.tokenKey, Self.bookKey, book])
            }
            let token = try String.fetchOne(db, sql: "SELECT value FROM preference WHERE key = ?", arguments: [Self.tokenKey])
            var versions: [String: String?] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT href, etag FROM serverCard") {
                versions[row["href"] as String] = row["etag"] as String?
            }
            return ServerState(token: token, versions: versions)
        }
    }

    public func takeServerCards(_ cards: [ServerPerson], removed: [String], token: String?) throws {
        try database.write { db in
            for card in cards {
                let linked = try String.fetchOne(db, sql: "SELECT personId FROM serverCard WHERE href = ?", arguments: [card.version.href])
                if let linked {
                    // A person changed or deleted here keeps that form until it is sent.
                    guard try !Self.isWaiting(linked, in: db) else { continue }
                    try Self.keep(card, as: linked, in: db)
                    continue
                }
                let id = card.person.id
                if let known = try Row.fetchOne(db, sql: "SELECT * FROM person WHERE id = ?", arguments: [id]).map(Self.person(from:)) {
                    if try Bool.fetchOne(db, sql: "SELECT 1 FROM serverCard WHERE personId = ?", arguments: [id]) == true {
                        // Another card of the same UID: kept as a person of its own.
                        try Self.keep(card, as: UUID().uuidString, in: db)
                    } else if known == card.person {
                        try Self.keep(card, as: id, in: db)
                        try db.execute(sql: "DELETE FROM outbox WHERE personId = ?", arguments: [id])
                    } else {
                        _ = try Self.keepConflict(id, server: card, in: db)
                    }
                } else if try Bool.fetchOne(db, sql: "SELECT 1 FROM deletedPerson WHERE id = ? AND href IS NOT NULL", arguments: [id]) != true {
                    try Self.keep(card, as: id, in: db)
                }
            }
            for href in removed {
                try db.execute(sql: "DELETE FROM deletedPerson WHERE href = ?", arguments: [href])
                guard let id = try String.fetchOne(db, sql: "SELECT personId FROM serverCard WHERE href = ?", arguments: [href]) else { continue }
                try db.execute(sql: "DELETE FROM serverCard WHERE href = ?", arguments: [href])
                if try !Self.isWaiting(id, in: db) {
                    try db.execute(sql: "DELETE FROM person WHERE id = ?", arguments: [id])
                }
            }
            if let token {
                try db.execute(sql: "INSERT OR REPLACE INTO preference (key, value) VALUES (?, ?)", arguments: [Self.tokenKey, token])
            }
        }
    }

    public func pendingDeletes() throws -> [ServerVersion] {
        try database.read { db in
            try Row.fetchAll(db, sql: "SELECT href, etag FROM deletedPerson WHERE href IS NOT NULL ORDER BY rowid").map {
                ServerVersion(href: $0["href"], etag: $0["etag"])
            }
        }
    }

    public func markDeleteSent(_ href: String) throws {
        try database.write { db in
            try db.execute(sql: "UPDATE deletedPerson SET href = NULL, etag = NULL WHERE href = ?", arguments: [href])
        }
    }

    public func markPosted(_ id: Person.ID, as version: ServerVersion) throws {
        try database.write { db in
            try db.execute(sql: "DELETE FROM outbox WHERE personId = ?", arguments: [id])
            try db.execute(sql: "DELETE FROM serverCard WHERE personId = ? OR href = ?", arguments: [id, version.href])
            try db.execute(sql: "INSERT INTO serverCard (personId, href, etag) SELECT ?, ?, ? WHERE EXISTS (SELECT 1 FROM person WHERE id = ?)",
                           arguments: [id, version.href, version.etag, id])
        }
    }

    @discardableResult
    public func keepConflict(_ id: Person.ID, server card: ServerPerson) throws -> Person {
        try database.write { db in try Self.keepConflict(id, server: card, in: db) }
    }

    /// Whether the person with `id` waits in the outbox.
    private static func isWaiting(_ id: Person.ID, in db: Database) throws -> Bool {
        try Bool.fetchOne(db, sql: "SELECT 1 FROM outbox WHERE personId = ?", arguments: [id]) == true
    }

    /// Keeps the server's `card` as the person with `id`: their row, their card, their link.
    private static func keep(_ card: ServerPerson, as id: Person.ID, in db: Database) throws {
        let person = card.person
        try save(person.identified(as: id), in: db)
        try db.execute(sql: "INSERT OR REPLACE INTO personCard (personId, card) VALUES (?, ?)", arguments: [id, try PackedCard.pack(card.card)])
        try db.execute(sql: "DELETE FROM serverCard WHERE personId = ? OR href = ?", arguments: [id, card.version.href])
        try db.execute(sql: "INSERT INTO serverCard (personId, href, etag) VALUES (?, ?, ?)", arguments: [id, card.version.href, card.version.etag])
    }

    /// See `keepConflict(_:server:)`.
    private static func keepConflict(_ id: Person.ID, server card: ServerPerson, in db: Database) throws -> Person {
        let local = try Row.fetchOne(db, sql: "SELECT * FROM person WHERE id = ?", arguments: [id]).map(person(from:))
        let localCard = try Data.fetchOne(db, sql: "SELECT card FROM personCard WHERE personId = ?", arguments: [id]).flatMap(PackedCard.unpack)
        try db.execute(sql: "DELETE FROM outbox WHERE personId = ?", arguments: [id])
        try keep(card, as: id, in: db)
        guard let local else { return card.person }
        let copy = local.conflictCopy()
        try save(copy, in: db)
        // The copy's card: the one entered here, under a UID of its own and the new name.
        let text = localCard.flatMap { VCard.revised(VCard.withUID(copy.id, in: $0), to: copy, at: Date()) } ?? VCard.text(for: [copy])
        try db.execute(sql: "INSERT OR REPLACE INTO personCard (personId, card) VALUES (?, ?)", arguments: [copy.id, try PackedCard.pack(text)])
        try db.execute(sql: "INSERT OR IGNORE INTO outbox (personId) VALUES (?)", arguments: [copy.id])
        return copy
    }

    public func markPosted(_ id: Person.ID) throws {
        try database.write { db in
            try db.execute(sql: "DELETE FROM outbox WHERE personId = ?", arguments: [id])
        }
    }

    public func recordFailure(_ id: Person.ID, message: String) throws {
        try database.write { db in
            try db.execute(sql: """
                UPDATE outbox SET attempts = attempts + 1, lastError = ?,
                    failureNumber = (SELECT IFNULL(MAX(failureNumber), 0) + 1 FROM outbox)
                WHERE personId = ?
                """, arguments: [message, id])
        }
    }

    public func outboxStatus() throws -> OutboxStatus {
        try database.read { db in
            let count = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM outbox") ?? 0
            let lastError = try String.fetchOne(db, sql: """
                SELECT lastError FROM outbox WHERE failureNumber IS NOT NULL ORDER BY failureNumber DESC LIMIT 1
                """)
            return OutboxStatus(pendingCount: count, lastError: lastError)
        }
    }

    // MARK: - Changes

    /// Calls `onChange` on `queue` after each commit through this store's `AppDatabase` that touches
    /// the people or the outbox. GRDB's `DatabaseRegionObservation` tells the database's own queue,
    /// which passes it on; commits made while a notice waits on `queue` are told by that one notice.
    /// Commits through another `AppDatabase`, in this process or another, are not seen: a screen
    /// that must see them reads again when it appears.
    public func observeChanges(on queue: DispatchQueue, _ onChange: @escaping @Sendable () -> Void) -> StoreObservation {
        let delivery = Delivery(queue: queue, onChange: onChange)
        let cancellable = DatabaseRegionObservation(tracking: Table("person"), Table("outbox"))
            .start(in: database.writer, onError: { _ in }, onChange: { _ in delivery.send() })
        return StoreObservation(commits: { delivery.commits }) {
            delivery.stop()
            cancellable.cancel()
        }
    }

    // MARK: - Rows

    /// Up to this offset, a page is found by walking the index from the start without counting.
    private static let shortWalk = 1_000

    /// Below this many matches, a filtered page is found through the trigram index and sorted;
    /// above it, walking the sort order's index finds a page's matches sooner.
    private static let fewMatches = 2_000

    /// How many people match `search`: counted by the trigram index for three characters or more,
    /// by reading every folded name for fewer.
    private static func count(_ search: Search, in db: Database) throws -> Int {
        if search.isEmpty {
            return try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM person") ?? 0
        } else if search.usesTrigrams {
            return try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM personSearch WHERE personSearch MATCH ?",
                                    arguments: [search.phrase]) ?? 0
        }
        return try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM person WHERE instr(searchKey, ?) > 0", arguments: [search.folded]) ?? 0
    }

    /// The people of the rowids `rows` selects (as `pageRow`), in `order`.
    private static func page(in db: Database, order: Order, rows: String, arguments: StatementArguments) throws -> [Person] {
        try Row.fetchAll(db, sql: "SELECT person.* FROM person JOIN (\(rows)) ON person.rowid = pageRow ORDER BY \(order.keys)",
                         arguments: arguments).map(person(from:))
    }

    /// Inserts `person`, or updates the person with the same id.
    private static func save(_ person: Person, in db: Database) throws {
        let (firstKey, lastKey) = person.sortNames
        let nameKey = Person.foldedName(person.shownName)
        let birthday = person.birthday
        try db.cachedStatement(sql: """
            INSERT INTO person (id, salutation, firstName, lastName, knownAs, birthYear, birthMonth, birthDay, birthText,
                                firstKey, lastKey, nameKey, details, searchKey, birthKey)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (id) DO UPDATE SET salutation = excluded.salutation, firstName = excluded.firstName,
                lastName = excluded.lastName, knownAs = excluded.knownAs, birthYear = excluded.birthYear,
                birthMonth = excluded.birthMonth, birthDay = excluded.birthDay, birthText = excluded.birthText,
                firstKey = excluded.firstKey, lastKey = excluded.lastKey, nameKey = excluded.nameKey,
                details = excluded.details, searchKey = excluded.searchKey, birthKey = excluded.birthKey
            """).execute(arguments: [person.id, person.salutation, person.firstName, person.lastName, person.knownAs,
                                     birthday?.year, birthday?.month, birthday?.day, person.birthdayText,
                                     firstKey, lastKey, nameKey, Details(person).json, person.searchText, person.birthKey])
    }

    /// Everyone kept, in no order: what a migration makes cards for.
    static func everyone(in db: Database) throws -> [Person] {
        try Row.fetchAll(db, sql: "SELECT * FROM person").map(person(from:))
    }

    private static func person(from row: Row) -> Person {
        let birthday: BirthDate? = if let month: Int = row["birthMonth"], let day: Int = row["birthDay"] {
            BirthDate(year: row["birthYear"], month: month, day: day)
        } else {
            nil
        }
        let details = Details(json: row["details"])
        return Person(id: row["id"], salutation: row["salutation"], firstName: row["firstName"], lastName: row["lastName"],
                      knownAs: row["knownAs"], birthday: birthday, birthdayText: row["birthText"],
                      emails: details.emails, phones: details.phones)
    }
}

/// A person's email addresses and phone numbers as the `details` column keeps them: JSON, or
/// NULL when there are none.
private struct Details: Codable {
    var emails: [ContactDetail] = []
    var phones: [ContactDetail] = []

    init(_ person: Person) {
        (emails, phones) = (person.emails, person.phones)
    }

    init(json: String?) {
        guard let json, let read = try? JSONDecoder().decode(Details.self, from: Data(json.utf8)) else { return }
        self = read
    }

    var json: String? {
        guard !emails.isEmpty || !phones.isEmpty, let data = try? JSONEncoder().encode(self) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }
}

// MARK: - Filter and order

/// A filter as the store looks for it: folded as the names are.
private struct Search {
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
private struct Order {
    /// The `ORDER BY` terms.
    let keys: String
    /// The same, backwards.
    let reversedKeys: String

    init(_ order: PersonSortOrder, today: CalendarDay) {
        let terms: [String] = switch order {
        case .lastName: ["lastKey", "firstKey", "id"]
        case .firstName: ["firstKey", "lastKey", "id"]
        case .nextBirthday:
            // A whole number made from the calendar, never from the user's text.
            ["CASE WHEN birthKey IS NULL THEN 20000 WHEN birthKey >= \(today.month * 100 + today.day) "
                + "THEN birthKey - \(today.month * 100 + today.day) ELSE birthKey - \(today.month * 100 + today.day) + 10000 END",
             "lastKey", "firstKey", "id"]
        }
        keys = terms.joined(separator: ", ")
        reversedKeys = terms.map { $0 + " DESC" }.joined(separator: ", ")
    }
}

// MARK: - Delivery

/// Hands change notices to the observer's queue, one at a time, and none once stopped.
private final class Delivery: @unchecked Sendable {
    private let queue: DispatchQueue
    private let onChange: @Sendable () -> Void
    private let lock = NSLock()
    private var stopped = false  // guarded by `lock`
    private var waiting = false  // guarded by `lock`: a notice is on the queue
    private var sent = 0  // guarded by `lock`

    init(queue: DispatchQueue, onChange: @escaping @Sendable () -> Void) {
        self.queue = queue
        self.onChange = onChange
    }

    /// How many commits have been sent.
    var commits: Int { lock.withLock { sent } }

    func send() {
        let isFirst = lock.withLock {
            sent += 1
            defer { waiting = true }
            return !waiting
        }
        guard isFirst else { return }
        queue.async { [self] in
            let isLive = lock.withLock {
                waiting = false
                return !stopped
            }
            if isLive { onChange() }
        }
    }

    func stop() {
        lock.withLock { stopped = true }
    }
}
