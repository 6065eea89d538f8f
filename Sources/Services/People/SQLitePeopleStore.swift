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
/// func firstPage(keptAt path: String, from api: any PeopleAPI) async throws -> [Person] {
///     let store = SQLitePeopleStore(database: try AppDatabase(path: path))
///     try store.merge(try await api.getPeople())
///     return try store.people(matching: "", sortedBy: .lastName, offset: 0, limit: 20)
/// }
/// ```
public final class SQLitePeopleStore: PeopleStore, Sendable {
    let database: AppDatabase
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
        let search = PeopleSearch(filter)
        return try database.read { db in try Self.count(search, in: db) }
    }

    /// Finds the page by the cheapest of three ways: through the trigram index when few people
    /// match; else along the sort order's index, from the end when the page is nearer the end.
    public func people(matching filter: String, sortedBy order: PersonSortOrder, offset: Int, limit: Int) throws -> [Person] {
        let search = PeopleSearch(filter)
        let order = PeopleOrder(order, today: today())
        return try database.read { db in try Self.people(search, order: order, offset: offset, limit: limit, counted: nil, in: db) }
    }

    public func page(
        matching filter: String, sortedBy order: PersonSortOrder, limit: Int,
        at place: (_ matches: Int) -> Int
    ) throws -> PeoplePage {
        let (search, order) = (PeopleSearch(filter), PeopleOrder(order, today: today()))
        return try database.read { db in
            let total = try Self.count(PeopleSearch(""), in: db)
            let matches = search.isEmpty ? total : try Self.count(search, in: db)
            let offset = max(0, place(matches))
            let people = try Self.people(search, order: order, offset: offset, limit: limit, counted: matches, in: db)
            return PeoplePage(total: total, matches: matches, offset: offset, people: people)
        }
    }

    /// The page at `offset` of the people `search` finds; `counted` when they were just counted.
    static func people(
        _ search: PeopleSearch, order: PeopleOrder, offset: Int, limit: Int, counted: Int?,
        in db: Database
    ) throws -> [Person] {
        guard limit > 0 else { return [] }
        let offset = max(offset, 0)
        // Counting costs less than walking many rows, and tells which end is nearer.
        let total = try counted ?? (search.usesTrigrams || (search.isEmpty && offset > Self.shortWalk) ? Self.count(search, in: db) : nil)
        if let total, offset >= total { return [] }
        if search.usesTrigrams, let total, total <= Self.fewMatches {
            return try Self.page(
                in: db, order: order,
                rows: """
                    SELECT rowid AS pageRow FROM person
                    WHERE rowid IN (SELECT rowid FROM personSearch WHERE personSearch MATCH ?)
                    ORDER BY \(order.keys) LIMIT ? OFFSET ?
                    """, arguments: [search.phrase, limit, offset])
        }
        let condition = search.isEmpty ? "" : "WHERE instr(searchKey, ?) > 0"
        let filterArguments: StatementArguments = search.isEmpty ? [] : [search.folded]
        if let total, offset > total / 2 {
            let end = min(offset + limit, total)
            return try Self.page(
                in: db, order: order,
                rows: """
                    SELECT rowid AS pageRow FROM person \(condition) ORDER BY \(order.reversedKeys) LIMIT ? OFFSET ?
                    """, arguments: filterArguments + [end - offset, total - end])
        }
        return try Self.page(
            in: db, order: order,
            rows: """
                SELECT rowid AS pageRow FROM person \(condition) ORDER BY \(order.keys) LIMIT ? OFFSET ?
                """, arguments: filterArguments + [limit, offset])
    }

    public func birthdays(within days: Int, limit: Int) throws -> [Person] {
        let today = today()
        let keys = today.birthKeys(within: days).map(String.init).joined(separator: ", ")
        return try database.read { db in
            try Row.fetchAll(
                db,
                sql: "SELECT * FROM person WHERE birthKey IN (\(keys)) ORDER BY \(PeopleOrder(.nextBirthday, today: today).keys) LIMIT ?",
                arguments: [max(0, limit)]
            ).map(Self.person(from:))
        }
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

    /// What the import compares with is read for the whole batch at once — the people kept with
    /// their cards, then the ids deleted here — in two queries, not three a card; a card taken is
    /// remembered, so that the same id again later in the batch meets it as it would in the store.
    public func importPeople(_ people: [Person], cards: [Person.ID: String], replacing: Bool, writing: Bool) throws -> [ImportOutcome] {
        // A dry run only reads, so that it runs on a database opened read-only too.
        let importing: (Database) throws -> [ImportOutcome] = { db in
            var (kept, deleted) = try Self.importedAgainst(people.map(\.id), in: db)
            return try people.map { person in
                let card = cards[person.id] ?? VCard.text(for: [person])
                let outcome = ImportMerge.outcome(
                    of: card, kept: kept[person.id], deletedHere: deleted.contains(person.id),
                    replacing: replacing)
                if writing, outcome.takesTheCard {
                    try Self.save(person, in: db)
                    try db.cachedStatement(sql: "INSERT OR REPLACE INTO personCard (personId, card) VALUES (?, ?)")
                        .execute(arguments: [person.id, try PackedCard.pack(card)])
                    if deleted.remove(person.id) != nil {
                        try db.cachedStatement(sql: "DELETE FROM deletedPerson WHERE id = ?").execute(arguments: [person.id])
                    }
                    try db.cachedStatement(sql: "INSERT OR IGNORE INTO outbox (personId) VALUES (?)").execute(arguments: [person.id])
                    kept[person.id] = card
                }
                return outcome
            }
        }
        return try writing ? database.write(importing) : database.read(importing)
    }

    /// What an import of `ids` compares with: the card kept for each kept person (made from what
    /// is known when none is kept, or the one kept cannot be read), and which of the ids were
    /// deleted here.
    private static func importedAgainst(_ ids: [Person.ID], in db: Database) throws -> (cards: [Person.ID: String], deleted: Set<Person.ID>)
    {
        guard !ids.isEmpty else { return ([:], []) }
        let list = String(decoding: try JSONEncoder().encode(ids), as: UTF8.self)
        var cards: [Person.ID: String] = [:]
        for row in try Row.fetchAll(
            db,
            sql: """
                SELECT person.*, personCard.card AS keptCard FROM person LEFT JOIN personCard ON personCard.personId = person.id
                WHERE person.id IN (SELECT value FROM json_each(?))
                """, arguments: [list])
        {
            let packed: Data? = row["keptCard"]
            cards[row["id"]] = packed.flatMap(PackedCard.unpack) ?? VCard.text(for: [Self.person(from: row)])
        }
        let deleted = try Set(
            String.fetchAll(
                db, sql: "SELECT id FROM deletedPerson WHERE id IN (SELECT value FROM json_each(?))",
                arguments: [list]))
        return (cards, deleted)
    }

    public func update(_ person: Person, at now: Date, replacing original: Person?) throws {
        try database.write { db in
            if let original {
                let kept = try Row.fetchOne(db, sql: "SELECT * FROM person WHERE id = ?", arguments: [person.id]).map(Self.person(from:))
                guard kept == original else { throw StaleEdit(kept: kept) }
            }
            try Self.save(person, in: db)
            // A kept card is revised; one that cannot be read or revised is left as it is, never
            // replaced by a card made from what the program knows.
            let kept = try Data.fetchOne(db, sql: "SELECT card FROM personCard WHERE personId = ?", arguments: [person.id])
            let card =
                kept == nil
                ? VCard.text(for: [person])
                : kept.flatMap(PackedCard.unpack).flatMap { VCard.revised($0, to: person, at: now) }
            if let card {
                try db.execute(
                    sql: "INSERT OR REPLACE INTO personCard (personId, card) VALUES (?, ?)",
                    arguments: [person.id, try PackedCard.pack(card)])
            }
            try db.execute(sql: "DELETE FROM deletedPerson WHERE id = ?", arguments: [person.id])
            try db.execute(sql: "INSERT OR IGNORE INTO outbox (personId) VALUES (?)", arguments: [person.id])
        }
    }

    public func keptCards(for ids: [Person.ID]?) throws -> [Person.ID: String] {
        try database.read { db in
            let rows =
                if let ids {
                    try Row.fetchAll(
                        db, sql: "SELECT personId, card FROM personCard WHERE personId IN (SELECT value FROM json_each(?))",
                        arguments: [String(decoding: try JSONEncoder().encode(ids), as: UTF8.self)])
                } else {
                    try Row.fetchAll(db, sql: "SELECT personId, card FROM personCard")
                }
            return Dictionary(
                rows.compactMap { row in PackedCard.unpack(row["card"]).map { (row["personId"], $0) } },
                uniquingKeysWith: { first, _ in first })
        }
    }

    public func delete(id: Person.ID) throws {
        try database.write { db in
            let link = try Row.fetchOne(db, sql: "SELECT href, etag FROM serverCard WHERE personId = ?", arguments: [id])
            try db.execute(sql: "DELETE FROM person WHERE id = ?", arguments: [id])
            if db.changesCount > 0 {
                try db.execute(
                    sql: "INSERT OR REPLACE INTO deletedPerson (id, href, etag) VALUES (?, ?, ?)",
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
                    let known = try Row.fetchOne(db, sql: "SELECT * FROM person WHERE id = ?", arguments: [person.id]).map(
                        Self.person(from:))
                {
                    (merged.emails, merged.phones) = (known.emails, known.phones)
                }
                try Self.save(merged, in: db)
            }
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
        return StoreObservation(
            commits: { delivery.commits },
            stop: {
                delivery.stop()
                cancellable.cancel()
            })
    }
}

// MARK: - Delivery

/// Hands change notices to the observer's queue, one at a time, and none once stopped.
///
/// Sendable unchecked: its mutable fields are read and written only while holding `lock`; the
/// others are constants of Sendable types.
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
