import Models
import Testing

/// What a kept card says beyond what a person holds, read for the full-size detail.
struct VCardDetailsTests {
    @Test func addressesOrganisationNotesWebsitesAndNicknamesAreReadInOrderWithTheirKinds() {
        let card = [
            "BEGIN:VCARD", "VERSION:3.0", "N:Lovelace;Ada;;;", "NOTE:Wrote the first program\\, for the Engine\\nand more",
            "item1.ADR;TYPE=home,pref:;;12 St James's Square;London;;SW1Y 4JH;United Kingdom", "ADR;TYPE=WORK:;;;;;;",
            "ORG:Analytical Engines;Research", "TITLE:Countess", "URL:https://example.org/ada", "NICKNAME:Ada,Countess",
            "EMAIL:ada@example.org", "END:VCARD",
        ].joined(separator: "\r\n")
        #expect(
            VCard.details(ofCard: card).map(\.line) == [
                "Nickname Ada, Countess", "Organisation Analytical Engines, Research", "Title Countess",
                "Address 12 St James's Square, London, SW1Y 4JH, United Kingdom (home)",
                "Website https://example.org/ada", "Note Wrote the first program, for the Engine and more",
            ])
    }

    @Test func aValueInAnotherCharsetOrQuotedPrintableIsReadInIt() {
        let card: [UInt8] =
            Array(
                "BEGIN:VCARD\r\nVERSION:2.1\r\nN:M\u{FC}ller;J\u{FC}rgen\r\nADR;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:;;Stra=C3=9Fe 1;M=C3=BCnchen\r\nEND:VCARD\r\n"
                    .utf8)
        #expect(VCard.details(ofCard: String(decoding: card, as: UTF8.self)).map(\.line) == ["Address Straße 1, München"])
    }

    @Test func aCardWithNothingMoreGivesNothing() {
        #expect(VCard.details(ofCard: "BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Ada\r\nEND:VCARD\r\n").isEmpty)
    }
}
