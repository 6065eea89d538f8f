import Foundation
import Models
import Screens
import Testing
import TestSupport

/// The People screen with a people server, end to end in memory: the list, the real sync and a
/// scripted server; each test waits for the screen to be no longer busy.
@MainActor
struct PeopleServerTests: PeopleTesting {
    let store = InMemoryPeopleStore()
    let preferences = InMemoryPreferences()
    let files = InMemoryTextFiles()

    @Test func syncMergesTheServersPeopleWithoutDuplicates() async throws {
        let ada = Person(id: "ada", firstName: "Ada", lastName: "Lovelace")
        try store.merge([ada])
        let api = ScriptedPeopleAPI(people: [ada, Person(id: "grace", firstName: "Grace", lastName: "Hopper")])
        let people = makeViewModel(api: api)
        let (header, rows) = (ValueRecorder(people.syncStatus.text), ValueRecorder(people.rows.map { $0.map(\.nameText) }))
        await untilIdle(people.isBusy)
        #expect(rows.values == [["Ada Lovelace"], ["Grace Hopper", "Ada Lovelace"]])
        #expect(header.values == ["Syncing…", "Syncing… 0 of 2 cards", "Syncing… 2 of 2 cards", "Synced at 09:40"])
    }

    @Test func anUnreadableOutboxSaysTheSyncIsUnknownNotSynced() async throws {
        let api = ScriptedPeopleAPI(people: [Person(id: "ada", firstName: "Ada", lastName: "Lovelace")])
        store.failOutbox = InMemoryGameLibrary.Failure(description: "disk I/O error")
        let people = makeViewModel(api: api)
        let (header, problem) = (ValueRecorder(people.syncStatus.text), ValueRecorder(people.syncStatus.isProblem))
        await untilIdle(people.isBusy)
        #expect(
            header.values == [
                "Syncing…", "Syncing… 0 of 1 card", "Syncing… 1 of 1 card", "Sync unknown: the outbox cannot be read: disk I/O error",
            ])
        #expect(problem.values == [false, true])
    }

    @Test func aDeleteIsSentAtOnce() async throws {
        let ada = Person(id: "ada", firstName: "Ada", lastName: "Lovelace")
        let api = ScriptedPeopleAPI(people: [ada, Person(id: "grace", firstName: "Grace", lastName: "Hopper")])
        let people = makeViewModel(api: api)
        await untilIdle(people.isBusy)
        let header = ValueRecorder(people.syncStatus.text)
        people.prompt.askToDelete()  // Hopper, first by last name
        people.prompt.confirm(true)
        await untilIdle(people.isBusy)
        #expect(api.known == [ada])
        #expect(store.outbox.isEmpty)
        #expect(header.values == ["Synced at 09:40", "Sending…", "Synced at 09:40"])
    }

    @Test func aDeleteThatCannotBeSentWaitsAndSaysWhy() async throws {
        let ada = Person(id: "ada", firstName: "Ada", lastName: "Lovelace")
        let api = ScriptedPeopleAPI(people: [ada, Person(id: "grace", firstName: "Grace", lastName: "Hopper")])
        let people = makeViewModel(api: api)
        await untilIdle(people.isBusy)
        api.failDeletes(with: .noNetwork)
        let (header, problem) = (ValueRecorder(people.syncStatus.text), ValueRecorder(people.syncStatus.isProblem))
        people.prompt.askToDelete()
        people.prompt.confirm(true)
        await untilIdle(people.isBusy)
        #expect(
            header.values == [
                "Synced at 09:40", "Sending…", "1 person waiting to be sent: no network: the people server could not be reached",
            ])
        #expect(problem.values == [false, true])
    }

    @Test func aFailedPostIsKeptAndRetried() async throws {
        let ada = Person(id: "ada", firstName: "Ada", lastName: "Lovelace")
        try store.add(ada)
        let api = ScriptedPeopleAPI()
        api.failPosts(of: "ada", with: .serverError(status: 500))
        let people = makeViewModel(api: api)
        let (header, problem) = (ValueRecorder(people.syncStatus.text), ValueRecorder(people.syncStatus.isProblem))
        await untilIdle(people.isBusy)
        #expect(store.outbox.map(\.person) == [ada])
        api.failPosts(of: "ada", with: nil)
        people.syncStatus.syncNow()
        await untilIdle(people.isBusy)
        #expect(
            header.values == ["Syncing…", "1 person waiting to be sent: the people server answered 500", "Syncing…", "Synced at 09:40"])
        #expect(problem.values == [false, true, false])
        #expect(store.outbox.isEmpty)
        #expect(api.known == [ada])
    }

    @Test func theHeaderCountsTheCardsReadUpWhileTheListFillsIn() async throws {
        let api = ScriptedPeopleAPI(people: (0..<300).map { Person(id: "p\($0)", firstName: "P\($0)", lastName: "Person") })
        let people = makeViewModel(api: api)
        let text = ValueRecorder(people.syncStatus.text)
        await untilIdle(people.isBusy)
        #expect(
            text.values == [
                "Syncing…", "Syncing… 0 of 300 cards", "Syncing… 250 of 300 cards",
                "Syncing… 300 of 300 cards", "Synced at 09:40",
            ])
        #expect(latest(people.matchCount) == 300)
    }

    @Test func rReadsWhatChangedOnTheServerThenSends() async throws {
        let api = ScriptedPeopleAPI(people: [Person(id: "ada", firstName: "Ada", lastName: "Lovelace")])
        let people = makeViewModel(api: api)
        await untilIdle(people.isBusy)
        api.storeElsewhere(
            VCard.text(for: [Person(id: "grace", firstName: "Grace", lastName: "Hopper")]),
            at: ScriptedPeopleAPI.href(of: "grace"))
        try store.add(Person(id: "alan", firstName: "Alan", lastName: "Turing"))
        let (header, rows) = (ValueRecorder(people.syncStatus.text), ValueRecorder(people.rows.map { $0.map(\.nameText) }))
        people.syncStatus.syncNow()
        await untilIdle(people.isBusy)
        #expect(rows.values == [["Ada Lovelace"], ["Ada Lovelace", "Alan Turing"], ["Grace Hopper", "Ada Lovelace", "Alan Turing"]])
        #expect(Set(api.known.map(\.id)) == ["ada", "grace", "alan"])
        #expect(header.values == ["Synced at 09:40", "Syncing…", "Syncing… 0 of 1 card", "Syncing… 1 of 1 card", "Synced at 09:40"])
    }

    @Test func anEditMadeHereAndOnTheServerIsAnnouncedWithBothVersionsKept() async throws {
        let ada = Person(id: "ada", firstName: "Ada", lastName: "Lovelace")
        let api = ScriptedPeopleAPI(people: [ada])
        let people = makeViewModel(api: api)
        await untilIdle(people.isBusy)
        var there = ada
        there.firstName = "Augusta"
        api.storeElsewhere(VCard.text(for: [there]), at: ScriptedPeopleAPI.href(of: "ada"))
        var here = ada
        here.firstName = "Countess"
        try store.update(here, at: Date())
        let (message, problem) = (ValueRecorder(people.message), ValueRecorder(people.messageIsProblem))
        people.syncStatus.syncNow()
        await untilIdle(people.isBusy)
        #expect(message.values == ["Pulled 1", "Pulled 1, sent 1; 1 person changed here and on the server: v on the conflict settles it"])
        #expect(problem.values == [false, true])
        #expect(names(people) == ["Augusta Lovelace", "Countess Lovelace"])
        #expect(latest(people.rows).map(\.badgeText) == ["", "conflict"])
        #expect(latest(people.syncStatus.text) == "Synced at 09:40")
    }

    @Test func aCardTheServerHoldsThatCannotBeReadIsNamedAndLeftAlone() async throws {
        let api = ScriptedPeopleAPI()
        // Cut short: the card's END:VCARD never comes.
        api.storeElsewhere("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ada Lovel", at: "/ada/contacts/broken.vcf")
        let people = makeViewModel(api: api)
        let message = ValueRecorder(people.message)
        await untilIdle(people.isBusy)
        #expect(message.values == ["", "Cannot read the server's card /ada/contacts/broken.vcf, left as it is"])
        #expect(api.cardTexts["/ada/contacts/broken.vcf"] == "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ada Lovel")
    }

    @Test func rPressedDuringASyncReadsTheServerOnceMoreAfterIt() async throws {
        let api = ScriptedPeopleAPI()
        let gate = AsyncStream<Void>.makeStream()
        api.beforeEachPost { _ in for await _ in gate.stream {} }
        try store.add(Person(id: "ada", firstName: "Ada", lastName: "Lovelace"))
        let people = makeViewModel(api: api)
        try await yieldUntil("the sync to send its first card") { !api.attemptedPosts.isEmpty }
        api.storeElsewhere(
            VCard.text(for: [Person(id: "grace", firstName: "Grace", lastName: "Hopper")]),
            at: ScriptedPeopleAPI.href(of: "grace"))
        let (busy, header) = (ValueRecorder(people.isBusy), ValueRecorder(people.syncStatus.text))
        people.syncStatus.syncNow()
        gate.continuation.finish()
        await untilIdle(people.isBusy)
        #expect(busy.values == [true, false], "the r joins the sync under way")
        #expect(names(people) == ["Grace Hopper", "Ada Lovelace"])
        #expect(
            header.values == ["Syncing…", "Syncing… 0 of 1 card", "Syncing… 1 of 1 card", "Synced at 09:40"],
            "Syncing… until both passes end")
    }
}
