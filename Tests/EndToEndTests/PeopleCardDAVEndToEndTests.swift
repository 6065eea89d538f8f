import Foundation
import Testing
import TestSupport

/// The People screen's CardDAV sync in the real binary, in tmux, against a real Radicale on
/// loopback (issue 19): a person added on screen reaches the server as a card; one the server
/// holds shows when the tab opens, and deleted on screen is deleted there; a card changed on the
/// server shows changed after `r`; with the server gone, the people kept stay on screen and
/// the header says the sync failed; and what waits while the server does not answer is sent by
/// itself once it does.
///
/// The program finds the address book from the server's root, as a user would set it up; the
/// server's side is read and written through Radicale's storage (`RadicaleServer`).
@Suite(.serialized, .startsProcesses) struct PeopleCardDAVEndToEndTests {
    private static let book = "contacts"
    private let dataDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("mvvm-tui-e2e-data-\(UUID().uuidString)").path

    @Test func aPersonAddedOnScreenReachesTheServer() async throws {
        let server = try await Self.startServer()
        defer { server.stop() }
        let session = try await open(server)
        try await session.waitFor("No one here yet")
        try await session.waitFor("Synced")
        try await session.addPerson(["Ada", "Lovelace", "1815-12-10"])
        try await session.waitFor("Added Ada Lovelace")
        let uids = try await Self.poll("a card on the server", server) { server.cardUIDs(inBook: Self.book).count == 1 }
        let card = try #require(server.card(uid: uids[0], inBook: Self.book))
        #expect(card.contains("FN:Ada Lovelace"))
        #expect(card.contains("N:Lovelace;Ada;"))
        #expect(card.contains("BDAY:1815-12-10") || card.contains("BDAY:18151210"))
        try await session.waitFor("Synced")
    }

    @Test func aPersonFromTheServerShowsAndDeletedOnScreenLeavesTheServer() async throws {
        let server = try await Self.startServer()
        defer { server.stop() }
        try server.seed(
            cards: [("ada", Self.card("ada", "Ada", "Lovelace")), ("grace", Self.card("grace", "Grace", "Hopper"))],
            inBook: Self.book)
        let session = try await open(server)
        try await session.waitFor("Synced")
        #expect(try await session.waitFor("Grace Hopper").contains("Ada Lovelace"))
        // By last name Hopper comes first, so the cursor is on her.
        try await session.type("d")
        try await session.waitFor("Delete Grace Hopper? y/n")
        try await session.type("y")
        try await session.waitFor("Deleted Grace Hopper")
        try await Self.poll("Grace's card gone from the server", server) { server.cardUIDs(inBook: Self.book) == ["ada"] }
        try await session.waitFor("Synced")
    }

    /// Needs `r` to read the server before it sends (a full sync); while `r` only sends the
    /// outbox, the change shows only on the next launch.
    @Test func aCardChangedOnTheServerShowsAfterR() async throws {
        let server = try await Self.startServer()
        defer { server.stop() }
        try server.seed(cards: [("grace", Self.card("grace", "Grace", "Hopper"))], inBook: Self.book)
        let session = try await open(server)
        try await session.waitFor("Grace Hopper")
        try await session.waitFor("Synced")
        try server.seed(cards: [("grace", Self.card("grace", "Grace", "Murray"))], inBook: Self.book)
        try await session.type("r")
        let changed = try await session.waitFor("Grace Murray")
        #expect(!changed.contains("Grace Hopper"))
        try await session.waitFor("Synced")
    }

    @Test func withTheServerGoneThePeopleKeptStayAndTheHeaderSaysTheSyncFailed() async throws {
        let server = try await Self.startServer()
        defer { server.stop() }
        try server.seed(cards: [("grace", Self.card("grace", "Grace", "Hopper"))], inBook: Self.book)
        let first = try await open(server)
        try await first.waitFor("Grace Hopper")
        try await first.waitFor("Synced")
        try await first.type("q")
        #expect(try await first.waitForExit().status == 0)
        server.stop()

        let second = try await open(server)
        let failed = try await second.waitFor("Sync failed")
        #expect(failed.contains("Grace Hopper"))
        // A reload of the list (a new order) reads the outcome kept with the store again.
        try await second.type("s")
        let reloaded = try await second.waitFor("by first name")
        #expect(reloaded.contains("Sync failed"), "a reload never turns a failure into Synced")
        #expect(!reloaded.contains("Synced"))
    }

    /// Radicale stops answering (SIGSTOP) before the program starts with a person waiting: each
    /// request times out, and the header says why the sync failed and what waits. Once Radicale
    /// answers again, the person is sent by itself, with no key pressed, 5 s after the failure.
    @Test func whatWaitsIsSentByItselfOnceTheServerAnswersAgain() async throws {
        let server = try await Self.startServer()
        defer { server.stop() }
        let file = dataDirectory + "-ada.vcf"
        try Data(Self.card("ada", "Ada", "Lovelace").utf8).write(to: URL(fileURLWithPath: file))
        defer { try? FileManager.default.removeItem(atPath: file) }
        let imported = try await TmuxSession.runForStatus(
            try ProgramUnderTest.path(),
            ["people", "--import", file, "--data-dir", dataDirectory])
        #expect(imported.status == 0, "\(imported.error)")

        server.pause()
        let session = try await open(server)
        // The book is looked for twice (the pull, then the add), 10 s each.
        try await session.waitFor(
            "Sync failed: the people server did not answer in time; 1 person waiting to be sent",
            timeout: .seconds(40))
        server.resume()
        try await session.waitFor("Synced", timeout: .seconds(30))
        try await Self.poll("Ada's card on the server", server) { server.cardUIDs(inBook: Self.book) == ["ada"] }
    }

    // MARK: - Helpers

    /// Radicale with one empty address book.
    private static func startServer() async throws -> RadicaleServer {
        let server = try await RadicaleServer.start(https: false)
        try server.makeAddressBook(named: book, displayName: "Contacts")
        return server
    }

    /// The program on the People tab, syncing with `server` from its root, on this test's data.
    private func open(_ server: RadicaleServer) async throws -> TmuxSession {
        try await TmuxSession(
            arguments: ["--tab", "people", "--data-dir", dataDirectory],
            environment: [
                "MVVM_TUI_PEOPLE_API": server.baseURL.absoluteString,
                "MVVM_TUI_PEOPLE_USER": server.user,
                "MVVM_TUI_PEOPLE_PASSWORD": server.password,
            ])
    }

    static func card(_ uid: String, _ given: String, _ family: String) -> String {
        "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:\(uid)\r\nN:\(family);\(given);;;\r\nFN:\(given) \(family)\r\nEND:VCARD\r\n"
    }

    /// Waits until `condition` holds of the server's storage, and returns its cards' UIDs; fails
    /// after `timeout` with what the book holds and the end of Radicale's log.
    @discardableResult
    private static func poll(
        _ what: String, _ server: RadicaleServer, timeout: Duration = .seconds(10),
        _ condition: () -> Bool
    ) async throws -> [String] {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        while !condition() {
            guard clock.now < deadline else {
                throw TmuxSession.Failure(
                    description: "waited \(timeout) for \(what); the book holds "
                        + "\(server.cardUIDs(inBook: book)); Radicale's log ends:\n\(server.logTail())")
            }
            try await Task.sleep(for: .milliseconds(50))
        }
        return server.cardUIDs(inBook: book)
    }
}
