import Foundation
import Models
import Services
import Testing
import TestSupport

/// A sync's writes against Radicale on loopback, sent through real curl several at a time over
/// shared connections: one card the server refuses stops no other, each answer is kept as it
/// comes, and a run of many cards is one curl process.
@Suite(.serialized, .startsProcesses) struct CardDAVSendTests {
    private static let book = "contacts"

    /// A store in a new SQLite file, synced with Radicale's book through `client` (real curl unless given).
    private struct Side {
        let store: SQLitePeopleStore
        let sync: PeopleSync
        let path: String

        init(_ server: RadicaleServer, inFlight: Int = 4, client: (any HTTPClient)? = nil) throws {
            path = FileManager.default.temporaryDirectory.appendingPathComponent("send-\(UUID().uuidString).sqlite").path
            store = SQLitePeopleStore(database: try AppDatabase(path: path))
            let api = try CardDAVPeopleAPI(
                server: server.bookURL(CardDAVSendTests.book),
                credentials: HTTPCredentials(user: server.user, password: server.password), client: client,
                requestsInFlight: inFlight)
            sync = PeopleSync(store: store, api: api, queue: InlineQueue())
        }

        func end() {
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        }
    }

    private static func people(_ count: Int) -> [Person] {
        (0..<count).map { Person(id: String(format: "p%02d", $0), firstName: "Given\($0)", lastName: "Family\($0)") }
    }

    @Test(arguments: [1, 4])
    func aCardTheServerRefusesAmongManyInFlightStopsNoOther(_ inFlight: Int) async throws {
        let server = try await RadicaleServer.start()
        defer { server.stop() }
        try server.makeAddressBook(named: Self.book)
        // p07 is on the server already, as someone else: its If-None-Match: * meets a 412.
        try server.seed(cards: [("p07", DAVTestBodies.card("p07", "Someone", "Else"))], inBook: Self.book)
        let here = try Side(server, inFlight: inFlight)
        defer { here.end() }
        try here.store.add(Self.people(24))

        let report = try #require(try await here.sync.postPending())
        #expect(report.posted == 23)
        #expect(report.failedPosts == 1)
        #expect(report.postError == .changedOnServer)
        #expect(server.cardUIDs(inBook: Self.book) == Self.people(24).map(\.id))
        #expect(server.card(uid: "p07", inBook: Self.book)?.contains("FN:Someone Else") == true)
        #expect(try here.store.outboxStatus().pendingCount == 1)
        // Every other card is linked to its version on the server: a sync changes nothing more.
        let again = try #require(try await here.sync.postPending())
        #expect(again.posted == 0)
        #expect(server.cardUIDs(inBook: Self.book).count == 24)
    }

    @Test func manyCardsAndTheirDeletesGoInOneCurlProcessEach() async throws {
        let server = try await RadicaleServer.start()
        defer { server.stop() }
        try server.makeAddressBook(named: Self.book)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("curl-count-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // A curl that notes each start, then is curl.
        let counter = folder.appendingPathComponent("curl").path
        let starts = folder.appendingPathComponent("starts").path
        let script = "#!/bin/sh\necho started >> '\(starts)'\nexec curl \"$@\"\n"
        #expect(FileManager.default.createFile(atPath: counter, contents: Data(script.utf8), attributes: [.posixPermissions: 0o700]))
        func started() -> Int {
            ((try? String(contentsOfFile: starts, encoding: .utf8)) ?? "").split(separator: "\n").count
        }
        let here = try Side(server, client: CurlHTTPClient(curl: counter, maximumBodySize: CardDAVPeopleAPI.maximumBodySize))
        defer { here.end() }
        try here.store.add(Self.people(40))

        let sent = try #require(try await here.sync.postPending())
        #expect(sent.posted == 40)
        #expect(server.cardUIDs(inBook: Self.book).count == 40)
        #expect(started() == 2, "the book's PROPFIND, then one curl for the 40 PUTs")

        for person in Self.people(40) { try here.store.delete(id: person.id) }
        let deleted = try #require(try await here.sync.postPending())
        #expect(deleted.deleted == 40)
        #expect(server.cardUIDs(inBook: Self.book).isEmpty)
        #expect(started() == 3, "one curl for the 40 DELETEs")
    }
}
