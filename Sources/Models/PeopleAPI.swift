import Foundation

/// The people server: an address book of vCards, each at an href with an ETag that changes with
/// it (CardDAV, RFC 6352). Docs/PeopleAPI.md says, request by request, what the program asks.
///
/// The seed's two verbs, `getPeople()` and `postPerson(_:)`, are kept on top of what a sync
/// needs: what changed since a token, cards by href, and adds, edits and deletes that only apply
/// when the card is still the one the program last saw.
public protocol PeopleAPI: Sendable {
    /// Names the address book (server, book and user), so that a store synced with another one
    /// starts afresh with this one.
    var identity: String { get }
    /// What changed in the address book since `token` (its state at an earlier call); with no
    /// token, or one the server no longer knows, a complete listing. Where the server can, the
    /// changed cards come with it (`PeopleChanges.cards`), so that they need not be asked for.
    func changes(since token: String?) async throws -> PeopleChanges
    /// The cards at `hrefs`, as the server holds them. A card the server no longer has is left out.
    func cards(at hrefs: [String]) async throws -> [ServerCard]
    /// Stores `card` as a new card, named after `name` (its UID); throws
    /// `PeopleAPIError.changedOnServer` when a card of that name exists, unless it reads as the
    /// very person sent (a create whose answer was lost): then that card is the one stored.
    func create(_ card: String, named name: String) async throws -> ServerVersion
    /// Replaces the card at `href` with `card` if the server's is still at `etag` (any when nil);
    /// returns the new ETag when the server tells it. Throws `changedOnServer` when the card
    /// changed there meanwhile, `goneFromServer` when it was removed.
    func update(_ card: String, at href: String, ifMatching etag: String?) async throws -> String?
    /// Removes the card at `href` if it is still at `etag` (any when nil); a card already gone is
    /// no failure. Throws `changedOnServer` when it changed there meanwhile.
    func delete(at href: String, ifMatching etag: String?) async throws
    /// How many requests a sync keeps in flight at once (at least 1).
    var requestsInFlight: Int { get }
    /// Sends `writes`, up to `requestsInFlight` at a time where the API can, and hands what the
    /// server made of each to `answer` with its index, as it comes: a failure of one write is that
    /// write's, answered as `create`, `update` and `delete` would throw it, and the others go on.
    /// Throws when the task is cancelled, `answer` throws, or nothing could be sent (the book not
    /// found): then no write was answered.
    func send(
        _ writes: [PeopleWrite],
        answer: (_ index: Int, _ result: Result<PeopleWritten, PeopleAPIError>) async throws -> Void
    ) async throws
    /// The cards of each group of `groups`, each group one request, up to `requestsInFlight` at a
    /// time where the API can, handed to `answer` with the group's index as they come; a group's
    /// failure is its own.
    func cards(
        inGroups groups: [[String]],
        answer: (_ index: Int, _ result: Result<[ServerCard], PeopleAPIError>) async throws -> Void
    ) async throws
}

/// One change a sync sends: a new card, an edit of a card, or a delete.
public enum PeopleWrite: Equatable, Sendable {
    /// A new card `card`, named after `name`, with `If-None-Match: *` (`PeopleAPI.create`).
    case create(card: String, name: String)
    /// The card at `href` replaced by `card` if still at `etag` (`PeopleAPI.update`).
    case update(card: String, href: String, etag: String?)
    /// The card at `href` removed if still at `etag` (`PeopleAPI.delete`).
    case delete(href: String, etag: String?)
}

/// What the server made of one `PeopleWrite`.
public enum PeopleWritten: Equatable, Sendable {
    /// The new card is stored, at this version.
    case created(ServerVersion)
    /// The card is replaced; its new ETag when the server told it.
    case updated(etag: String?)
    /// The card is gone.
    case deleted
}

extension PeopleAPI {
    /// One request in flight.
    public var requestsInFlight: Int { 1 }

    /// Sends `writes` one after the other through `create`, `update` and `delete`.
    public func send(
        _ writes: [PeopleWrite],
        answer: (_ index: Int, _ result: Result<PeopleWritten, PeopleAPIError>) async throws -> Void
    ) async throws {
        for (index, write) in writes.enumerated() {
            let result = try await PeopleAPIError.result { () async throws -> PeopleWritten in
                switch write {
                case .create(let card, let name):
                    return .created(try await create(card, named: name))
                case .update(let card, let href, let etag):
                    return .updated(etag: try await update(card, at: href, ifMatching: etag))
                case .delete(let href, let etag):
                    try await delete(at: href, ifMatching: etag)
                    return .deleted
                }
            }
            try await answer(index, result)
        }
    }

    /// Reads each group through `cards(at:)`, one after the other.
    public func cards(
        inGroups groups: [[String]],
        answer: (_ index: Int, _ result: Result<[ServerCard], PeopleAPIError>) async throws -> Void
    ) async throws {
        for (index, group) in groups.enumerated() {
            try await answer(index, try await PeopleAPIError.result { try await cards(at: group) })
        }
    }
}

extension PeopleAPI {
    /// Everyone the server knows (the seed's first verb): every card, read.
    public func getPeople() async throws -> [Person] {
        let listing = try await changes(since: nil)
        let carried = Set(listing.cards.map(\.href))
        let others = try await cards(at: listing.changed.map(\.href).filter { !carried.contains($0) })
        return (listing.cards + others).flatMap { VCard.people(from: $0.text).people }
    }

    /// Gives `person` to the server as a new card (the seed's second verb).
    public func postPerson(_ person: Person) async throws {
        _ = try await create(VCard.text(for: [person]), named: person.id)
    }
}

/// A card on the server: where it is, its version, and its text.
public struct ServerCard: Equatable, Sendable {
    /// Its href, as the server names it (a path).
    public let href: String
    /// Its ETag; nil when the server gave none.
    public let etag: String?
    /// The vCard, as the server sent it.
    public let text: String

    /// Creates a server card.
    public init(href: String, etag: String?, text: String) {
        self.href = href
        self.etag = etag
        self.text = text
    }
}

/// Where a card was stored, and its version there.
public struct ServerVersion: Equatable, Sendable {
    /// Its href.
    public let href: String
    /// Its ETag, when the server told it.
    public let etag: String?
    /// Whether the server said the card is at `href`: it listed it there, or its answer to the
    /// `PUT` named the place. False for a new card whose answer did not (no `Location`): `href` is
    /// where it was sent, and the server may have stored it elsewhere. The next pull confirms the
    /// place, or links the person to the card of their `UID` where the server put it.
    public let placeConfirmed: Bool

    /// Creates a version.
    public init(href: String, etag: String?, placeConfirmed: Bool = true) {
        self.href = href
        self.etag = etag
        self.placeConfirmed = placeConfirmed
    }
}

/// What changed in an address book since a token.
public struct PeopleChanges: Equatable, Sendable {
    /// Whether this is every card of the book: a card known here and not listed is gone.
    public let isComplete: Bool
    /// The cards added or changed (every card, when complete), each with its ETag.
    public let changed: [ServerVersion]
    /// The hrefs of the cards removed (empty when complete).
    public let removed: [String]
    /// The book's state now, to ask from next time; nil when the server keeps no tokens.
    public let token: String?
    /// The changed cards the server sent with the listing, text and all: some, all or none of
    /// `changed`. The others are read with `PeopleAPI.cards(at:)`.
    public let cards: [ServerCard]

    /// Creates changes.
    public init(isComplete: Bool, changed: [ServerVersion], removed: [String] = [], token: String?, cards: [ServerCard] = []) {
        self.isComplete = isComplete
        self.changed = changed
        self.removed = removed
        self.token = token
        self.cards = cards
    }
}

/// Why the people server could not be asked or answered wrongly, in words a person can act on.
public enum PeopleAPIError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The server could not be reached: no network, no such host, or nothing listening.
    case noNetwork
    /// The server did not answer within the time allowed.
    case timedOut
    /// The connection broke before the server's answer ended: the request may have been done.
    case connectionCut
    /// The server answered with an HTTP status other than success.
    case serverError(status: Int)
    /// The server's answer is not what the program expects.
    case unreadableAnswer
    /// The server refused the user and password (401) of `account`.
    case unauthorized(account: String)
    /// The server asks for a user and password (401) and none was set: the message says where
    /// they are set.
    case loginNotSet(String)
    /// The card changed or appeared on the server since the program last saw it (412).
    case changedOnServer
    /// The card is no longer on the server (404).
    case goneFromServer
    /// The answer is larger than the program reads (16 MB).
    case tooLarge
    /// Any other failure, in words.
    case failed(String)

    /// The failure as the People screen shows it.
    public var message: String {
        switch self {
        case .noNetwork: "no network: the people server could not be reached"
        case .timedOut: "the people server did not answer in time"
        case .connectionCut: "the connection to the people server broke before its answer ended"
        case .serverError(let status): "the people server answered \(status)"
        case .unreadableAnswer: "the people server sent an answer this program cannot read"
        case .unauthorized(let account): "the people server refused the password of \(account)"
        case .loginNotSet(let message): message
        case .changedOnServer: "the card changed on the people server meanwhile"
        case .goneFromServer: "the card is no longer on the people server"
        case .tooLarge: "the people server sent an answer over 16 MB, which this program does not read"
        case .failed(let reason): reason
        }
    }

    /// The failure as the People screen shows it.
    public var description: String { message }

    /// Whether trying the next request now is no use: the server cannot be reached, or refuses
    /// the account.
    public var isUnreachable: Bool {
        switch self {
        case .noNetwork, .timedOut, .connectionCut, .unauthorized, .loginNotSet: true
        default: false
        }
    }

    /// What `call` gave: its value, or its failure as the screen tells it (any error that is no
    /// `PeopleAPIError` in its own words). Cancellation is thrown, not given.
    public static func result<Value>(of call: () async throws -> Value) async throws -> Result<Value, PeopleAPIError> {
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

    /// Whether the server could not be reached at all (no network, nothing listening, no answer
    /// in time, a connection that broke): a failure that may pass by itself, unlike a refused
    /// password.
    public var isNetworkFailure: Bool {
        switch self {
        case .noNetwork, .timedOut, .connectionCut: true
        default: false
        }
    }
}
