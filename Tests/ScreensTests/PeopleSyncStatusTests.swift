import Foundation
import Models
import Screens
import Testing
import TestSupport

/// The People screen's exchange with the people server, and what its header says of it.
@MainActor
struct PeopleSyncStatusTests: PeopleTesting {
    let store = InMemoryPeopleStore()
    let preferences = InMemoryPreferences()
    let files = InMemoryTextFiles()

    @Test func syncMergesTheServersPeopleWithoutDuplicates() async throws {
        let ada = Person(id: "ada", firstName: "Ada", lastName: "Lovelace")
        try store.merge([ada])
        let api = ScriptedPeopleAPI(people: [ada, Person(id: "grace", firstName: "Grace", lastName: "Hopper")])
        let people = makeViewModel(api: api)
        await people.syncStatus.task?.value
        #expect(names(people) == ["Grace Hopper", "Ada Lovelace"])
        #expect(latest(people.syncStatus.text) == "Synced")
    }

    @Test func aFailedPostIsKeptAndRetried() async throws {
        let ada = Person(id: "ada", firstName: "Ada", lastName: "Lovelace")
        try store.add(ada)
        let api = ScriptedPeopleAPI()
        api.failPosts(of: "ada", with: .serverError(status: 500))
        let people = makeViewModel(api: api)
        await people.syncStatus.task?.value
        #expect(latest(people.syncStatus.text) == "1 person waiting to be sent: the people server answered 500")
        #expect(latest(people.syncStatus.isProblem))
        #expect(store.outbox.map(\.person) == [ada])
        api.failPosts(of: "ada", with: nil)
        people.syncStatus.retry()
        await people.syncStatus.task?.value
        #expect(latest(people.syncStatus.text) == "Synced")
        #expect(store.outbox.isEmpty)
        #expect(api.known == [ada])
    }
}
