import Foundation
import Models
import Services
import Testing
import TestSupport

/// A new card whose `PUT` was answered without a `Location` is kept as sent with its place
/// unconfirmed: the next pull confirms it where it was sent, or links the person to the card of
/// their UID where the server put it, rather than reading that card in as a second person. Run
/// against both stores, with `ScriptedPeopleAPI` as the server.
struct UnconfirmedPlaceSyncTests {
    enum Kind: String, CaseIterable, CustomTestStringConvertible {
        case fake, real
        var testDescription: String { rawValue }
    }

    private let alan = Person(id: "alan", firstName: "Alan", lastName: "Turing")
    private let grace = Person(id: "grace", firstName: "Grace", lastName: "Hopper")

    private func store(_ kind: Kind) throws -> any PeopleStore {
        switch kind {
        case .fake: InMemoryPeopleStore()
        case .real: SQLitePeopleStore(database: try AppDatabase(inMemoryNamed: UUID().uuidString))
        }
    }

    /// Adds Alan to a store of `kind` synced with a book holding Grace, and sends him to it, whose
    /// answer names no place for his card, stored there or `elsewhere`.
    private func sendAlan(to kind: Kind, storingElsewhere elsewhere: Bool) async throws -> (
        api: ScriptedPeopleAPI, store: any PeopleStore, sync: PeopleSync
    ) {
        let (api, store) = (ScriptedPeopleAPI(people: [grace]), try store(kind))
        api.answerCreatesWithoutLocation(storingElsewhere: elsewhere)
        let sync = PeopleSync(store: store, api: api, queue: InlineQueue())
        _ = try await sync.sync()
        try store.add(alan)
        let sent = try #require(try await sync.sync())
        #expect(sent.posted == 1)
        #expect(sent.postError == nil)
        return (api, store, sync)
    }

    /// The store holds the people of the book's cards, once each, and nothing waits.
    private func expectInStep(_ store: any PeopleStore, _ api: ScriptedPeopleAPI, _ step: Comment) throws {
        // By what the cards say: a second card of a UID is kept under an id of its own.
        let kept = try store.people(matching: "", sortedBy: .lastName, offset: 0, limit: 10).map { $0.identified(as: "") }
        #expect(kept == api.known.map { $0.identified(as: "") }.sorted { $0.lastName < $1.lastName }, step)
        #expect(try store.outboxStatus().pendingCount == 0, step)
        #expect(try Set(store.serverState(for: api.identity).versions.keys) == Set(api.cardTexts.keys), step)
        #expect(try store.serverState(for: api.identity).unconfirmed.isEmpty, step)
    }

    @Test(arguments: Kind.allCases)
    func aCardStoredWhereTheServerDoesNotSayIsLinkedByItsUIDAtTheNextPull(_ kind: Kind) async throws {
        let (api, store, sync) = try await sendAlan(to: kind, storingElsewhere: true)
        let asked = ScriptedPeopleAPI.href(of: alan.id)
        #expect(try store.serverState(for: api.identity).unconfirmed == [asked], "sent, the place unconfirmed")
        #expect(api.cardTexts[asked] == nil, "the server put it elsewhere")

        let next = try #require(try await sync.sync())
        #expect(next.fetched == 1)
        #expect(next.posted == 0)
        #expect(try store.count(matching: "") == 2, "Alan once, not twice")
        try expectInStep(store, api, "the next pull linked Alan to his card")

        let third = try #require(try await sync.sync())
        #expect(third.fetched == 0)
        #expect(third.posted == 0)
        try expectInStep(store, api, "synced a third time")
        #expect(api.attemptedPosts == [alan.id], "sent once")
    }

    @Test(arguments: Kind.allCases)
    func aCardStoredWhereItWasSentIsConfirmedByTheNextListingWithoutBeingReadAgain(_ kind: Kind) async throws {
        let (api, store, sync) = try await sendAlan(to: kind, storingElsewhere: false)
        #expect(try store.serverState(for: api.identity).unconfirmed == [ScriptedPeopleAPI.href(of: alan.id)])

        let next = try #require(try await sync.sync())
        #expect(next.fetched == 0, "the listing names the card where it was sent, at the version sent")
        #expect(api.cardRequests.allSatisfy { !$0.contains(ScriptedPeopleAPI.href(of: alan.id)) })
        try expectInStep(store, api, "confirmed")
    }

    @Test(arguments: Kind.allCases)
    func anEditOfACardStoredWhereTheServerDoesNotSayGoesToWhereItIs(_ kind: Kind) async throws {
        let (api, store, sync) = try await sendAlan(to: kind, storingElsewhere: true)
        var edited = alan
        edited.firstName = "Alan M."
        try store.update(edited, at: Date(timeIntervalSince1970: 1_000_000))

        let next = try #require(try await sync.sync())
        #expect(next.posted == 1)
        #expect(next.conflicts == 0)
        #expect(next.postError == nil)
        #expect(api.known.map(\.firstName).sorted() == ["Alan M.", "Grace"], "the edit replaced the card where it is")
        try expectInStep(store, api, "the edit sent")
    }

    @Test(arguments: Kind.allCases)
    func anotherClientsCardOfTheSameUIDStaysAPersonOfItsOwnOnceThePlaceIsConfirmed(_ kind: Kind) async throws {
        let (api, store, sync) = try await sendAlan(to: kind, storingElsewhere: false)
        _ = try await sync.sync()
        api.storeElsewhere(VCard.text(for: [Person(id: "alan", firstName: "Alan", lastName: "Other")]), at: "/ada/contacts/twin.vcf")

        let next = try #require(try await sync.sync())
        #expect(next.fetched == 1)
        #expect(try store.person(id: alan.id) == alan, "Alan stays linked to the card he was sent as")
        try expectInStep(store, api, "two cards of one UID, two people")
    }
}
