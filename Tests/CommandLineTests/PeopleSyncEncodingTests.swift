import Foundation
import Renderer
import Testing
import TestSupport

/// `mvvm-tui people --sync` against a CardDAV server whose answers are not in UTF-8: XML may
/// declare any encoding, and FoundationXML's libxml2 decodes it, ISO-8859-1 by itself and the
/// encodings it does not know through ICU's converters. The static release build links those to
/// Foundation's own ICU (Docs/DECISIONS.md, "ICU is linked once, Foundation's"), so these runs,
/// in `make test-release`, show that they convert.
///
/// The server is the address book itself, on loopback: its discovery answer, its listing of one
/// card, and that card in an `addressbook-multiget`, each in the encoding under test.
struct PeopleSyncEncodingTests {
    /// An encoding an answer declares, and the bytes it gives the characters outside ASCII.
    struct Encoding: Sendable, CustomTestStringConvertible {
        /// The name in the XML declaration.
        let name: String
        /// Given and family name of the one card, with characters outside ASCII.
        let given: String
        let family: String
        /// The byte of each character outside ASCII.
        let bytes: [Character: UInt8]

        var testDescription: String { name }

        /// `text` in this encoding.
        func encoded(_ text: String) -> Data {
            Data(
                text.flatMap { character in
                    character.isASCII ? Array(character.utf8) : [bytes[character]!]
                })
        }
    }

    static let encodings = [
        // libxml2 reads ISO-8859-1 itself.
        Encoding(name: "ISO-8859-1", given: "Zoë", family: "Ünal", bytes: ["ë": 0xEB, "Ü": 0xDC, "ü": 0xFC]),
        // ICU's own name for windows-1252: neither libxml2 nor the C library's iconv knows it, so
        // libxml2 converts through ICU. Š is 0x8A, a control character in ISO-8859-1.
        Encoding(name: "ibm-5348", given: "Šárka", family: "Ünal", bytes: ["Š": 0x8A, "á": 0xE1, "Ü": 0xDC, "ü": 0xFC]),
    ]

    @Test(arguments: encodings)
    func anAnswerInAnotherEncodingIsReadAsItsCharacters(encoding: Encoding) async throws {
        let replies = [
            Self.multistatus(
                encoding,
                """
                <d:response><d:href>/book/</d:href><d:propstat><d:prop>\
                <d:resourcetype><d:collection/><c:addressbook/></d:resourcetype>\
                <d:displayname>Adressbücher</d:displayname>\
                </d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response>
                """),
            Self.multistatus(
                encoding,
                """
                <d:response><d:href>/book/</d:href><d:propstat><d:prop>\
                <d:resourcetype><d:collection/><c:addressbook/></d:resourcetype>\
                </d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response>\
                <d:response><d:href>/book/card.vcf</d:href><d:propstat><d:prop>\
                <d:getetag>"1"</d:getetag><d:resourcetype/>\
                </d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response>
                """),
            Self.multistatus(
                encoding,
                """
                <d:response><d:href>/book/card.vcf</d:href><d:propstat><d:prop>\
                <d:getetag>"1"</d:getetag><c:address-data>BEGIN:VCARD\r
                VERSION:3.0\r
                UID:card\r
                N:\(encoding.family);\(encoding.given);;;\r
                FN:\(encoding.given) \(encoding.family)\r
                END:VCARD\r
                </c:address-data></d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response>
                """),
        ]
        let server = try LoopbackHTTPServer(replies: replies.map { .answer(status: 207, body: $0, contentType: "application/xml") })
        defer { server.stop() }
        let subcommand = try Subcommand(environment: [
            "MVVM_TUI_PEOPLE_API": server.baseURL.appendingPathComponent("book/").absoluteString,
            "MVVM_TUI_PEOPLE_USER": "u", "MVVM_TUI_PEOPLE_PASSWORD": "p",
        ])

        let result = try await subcommand.run(["people", "--sync", "--json"])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.error.isEmpty)
        let printed = try Subcommand.decode(PeoplePrintout.Document.self, from: result.output)
        #expect(!printed.syncIsProblem, "\(printed.syncText)")
        #expect(printed.syncText.hasPrefix("Synced at "))
        #expect(printed.message == "Pulled 1", "the sync's summary")
        #expect(printed.people.map(\.nameText) == ["\(encoding.given) \(encoding.family)"])
        #expect(server.requests.map { $0.prefix { $0 != " " } } == ["PROPFIND", "PROPFIND", "REPORT"])
    }

    /// A `multistatus` holding `responses`, declared and written in `encoding`.
    static func multistatus(_ encoding: Encoding, _ responses: String) -> Data {
        encoding.encoded(
            """
            <?xml version="1.0" encoding="\(encoding.name)"?>
            <d:multistatus xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:carddav">\(responses)</d:multistatus>
            """)
    }
}
