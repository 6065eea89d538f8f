import Foundation
@testable import Services
import Testing

/// Kept cards are deflated in the database and come back as they went in.
struct PackedCardTests {
    @Test(arguments: ["", "BEGIN:VCARD\r\nFN:Jürgen Müller 👍🏽\r\nEND:VCARD\r\n", String(repeating: "PHOTO:/9j/4AAQ\r\n ", count: 5_000)])
    func aCardComesBackAsItWentIn(card: String) throws {
        let packed = try PackedCard.pack(card)
        #expect(PackedCard.unpack(packed) == card)
        if card.utf8.count > 1_000 { #expect(packed.count < card.utf8.count / 2) }
    }

    @Test func aDamagedRowGivesNoCard() {
        #expect(PackedCard.unpack(Data([0xFF, 0x00, 0x13, 0x37])) == nil)
    }
}
