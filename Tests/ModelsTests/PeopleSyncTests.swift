import Foundation
@testable import Models
import Testing
import TestSupport

@MainActor
struct PeopleSyncTests {
    private let ada = Person(id: "ada", firstName: "Ada", lastName: "Lovelace", birthday: BirthDate("1815-12-10"))
    private let grace = Person(id: "grace", salutation: "Rear Admiral", firstName: "Grace", lastName: "Hopper")
    private let alan = Person(id: "alan", firstName: "Alan", lastName: "Turing")

    @Test func theScriptedServerFailsACallNamingACardNobodyPutThere() async {
        let api = ScriptedPeopleAPI(people: [Person(id: "ada", firstName: "Ada", lastName: "Lovelace")])
        await withKnownIssue("cards(at:) for a card never in the book") {
            _ = try await api.cards(at: [ScriptedPeopleAPI.href(of: "nobody")])
        }
        await withKnownIssue("an update at a card never in the book") {
            _ = try? await api.update("BEGIN:VCARD\r\nEND:VCARD\r\n", at: ScriptedPeopleAPI.href(of: "nobody"), ifMatching: nil)
        }
    }

    @Test func aSyncMergesTheServersPeopleWithoutDuplicates() async throws {
        let store = InMemoryPeopleStore(people: [ada])
        let api = ScriptedPeopleAPI(people: [ada, grace])
        let report = try await PeopleSync(store: store, api: api, queue: InlineQueue()).sync()
        #expect(report == PeopleSyncReport(fetched: 2))
        #expect(try store.people(matching: "", sortedBy: .lastName, offset: 0, limit: 10) == [grace, ada])
    }

    @Test func aPersonAddedHereIsPostedAndLeavesTheOutbox() async throws {
        let store = InMemoryPeopleStore()
        let api = ScriptedPeopleAPI()
        try store.add(grace)
        let report = try await PeopleSync(store: store, api: api, queue: InlineQueue()).postPending()
        #expect(report == PeopleSyncReport(posted: 1))
        #expect(api.known == [grace])
        #expect(try store.outboxStatus() == .empty)
    }

    @Test func aFailedPostStaysQueuedWithItsErrorAndIsTriedAgainNextTime() async throws {
        let store = InMemoryPeopleStore()
        let api = ScriptedPeopleAPI()
        let sync = PeopleSync(store: store, api: api, queue: InlineQueue())
        try store.add(grace)
        api.failPosts(of: grace.id, with: .serverError(status: 500))

        let failed = try await sync.sync()
        #expect(failed == PeopleSyncReport(fetched: 0, failedPosts: 1, postError: .serverError(status: 500)))
        #expect(try store.outboxStatus() == OutboxStatus(pendingCount: 1, lastError: "the people server answered 500"))
        #expect(try store.pendingPosts() == [PendingPost(person: grace, attempts: 1, lastError: "the people server answered 500")])

        api.failPosts(of: grace.id, with: nil)
        let retried = try await sync.sync()
        #expect(retried == PeopleSyncReport(fetched: 0, posted: 1))
        #expect(try store.outboxStatus() == .empty)
        #expect(api.attemptedPosts == [grace.id, grace.id])
    }

    @Test func aServerErrorForOnePersonDoesNotHoldUpTheNext() async throws {
        let store = InMemoryPeopleStore()
        let api = ScriptedPeopleAPI()
        try store.add([grace, alan])
        api.failPosts(of: grace.id, with: .unreadableAnswer)
        let report = try await PeopleSync(store: store, api: api, queue: InlineQueue()).postPending()
        #expect(report == PeopleSyncReport(posted: 1, failedPosts: 1, postError: .unreadableAnswer))
        #expect(try store.pendingPosts().map(\.person) == [grace])
    }

    @Test func whenTheServerCannotBeReachedTheRestOfTheOutboxWaits() async throws {
        let store = InMemoryPeopleStore()
        let api = ScriptedPeopleAPI()
        try store.add([grace, alan])
        api.failPosts(of: grace.id, with: .noNetwork)
        let report = try await PeopleSync(store: store, api: api, queue: InlineQueue()).postPending()
        #expect(report == PeopleSyncReport(failedPosts: 1, postError: .noNetwork))
        #expect(api.attemptedPosts == [grace.id])
        #expect(try store.outboxStatus() == OutboxStatus(pendingCount: 2, lastError: PeopleAPIError.noNetwork.message))
    }

    @Test func aFailedFetchIsReportedAndTheOutboxIsStillPosted() async throws {
        let store = InMemoryPeopleStore()
        let api = ScriptedPeopleAPI(people: [ada])
        api.failFetches(with: .timedOut)
        try store.add(alan)
        let report = try await PeopleSync(store: store, api: api, queue: InlineQueue()).sync()
        #expect(report == PeopleSyncReport(fetchError: .timedOut, posted: 1))
        #expect(try store.count(matching: "") == 1)
    }

    @Test func aPersonDeletedHereIsNotBroughtBackByTheServerAndTheDeleteIsSent() async throws {
        let store = InMemoryPeopleStore(people: [ada])
        try store.delete(id: ada.id)
        let api = ScriptedPeopleAPI(people: [ada, grace])
        let report = try #require(try await PeopleSync(store: store, api: api, queue: InlineQueue()).sync())
        #expect(try store.people(matching: "", sortedBy: .firstName, offset: 0, limit: 10) == [grace])
        #expect(report.deleted == 1)
        #expect(api.known == [grace])
    }

    /// Ada's card with `first` name and a `REV` of `revision` (none when nil).
    private func adaCard(_ first: String, revision: String?) -> String {
        "BEGIN:VCARD\r\nVERSION:4.0\r\nUID:ada\r\nFN:\(first) Lovelace\r\nN:Lovelace;\(first);;;\r\n"
            + (revision.map { "REV:\($0)\r\n" } ?? "") + "END:VCARD\r\n"
    }

    /// Imports Ada's `here` card, and syncs with a server holding her `there` card.
    private func importedAndSynced(here: String, there: String) async throws -> (InMemoryPeopleStore, ScriptedPeopleAPI, PeopleSyncReport) {
        let store = InMemoryPeopleStore()
        let api = ScriptedPeopleAPI()
        api.storeElsewhere(there, at: ScriptedPeopleAPI.href(of: "ada"))
        let read = VCard.people(from: here)
        _ = try store.importPeople(read.people, cards: ["ada": here], replacing: false, writing: true)
        let report = try #require(try await PeopleSync(store: store, api: api, queue: InlineQueue()).sync())
        return (store, api, report)
    }

    @Test func anImportedCardTheServerHoldsAlikeIsLinkedAndNothingSent() async throws {
        let card = adaCard("Ada", revision: "20190301T120000Z")
        let (store, api, report) = try await importedAndSynced(here: card, there: card)
        #expect(report.posted == 0 && report.keptAsOnServer == 0 && report.conflicts == 0)
        #expect(api.attemptedPosts.isEmpty)
        #expect(try store.outboxStatus() == .empty)
        #expect(store.stored.count == 1)
    }

    @Test func anImportedCardNewerByREVIsSentOverTheServers() async throws {
        let (store, api, report) = try await importedAndSynced(
            here: adaCard("Augusta", revision: "20260301T120000Z"),
            there: adaCard("Ada", revision: "20190301T120000Z"))
        #expect(report.posted == 1 && report.keptAsOnServer == 0 && report.conflicts == 0)
        #expect(api.known.map(\.firstName) == ["Augusta"])
        #expect(try store.person(id: "ada")?.firstName == "Augusta")
        #expect(store.stored.count == 1)
    }

    @Test(arguments: [("20190301T120000Z", "20260301T120000Z"), (nil, "20260301T120000Z"), (nil, nil)])
    func anImportedCardNotNewerKeepsTheServersAndSaysSo(here: String?, there: String?) async throws {
        let (store, api, report) = try await importedAndSynced(
            here: adaCard("Augusta", revision: here),
            there: adaCard("Ada", revision: there))
        #expect(report.posted == 0 && report.keptAsOnServer == 1 && report.conflicts == 0)
        #expect(api.known.map(\.firstName) == ["Ada"])
        #expect(try store.person(id: "ada")?.firstName == "Ada")
        #expect(try store.outboxStatus() == .empty)
        #expect(store.stored.count == 1, "no (conflict) copy")
    }

    @Test func aPersonStillQueuedKeepsTheFormEnteredHereUntilItIsSent() async throws {
        let store = InMemoryPeopleStore()
        let api = ScriptedPeopleAPI(people: [ada])
        let sync = PeopleSync(store: store, api: api, queue: InlineQueue())
        _ = try await sync.sync()
        var renamed = ada
        renamed.firstName = "Augusta"
        try store.update(renamed, at: Date())
        api.failPosts(of: ada.id, with: .noNetwork)
        _ = try await sync.sync()
        #expect(try store.person(id: ada.id) == renamed)
        api.failPosts(of: ada.id, with: nil)
        _ = try await sync.sync()
        #expect(api.known.map(\.firstName) == ["Augusta"])
    }

    @Test func anEditHereAndOnTheServerKeepsBothTheServersAndACopy() async throws {
        let store = InMemoryPeopleStore()
        let api = ScriptedPeopleAPI(people: [ada])
        let sync = PeopleSync(store: store, api: api, queue: InlineQueue())
        _ = try await sync.sync()
        var there = ada
        there.firstName = "Augusta"
        api.storeElsewhere(VCard.text(for: [there]), at: ScriptedPeopleAPI.href(of: ada.id))
        var here = ada
        here.firstName = "Countess"
        try store.update(here, at: Date())
        api.beforeEachPost { _ in }
        let report = try #require(try await sync.postPending())
        #expect(report.conflicts == 1)
        #expect(try store.person(id: ada.id)?.firstName == "Augusta")
        #expect(Set(api.known.map(\.firstName)) == ["Augusta", "Countess"])
        #expect(api.known.contains { $0.firstName == "Countess" && $0.lastName == "Lovelace" && $0.conflictOf == ada.id })
    }

    @Test func anEditTheServerHoldsAlreadyIsLinkedNotCopied() async throws {
        let store = InMemoryPeopleStore()
        let api = ScriptedPeopleAPI(people: [ada])
        let sync = PeopleSync(store: store, api: api, queue: InlineQueue())
        _ = try await sync.sync()
        var here = ada
        here.firstName = "Countess"
        try store.update(here, at: Date())
        // Another window sent the same edit first: the ETag kept here is stale, the card the same.
        api.storeElsewhere(VCard.text(for: [here]), at: ScriptedPeopleAPI.href(of: ada.id))
        let report = try #require(try await sync.postPending())
        #expect(report.conflicts == 0)
        #expect(report.posted == 1)
        #expect(api.known == [here])
        #expect(try store.people(matching: "", sortedBy: .lastName, offset: 0, limit: 10) == [here])
        #expect(try store.outboxStatus() == .empty)
        #expect(try store.serverState(for: api.identity).versions.count == 1)
    }

    @Test func aStoreBoundToAnotherBookSendsItNothingAndTakesNothingFromIt() async throws {
        let store = InMemoryPeopleStore()
        try store.add(grace)
        try store.bind(to: "another book")
        let api = ScriptedPeopleAPI(people: [ada])
        let report = try #require(try await PeopleSync(store: store, api: api, queue: InlineQueue()).sync())
        let refusal = BookMismatch(kept: "another book", asked: api.identity).description
        #expect(report == PeopleSyncReport(fetchError: .failed(refusal)))
        #expect(api.attemptedPosts.isEmpty && api.known == [ada])
        #expect(try store.people(matching: "", sortedBy: .lastName, offset: 0, limit: 10) == [grace])
        #expect(try store.syncOutcome().pullFailure == refusal)
        #expect(
            try await PeopleSync(store: store, api: api, queue: InlineQueue()).postPending()?.fetchError == .failed(refusal),
            "a send alone is refused too")
    }

    @Test func aSyncWhileAnotherProcessExchangesDoesNothingAndSaysSo() async throws {
        let store = InMemoryPeopleStore()
        let api = ScriptedPeopleAPI(people: [ada])
        try store.add(grace)
        store.exchangeLockHeldElsewhere = true
        let report = try #require(try await PeopleSync(store: store, api: api, queue: InlineQueue(), lockPatience: .zero).sync())
        #expect(report.blockedByAnotherSync)
        #expect(api.attemptedPosts.isEmpty && api.cardRequests.isEmpty)
        #expect(try store.outboxStatus().pendingCount == 1)
        #expect(try store.syncOutcome() == SyncOutcome(), "the other sync keeps its own outcome")
        store.exchangeLockHeldElsewhere = false
        let next = try #require(try await PeopleSync(store: store, api: api, queue: InlineQueue(), lockPatience: .zero).sync())
        #expect(!next.blockedByAnotherSync && next.posted == 1)
    }

    @Test func aDeleteThatLostToAnEditOnTheServerBringsThePersonBackAndNamesThem() async throws {
        let store = InMemoryPeopleStore()
        let api = ScriptedPeopleAPI(people: [ada])
        let sync = PeopleSync(store: store, api: api, queue: InlineQueue())
        _ = try await sync.sync()
        try store.delete(id: ada.id)
        var there = ada
        there.firstName = "Augusta"
        api.storeElsewhere(VCard.text(for: [there]), at: ScriptedPeopleAPI.href(of: ada.id))
        let report = try #require(try await sync.postPending())
        #expect(report.deletesKeptByServer == ["Augusta Lovelace"])
        #expect(report.deleted == 0)
        #expect(try store.person(id: ada.id)?.firstName == "Augusta")
        #expect(try store.pendingDeletes().isEmpty)
    }

    @Test func deletesAndEditsReachTheServerAndTheServersRemovalsReachHere() async throws {
        let store = InMemoryPeopleStore()
        let api = ScriptedPeopleAPI(people: [ada, grace])
        let sync = PeopleSync(store: store, api: api, queue: InlineQueue())
        _ = try await sync.sync()
        try store.delete(id: ada.id)
        let report = try #require(try await sync.sync())
        #expect(report.deleted == 1)
        #expect(api.known == [grace])
        api.removeElsewhere(at: ScriptedPeopleAPI.href(of: grace.id))
        let second = try #require(try await sync.sync())
        #expect(second.removed == 1)
        #expect(try store.count(matching: "") == 0)
    }

    @Test func aSyncAskedForWhileOneRunsIsTakenInByTheRunningOne() async throws {
        let (store, api, sync, gate, running) = try await postingGraceHeld()

        try store.add(alan)
        #expect(try await sync.postPending() == nil)
        gate.open()

        #expect(try await running.value == PeopleSyncReport(posted: 2))
        #expect(api.attemptedPosts == [grace.id, alan.id])
        #expect(try store.outboxStatus() == .empty)
    }

    @Test func aReadOfTheServerAskedForWhileAPostRunsIsMadeByTheRunningOne() async throws {
        let (store, api, sync, gate, running) = try await postingGraceHeld()
        #expect(sync.isRunning)

        api.storeElsewhere(VCard.text(for: [alan]), at: ScriptedPeopleAPI.href(of: alan.id))
        #expect(try await sync.sync() == nil)
        gate.open()

        // Grace, linked as she was sent, is not read back: only Alan is new.
        #expect(try await running.value == PeopleSyncReport(fetched: 1, posted: 1))
        #expect(try store.people(matching: "", sortedBy: .lastName, offset: 0, limit: 10).map(\.id) == [grace.id, alan.id])
        #expect(!sync.isRunning)
    }

    @Test func aDeleteMadeWhileASyncRunsIsSentByIt() async throws {
        let store = InMemoryPeopleStore()
        let api = ScriptedPeopleAPI(people: [alan])
        let sync = PeopleSync(store: store, api: api, queue: InlineQueue())
        _ = try await sync.sync()
        let gate = Gate()
        api.beforeEachPost { person in
            if person.id == "grace" { await gate.hold() }
        }
        try store.add(grace)
        let running = Task { try await sync.postPending() }
        await gate.waitUntilHeld()
        try store.delete(id: alan.id)
        #expect(try await sync.postPending() == nil)
        gate.open()
        #expect(try await running.value?.deleted == 1)
        #expect(api.known.map(\.id) == [grace.id])
    }

    /// A sync posting Grace, held at her post until the test opens the gate.
    private func postingGraceHeld() async throws
        -> (InMemoryPeopleStore, ScriptedPeopleAPI, PeopleSync, Gate, Task<PeopleSyncReport?, any Error>)
    {
        let store = InMemoryPeopleStore()
        let api = ScriptedPeopleAPI()
        let sync = PeopleSync(store: store, api: api, queue: InlineQueue())
        let gate = Gate()
        api.beforeEachPost { person in
            if person.id == "grace" { await gate.hold() }
        }
        try store.add(grace)
        let running = Task { try await sync.postPending() }
        await gate.waitUntilHeld()
        return (store, api, sync, gate, running)
    }

    @Test func cardsTooLargeToReadTogetherAreReadInSmallerBatchesAndOneTooLargeAloneIsReported() async throws {
        let people = (0..<10).map { Person(id: "p\($0)", firstName: "P\($0)", lastName: "Person") }
        let api = ScriptedPeopleAPI(people: people)
        let photo =
            "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:big\r\nFN:Big Photo\r\nPHOTO:\(String(repeating: "A", count: 5_000))\r\nEND:VCARD\r\n"
        api.storeElsewhere(photo, at: ScriptedPeopleAPI.href(of: "big"))
        api.limitAnswers(toBytes: 1_000)
        let store = InMemoryPeopleStore()
        let report = try #require(try await PeopleSync(store: store, api: api, queue: InlineQueue()).sync())
        #expect(report.fetched == 10)
        #expect(report.fetchError == nil)
        #expect(report.unreadableCards == [ScriptedPeopleAPI.href(of: "big")])
        #expect(try store.count(matching: "") == 10)
    }

    @Test func cardsTheListingCarriesAreNotAskedForAgain() async throws {
        let api = ScriptedPeopleAPI(people: [ada, grace])
        api.carryCardsWithChanges()
        let store = InMemoryPeopleStore()
        let sync = PeopleSync(store: store, api: api, queue: InlineQueue())
        #expect(try await sync.sync()?.fetched == 2)
        api.storeElsewhere(
            VCard.text(for: [Person(id: "alan", firstName: "Alan", lastName: "Turing")]),
            at: ScriptedPeopleAPI.href(of: "alan"))
        #expect(try await sync.sync()?.fetched == 1)
        #expect(api.cardRequests.isEmpty)
        #expect(try store.people(matching: "", sortedBy: .lastName, offset: 0, limit: 10).map(\.id) == ["grace", "ada", "alan"])
    }

    @Test func cardsNotCarriedAreAskedForAtMost250ARequestInsideLargerBatches() async throws {
        let people = (0..<2_400).map { Person(id: "p\($0)", firstName: "P\($0)", lastName: "Person") }
        let api = ScriptedPeopleAPI(people: people)
        let store = InMemoryPeopleStore()
        #expect(try await PeopleSync(store: store, api: api, queue: InlineQueue()).sync()?.fetched == 2_400)
        #expect(api.cardRequests.map(\.count).max() == 250)
        #expect(Set(api.cardRequests.joined()).count == 2_400)
        #expect(try store.count(matching: "") == 2_400)
    }

    @Test func aLargeBookIsReadInAboutEightBatchesAfterAFirstOf250() {
        let hrefs = (0..<20_000).map { "/ada/contacts/p\($0).vcf" }
        let sizes = PeopleSync.batches(of: hrefs).map(\.count)
        #expect(sizes.first == 250)
        #expect(Set(sizes.dropFirst().dropLast()) == [2_500])
        #expect(sizes.count == 9)
        #expect(sizes.reduce(0, +) == 20_000)
        #expect(PeopleSync.batches(of: Array(hrefs.prefix(600))).map(\.count) == [250, 250, 100])
    }

    @Test func progressCountsTheChangedCardsUpBatchByBatch() async throws {
        let people = (0..<600).map { Person(id: "p\($0)", firstName: "P\($0)", lastName: "Person") }
        let store = InMemoryPeopleStore()
        let api = ScriptedPeopleAPI(people: people)
        var heard: [PeopleSyncProgress] = []
        let report = try await PeopleSync(store: store, api: api, queue: InlineQueue()).sync { heard.append($0) }
        #expect(report?.fetched == 600)
        #expect(
            heard == [
                PeopleSyncProgress(read: 0, total: 600), PeopleSyncProgress(read: 250, total: 600),
                PeopleSyncProgress(read: 500, total: 600), PeopleSyncProgress(read: 600, total: 600),
            ])

        heard = []
        _ = try await PeopleSync(store: store, api: api, queue: InlineQueue()).sync { heard.append($0) }
        #expect(heard == [PeopleSyncProgress(read: 0, total: 0)])
    }
}

/// Holds one task until the test opens it, and tells the test when it is held.
private final class Gate: @unchecked Sendable {
    private let held = AsyncStream<Void>.makeStream()
    private let opened = AsyncStream<Void>.makeStream()

    /// Called by the task held: returns once the test opens the gate.
    func hold() async {
        held.continuation.yield()
        for await _ in opened.stream {}
    }

    /// Returns once a task is held.
    func waitUntilHeld() async {
        for await _ in held.stream { return }
    }

    /// Lets the held task go on.
    func open() {
        opened.continuation.finish()
    }
}
