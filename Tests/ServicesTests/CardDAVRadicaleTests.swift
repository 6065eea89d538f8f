import Foundation
import Models
import Services
import Testing
import TestSupport

/// The CardDAV client and the two-way sync against a real Radicale on loopback.
@Suite struct CardDAVRadicaleTests {
    static func card(_ uid: String, _ given: String, _ family: String, extra: String = "") -> String {
        "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:\(uid)\r\nN:\(family);\(given);;;\r\nFN:\(given) \(family)\r\n\(extra)END:VCARD\r\n"
    }

    private func api(_ server: RadicaleServer, url: URL? = nil, password: String? = nil) throws -> CardDAVPeopleAPI {
        try CardDAVPeopleAPI(server: url ?? server.baseURL, credentials: HTTPCredentials(user: server.user, password: password ?? server.password),
                             certificateAuthorities: server.caFile)
    }

    @Test(arguments: [false, true])
    func theBookIsFoundFromTheServersRootAndItsCardsAreRead(https: Bool) async throws {
        let server = try await RadicaleServer.start(https: https)
        defer { server.stop() }
        try server.makeAddressBook(named: "contacts", displayName: "Contacts")
        try server.seed(cards: [("ada", Self.card("ada", "Ada", "Lovelace", extra: "X-ODD;TYPE=weird:keep me\r\n")),
                                ("grace", Self.card("grace", "Grace", "Hopper"))], inBook: "contacts")
        let people = try await api(server).getPeople()
        #expect(Set(people.map(\.fullName)) == ["Ada Lovelace", "Grace Hopper"])
    }

    @Test func pullPushEditDeleteAndAConflictAgainstRadicale() async throws {
        let server = try await RadicaleServer.start()
        defer { server.stop() }
        let book = try server.makeAddressBook(named: "contacts")
        try server.seed(cards: [("ada", Self.card("ada", "Ada", "Lovelace", extra: "X-ODD;TYPE=weird:keep me\r\n")),
                                ("grace", Self.card("grace", "Grace", "Hopper"))], inBook: "contacts")
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("carddav-\(UUID().uuidString).sqlite").path
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
        let store = SQLitePeopleStore(database: try AppDatabase(path: path))
        let sync = PeopleSync(store: store, api: try api(server, url: book), runner: InlineRunner())

        let first = try #require(try await sync.sync())
        #expect(first.fetched == 2)
        #expect(first.fetchError == nil)

        // Added here: reaches the server. Deleted here: leaves it.
        try store.add(Person(id: "katherine", firstName: "Katherine", lastName: "Johnson"))
        try store.delete(id: "grace")
        let second = try #require(try await sync.sync())
        #expect(second.posted == 1)
        #expect(second.deleted == 1)
        #expect(server.cardUIDs(inBook: "contacts") == ["ada", "katherine"])

        // Edited here: the card keeps what the program does not show.
        var ada = try #require(try store.person(id: "ada"))
        ada.firstName = "Augusta Ada"
        try store.update(ada, at: Date())
        _ = try await sync.postPending()
        let stored = try #require(server.card(uid: "ada", inBook: "contacts"))
        #expect(stored.contains("Augusta Ada"))
        #expect(stored.contains("X-ODD;TYPE=weird:keep me"))

        // Changed on the server: read again by the next sync (sync-collection).
        try server.seed(cards: [("katherine", Self.card("katherine", "Katherine", "Goble"))], inBook: "contacts")
        _ = try await sync.sync()
        #expect(try store.person(id: "katherine")?.lastName == "Goble")

        // Changed on both sides: the server's wins, the local one is kept as a copy.
        try server.seed(cards: [("katherine", Self.card("katherine", "Katherine", "Coleman"))], inBook: "contacts")
        var local = try #require(try store.person(id: "katherine"))
        local.firstName = "Kathy"
        try store.update(local, at: Date())
        let fourth = try #require(try await sync.postPending())
        #expect(fourth.conflicts == 1)
        #expect(try store.person(id: "katherine")?.lastName == "Coleman")
        #expect(server.cardUIDs(inBook: "contacts").count == 3)
    }

    @Test func aWrongPasswordNamesTheAccount() async throws {
        let server = try await RadicaleServer.start()
        defer { server.stop() }
        try server.makeAddressBook(named: "contacts")
        await #expect(throws: PeopleAPIError.unauthorized(account: "ada@127.0.0.1")) {
            _ = try await api(server, password: "wrong").changes(since: nil)
        }
    }

    @Test func plainHTTPToAnotherMachineIsRefused() {
        #expect(throws: PeopleAPIError.self) {
            _ = try CardDAVPeopleAPI(server: URL(string: "http://dav.example.org/")!)
        }
    }
}

extension CardDAVRadicaleTests {
    /// After a restart an edit may go out before any pull: the API finds its book first.
    @Test func anEditSentBeforeAnyPullFindsTheBookFirst() async throws {
        let server = try await RadicaleServer.start()
        defer { server.stop() }
        try server.makeAddressBook(named: "contacts")
        try server.seed(cards: [("ada", Self.card("ada", "Ada", "Lovelace"))], inBook: "contacts")
        let href = "/\(server.user)/contacts/ada.vcf"
        let fresh = try CardDAVPeopleAPI(server: server.baseURL, credentials: HTTPCredentials(user: server.user, password: server.password))
        _ = try await fresh.update(Self.card("ada", "Augusta", "Lovelace"), at: href, ifMatching: nil)
        #expect(server.card(uid: "ada", inBook: "contacts")?.contains("Augusta") == true)
    }
}
