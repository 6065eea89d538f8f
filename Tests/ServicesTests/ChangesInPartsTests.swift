import Foundation
import Models
@testable import Services
import Testing

/// How the parts of a `sync-collection` answer make one set of changes: a 507 says there is more
/// whatever form the book's href takes, and a card removed in one part and listed again in a
/// later one is listed once.
@Suite struct ChangesInPartsTests {
    private static func answer(_ responses: String, token: String) throws -> DAVMultistatus {
        try DAVMultistatus.parse(
            Data(
                """
                <?xml version="1.0" encoding="utf-8"?>
                <d:multistatus xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:carddav">\(responses)\
                <d:sync-token>\(token)</d:sync-token></d:multistatus>
                """.utf8))
    }

    private static func card(_ name: String, etag: String) -> String {
        """
        <d:response><d:href>/dav/My%20Book/\(name).vcf</d:href><d:propstat><d:prop><d:getetag>\(etag)</d:getetag>\
        <c:address-data>BEGIN:VCARD\r\nUID:\(name)\r\nEND:VCARD\r\n</c:address-data></d:prop>\
        <d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response>
        """
    }

    private static func gone(_ name: String) -> String {
        "<d:response><d:href>/dav/My%20Book/\(name).vcf</d:href><d:status>HTTP/1.1 404 Not Found</d:status></d:response>"
    }

    @Test func a507OnTheBookInAnyFormSaysThereIsMoreAndIsNoCard() throws {
        // The book's href as a server may write it: escaped or not, with or without its slash, whole.
        for href in ["/dav/My%20Book/", "/dav/My Book/", "/dav/My%20Book", "https://dav.example.com/dav/My%20Book/"] {
            var parts = ChangesInParts()
            let more = "<d:response><d:href>\(href)</d:href><d:status>HTTP/1.1 507 Insufficient Storage</d:status></d:response>"
            #expect(parts.take(try Self.answer(Self.card("ada", etag: "1") + more, token: "part-2"), book: "/dav/My%20Book/"))
            #expect(parts.changes(isComplete: true, token: "part-2").changed.map(\.href) == ["/dav/My%20Book/ada.vcf"])
        }
    }

    @Test func aCardRemovedThenListedAgainIsListedOnceAtItsLastVersion() throws {
        var parts = ChangesInParts()
        #expect(
            !parts.take(
                try Self.answer(Self.card("ada", etag: "\"1\"") + Self.card("alan", etag: "\"1\""), token: "1"),
                book: "/dav/My%20Book/"))
        _ = parts.take(try Self.answer(Self.gone("ada"), token: "2"), book: "/dav/My%20Book/")
        _ = parts.take(try Self.answer(Self.card("ada", etag: "\"3\""), token: "3"), book: "/dav/My%20Book/")
        let changes = parts.changes(isComplete: false, token: "3")
        #expect(
            changes.changed == [
                ServerVersion(href: "/dav/My%20Book/ada.vcf", etag: "\"3\""),
                ServerVersion(href: "/dav/My%20Book/alan.vcf", etag: "\"1\""),
            ])
        #expect(changes.cards.map(\.href) == ["/dav/My%20Book/ada.vcf", "/dav/My%20Book/alan.vcf"])
        #expect(changes.removed.isEmpty)
    }

    @Test func aReportIsAskedAgainWithoutTheCardsTextOnlyWhenItWouldBeTooLargeOrTheServerCouldNotMakeIt() {
        #expect(PeopleAPIError.tooLarge.isAnswerTooHeavy)
        #expect([400, 403, 500, 501, 507].allSatisfy { PeopleAPIError.serverError(status: $0).isAnswerTooHeavy })
        #expect(![404, 409, 502, 503].contains { PeopleAPIError.serverError(status: $0).isAnswerTooHeavy })
        let others: [PeopleAPIError] = [.unreadableAnswer, .noNetwork, .timedOut, .unauthorized(account: "ada@host")]
        #expect(others.allSatisfy { !$0.isAnswerTooHeavy })
    }

    @Test func theUIDLookedForIsTheOneTheCardCarriesUnfoldedAndUnescaped() {
        let long = String(repeating: "x", count: 80)
        #expect(
            CardDAVPeopleAPI.uid(in: "BEGIN:VCARD\r\nUID:urn:uuid:1B4E28BA-2FA1-11D2-883F-0016D3CCA427\r\nEND:VCARD\r\n")
                == "urn:uuid:1B4E28BA-2FA1-11D2-883F-0016D3CCA427")
        #expect(CardDAVPeopleAPI.uid(in: "BEGIN:VCARD\r\nUID;VALUE=text:a\\,b\\;c\r\nEND:VCARD\r\n") == "a,b;c")
        #expect(CardDAVPeopleAPI.uid(in: "BEGIN:VCARD\r\nUID:\(long.prefix(60))\r\n \(long.dropFirst(60))\r\nEND:VCARD\r\n") == long)
        #expect(CardDAVPeopleAPI.uid(in: "BEGIN:VCARD\r\nFN:Ada\r\nEND:VCARD\r\n") == nil)
    }
}
