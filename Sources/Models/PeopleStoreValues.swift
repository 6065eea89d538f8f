import Foundation

// MARK: - Outbox

/// A person added or changed here and not yet accepted by the server.
public struct PendingPost: Equatable, Sendable {
    /// The person to post.
    public let person: Person
    /// How many times posting failed so far.
    public let attempts: Int
    /// Why the latest attempt failed, in words for the screen; nil before any attempt.
    public let lastError: String?
    /// The card on the server the person is linked to, when they came from there or were sent
    /// before: an edit replaces it. Nil for a person the server has never had.
    public let server: ServerVersion?

    /// Creates an outbox entry.
    public init(person: Person, attempts: Int = 0, lastError: String? = nil, server: ServerVersion? = nil) {
        self.person = person
        self.attempts = attempts
        self.lastError = lastError
        self.server = server
    }
}

/// A card read from the server, with the person read from it.
public struct ServerPerson: Equatable, Sendable {
    /// Where the card is and its version.
    public let version: ServerVersion
    /// The person the card holds.
    public let person: Person
    /// The card's text as the server sent it: kept whole.
    public let card: String

    /// Creates a server person.
    public init(version: ServerVersion, person: Person, card: String) {
        self.version = version
        self.person = person
        self.card = card
    }

    /// The person of `card`, or nil when it holds no readable card.
    public init?(_ card: ServerCard) {
        let read = VCard.people(from: card.text)
        guard let person = read.people.first else { return nil }
        self.init(version: ServerVersion(href: card.href, etag: card.etag), person: person, card: read.cards.first ?? card.text)
    }
}

/// A store bound to one address book was asked to sync with another: nothing is exchanged.
public struct BookMismatch: Error, Equatable, Sendable, CustomStringConvertible {
    /// The identity of the book the store is bound to, and of the one asked for.
    public let kept: String
    public let asked: String

    public init(kept: String, asked: String) {
        self.kept = kept
        self.asked = asked
    }

    /// What the user reads, naming both books and the ways on.
    public var description: String {
        "this data folder syncs with \(Self.readable(kept)), not \(Self.readable(asked)): give each book a data folder of "
            + "its own (--data-dir), or move this one with mvvm-tui people --sync --people-rebind"
    }

    /// A CardDAV book's identity (`carddav USER@HOST URL BOOK`) as "USER@HOST URL (BOOK)";
    /// any other as it is.
    public static func readable(_ identity: String) -> String {
        let parts = identity.split(separator: " ", maxSplits: 3).map(String.init)
        guard parts.count >= 3, parts[0] == "carddav" else { return identity }
        let book = parts.count > 3 && !parts[3].trimmingCharacters(in: .whitespaces).isEmpty ? " (\(parts[3]))" : ""
        return "\(parts[1]) \(parts[2])\(book)"
    }
}

/// The lock of a store's exchanges with the server, held until `release()` (or until freed).
public protocol ExchangeLock: AnyObject, Sendable {
    /// Lets another exchange take the lock; a second call does nothing.
    func release()
}

/// What the store knows of an address book: see `PeopleStore.serverState(for:)`.
public struct ServerState: Equatable, Sendable {
    /// The book's token at the last sync, or nil.
    public let token: String?
    /// The ETag of each card linked to a person, by href (nil when the server gave none).
    public let versions: [String: String?]
    /// The hrefs among `versions` of cards sent whose place the server has not confirmed
    /// (`ServerVersion.placeConfirmed`).
    public let unconfirmed: Set<String>

    /// Creates a state.
    public init(token: String?, versions: [String: String?], unconfirmed: Set<String> = []) {
        self.token = token
        self.versions = versions
        self.unconfirmed = unconfirmed
    }
}

extension Person {
    /// This person kept beside the server's version of them: a new id, marked as a conflict's
    /// copy of them (`conflictOf`), the name unchanged.
    public func conflictCopy(id: Person.ID = UUID().uuidString) -> Person {
        var copy = identified(as: id)
        copy.conflictOf = self.id
        return copy
    }
}

/// What the People screen says about the outbox: how many wait, and what went wrong last.
public struct OutboxStatus: Equatable, Sendable {
    /// How many people wait to be posted.
    public let pendingCount: Int
    /// The latest failure of a person still waiting, in words for the screen; nil when none failed.
    public let lastError: String?

    /// Creates a status.
    public init(pendingCount: Int, lastError: String?) {
        self.pendingCount = pendingCount
        self.lastError = lastError
    }

    /// Nothing waits.
    public static let empty = OutboxStatus(pendingCount: 0, lastError: nil)
}

// MARK: - Observation

/// A running observation of a store: it lasts until `cancel()` is called or it is released.
public final class StoreObservation: Sendable {
    private let stop: @Sendable () -> Void
    private let countCommits: @Sendable () -> Int

    /// Creates an observation that calls `stop` once, when cancelled or released; `commits`
    /// tells how many commits it has been told of.
    public init(commits: @escaping @Sendable () -> Int, stop: @escaping @Sendable () -> Void) {
        let once = Once()
        self.stop = { if once.first() { stop() } }
        countCommits = commits
    }

    /// How many commits the observation has been told of so far, counted as each commit ends,
    /// before its notice reaches the queue. Noted before a read, it tells whether a notice that
    /// arrives later brings a commit the read did not see.
    public var commits: Int { countCommits() }

    /// Stops the observation: no call to the observer starts after this returns.
    public func cancel() {
        stop()
    }

    deinit {
        stop()
    }
}

/// True the first time it is asked, false after: from any thread.
///
/// Sendable unchecked: its one mutable field is read and written only while holding `lock`.
private final class Once: @unchecked Sendable {
    private let lock = NSLock()
    private var done = false  // guarded by `lock`

    func first() -> Bool {
        lock.withLock {
            defer { done = true }
            return !done
        }
    }
}
