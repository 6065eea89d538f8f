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
/// once, and the running one makes one more pass for what was queued meanwhile.
///
/// ```swift
/// let sync = PeopleSync(store: store, api: HTTPPeopleAPI(baseURL: url), runner: PeopleWorkQueue())
/// try store.add(Person(firstName: "Grace", lastName: "Hopper"))
/// let report = try await sync.postPending()
/// report?.posted   // 1
/// ```
public final class PeopleSync {
    private let store: any PeopleStore
    private let api: any PeopleAPI
    private let runner: any BackgroundRunner
    private var isRunning = false
    private var wantsAnotherPass = false

    /// Creates a sync between `store` and `api`, whose store work runs on `runner`.
    public init(store: any PeopleStore, api: any PeopleAPI, runner: any BackgroundRunner) {
        self.store = store
        self.api = api
        self.runner = runner
    }

    // MARK: - Inputs

    /// Fetches everyone from the server and merges them into the store, then posts the outbox.
    /// Throws only when the store fails, or when the task is cancelled; what the server did is in
    /// the report. Returns nil when a sync was already running.
    public func sync() async throws -> PeopleSyncReport? {
        try await run(fetching: true)
    }

    /// Posts the outbox, without fetching. Returns nil when a sync was already running; that one
    /// posts what is queued now.
    public func postPending() async throws -> PeopleSyncReport? {
        try await run(fetching: false)
    }

    // MARK: - Private

    private func run(fetching: Bool) async throws -> PeopleSyncReport? {
        guard !isRunning else {
            wantsAnotherPass = true
            return nil
        }
        isRunning = true
        defer { isRunning = false }
        var report = PeopleSyncReport()
        if fetching {
            switch try await ask({ try await api.getPeople() }) {
            case .success(let people):
                try await onStore { try $0.merge(people) }
                report.fetched = people.count
            case .failure(let failure):
                report.fetchError = failure
            }
        }
        try await postOutbox(into: &report)
        return report
    }

    /// Posts each queued person once, oldest first, and once more each person queued meanwhile;
    /// stops early when the server cannot be reached.
    private func postOutbox(into report: inout PeopleSyncReport) async throws {
        var attempted: Set<Person.ID> = []
        repeat {
            wantsAnotherPass = false
            for entry in try await onStore({ try $0.pendingPosts() }) where !attempted.contains(entry.person.id) {
                let id = entry.person.id
                attempted.insert(id)
                switch try await ask({ try await api.postPerson(entry.person) }) {
                case .success:
                    try await onStore { try $0.markPosted(id) }
                    report.posted += 1
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

    /// Creates a report of what a sync did.
    public init(fetched: Int? = nil, fetchError: PeopleAPIError? = nil, posted: Int = 0, failedPosts: Int = 0,
                postError: PeopleAPIError? = nil) {
        self.fetched = fetched
        self.fetchError = fetchError
        self.posted = posted
        self.failedPosts = failedPosts
        self.postError = postError
    }
}
