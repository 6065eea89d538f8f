import Foundation
import Models
import Testing

/// An address book in memory, for sync and view-model tests: cards at hrefs with ETags that change
/// with them, a token that counts changes, conditional writes as a CardDAV server makes them, and
/// failures as told.
public final class ScriptedPeopleAPI: PeopleAPI, @unchecked Sendable {
    private struct Stored {
        var etag: String
        var text: String
    }

    private let lock = NSLock()
    private var cardsByHref: [String: Stored] = [:]  // guarded by `lock`
    private var history: [(version: Int, href: String)] = []  // guarded by `lock`
    private var version = 0  // guarded by `lock`
    private var fetchFailure: PeopleAPIError?  // guarded by `lock`
    private var readFailure: PeopleAPIError?  // guarded by `lock`
    private var answerLimit = Int.max  // guarded by `lock`
    private var deleteFailure: PeopleAPIError?  // guarded by `lock`
    private var postFailures: [Person.ID: PeopleAPIError] = [:]  // guarded by `lock`
    private var postAttempts: [Person.ID] = []  // guarded by `lock`
    private var beforePost: (@Sendable (Person) async -> Void)?  // guarded by `lock`
    private var carriesCards = false  // guarded by `lock`
    private var cardsAsked: [[String]] = []  // guarded by `lock`
    /// Whether creates are answered without a place, and stored elsewhere; nil: with one.
    private var hiddenCreates: Bool?  // guarded by `lock`

    /// The folder its cards are in.
    public static let book = "/ada/contacts/"

    /// Creates a book that holds a card for each of `people`.
    public init(people: [Person] = []) {
        for person in people { store(VCard.text(for: [person]), at: Self.href(of: person.id)) }
    }

    /// The href of the card named `id`.
    public static func href(of id: String) -> String { book + id + ".vcf" }

    /// Everyone the book holds now, read from its cards in href order.
    public var known: [Person] {
        lock.withLock { cardsByHref.sorted { $0.key < $1.key }.flatMap { VCard.people(from: $0.value.text).people } }
    }

    /// The cards the book holds, by href.
    public var cardTexts: [String: String] { lock.withLock { cardsByHref.mapValues(\.text) } }

    /// The ids of every create or update tried, in order, failed ones included.
    public var attemptedPosts: [Person.ID] { lock.withLock { postAttempts } }

    /// Makes `changes(since:)` and `cards(at:)` throw `failure` (nil: answer again).
    public func failFetches(with failure: PeopleAPIError?) {
        lock.withLock { fetchFailure = failure }
    }

    /// Makes `cards(at:)` alone throw `failure` (nil: answer again): the listing still answers.
    public func failCardReads(with failure: PeopleAPIError?) {
        lock.withLock { readFailure = failure }
    }

    /// Makes `changes(since:)` send the changed cards' text with the listing, as a CardDAV server
    /// answering `address-data` in a `sync-collection` does.
    public func carryCardsWithChanges() {
        lock.withLock { carriesCards = true }
    }

    /// The hrefs of each `cards(at:)` call, in order.
    public var cardRequests: [[String]] { lock.withLock { cardsAsked } }

    /// Makes `delete(at:ifMatching:)` throw `failure` (nil: delete again).
    public func failDeletes(with failure: PeopleAPIError?) {
        lock.withLock { deleteFailure = failure }
    }

    /// Makes `cards(at:)` throw `tooLarge` when the cards asked for hold more than `bytes`, as a
    /// server's answer over the program's limit.
    public func limitAnswers(toBytes bytes: Int) {
        lock.withLock { answerLimit = bytes }
    }

    /// Makes writing the card of the person with `id` throw `failure` (nil: accept again).
    public func failPosts(of id: Person.ID, with failure: PeopleAPIError?) {
        lock.withLock { postFailures[id] = failure }
    }

    /// Makes `create` answer as a server whose `PUT` names no `Location`: the place unconfirmed
    /// (`ServerVersion.placeConfirmed`), with the card stored where it was sent, or, when
    /// `elsewhere`, under a name of the server's own (`server-<n>.vcf`) that the answer hides.
    public func answerCreatesWithoutLocation(storingElsewhere elsewhere: Bool) {
        lock.withLock { hiddenCreates = elsewhere }
    }

    /// Runs `action` at the start of every create or update, before it succeeds or fails.
    public func beforeEachPost(_ action: @escaping @Sendable (Person) async -> Void) {
        lock.withLock { beforePost = action }
    }

    /// Changes the book as another client would: stores `text` at `href`.
    public func storeElsewhere(_ text: String, at href: String) {
        store(text, at: href)
    }

    /// Removes the card at `href` as another client would.
    public func removeElsewhere(at href: String) {
        lock.withLock {
            cardsByHref[href] = nil
            version += 1
            history.append((version, href))
        }
    }

    // MARK: - PeopleAPI

    public let identity = "scripted"

    public func changes(since token: String?) async throws -> PeopleChanges {
        try lock.withLock {
            if let fetchFailure { throw fetchFailure }
            let now = "\(version)"
            guard let token, let since = Int(token), since <= version else {
                return PeopleChanges(
                    isComplete: true,
                    changed: cardsByHref.sorted { $0.key < $1.key }.map {
                        ServerVersion(href: $0.key, etag: $0.value.etag)
                    }, token: now, cards: carried(cardsByHref.keys.sorted()))
            }
            let touched = Set(history.filter { $0.version > since }.map(\.href)).sorted()
            return PeopleChanges(
                isComplete: false,
                changed: touched.compactMap { href in cardsByHref[href].map { ServerVersion(href: href, etag: $0.etag) } },
                removed: touched.filter { cardsByHref[$0] == nil }, token: now, cards: carried(touched))
        }
    }

    /// The cards at `hrefs` as a listing carries them, when it does; called with `lock` held.
    private func carried(_ hrefs: [String]) -> [ServerCard] {
        guard carriesCards else { return [] }
        return hrefs.compactMap { href in cardsByHref[href].map { ServerCard(href: href, etag: $0.etag, text: $0.text) } }
    }

    public func cards(at hrefs: [String]) async throws -> [ServerCard] {
        try lock.withLock {
            cardsAsked.append(hrefs)
            unscripted("cards(at:)", hrefs)
            if let failure = fetchFailure ?? readFailure { throw failure }
            let cards = hrefs.compactMap { href in cardsByHref[href].map { ServerCard(href: href, etag: $0.etag, text: $0.text) } }
            if cards.reduce(0, { $0 + $1.text.utf8.count }) > answerLimit { throw PeopleAPIError.tooLarge }
            return cards
        }
    }

    public func create(_ card: String, named name: String) async throws -> ServerVersion {
        try await beforeWriting(card)
        return try lock.withLock {
            let href = Self.href(of: name)
            if let failure = failure(for: card) { throw failure }
            guard cardsByHref[href] == nil else { throw PeopleAPIError.changedOnServer }
            guard let storedElsewhere = hiddenCreates else { return ServerVersion(href: href, etag: storeLocked(card, at: href)) }
            let place = storedElsewhere ? Self.book + "server-\(version + 1).vcf" : href
            return ServerVersion(href: href, etag: storeLocked(card, at: place), placeConfirmed: false)
        }
    }

    public func update(_ card: String, at href: String, ifMatching etag: String?) async throws -> String? {
        try await beforeWriting(card)
        return try lock.withLock {
            unscripted("update(_:at:ifMatching:)", [href])
            if let failure = failure(for: card) { throw failure }
            guard let stored = cardsByHref[href] else { throw PeopleAPIError.goneFromServer }
            if let etag, etag != stored.etag { throw PeopleAPIError.changedOnServer }
            return storeLocked(card, at: href)
        }
    }

    public func delete(at href: String, ifMatching etag: String?) async throws {
        try lock.withLock {
            unscripted("delete(at:ifMatching:)", [href])
            if let deleteFailure { throw deleteFailure }
            guard let stored = cardsByHref[href] else { return }
            if let etag, etag != stored.etag { throw PeopleAPIError.changedOnServer }
            cardsByHref[href] = nil
            version += 1
            history.append((version, href))
        }
    }

    // MARK: - Private

    /// Fails the test when `call` names an href no card was ever at (put there by `init`,
    /// `storeElsewhere` or a create): nobody scripted it, and a real server could not have listed
    /// it; called with `lock` held.
    private func unscripted(_ call: String, _ hrefs: [String]) {
        let never = hrefs.filter { href in !history.contains { $0.href == href } }
        if !never.isEmpty { Issue.record("ScriptedPeopleAPI.\(call) named \(never), where no card ever was: nobody scripted it") }
    }

    private func beforeWriting(_ card: String) async throws {
        let action = lock.withLock { beforePost }
        if let person = VCard.people(from: card).people.first {
            lock.withLock { postAttempts.append(person.id) }
            await action?(person)
        }
    }

    /// The failure set for the person of `card`; called with `lock` held.
    private func failure(for card: String) -> PeopleAPIError? {
        VCard.people(from: card).people.first.flatMap { postFailures[$0.id] }
    }

    private func store(_ text: String, at href: String) {
        lock.withLock { _ = storeLocked(text, at: href) }
    }

    /// Stores `text` at `href` and returns its new ETag; called with `lock` held.
    private func storeLocked(_ text: String, at href: String) -> String {
        version += 1
        history.append((version, href))
        let etag = "\"\(version)\""
        cardsByHref[href] = Stored(etag: etag, text: text)
        return etag
    }
}
