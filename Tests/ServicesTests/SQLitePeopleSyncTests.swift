import Foundation
import Models
import Services
import Testing
import TestSupport

/// The two-way sync against the SQLite store, in a real database file: links, tokens, deletes
/// and conflicts survive a restart.
@Suite struct SQLitePeopleSyncTests {
    let ada = Person(id: "ada", firstName: "Ada", lastName: "Lovelace")
    let grace = Person(id: "grace", firstName: "Grace", lastName: "Hopper")

    private func withStore(_ body: (_ open: () throws -> SQLitePeopleStore) async throws -> Void) async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("people-sync-\(UUID().uuidString).sqlite").path
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
        try await body { SQLitePeopleStore(database: try AppDatabase(path: path)) }
    }

    @Test func howTheLastExchangeWentIsKeptWithTheStoreUntilALaterOneChangesIt() async throws {
        try await withStore { open in
            let api = ScriptedPeopleAPI(people: [grace])
            let (morning, noon, evening) = (
                Date(timeIntervalSince1970: 1_000), Date(timeIntervalSince1970: 2_000), Date(timeIntervalSince1970: 3_000)
            )
            _ = try await PeopleSync(store: try open(), api: api, queue: InlineQueue(), now: { morning }).sync()
            #expect(try open().syncOutcome() == SyncOutcome(upToDateAt: morning))

            api.failFetches(with: .noNetwork)
            let store = try open()
            try store.add(ada)
            _ = try await PeopleSync(store: store, api: api, queue: InlineQueue(), now: { noon }).sync()
            #expect(
                try open().syncOutcome() == SyncOutcome(upToDateAt: morning, pullFailure: PeopleAPIError.noNetwork.message, sent: 1),
                "the pull failed, the send went: both are kept, and when the book was last up to date")
            _ = try await PeopleSync(store: try open(), api: api, queue: InlineQueue(), now: { noon }).postPending()
            #expect(try open().syncOutcome().pullFailure == PeopleAPIError.noNetwork.message, "a send alone does not clear a failed pull")

            api.failFetches(with: nil)
            _ = try await PeopleSync(store: try open(), api: api, queue: InlineQueue(), now: { evening }).sync()
            #expect(try open().syncOutcome() == SyncOutcome(upToDateAt: evening))
        }
    }

    @Test func twoStoresOnOneFileTakeTheExchangeLockInTurn() async throws {
        try await withStore { open in
            let (first, second) = (try open(), try open())
            let held = try #require(try first.lockForExchange())
            #expect(try second.lockForExchange() == nil)
            #expect(try first.lockForExchange() == nil, "a second exchange of the same store waits too")
            let report = try #require(
                try await PeopleSync(
                    store: second, api: ScriptedPeopleAPI(), queue: InlineQueue(),
                    lockPatience: .milliseconds(250)
                ).sync())
            #expect(report.blockedByAnotherSync)
            held.release()
            // A program another test starts at this moment holds the lock file's description from
            // its fork to its exec (the descriptor closes on exec): the lock is free once it execs.
            try await yieldUntil("the lock is free again", within: .seconds(10)) { (try? second.lockForExchange()) != nil }
        }
    }

    /// A delete that meets the server's change (412) and cannot read the server's version waits
    /// to meet it again: settled at once, it left the person gone here for good, though the
    /// server kept their card, since the pull had already read past its change.
    @Test func aDeleteThatLostToAnEditWhoseVersionCannotBeReadWaitsAndBringsThePersonBackNextTime() async throws {
        try await withStore { open in
            let store = try open()
            let api = ScriptedPeopleAPI(people: [ada, grace])
            api.carryCardsWithChanges()
            let sync = PeopleSync(store: store, api: api, queue: InlineQueue())
            _ = try await sync.sync()
            var augusta = ada
            augusta.firstName = "Augusta Ada"
            api.storeElsewhere(VCard.text(for: [augusta]), at: ScriptedPeopleAPI.href(of: ada.id))
            try store.delete(id: ada.id)
            api.failCardReads(with: .serverError(status: 503))

            let refused = try #require(try await sync.sync())
            #expect(refused.deleted == 0)
            #expect(refused.postError == .serverError(status: 503))
            #expect(try store.pendingDeletes().count == 1, "the delete waits")

            api.failCardReads(with: nil)
            let next = try #require(try await sync.sync())
            #expect(next.deletesKeptByServer == ["Augusta Ada Lovelace"])
            #expect(try store.person(id: ada.id) == augusta)
            #expect(try store.pendingDeletes().isEmpty)
            #expect(api.known.map(\.firstName).sorted() == ["Augusta Ada", "Grace"])
        }
    }

    @Test func aPersonDeletedBeforeTheFirstSyncStaysDeletedAndTheDeleteIsSent() async throws {
        try await withStore { open in
            let store = try open()
            try store.add([ada])
            try store.delete(id: ada.id)
            let api = ScriptedPeopleAPI(people: [ada, grace])
            let report = try #require(try await PeopleSync(store: store, api: api, queue: InlineQueue()).sync())
            #expect(report.deleted == 1)
            #expect(api.known == [grace])
            #expect(try open().people(matching: "", sortedBy: .lastName, offset: 0, limit: 10) == [grace])
        }
    }

    @Test func peopleKeptBeforeAreSentOnTheFirstSyncAndLinked() async throws {
        try await withStore { open in
            let store = try open()
            try store.add([ada])
            try store.markPosted(ada.id)  // kept before any CardDAV book
            let api = ScriptedPeopleAPI(people: [grace])
            let report = try #require(try await PeopleSync(store: store, api: api, queue: InlineQueue()).sync())
            #expect(report.fetched == 1)
            #expect(report.posted == 1)
            #expect(Set(api.known.map(\.id)) == ["ada", "grace"])
            let reopened = try open()
            #expect(try reopened.serverState(for: api.identity).versions.count == 2)
            #expect(try reopened.pendingPosts().isEmpty)
        }
    }

    @Test func anEditADeleteAndAConflictReachTheServerAcrossARestart() async throws {
        try await withStore { open in
            let api = ScriptedPeopleAPI(people: [ada, grace])
            _ = try await PeopleSync(store: try open(), api: api, queue: InlineQueue()).sync()

            let store = try open()
            var renamed = grace
            renamed.firstName = "Amazing Grace"
            try store.update(renamed, at: Date())
            try store.delete(id: ada.id)
            var there = grace
            there.lastName = "Murray"
            api.storeElsewhere(VCard.text(for: [there]), at: ScriptedPeopleAPI.href(of: grace.id))

            let report = try #require(try await PeopleSync(store: try open(), api: api, queue: InlineQueue()).postPending())
            #expect(report.deleted == 1)
            #expect(report.conflicts == 1)
            let reopened = try open()
            #expect(try reopened.person(id: grace.id)?.lastName == "Murray")
            #expect(Set(api.known.map(\.fullName)) == ["Grace Murray", "Amazing Grace Hopper"])
            #expect(api.known.first { $0.fullName == "Amazing Grace Hopper" }?.conflictOf == grace.id, "marked in the card, not the name")
            #expect(try reopened.pendingDeletes().isEmpty)
        }
    }

    @Test func aCardTheServerChangedIsReadAgainAndOneItRemovedGoes() async throws {
        try await withStore { open in
            let api = ScriptedPeopleAPI(people: [ada, grace])
            let sync = PeopleSync(store: try open(), api: api, queue: InlineQueue())
            _ = try await sync.sync()
            let unknownProperty =
                "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:ada\r\nN:Lovelace;Augusta Ada;;;\r\nFN:Augusta Ada Lovelace\r\nX-ODD;TYPE=weird:keep me\r\nEND:VCARD\r\n"
            api.storeElsewhere(unknownProperty, at: ScriptedPeopleAPI.href(of: ada.id))
            api.removeElsewhere(at: ScriptedPeopleAPI.href(of: grace.id))
            let report = try #require(try await sync.sync())
            #expect(report.fetched == 1)
            #expect(report.removed == 1)
            let store = try open()
            #expect(try store.person(id: ada.id)?.firstName == "Augusta Ada")
            #expect(try store.person(id: grace.id) == nil)
            #expect(try store.keptCards(for: [ada.id])[ada.id] == unknownProperty)  // kept byte for byte
        }
    }
}
