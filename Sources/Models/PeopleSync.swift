import Foundation

/// Brings the store and the people server together: fetches everyone the server knows into the
/// store, then posts everyone waiting in the outbox.
///
/// A person added on the screen is kept in the store and queued first (`PeopleStore.add(_:)`), so
/// nothing is lost when the server cannot be reached or the program stops; `postPending()` sends
/// the queue. A post that fails stays queued with its error, and is tried again at the next sync.
/// When the server cannot be reached, the rest of the queue waits for the next sync rather than
/// for one time-out each.
///
/// It runs on its caller's actor, and reads and writes the store through `runner`, away from the
/// keys. A call made while another runs does not start a second exchange: it returns nil at
/// once, and the running one makes one more pass for what was queued meanwhile (and reads the
/// server once more when the call asked it to). `isRunning` tells whether one runs.
///
/// ```swift
/// let sync = PeopleSync(store: store, api: CardDAVPeopleAPI(server: url), runner: PeopleWorkQueue())
/// try store.add(Person(firstName: "Grace", lastName: "Hopper"))
/// let report = try await sync.postPending()
/// report?.posted   // 1
/// ```
public final class PeopleSync {
    private let store: any PeopleStore
    private let api: any PeopleAPI
    private let runner: any BackgroundRunner
    private let now: () -> Date
    private let lockPatience: Duration
    /// Whether an exchange with the server is under way.
    public private(set) var isRunning = false
    private var wantsAnotherPass = false
    private var wantsAnotherPull = false

    /// Creates a sync between `store` and `api`, whose store work runs on `runner`; `now` dates
    /// the outcome kept with the store (`SyncOutcome`). An exchange waits at most `lockPatience`
    /// for another process's exchange on the same data folder to end (`lockForExchange`).
    public init(
        store: any PeopleStore, api: any PeopleAPI, runner: any BackgroundRunner,
        now: @escaping () -> Date = Date.init, lockPatience: Duration = .seconds(3)
    ) {
        self.store = store
        self.api = api
        self.runner = runner
        self.now = now
        self.lockPatience = lockPatience
    }

    // MARK: - Inputs

    /// Fetches what changed on the server into the store, then sends the deletes and the
    /// outbox. `progress` hears, after the server has listed what changed and after each batch
    /// taken in, how many changed cards there are to read and how many are read. Throws only
    /// when the task is cancelled, or the store fails outside the exchange with the server
    /// (reading what it knows of the server, keeping the outbox); what the server did, and a
    /// failure of the store while it took the server's cards, is in the report.
    /// Returns nil when a sync was already running: that one reads the server once more.
    public func sync(progress: (PeopleSyncProgress) -> Void = { _ in }) async throws -> PeopleSyncReport? {
        try await run(fetching: true, progress: progress)
    }

    /// Posts the outbox, without fetching. Returns nil when a sync was already running; that one
    /// posts what is queued now.
    public func postPending() async throws -> PeopleSyncReport? {
        try await run(fetching: false)
    }

    // MARK: - Private

    private func run(fetching: Bool, progress: (PeopleSyncProgress) -> Void = { _ in }) async throws -> PeopleSyncReport? {
        guard !isRunning else {
            wantsAnotherPass = true
            wantsAnotherPull = wantsAnotherPull || fetching
            return nil
        }
        isRunning = true
        defer { isRunning = false }
        var report = PeopleSyncReport()
        // One exchange at a time per data folder: two would each send the same waiting edit.
        guard let lock = try await takeExchangeLock() else {
            report.blockedByAnotherSync = true
            return report
        }
        defer { lock.release() }
        // A store bound to another book sends it nothing, and takes nothing from it.
        let book = api.identity
        do {
            try await onStore { try $0.bind(to: book) }
        } catch let mismatch as BookMismatch {
            report.fetchError = .failed(mismatch.description)
            try await keepOutcome(of: report, pulled: true)
            return report
        }
        var fetching = fetching
        var pulled = false
        repeat {
            wantsAnotherPull = false
            if fetching {
                let state = try await onStore { try $0.serverState(for: book) }
                report.fetchError = nil
                switch try await ask({ try await pull(since: state, into: &report, progress: progress) }) {
                case .success: break
                case .failure(let failure): report.fetchError = failure
                }
                pulled = true
            }
            try await postOutbox(into: &report)
            fetching = wantsAnotherPull
        } while fetching
        try await keepOutcome(of: report, pulled: pulled)
        return report
    }

    /// Keeps how the exchange that ended now went with the store (`SyncOutcome`).
    private func keepOutcome(of report: PeopleSyncReport, pulled: Bool) async throws {
        let ended = now()
        try await onStore { store in
            try store.keepSyncOutcome(try store.syncOutcome().after(report, pulled: pulled, at: ended))
        }
    }

    /// The data folder's exchange lock, asked for every tenth of a second for `lockPatience`;
    /// nil when another process holds it still.
    private func takeExchangeLock() async throws -> (any ExchangeLock)? {
        let deadline = ContinuousClock.now + lockPatience
        while true {
            if let lock = try store.lockForExchange() { return lock }
            guard ContinuousClock.now < deadline else { return nil }
            try await Task.sleep(for: .milliseconds(100))
        }
    }

    /// How many cards one request asks for, when the listing did not carry them.
    static let requestSize = 250

    /// How many cards a batch after the first takes when `count` are taken in all: `requestSize`,
    /// or an eighth of all when that is more (see `batches(of:)`). `people --import` takes a
    /// file's cards in batches of this size too.
    public static func batchSize(of count: Int) -> Int {
        max(requestSize, (count + 7) / 8)
    }

    /// The batches `hrefs` are read in, each taken into the store in one transaction (and asked
    /// for, when the listing did not carry its cards, in requests of `requestSize`). The first
    /// holds one request's cards, so that the first people show soon; the others as many, or an
    /// eighth of all when that is more. Once a book holds thousands of people, a transaction of a
    /// few hundred rewrites most pages of the store's indexes, so a sync in batches of a fixed
    /// size cost more a card the larger the book; in about eight, each page is written a few
    /// times whatever the size.
    static func batches(of hrefs: [String]) -> [ArraySlice<String>] {
        let size = batchSize(of: hrefs.count)
        var batches: [ArraySlice<String>] = []
        var start = 0
        while start < hrefs.count {
            let end = min(start + (batches.isEmpty ? requestSize : size), hrefs.count)
            batches.append(hrefs[start..<end])
            start = end
        }
        return batches
    }

    /// Takes in what changed on the server since the last sync: the cards whose version differs,
    /// a batch at a time, then the removals and the new token (kept last, so that a sync cut
    /// short asks again for what it did not take).
    ///
    /// The cards the listing carried are not asked for again. While one batch is read into the
    /// store (on the runner, vCards and all), the next is asked for, so the server and the store
    /// work at the same time.
    private func pull(
        since state: ServerState, into report: inout PeopleSyncReport,
        progress: (PeopleSyncProgress) -> Void
    ) async throws {
        let changes = try await api.changes(since: state.token)
        // Thousands of hrefs compared: on the runner, away from the keys.
        let (removed, wanted, carried) = try await runner.run { Self.compare(changes, with: state) }
        let batches = Self.batches(of: wanted)
        report.fetched = report.fetched ?? 0
        var taken = PeopleSyncProgress(read: 0, total: wanted.count)
        progress(taken)
        let api = self.api
        var batch = try await Self.read(batches.first ?? [], carried: carried, from: api)
        for index in batches.indices {
            async let following = Self.read(index + 1 < batches.count ? batches[index + 1] : [], carried: carried, from: api)
            let cards = batch.cards
            let (unreadable, keptAsOnServer) = try await onStore { store in
                var people: [ServerPerson] = []
                var unreadable: [String] = []
                for card in cards {
                    if let person = ServerPerson(card) { people.append(person) } else { unreadable.append(card.href) }
                }
                return (unreadable, try store.takeServerCards(people, removed: [], token: nil))
            }
            report.keptAsOnServer += keptAsOnServer
            report.unreadableCards += batch.unreadable + unreadable
            report.fetched = (report.fetched ?? 0) + batch.cards.count - unreadable.count
            taken.read = batches[index].endIndex
            progress(taken)
            batch = try await following
        }
        report.removed += removed.filter { state.versions[$0] != nil }.count
        let (gone, token) = (removed, changes.token)
        try await onStore { try $0.takeServerCards([], removed: gone, token: token) }
    }

    /// What the server's `changes` mean to a store in `state`: the hrefs of the cards removed from
    /// the server, of those to read (new, or at another version), and the cards the listing carried.
    private static func compare(_ changes: PeopleChanges, with state: ServerState)
        -> (removed: [String], wanted: [String], carried: [String: ServerCard])
    {
        var removed = changes.removed
        if changes.isComplete {
            let listed = Set(changes.changed.map(\.href))
            // A full listing may also name removed cards (Radicale does): each is counted once.
            let named = Set(removed)
            removed += state.versions.keys.filter { !listed.contains($0) && !named.contains($0) }.sorted()
        }
        let wanted = changes.changed.filter { version in
            guard let known = state.versions[version.href] else { return true }
            return known == nil || known != version.etag
        }.map(\.href)
        let carried = Dictionary(changes.cards.map { ($0.href, $0) }, uniquingKeysWith: { _, last in last })
        return (removed, wanted, carried)
    }

    /// A batch of cards read from the server, and the hrefs of those too large to be read.
    private struct Batch: Sendable {
        var cards: [ServerCard] = []
        var unreadable: [String] = []
    }

    /// The cards at `hrefs`: those the listing carried, and the others asked for `requestSize` at
    /// a time, or, when an answer would be too large (cards with photos), in two halves, and so on
    /// down to one card, which is reported as unreadable and left on the server.
    private static func read(_ hrefs: ArraySlice<String>, carried: [String: ServerCard], from api: any PeopleAPI) async throws -> Batch {
        var batch = Batch()
        var asked: [String] = []
        for href in hrefs {
            if let card = carried[href] { batch.cards.append(card) } else { asked.append(href) }
        }
        for start in stride(from: 0, to: asked.count, by: requestSize) {
            try await read(asked[start..<min(start + requestSize, asked.count)], from: api, into: &batch)
        }
        return batch
    }

    private static func read(_ hrefs: ArraySlice<String>, from api: any PeopleAPI, into batch: inout Batch) async throws {
        guard !hrefs.isEmpty else { return }
        do {
            batch.cards += try await api.cards(at: Array(hrefs))
        } catch PeopleAPIError.tooLarge {
            guard hrefs.count > 1 else {
                batch.unreadable += hrefs
                return
            }
            let middle = hrefs.startIndex + hrefs.count / 2
            try await read(hrefs[..<middle], from: api, into: &batch)
            try await read(hrefs[middle...], from: api, into: &batch)
        }
    }

    /// Sends the deletes made here; a card changed on the server meanwhile is kept there, and
    /// here again at once, and the report names the person.
    private func sendDeletes(into report: inout PeopleSyncReport) async throws {
        for version in try await onStore({ try $0.pendingDeletes() }) {
            switch try await ask({ try await api.delete(at: version.href, ifMatching: version.etag) }) {
            case .success:
                try await onStore { try $0.markDeleteSent(version.href) }
                report.deleted += 1
            case .failure(.changedOnServer):
                var kept: ServerPerson?
                if case .success(let cards) = try await ask({ try await api.cards(at: [version.href]) }) {
                    kept = cards.first.flatMap(ServerPerson.init)
                }
                let card = kept
                try await onStore { store in
                    try store.markDeleteSent(version.href)
                    if let card { try store.takeServerCards([card], removed: [], token: nil) }
                }
                if let kept { report.deletesKeptByServer.append(kept.person.shownName) }
            case .failure(let failure):
                report.postError = failure
                if failure.isUnreachable { return }
            }
        }
    }

    /// Sends each queued person once, oldest first, and once more each person queued meanwhile:
    /// an edit replaces the card it came from, if unchanged there; anyone else is a new card.
    /// Stops early when the server cannot be reached.
    /// Each pass sends the deletes first, so that one made during the run goes in it too.
    private func postOutbox(into report: inout PeopleSyncReport) async throws {
        var attempted: Set<Person.ID> = []
        repeat {
            wantsAnotherPass = false
            try await sendDeletes(into: &report)
            for entry in try await onStore({ try $0.pendingPosts() }) where !attempted.contains(entry.person.id) {
                let id = entry.person.id
                attempted.insert(id)
                let kept = try await onStore { try $0.keptCards(for: [id])[id] } ?? VCard.text(for: [entry.person])
                let card = VCard.serverForm(of: kept, for: entry.person)
                switch try await ask({ try await send(card, of: entry) }) {
                case .success(let version):
                    try await onStore { try $0.markPosted(id, as: version) }
                    report.posted += 1
                case .failure(.changedOnServer) where entry.server != nil:
                    let href = entry.server?.href ?? ""
                    var onServer: ServerPerson?
                    if case .success(let cards) = try await ask({ try await api.cards(at: [href]) }) {
                        onServer = cards.first.flatMap(ServerPerson.init)
                    }
                    if let server = onServer, server.person == entry.person {
                        // The server holds this very edit already (sent by another process, or an
                        // answer lost on the way): linked, and its card kept, not copied.
                        try await onStore { store in
                            try store.markPosted(id, as: server.version)
                            try store.takeServerCards([server], removed: [], token: nil)
                        }
                        report.posted += 1
                    } else if let server = onServer {
                        _ = try await onStore { try $0.keepConflict(id, server: server) }
                        report.conflicts += 1
                        wantsAnotherPass = true  // the copy goes as a new card
                    } else {
                        // The server's version could not be read: the edit waits for the next sync.
                        let message = PeopleAPIError.changedOnServer.message
                        try await onStore { try $0.recordFailure(id, message: message) }
                        report.failedPosts += 1
                        report.postError = .changedOnServer
                    }
                case .failure(let failure):
                    let message = failure.message
                    try await onStore { try $0.recordFailure(id, message: message) }
                    report.failedPosts += 1
                    report.postError = failure
                    if failure.isUnreachable { return }
                }
            }
        } while wantsAnotherPass
    }

    /// Sends `card`, the form of `entry` to send: in place of its card on the server, or as a new
    /// one when it has none there (any more).
    private func send(_ card: String, of entry: PendingPost) async throws -> ServerVersion {
        if let server = entry.server {
            do {
                let etag = try await api.update(card, at: server.href, ifMatching: server.etag)
                return ServerVersion(href: server.href, etag: etag)
            } catch PeopleAPIError.goneFromServer {
                // Removed there while changed here: sent again as new, so nothing is lost.
            }
        }
        return try await api.create(card, named: entry.person.id)
    }

    /// Runs `work` on the store, on the runner.
    private func onStore<Value: Sendable>(_ work: @escaping @Sendable (any PeopleStore) throws -> Value) async throws -> Value {
        let store = self.store
        return try await runner.run { try work(store) }
    }

    /// What `call` to the server gave: its value, or its failure as the screen tells it.
    /// Cancellation is thrown, not reported.
    private func ask<Value>(_ call: () async throws -> Value) async throws -> Result<Value, PeopleAPIError> {
        do {
            return .success(try await call())
        } catch is CancellationError {
            throw CancellationError()
        } catch let failure as PeopleAPIError {
            return .failure(failure)
        } catch {
            return .failure(.failed(String(describing: error)))
        }
    }
}

/// How far a sync's reading of the server has come: `read` of the `total` changed cards.
public struct PeopleSyncProgress: Equatable, Sendable {
    /// How many of the changed cards are read and kept.
    public var read: Int
    /// How many cards changed on the server since the last sync.
    public var total: Int

    /// Creates the progress of `read` cards of `total`.
    public init(read: Int, total: Int) {
        self.read = read
        self.total = total
    }
}

/// What one sync did.
public struct PeopleSyncReport: Equatable, Sendable {
    /// How many people the server sent; nil when they were not fetched.
    public var fetched: Int?
    /// Why fetching failed; nil when it did not, or was not tried.
    public var fetchError: PeopleAPIError?
    /// How many queued people the server accepted.
    public var posted = 0
    /// How many posts failed; those people stay queued.
    public var failedPosts = 0
    /// Why the latest post failed; nil when none did.
    public var postError: PeopleAPIError?
    /// How many people removed on the server were removed here.
    public var removed = 0
    /// How many deletes made here reached the server.
    public var deleted = 0
    /// How many people had changed both here and on the server: the server's version was kept,
    /// and the one entered here as a new person marked "(conflict)".
    public var conflicts = 0
    /// The hrefs of the cards the server sent that hold no card this program can read: left as
    /// they are on the server.
    public var unreadableCards: [String] = []
    /// The names of the people deleted here whose card changed on the server meanwhile: kept.
    public var deletesKeptByServer: [String] = []
    /// How many people kept here and never sent (imported, say) the server held under the same
    /// id with a card as recent or without a revision to compare: kept as on the server.
    public var keptAsOnServer = 0
    /// Whether nothing was done because another process (a second window, `people --sync`) was
    /// exchanging with the server for the same data folder, and still was after a short wait.
    public var blockedByAnotherSync = false

    /// Creates a report of what a sync did.
    public init(
        fetched: Int? = nil, fetchError: PeopleAPIError? = nil, posted: Int = 0, failedPosts: Int = 0,
        postError: PeopleAPIError? = nil
    ) {
        self.fetched = fetched
        self.fetchError = fetchError
        self.posted = posted
        self.failedPosts = failedPosts
        self.postError = postError
    }
}
