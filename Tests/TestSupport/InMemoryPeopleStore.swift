import Foundation
import Models

/// A people store in memory, for view-model and sync tests, used from one thread; it can be told
/// to fail, and tells its observers on their queues after every change (commits in a row told
/// once), or at once when a test calls `deliverNotices()`.
///
/// Sendable unchecked: a test uses it from one thread, but for its notices (`StoreNotices`, which
/// its observers' queues share under a lock).
public final class InMemoryPeopleStore: PeopleStore, @unchecked Sendable {
    /// The people kept, in no particular order.
    public private(set) var stored: [Person.ID: Person] = [:]
    /// The outbox, oldest first.
    public private(set) var outbox: [PendingPost] = []
    /// The ids deleted here, which a merge does not bring back.
    public private(set) var deleted: Set<Person.ID> = []
    /// When set, every write throws this failure.
    public var failWrites: InMemoryGameLibrary.Failure?
    /// When set, counting and reading people throw this failure.
    public var failReads: InMemoryGameLibrary.Failure?
    /// When set, reading the outbox's state throws this failure.
    public var failOutbox: InMemoryGameLibrary.Failure?
    /// When set, reading one person by id throws this failure.
    public var failPersonReads: InMemoryGameLibrary.Failure?

    private var failures = 0
    private var failureOrder: [Person.ID: Int] = [:]
    private let notices = StoreNotices()
    private var pendingForeignCommit = false
    /// The day on the user's calendar, from which the next birthdays are counted.
    public var today = CalendarDay(year: 2026, month: 11, day: 22)
    /// How many times the people were counted.
    public private(set) var counts = 0
    /// Runs once, after the next count: a commit that lands between a count and the page read after it.
    public var afterNextCount: (() -> Void)?
    /// Runs after every count while set: commits that keep landing.
    public var afterEachCount: (() -> Void)?

    /// Creates a store holding `people`, with an empty outbox.
    public init(people: [Person] = []) {
        for person in people { stored[person.id] = person }
    }

    // MARK: - Reading

    public func count(matching filter: String) throws -> Int {
        if let failReads { throw failReads }
        counts += 1
        let count = stored.values.filter { $0.matches(filter: filter) }.count
        counted()
        return count
    }

    public func people(matching filter: String, sortedBy order: PersonSortOrder, offset: Int, limit: Int) throws -> [Person] {
        if let failReads { throw failReads }
        let sorted = stored.values.filter { $0.matches(filter: filter) }.sorted { $0.precedes($1, in: order, today: today) }
        return Array(sorted.dropFirst(max(offset, 0)).prefix(max(limit, 0)))
    }

    /// Counts and reads at once, as one read of a database does; the commits a test puts after a
    /// count land after it.
    public func page(
        matching filter: String, sortedBy order: PersonSortOrder, limit: Int,
        at place: (Int) -> Int
    ) throws -> PeoplePage {
        if let failReads { throw failReads }
        counts += 1
        let matching = stored.values.filter { $0.matches(filter: filter) }.sorted { $0.precedes($1, in: order, today: today) }
        let offset = max(0, place(matching.count))
        let page = PeoplePage(
            total: stored.count, matches: matching.count, offset: offset,
            people: Array(matching.dropFirst(offset).prefix(max(limit, 0))))
        counted()
        return page
    }

    /// Runs what a test put after a count.
    private func counted() {
        if let commit = afterNextCount {
            afterNextCount = nil
            commit()
        }
        afterEachCount?()
    }

    public func birthdays(within days: Int, limit: Int) throws -> [Person] {
        if let failReads { throw failReads }
        let keys = Set(today.birthKeys(within: days))
        return Array(
            stored.values.filter { $0.birthKey.map(keys.contains) ?? false }
                .sorted { $0.precedes($1, in: .nextBirthday, today: today) }.prefix(max(0, limit)))
    }

    public func person(id: Person.ID) throws -> Person? {
        if let failReads { throw failReads }
        if let failPersonReads { throw failPersonReads }
        return stored[id]
    }

    public func changedElsewhere() throws -> Bool {
        defer { pendingForeignCommit = false }
        return pendingForeignCommit
    }

    /// Another instance adds `people`: they are kept, no observer is told, and the next
    /// `changedElsewhere()` says so.
    public func addFromElsewhere(_ people: [Person]) {
        for person in people { stored[person.id] = person }
        pendingForeignCommit = true
    }

    // MARK: - Writing

    /// The vCards kept, by id.
    public private(set) var cards: [Person.ID: String] = [:]

    public func add(_ people: [Person], cards: [Person.ID: String]) throws {
        try failIfAsked()
        for person in people {
            stored[person.id] = person
            if let card = cards[person.id] {
                self.cards[person.id] = card
            } else if self.cards[person.id] == nil {
                self.cards[person.id] = VCard.text(for: [person])
            }
            deleted.remove(person.id)
            outbox.removeAll { $0.person.id == person.id }
            outbox.append(PendingPost(person: person))
        }
        changed()
    }

    public func importPeople(_ people: [Person], cards: [Person.ID: String], replacing: Bool, writing: Bool) throws -> [ImportOutcome] {
        try failIfAsked()
        let outcomes = people.map { person in
            let card = cards[person.id] ?? VCard.text(for: [person])
            let kept = self.cards[person.id] ?? stored[person.id].map { VCard.text(for: [$0]) }
            let outcome = ImportMerge.outcome(of: card, kept: kept, deletedHere: deleted.contains(person.id), replacing: replacing)
            if writing, outcome.takesTheCard {
                stored[person.id] = person
                self.cards[person.id] = card
                deleted.remove(person.id)
                outbox.removeAll { $0.person.id == person.id }
                outbox.append(PendingPost(person: person))
            }
            return outcome
        }
        if writing { changed() }
        return outcomes
    }

    public func update(_ person: Person, at now: Date, replacing original: Person?) throws {
        try failIfAsked()
        if let original, stored[person.id] != original { throw StaleEdit(kept: stored[person.id]) }
        stored[person.id] = person
        cards[person.id] = cards[person.id].flatMap { VCard.revised($0, to: person, at: now) } ?? VCard.text(for: [person])
        outbox.removeAll { $0.person.id == person.id }
        outbox.append(PendingPost(person: person))
        changed()
    }

    public func keptCards(for ids: [Person.ID]?) throws -> [Person.ID: String] {
        if let failReads { throw failReads }
        guard let ids else { return cards }
        return cards.filter { ids.contains($0.key) }
    }

    public func delete(id: Person.ID) throws {
        try failIfAsked()
        guard stored.removeValue(forKey: id) != nil else { return }
        cards[id] = nil
        outbox.removeAll { $0.person.id == id }
        deleted.insert(id)
        settledDeletes.remove(id)
        if let link = links.removeValue(forKey: id) {
            deletes.append(link)
            deletedByHref[link.href] = id
        }
        changed()
    }

    // MARK: - Server

    /// The card each person is linked to, by id.
    public private(set) var links: [Person.ID: ServerVersion] = [:]
    /// The deletes still to send.
    public private(set) var deletes: [ServerVersion] = []
    /// The id of each delete still to send, by its card's href.
    private var deletedByHref: [String: Person.ID] = [:]
    /// The ids deleted here whose delete the server took (or lost to an edit there): a card of
    /// theirs the server holds later brings them back; an import still asks.
    private var settledDeletes: Set<Person.ID> = []
    private var book: String?
    private var token: String?
    private var outcome = SyncOutcome()

    /// Whether another process holds the exchange lock: `lockForExchange()` then gives nil.
    public var exchangeLockHeldElsewhere = false

    public func lockForExchange() throws -> (any ExchangeLock)? {
        try failIfAsked()
        return exchangeLockHeldElsewhere ? nil : HeldLock()
    }

    private final class HeldLock: ExchangeLock {
        func release() {}
    }

    public func syncOutcome() throws -> SyncOutcome {
        try failIfAsked()
        return outcome
    }

    public func keepSyncOutcome(_ outcome: SyncOutcome) throws {
        try failIfAsked()
        self.outcome = outcome
    }

    public func boundBook() throws -> String? {
        try failIfAsked()
        return book
    }

    public func bind(to book: String) throws {
        try failIfAsked()
        switch self.book {
        case nil: try rebind(to: book)
        case book: break
        case let kept?: throw BookMismatch(kept: kept, asked: book)
        }
    }

    @discardableResult
    public func rebind(to book: String) throws -> Int {
        try failIfAsked()
        self.book = book
        token = nil
        outcome = SyncOutcome()
        links = [:]
        deletes = []
        for person in stored.values.sorted(by: { $0.id < $1.id }) where !outbox.contains(where: { $0.person.id == person.id }) {
            outbox.append(PendingPost(person: person))
        }
        return outbox.count
    }

    public func serverState(for book: String) throws -> ServerState {
        try failIfAsked()
        if let kept = self.book, kept != book { throw BookMismatch(kept: kept, asked: book) }
        return ServerState(
            token: token, versions: Dictionary(links.values.map { ($0.href, $0.etag) }, uniquingKeysWith: { a, _ in a }),
            unconfirmed: Set(links.values.filter { !$0.placeConfirmed }.map(\.href)))
    }

    @discardableResult
    public func takeServerCards(_ cards: [ServerPerson], removed: [String], token: String?) throws -> Int {
        try failIfAsked()
        var keptAsOnServer = 0
        for card in cards {
            if let linked = links.first(where: { $0.value.href == card.version.href })?.key {
                guard !isWaiting(linked) else { continue }
                keep(card, as: linked)
            } else if let known = stored[card.person.id] {
                if let link = links[known.id], !link.placeConfirmed {
                    // Sent, and stored where the server did not say: this is that card.
                    if isWaiting(known.id) {
                        links[known.id] = ServerVersion(href: card.version.href, etag: card.version.etag)
                    } else {
                        keep(card, as: known.id)
                    }
                } else if links[known.id] != nil {
                    keep(card, as: UUID().uuidString)
                } else if known == card.person {
                    keep(card, as: known.id)
                    outbox.removeAll { $0.person.id == known.id }
                } else {
                    switch ImportMerge.outcome(
                        of: self.cards[known.id] ?? VCard.text(for: [known]), kept: card.card,
                        deletedHere: false, replacing: false)
                    {
                    case .updated:
                        links[known.id] = card.version
                    case let outcome:
                        keep(card, as: known.id)
                        outbox.removeAll { $0.person.id == known.id }
                        if outcome != .unchanged { keptAsOnServer += 1 }
                    }
                }
            } else if deletes.contains(where: { $0.href == card.version.href }) {
                continue  // a delete not yet sent holds
            } else if deleted.contains(card.person.id), !settledDeletes.contains(card.person.id) {
                // Deleted here before it was linked: the delete goes to the server.
                deletes.append(card.version)
                deletedByHref[card.version.href] = card.person.id
            } else {
                // A settled delete, or none: the server holds the card, so the person is here again.
                deleted.remove(card.person.id)
                settledDeletes.remove(card.person.id)
                keep(card, as: card.person.id)
            }
        }
        for href in removed {
            deletes.removeAll { $0.href == href }
            if let id = deletedByHref.removeValue(forKey: href) { settledDeletes.insert(id) }
            guard let id = links.first(where: { $0.value.href == href })?.key else { continue }
            links[id] = nil
            if !isWaiting(id) {
                stored[id] = nil
                self.cards[id] = nil
            }
        }
        if let token { self.token = token }
        changed()
        return keptAsOnServer
    }

    public func pendingDeletes() throws -> [ServerVersion] { deletes }

    public func confirmPlaces(_ hrefs: [String]) throws {
        try failIfAsked()
        for (id, link) in links where hrefs.contains(link.href) { links[id] = ServerVersion(href: link.href, etag: link.etag) }
    }

    public func markDeleteSent(_ href: String) throws {
        try failIfAsked()
        deletes.removeAll { $0.href == href }
        if let id = deletedByHref.removeValue(forKey: href) { settledDeletes.insert(id) }  // a card of that id may come back
    }

    public func markPosted(_ id: Person.ID, as version: ServerVersion) throws {
        try failIfAsked()
        outbox.removeAll { $0.person.id == id }
        if stored[id] != nil { links[id] = version }
        changed()
    }

    @discardableResult
    public func keepConflict(_ id: Person.ID, server card: ServerPerson) throws -> Person {
        try failIfAsked()
        defer { changed() }
        return conflict(id, server: card)
    }

    private func isWaiting(_ id: Person.ID) -> Bool {
        outbox.contains { $0.person.id == id }
    }

    private func keep(_ card: ServerPerson, as id: Person.ID) {
        let person = card.person
        stored[id] = Person(
            id: id, salutation: person.salutation, firstName: person.firstName, lastName: person.lastName,
            birthday: person.birthday, emails: person.emails, phones: person.phones, conflictOf: person.conflictOf)
        cards[id] = card.card
        links[id] = card.version
    }

    private func conflict(_ id: Person.ID, server card: ServerPerson) -> Person {
        let local = stored[id]
        outbox.removeAll { $0.person.id == id }
        keep(card, as: id)
        guard let local else { return card.person }
        let copy = local.conflictCopy()
        stored[copy.id] = copy
        cards[copy.id] = VCard.text(for: [copy])
        outbox.append(PendingPost(person: copy))
        return copy
    }

    public func merge(_ people: [Person]) throws {
        try failIfAsked()
        let waiting = Set(outbox.map(\.person.id))
        for person in people where !deleted.contains(person.id) && !waiting.contains(person.id) {
            var merged = person
            if person.emails.isEmpty, person.phones.isEmpty, let known = stored[person.id] {
                (merged.emails, merged.phones) = (known.emails, known.phones)
            }
            stored[person.id] = merged
        }
        changed()
    }

    // MARK: - Outbox

    public func pendingPosts() throws -> [PendingPost] {
        outbox.map { PendingPost(person: $0.person, attempts: $0.attempts, lastError: $0.lastError, server: links[$0.person.id]) }
    }

    public func markPosted(_ id: Person.ID) throws {
        try failIfAsked()
        outbox.removeAll { $0.person.id == id }
        changed()
    }

    public func recordFailure(_ id: Person.ID, message: String) throws {
        try failIfAsked()
        guard let index = outbox.firstIndex(where: { $0.person.id == id }) else { return }
        let entry = outbox.remove(at: index)
        outbox.insert(PendingPost(person: entry.person, attempts: entry.attempts + 1, lastError: message), at: index)
        failures += 1
        failureOrder[id] = failures
        changed()
    }

    public func outboxStatus() throws -> OutboxStatus {
        if let failOutbox { throw failOutbox }
        let latest = outbox.filter { failureOrder[$0.person.id] != nil }.max { failureOrder[$0.person.id]! < failureOrder[$1.person.id]! }
        return OutboxStatus(pendingCount: outbox.count, lastError: latest?.lastError)
    }

    // MARK: - Changes

    public func observeChanges(on queue: DispatchQueue, _ onChange: @escaping @Sendable () -> Void) -> StoreObservation {
        notices.observe(on: queue, onChange)
    }

    private func changed() {
        notices.committed()
    }

    /// Tells each observer with a notice on its way, now, on the caller's thread, as its queue
    /// would: a test on the main actor sees the notices of the commits so far without waiting.
    public func deliverNotices() {
        notices.deliver()
    }

    private func failIfAsked() throws {
        if let failWrites { throw failWrites }
    }
}
