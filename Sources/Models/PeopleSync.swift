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
/// It runs on its caller's actor, and reads and writes the store through `queue`, away from the
/// keys. A call made while another runs does not start a second exchange: it returns nil at
/// once, and the running one makes one more pass for what was queued meanwhile (and reads the
/// server once more when the call asked it to). `isRunning` tells whether one runs.
///
/// ```swift
/// func send(_ person: Person, keptIn store: any PeopleStore, to server: URL) async throws -> Int? {
///     let sync = PeopleSync(store: store, api: try CardDAVPeopleAPI(server: server), queue: PeopleWorkQueue())
///     try store.add([person], cards: [:])   // kept, and queued for the server
///     let report = try await sync.postPending()
///     return report?.posted                 // 1
/// }
/// ```
public final class PeopleSync {
    private let store: any PeopleStore
    let api: any PeopleAPI
    private let queue: any BackgroundQueue
    private let now: () -> Date
    private let lockPatience: Duration
    /// Whether an exchange with the server is under way.
    public private(set) var isRunning = false
    private var wantsAnotherPass = false
    private var wantsAnotherPull = false

    /// Creates a sync between `store` and `api`, whose store work runs on `queue`; `now` dates
    /// the outcome kept with the store (`SyncOutcome`). An exchange waits at most `lockPatience`
    /// for another process's exchange on the same data folder to end (`lockForExchange`).
    public init(
        store: any PeopleStore, api: any PeopleAPI, queue: any BackgroundQueue,
        now: @escaping () -> Date = Date.init, lockPatience: Duration = .seconds(3)
    ) {
        self.store = store
        self.api = api
        self.queue = queue
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

    /// Takes in what changed on the server since the last sync: the cards whose version differs,
    /// a batch at a time, then the removals and the new token (kept last, so that a sync cut
    /// short asks again for what it did not take).
    ///
    /// The cards the listing carried are not asked for again. While one batch is read into the
    /// store (on the queue, vCards and all), the next is asked for, so the server and the store
    /// work at the same time.
    private func pull(
        since state: ServerState, into report: inout PeopleSyncReport,
        progress: (PeopleSyncProgress) -> Void
    ) async throws {
        let changes = try await api.changes(since: state.token)
        // Thousands of hrefs compared: on the queue, away from the keys.
        let (removed, wanted, confirmed, carried) = try await queue.run { Self.compare(changes, with: state) }
        // Cards sent to where the listing names them now: no card of their UID elsewhere is theirs.
        if !confirmed.isEmpty { try await onStore { try $0.confirmPlaces(confirmed) } }
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

    /// Sends each queued person once, oldest first, and once more each person queued meanwhile:
    /// an edit replaces the card it came from, if unchanged there; anyone else is a new card.
    /// Sends `requestsInFlight` at a time (`PeopleAPI.send`), and keeps each answer in the store
    /// as it comes, so that a sync stopped halfway has kept every card the server took. A refusal
    /// of one card is that card's; stops early when the server cannot be reached.
    /// Each pass sends the deletes first, so that one made during the run goes in it too.
    private func postOutbox(into report: inout PeopleSyncReport) async throws {
        var attempted: Set<Person.ID> = []
        repeat {
            wantsAnotherPass = false
            guard try await sendDeletes(into: &report) else { return }
            let waiting = try await onStore({ try $0.pendingPosts() }).filter { !attempted.contains($0.person.id) }
            for start in stride(from: 0, to: waiting.count, by: Self.sendSize) {
                let entries = Array(waiting[start..<min(start + Self.sendSize, waiting.count)])
                let ids = entries.map(\.person.id)
                attempted.formUnion(ids)
                let kept = try await onStore { try $0.keptCards(for: ids) }
                let cards = entries.map { VCard.serverForm(of: kept[$0.person.id] ?? VCard.text(for: [$0.person]), for: $0.person) }
                let writes = zip(entries, cards).map { entry, card in
                    entry.server.map { PeopleWrite.update(card: card, href: $0.href, etag: $0.etag) }
                        ?? .create(card: card, name: entry.person.id)
                }
                do {
                    try await api.send(writes) { index, result in
                        if try await take(result, of: entries[index], card: cards[index], into: &report) == .stop { throw StopSending() }
                    }
                } catch is StopSending {
                    return
                } catch let failure as PeopleAPIError {
                    // Nothing could be sent (the book not found): said on the first, as when it was sent alone.
                    if try await take(.failure(failure), of: entries[0], card: cards[0], into: &report) == .stop { return }
                }
            }
        } while wantsAnotherPass
    }

    /// How many changes are read from the store and handed to the API at once.
    static let sendSize = 200

    /// Whether the exchange goes on after an answer.
    enum Next { case goOn, stop }

    /// Thrown from an answer to stop a run of requests: the server cannot be reached.
    struct StopSending: Error {}

    /// Keeps what the server made of `card`, sent for `entry`: linked as posted; a conflict kept
    /// as a copy; a failure recorded against the person.
    private func take(
        _ result: Result<PeopleWritten, PeopleAPIError>, of entry: PendingPost, card: String, into report: inout PeopleSyncReport
    ) async throws -> Next {
        let id = entry.person.id
        var result = result
        var read: Result<[ServerCard], PeopleAPIError>?
        if case .failure(.changedOnServer) = result, let server = entry.server {
            read = try await ask { try await api.cards(at: [server.href]) }
            // No card there: removed on the server, which answered an If-Match on it 412 (Radicale
            // does), not 404.
            if case .success(let cards)? = read, cards.isEmpty { result = .failure(.goneFromServer) }
        }
        if case .failure(.goneFromServer) = result, entry.server != nil {
            // Removed there while changed here: sent again as new, so nothing is lost.
            result = try await ask { PeopleWritten.created(try await api.create(card, named: id)) }
        }
        switch result {
        case .success(let written):
            let version =
                switch written {
                case .created(let version): version
                case .updated(let etag): ServerVersion(href: entry.server?.href ?? "", etag: etag)
                case .deleted: ServerVersion(href: entry.server?.href ?? "", etag: nil)
                }
            try await onStore { try $0.markPosted(id, as: version) }
            report.posted += 1
        case .failure(.changedOnServer) where entry.server != nil:
            var onServer: ServerPerson?
            var unread = PeopleAPIError.changedOnServer
            switch read {
            case .success(let cards)?: onServer = cards.first.flatMap(ServerPerson.init)
            case .failure(let failure)?: unread = failure
            case nil: break
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
                // The server's version could not be read (and why, when asking failed): the edit
                // waits for the next sync.
                let message = unread.message
                try await onStore { try $0.recordFailure(id, message: message) }
                report.failedPosts += 1
                report.postError = unread
                if unread.isUnreachable { return .stop }
            }
        case .failure(let failure):
            let message = failure.message
            try await onStore { try $0.recordFailure(id, message: message) }
            report.failedPosts += 1
            report.postError = failure
            if failure.isUnreachable { return .stop }
        }
        return .goOn
    }

    /// Runs `work` on the store, on the queue.
    func onStore<Value: Sendable>(_ work: @escaping @Sendable (any PeopleStore) throws -> Value) async throws -> Value {
        let store = self.store
        return try await queue.run { try work(store) }
    }

    /// What `call` to the server gave: its value, or its failure as the screen tells it.
    /// Cancellation is thrown, not reported.
    func ask<Value>(_ call: () async throws -> Value) async throws -> Result<Value, PeopleAPIError> {
        try await PeopleAPIError.result(of: call)
    }
}
