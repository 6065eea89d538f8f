import Foundation
import Models
import Services
import Testing
import TestSupport

/// A server that stores a new card under a name of its own, met by the sync against a real
/// Radicale with its answers to `PUT` changed by a `RecordingHTTPClient`: the card is where the
/// answer's `Location` says, or where the program finds it, or, when neither tells, where the next
/// pull finds the card of its UID. After every sync the store holds one person for each card on
/// the server, and the server each card once (`CardDAVServerQuirksTests` meets the other quirks).
@Suite(.startsProcesses) struct CardDAVServerOwnNamesTests {
    /// How a server that stores a new card under a name of its own answers the `PUT`.
    enum OwnNameAnswer: String, CaseIterable, CustomTestStringConvertible {
        /// 201 with `Location:` naming where the card is, and its ETag.
        case location
        /// 201 with neither `Location` nor `ETag`.
        case neitherLocationNorETag
        /// 201 with its ETag and no `Location`, as if the card were where it was sent.
        case etagWithoutLocation

        var testDescription: String { rawValue }
    }

    /// Puts each new card (`If-None-Match: *`) under `server-<uuid>.vcf` in the same book, and
    /// answers as `answer` says.
    private static func storingUnderNamesOfItsOwn(answering answer: OwnNameAnswer) -> RecordingHTTPClient.Rewrite {
        { request, pass in
            guard request.method == .put, request.headers["If-None-Match"] == "*" else { return try await pass(request) }
            var moved = request
            moved.url = request.url.deletingLastPathComponent().appendingPathComponent("server-\(UUID().uuidString).vcf")
            let stored = try await pass(moved)
            switch answer {
            case .location:
                return HTTPResponse(status: stored.status, body: stored.body, etag: stored.etag, url: request.url, location: moved.url.path)
            case .neitherLocationNorETag:
                return HTTPResponse(status: stored.status, body: stored.body, etag: nil, url: request.url, location: nil)
            case .etagWithoutLocation:
                return HTTPResponse(status: stored.status, body: stored.body, etag: stored.etag, url: request.url, location: nil)
            }
        }
    }

    /// Adds Alan Turing (with a UUID for id when `uuid`, as the screen adds people, else `alan`, as
    /// an import may) and syncs: the card is sent once, and the add succeeds.
    private static func addAndSend(uuid: Bool, in fixture: CardDAVFixture) async throws -> Person {
        let alan = uuid ? Person(firstName: "Alan", lastName: "Turing") : Person(id: "alan", firstName: "Alan", lastName: "Turing")
        try fixture.store.add(alan)
        let first = try #require(try await fixture.sync.sync())
        #expect(first.posted == 1)
        #expect(first.postError == nil)
        return alan
    }

    /// A server may store a new card under a name of its own (RFC 6352, section 6.3.2.4): the
    /// person added here is linked to the card where it is, at once when the answer says where
    /// or the card is found, else by its UID at the next pull (the place kept unconfirmed till
    /// then), so the next syncs neither send it again nor take it for someone new. People added
    /// on the screen have UUIDs for ids (their cards' UID is `urn:uuid:…`); people imported may
    /// have any.
    @Test(arguments: OwnNameAnswer.allCases, [true, false])
    func aCardTheServerStoresUnderANameOfItsOwnIsNotSentTwice(answer: OwnNameAnswer, uuid: Bool) async throws {
        let fixture = try await CardDAVFixture(rewrite: Self.storingUnderNamesOfItsOwn(answering: answer))
        defer { fixture.end() }
        let alan = try await Self.addAndSend(uuid: uuid, in: fixture)
        let radicale = try #require(fixture.server as? RadicaleServer)
        #expect(radicale.cardFileNames(inBook: CardDAVFixture.book).map { $0.hasPrefix("server-") } == [true])
        try await fixture.expectInStep("sent")

        for step in ["synced again", "synced a third time"] {
            let again = try #require(try await fixture.sync.sync())
            #expect(again.fetchError == nil, Comment(rawValue: step))
            #expect(again.posted == 0, Comment(rawValue: step))
            // Linked by its UID: the card is read once, where the server put it.
            #expect(again.fetched == (answer == .etagWithoutLocation && step == "synced again" ? 1 : 0), Comment(rawValue: step))
            #expect(again.removed == 0, Comment(rawValue: step))
            #expect(radicale.cardFileNames(inBook: CardDAVFixture.book).count == 1, Comment(rawValue: step))
            #expect(try fixture.store.person(id: alan.id) == alan, Comment(rawValue: step))
            try await fixture.expectInStep(Comment(rawValue: step))
        }
        #expect(try fixture.keptETags().keys.map { $0.contains("/server-") } == [true])
    }

    /// Against both servers: a card stored under another name, answered with its ETag and no
    /// `Location` as if it were where it was sent, is linked by its UID at the next pull; an
    /// edit made here meanwhile goes to where the card is.
    @Test(arguments: CardDAVServerKind.both)
    func aCardStoredWhereTheAnswerDoesNotSayIsLinkedByItsUID(_ kind: CardDAVServerKind) async throws {
        let fixture = try await CardDAVFixture(kind, rewrite: Self.storingUnderNamesOfItsOwn(answering: .etagWithoutLocation))
        defer { fixture.end() }
        var alan = try await Self.addAndSend(uuid: true, in: fixture)
        alan.firstName = "Alan M."
        try fixture.store.update(alan, at: Date())
        let next = try #require(try await fixture.sync.sync())
        #expect(next.posted == 1)
        #expect(next.conflicts == 0)
        #expect(next.postError == nil)
        #expect(try fixture.store.person(id: alan.id)?.firstName == "Alan M.")
        try await fixture.expectInStep("linked by its UID, and the edit sent there")
        #expect(try fixture.keptETags().keys.map { $0.contains("/server-") } == [true])
        let again = try #require(try await fixture.sync.sync())
        #expect(again.posted == 0)
        try await fixture.expectInStep("synced again")
    }

    /// When the server said neither where it stored a new card nor its ETag, the card is not
    /// where it was sent, and the search by its UID fails, the add still stands, its place kept
    /// unconfirmed: the card is never sent again, and the next sync links the person to the card
    /// of their UID, not reading it in as a second person.
    @Test(arguments: [true, false])
    func aCardWhoseSearchByUIDFailsAfterItWasStoredIsSentOnceAndLosesNothing(uuid: Bool) async throws {
        let storing = Self.storingUnderNamesOfItsOwn(answering: .neitherLocationNorETag)
        let fixture = try await CardDAVFixture(rewrite: { request, pass in
            guard request.method == .report, String(decoding: request.body ?? Data(), as: UTF8.self).contains("addressbook-query") else {
                return try await storing(request, pass)
            }
            return HTTPResponse(status: 500, body: Data(), etag: nil, url: request.url)
        })
        defer { fixture.end() }
        let alan = try await Self.addAndSend(uuid: uuid, in: fixture)
        #expect(fixture.client.exchanges.contains { $0.request.method == .report && $0.response.status == 500 })
        let radicale = try #require(fixture.server as? RadicaleServer)
        for step in ["synced again", "synced a third time"] {
            let again = try #require(try await fixture.sync.sync())
            #expect(again.fetchError == nil, Comment(rawValue: step))
            #expect(again.posted == 0, Comment(rawValue: step))
            #expect(again.postError == nil, Comment(rawValue: step))
            #expect(radicale.cardFileNames(inBook: CardDAVFixture.book).count == 1, Comment(rawValue: step))
            #expect(try fixture.store.person(id: alan.id) == alan, Comment(rawValue: step))
            try await fixture.expectInStep(Comment(rawValue: step))
        }
        #expect(try fixture.keptETags().keys.map { $0.contains("/server-") } == [true])
    }
}
