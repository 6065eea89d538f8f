import Foundation
import Models
import Services
import Testing
import TestSupport

/// What Xandikos does that Radicale does not, met by the CardDAV client and the sync: it checks
/// no password, and its sync tokens are the git tree ids of the book, so a card added and then
/// removed brings a token the client saw before, and a token it never gave is answered 412.
/// After every step the store holds the people of exactly the cards on the server, once each.
/// The scenarios both servers pass are in `CardDAVSyncTests`. One test at a time, as there:
/// Xandikos takes a second of CPU to start.
@Suite(.serialized, .startsProcesses) struct CardDAVXandikosTests {
    @Test func anyPasswordIsTakenForXandikosChecksNone() async throws {
        let server = try await XandikosServer.start()
        defer { server.stop() }
        let api = try CardDAVPeopleAPI(server: server.baseURL, credentials: HTTPCredentials(user: server.user, password: "wrong"))
        let changes = try await api.changes(since: nil)
        #expect(changes.isComplete)
        #expect(changes.changed.isEmpty)
    }

    /// Xandikos's token is the git tree id of the book: a card added and then removed gives the
    /// book the tree, and the token, it had before. The client, holding the token of the tree
    /// with the card, is told of the removal and given the old token again; a card added once
    /// more, changed or not, is a change from that token.
    @Test func aTokenThatComesBackAfterACardIsAddedAndRemovedLosesAndDoublesNothing() async throws {
        let fixture = try await CardDAVFixture(.xandikos, cards: CardDAVFixture.adaAndGrace)
        defer { fixture.end() }
        let server = try #require(fixture.server as? XandikosServer)
        let store = fixture.store
        let book = CardDAVFixture.book
        let sync = fixture.sync

        _ = try await sync.sync()
        let before = try #require(try fixture.keptToken())
        try await fixture.expectInStep("pulled")

        // Added on the server.
        try await server.seed(cards: [("katherine", DAVTestBodies.card("katherine", "Katherine", "Johnson"))], inBook: book)
        let added = try #require(try await sync.sync())
        #expect(added.fetched == 1)
        let withKatherine = try #require(try fixture.keptToken())
        #expect(withKatherine != before)
        try await fixture.expectInStep("added on the server")

        // Removed on the server: the token is the one from before it came.
        try await server.remove(uid: "katherine", inBook: book)
        let removed = try #require(try await sync.sync())
        #expect(removed.fetchError == nil)
        #expect(removed.removed == 1)
        #expect(try fixture.keptToken() == before)
        #expect(try store.person(id: "katherine") == nil)
        try await fixture.expectInStep("removed on the server")

        // Added again with other content: a new tree, a new token, the new card.
        try await server.seed(cards: [("katherine", DAVTestBodies.card("katherine", "Katherine", "Goble"))], inBook: book)
        let again = try #require(try await sync.sync())
        #expect(again.fetchError == nil)
        #expect(again.fetched == 1)
        #expect(try fixture.keptToken() != withKatherine)
        #expect(try store.person(id: "katherine")?.lastName == "Goble")
        try await fixture.expectInStep("added again, changed")

        // Removed, then added back as it first was: the token the client held two syncs ago.
        try await server.remove(uid: "katherine", inBook: book)
        _ = try await sync.sync()
        try await fixture.expectInStep("removed again")
        try await server.seed(cards: [("katherine", DAVTestBodies.card("katherine", "Katherine", "Johnson"))], inBook: book)
        let back = try #require(try await sync.sync())
        #expect(back.fetched == 1)
        #expect(try fixture.keptToken() == withKatherine)
        #expect(try store.person(id: "katherine")?.lastName == "Johnson")
        try await fixture.expectInStep("added back as it first was")

        // Removed and added back between two syncs: the same tree, so nothing to tell.
        try await server.remove(uid: "katherine", inBook: book)
        try await server.seed(cards: [("katherine", DAVTestBodies.card("katherine", "Katherine", "Johnson"))], inBook: book)
        let same = try #require(try await sync.sync())
        #expect(same.fetched == 0)
        #expect(same.removed == 0)
        try await fixture.expectInStep("removed and added back between syncs")

        // The program's own add and delete go the same way round.
        try store.add(Person(id: "alan", firstName: "Alan", lastName: "Turing"))
        _ = try await sync.sync()
        try await fixture.expectInStep("added here")
        try store.delete(id: "alan")
        _ = try await sync.sync()
        // That sync read the token of the tree with Alan before it sent the delete; the next
        // one is told of the delete and given the token from before Alan again.
        let last = try #require(try await sync.sync())
        #expect(last.fetched == 0)
        #expect(try fixture.keptToken() == withKatherine)
        try await fixture.expectInStep("deleted here")
    }

    @Test func aTokenXandikosDoesNotKnowMeansAFullListing() async throws {
        let fixture = try await CardDAVFixture(.xandikos, cards: CardDAVFixture.adaAndGrace)
        defer { fixture.end() }
        let server = try #require(fixture.server as? XandikosServer)
        let sync = fixture.sync
        _ = try await sync.sync()
        // A tree id no book ever had: Xandikos answers 412 with valid-sync-token.
        try fixture.forgetToken()
        try await server.remove(uid: "grace", inBook: CardDAVFixture.book)

        let report = try #require(try await sync.sync())
        #expect(report.fetchError == nil)
        #expect(report.removed == 1)
        #expect(try fixture.keptIDs() == ["ada"])
        try await fixture.expectInStep("listed in full")
    }
}
