import Foundation
import Models

/// A people server in memory, for sync and view-model tests: it answers `getPeople()` from a
/// list, keeps what is posted, and fails as told.
public final class ScriptedPeopleAPI: PeopleAPI, @unchecked Sendable {
    private let lock = NSLock()
    private var people: [Person]                  // guarded by `lock`
    private var fetchFailure: PeopleAPIError?     // guarded by `lock`
    private var postFailures: [Person.ID: PeopleAPIError] = [:]  // guarded by `lock`
    private var postAttempts: [Person.ID] = []    // guarded by `lock`
    private var beforePost: (@Sendable (Person) async -> Void)?  // guarded by `lock`

    /// Creates a server that knows `people`.
    public init(people: [Person] = []) {
        self.people = people
    }

    /// Everyone the server knows now, posted people included.
    public var known: [Person] { lock.withLock { people } }
    /// The ids of every post tried, in order, failed ones included.
    public var attemptedPosts: [Person.ID] { lock.withLock { postAttempts } }

    /// Makes `getPeople()` throw `failure` (nil: answer again).
    public func failFetches(with failure: PeopleAPIError?) {
        lock.withLock { fetchFailure = failure }
    }

    /// Makes posting the person with `id` throw `failure` (nil: accept again).
    public func failPosts(of id: Person.ID, with failure: PeopleAPIError?) {
        lock.withLock { postFailures[id] = failure }
    }

    /// Runs `action` at the start of every post, before it succeeds or fails.
    public func beforeEachPost(_ action: @escaping @Sendable (Person) async -> Void) {
        lock.withLock { beforePost = action }
    }

    public func getPeople() async throws -> [Person] {
        try lock.withLock {
            if let fetchFailure { throw fetchFailure }
            return people
        }
    }

    public func postPerson(_ person: Person) async throws {
        let action = lock.withLock { beforePost }
        await action?(person)
        try lock.withLock {
            postAttempts.append(person.id)
            if let failure = postFailures[person.id] { throw failure }
            people.removeAll { $0.id == person.id }
            people.append(person)
        }
    }
}
