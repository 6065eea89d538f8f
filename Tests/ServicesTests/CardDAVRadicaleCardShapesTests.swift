import Foundation
import Models
import Services
import Testing
import TestSupport

/// Every shape of card a real export takes goes through a sync with a real Radicale without loss:
/// imported here and sent (in the form a CardDAV server takes: `VCard.serverForm`), each reads
/// back from the server as the same person, and the card kept here still exports byte for byte.
@Suite(.startsProcesses) struct CardDAVRadicaleCardShapesTests {
    /// A store in a new SQLite file, synced with book "contacts" of `server`.
    private struct Side {
        let store: SQLitePeopleStore
        let sync: PeopleSync
        let path: String

        init(_ server: RadicaleServer) throws {
            path = FileManager.default.temporaryDirectory.appendingPathComponent("carddav-\(UUID().uuidString).sqlite").path
            store = SQLitePeopleStore(database: try AppDatabase(path: path))
            let api = try CardDAVPeopleAPI(
                server: server.bookURL("contacts"),
                credentials: HTTPCredentials(user: server.user, password: server.password))
            sync = PeopleSync(store: store, api: api, queue: InlineQueue())
        }

        func end() {
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        }
    }

    @Test func everyShapeImportedHereIsSentAndReadsBackTheSame() async throws {
        let server = try await RadicaleServer.start()
        defer { server.stop() }
        try server.makeAddressBook(named: "contacts")
        let read = VCard.people(from: CardShape.file)
        let here = try Side(server)
        defer { here.end() }
        try here.store.add(read.people, cards: Dictionary(uniqueKeysWithValues: zip(read.people.map(\.id), read.cards)))
        let sent = try #require(try await here.sync.sync())
        #expect(sent.posted == CardShape.all.count, "\(String(describing: sent.postError))")
        #expect(try here.store.outboxStatus() == .empty)

        let elsewhere = try Side(server)
        defer { elsewhere.end() }
        let fetched = try #require(try await elsewhere.sync.sync())
        #expect(fetched.unreadableCards.isEmpty)
        #expect(fetched.fetched == CardShape.all.count)
        for person in read.people {
            #expect(try elsewhere.store.person(id: person.id) == person, "\(person.shownName)")
        }
        #expect(VCard.text(for: read.people, keeping: try here.store.keptCards(for: nil)) == CardShape.file)
        let again = try #require(try await here.sync.sync())
        #expect((again.posted, again.fetched, again.conflicts) == (0, 0, 0))
        #expect(VCard.text(for: read.people, keeping: try here.store.keptCards(for: nil)) == CardShape.file)
    }
}
