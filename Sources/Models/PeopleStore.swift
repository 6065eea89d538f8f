import Foundation

/// Where the People screen's people are kept, and the outbox of people still to send to the
/// server: the four roles below, each used only by the code that needs it (the list reads and
/// deletes, the form writes, the sync keeps the outbox and the server's book).
///
/// The screen reads only what it shows: the number of people matching the filter, then the rows
/// in view, a page at a time. Each write commits before it returns.
///
/// ```swift
/// func use(_ store: any PeopleStore) throws {
///     let total = try store.count(matching: "ada")
///     let rows = try store.people(matching: "ada", sortedBy: .lastName, offset: 0, limit: 20)
///     try store.add(Person(firstName: "Grace", lastName: "Hopper"))   // kept, and queued to post
/// }
/// ```
public typealias PeopleStore = PeopleReading & PeopleWriting & PeopleOutbox & PeopleServerBook

/// Reading the people kept: counts, pages, birthdays, cards, and the commits that change them.
public protocol PeopleReading: AnyObject, Sendable {
    /// How many people's full names hold `filter`, compared as `Person.foldedName` folds them;
    /// everyone for an empty filter.
    func count(matching filter: String) throws -> Int
    /// The people matching `filter` (as `count(matching:)` counts them) in `order`, skipping the
    /// first `offset` and giving at most `limit`. People with the same names keep one order, by id.
    func people(matching filter: String, sortedBy order: PersonSortOrder, offset: Int, limit: Int) throws -> [Person]
    /// What the list shows, from one read, so that the counts and the rows agree: everyone
    /// counted, the matches of `filter` counted, and up to `limit` of them in `order` from the
    /// offset `place` gives for the number of matches (the list keeps its cursor in view).
    func page(
        matching filter: String, sortedBy order: PersonSortOrder, limit: Int,
        at place: (_ matches: Int) -> Int
    ) throws -> PeoplePage
    /// The people whose birthday falls within `days` days from today (today's included), in
    /// the order of their next birthday, at most `limit` of them. Read through the month and
    /// day alone.
    func birthdays(within days: Int, limit: Int) throws -> [Person]
    /// The person with `id`, or nil when there is none.
    func person(id: Person.ID) throws -> Person?
    /// Whether another program (another instance on the same data folder) committed since this
    /// store last asked; false the first time. Cheap enough to ask before every read, and it needs
    /// no polling: `observeChanges` tells of this process's commits, this of the others'.
    func changedElsewhere() throws -> Bool

    /// The vCards kept for the people with `ids` (all of them when nil), by id: what an export
    /// writes back, changed only where the person was changed here. Never read by the list.
    func keptCards(for ids: [Person.ID]?) throws -> [Person.ID: String]
    /// Calls `onChange` on `queue` after every commit that changes the people or the outbox, until
    /// the returned observation is cancelled or released. Several commits in a row may be
    /// told once. Commits by another process are not seen.
    func observeChanges(on queue: DispatchQueue, _ onChange: @escaping @Sendable () -> Void) -> StoreObservation
}

/// Writing people: adding, editing, deleting, and taking in the server's.
public protocol PeopleWriting: AnyObject, Sendable {
    /// Keeps `people` (replacing anyone with the same id) and queues each in the outbox to be
    /// posted to the server, all in one transaction. `cards` holds, by id, the vCard each person
    /// came from, kept whole beside them (see `keptCards`); a new person without one is given a
    /// card made from what is known, and a person kept before keeps theirs.
    func add(_ people: [Person], cards: [Person.ID: String]) throws
    /// Imports `people` read from a file, each with the card it came from (`cards`, by id; a
    /// person without one is compared as a card made from what is known), in one transaction, by
    /// `ImportMerge`'s rule against what is kept under each id: a new or newer card is kept and
    /// the person queued to be posted; the same card, an older one, one without a revision to
    /// compare, or a person deleted here changes nothing and queues nothing — unless `replacing`,
    /// which takes the file's card wherever it differs. Returns each person's outcome, in order;
    /// without `writing` (a dry run) it only says them, and changes nothing.
    func importPeople(_ people: [Person], cards: [Person.ID: String], replacing: Bool, writing: Bool) throws -> [ImportOutcome]
    /// Keeps the edited `person` in place of the one with their id, their kept card revised to
    /// match (`VCard.revised`, its `REV` set to `now`), and queues them to be posted, all in one
    /// transaction — when the person kept is still `original`, the one the edit began from (nil:
    /// whoever is kept). Otherwise it changes nothing and throws `StaleEdit` with the person kept
    /// now: another window, or a pull, changed or deleted them meanwhile.
    func update(_ person: Person, at now: Date, replacing original: Person?) throws
    /// Removes the person with `id` and its outbox entry, and remembers the id so that a later
    /// `merge(_:)` does not bring the person back. Nothing happens for an unknown id.
    func delete(id: Person.ID) throws
    /// Takes in people fetched from the server, in one transaction: a new id is inserted, a known
    /// one updated. People deleted here stay deleted, and a person still waiting in the outbox
    /// keeps the form entered here. A person the server sends without email addresses and phone
    /// numbers (the people server keeps none) keeps those known here.
    func merge(_ people: [Person]) throws
}

/// The outbox: people waiting to be posted, and deletes waiting to be sent.
public protocol PeopleOutbox: AnyObject, Sendable {
    /// The people waiting to be posted, oldest first, with their attempts so far.
    func pendingPosts() throws -> [PendingPost]
    /// Takes the person with `id` out of the outbox: the server has it.
    func markPosted(_ id: Person.ID) throws
    /// Counts a failed attempt to post the person with `id` and keeps `message` as its last error;
    /// the person stays in the outbox.
    func recordFailure(_ id: Person.ID, message: String) throws
    /// How many people wait to be posted, and the latest failure among them.
    func outboxStatus() throws -> OutboxStatus

    /// The cards of people deleted here, still to remove from the server.
    func pendingDeletes() throws -> [ServerVersion]
    /// Forgets the delete of the card at `href`, and the person's id as deleted: the server
    /// removed it, or changed it meanwhile (and keeps it).
    func markDeleteSent(_ href: String) throws
    /// Takes the person with `id` out of the outbox, linked to the card at `version`.
    func markPosted(_ id: Person.ID, as version: ServerVersion) throws
}

/// What is known of the server's address book: its token, the version of each card, and the
/// conflicts settled.
public protocol PeopleServerBook: AnyObject, Sendable {
    /// Binds the store to the address book named `book` (`PeopleAPI`'s identity) when it is
    /// bound to none yet, queueing everyone kept to be sent to it, in one transaction; does
    /// nothing when it is bound to `book`; throws `BookMismatch` when it is bound to another,
    /// whose people are never sent to `book` unless the user rebinds the store (`rebind(to:)`).
    func bind(to book: String) throws
    /// The address book the store is bound to; nil before its first sync.
    func boundBook() throws -> String?
    /// Binds the store to `book` in place of the one it was bound to: every link and the token
    /// are forgotten, and everyone is queued to be sent to `book`, in one transaction. Returns
    /// how many people are queued. The user's explicit choice (`people --people-rebind`).
    @discardableResult
    func rebind(to book: String) throws -> Int
    /// What is known of the address book named `book`, which the store is bound to
    /// (`bind(to:)`): its last token and the version of each card linked to a person. Throws
    /// `BookMismatch` for another book.
    func serverState(for book: String) throws -> ServerState
    /// Takes in cards read from the server, in one transaction: each card's person is kept (by
    /// the card's href, else a new one), with the card's text as the kept card and its version
    /// as the link. A person waiting in the outbox keeps the form entered here; a person deleted
    /// here stays deleted, and the delete of one never linked goes to the server. A person kept here and never sent (imported, say) whose id
    /// the server already has meets the server's card by `ImportMerge`'s rule, as an import meets
    /// the store: the same person is linked and nothing is sent; a card here whose `REV` is
    /// strictly later is linked and stays queued, to be sent over the server's; otherwise the
    /// server's card is kept for them and nothing is sent. A person sent here whose card's place
    /// the server did not confirm (`ServerVersion.placeConfirmed`) is linked to the card of their
    /// id where the server stored it, kept as on the server unless they wait to be sent again,
    /// rather than read in as a second person. The people of the `removed` hrefs go
    /// (one waiting in the outbox stays, to be sent again as new), and `token`, when given, is
    /// kept. Returns how many people were kept as on the server over a different card here.
    @discardableResult
    func takeServerCards(_ cards: [ServerPerson], removed: [String], token: String?) throws -> Int
    /// Takes the cards at `hrefs` as where the server keeps them: its listing named them there.
    /// A person linked to one of them is no longer linked by `UID` to another card.
    func confirmPlaces(_ hrefs: [String]) throws
    /// Settles a conflict over the person with `id` (their card changed on the server since the
    /// program saw it): the server's `card` is kept for them, and the person as entered here is
    /// kept too, as a new person with "(conflict)" after the last name, queued to be sent as a
    /// new card. Returns that copy.
    @discardableResult
    func keepConflict(_ id: Person.ID, server card: ServerPerson) throws -> Person
    /// Takes, without waiting, the lock that every process on this store's data folder holds
    /// while it exchanges with the server (the screen, a second window, `people --sync`): nil
    /// when another holds it. Held until the lock is released, or the process ends.
    func lockForExchange() throws -> (any ExchangeLock)?
    /// How the last exchange with the server went (`SyncOutcome()` before the first).
    func syncOutcome() throws -> SyncOutcome
    /// Keeps `outcome` as how the last exchange with the server went.
    func keepSyncOutcome(_ outcome: SyncOutcome) throws
}

extension PeopleReading {
    /// Everyone whose birthday falls within `days` days from today, soonest first.
    public func birthdays(within days: Int) throws -> [Person] {
        try birthdays(within: days, limit: .max)
    }
}

/// An edit that began from a person since changed or deleted: it was not saved.
public struct StaleEdit: Error, Equatable, Sendable {
    /// The person kept now; nil when they were deleted.
    public let kept: Person?

    public init(kept: Person?) {
        self.kept = kept
    }
}

extension PeopleWriting {
    /// Keeps the edited `person`, whoever is kept under their id (see `update(_:at:replacing:)`).
    public func update(_ person: Person, at now: Date) throws {
        try update(person, at: now, replacing: nil)
    }

    /// Keeps `person` and queues it to be posted to the server.
    public func add(_ person: Person) throws {
        try add([person], cards: [:])
    }

    /// Keeps `people`, with no cards of their own, and queues each to be posted to the server.
    public func add(_ people: [Person]) throws {
        try add(people, cards: [:])
    }
}

extension CalendarDay {
    /// The month-and-day numbers (`Person.birthKey`) of the `days` days from this one on, this
    /// one included: `[1230, 1231, 101]`. 29 February is among them with 28 February in a year
    /// that has no 29th, as such a birthday is kept then.
    public func birthKeys(within days: Int) -> [Int] {
        var keys: [Int] = []
        var day = self
        for _ in 0...max(0, days) {
            keys.append(day.month * 100 + day.day)
            if day.month == 2, day.day == 28, !BirthDate.isLeapYear(day.year) { keys.append(229) }
            day = day.next
        }
        return keys
    }
}

/// What the People list shows, read at once: see `PeopleStore.page(matching:sortedBy:limit:at:)`.
public struct PeoplePage: Equatable, Sendable {
    /// How many people the store holds.
    public let total: Int
    /// How many of them match the filter.
    public let matches: Int
    /// The place of the first of `people` among the matches.
    public let offset: Int
    /// The matches from `offset`.
    public let people: [Person]

    /// Creates a page.
    public init(total: Int, matches: Int, offset: Int, people: [Person]) {
        self.total = total
        self.matches = matches
        self.offset = offset
        self.people = people
    }
}
