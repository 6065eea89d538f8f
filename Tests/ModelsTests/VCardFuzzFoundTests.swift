import Foundation
import Models
import Testing

/// What the vCard fuzz target found (Fuzz/Corpus/vcard/found-*): each case a card read, written
/// and read again.
struct VCardFuzzFoundTests {
    static func roundTrip(_ text: String) -> (read: [Person], again: [Person]) {
        let read = VCard.people(from: text).people
        return (read, VCard.people(from: VCard.text(for: read)).people)
    }

    @Test func aBareCarriageReturnInAQuotedPrintableValueIsDroppedAsTheWriterDropsIt() throws {
        let card = "BEGIN:VCARD\r\nVERSION:2.1\r\nN;ENCODING=QUOTED-PRINTABLE:M=FCller;J=FCrgen\r=01x\r\nEND:VCARD\r\n"
        let (read, again) = Self.roundTrip(card)
        #expect(read.map(\.firstName) == ["Jürgen\u{01}x"])
        #expect(again == read)
    }
}
