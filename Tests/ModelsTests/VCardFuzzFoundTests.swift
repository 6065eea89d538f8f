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

    @Test func aQuotedPrintableLineWithRawEightBitBytesIsKeptSoThatItReadsTheSame() throws {
        let file =
            Array("BEGIN:VCARD\r\nVERSION:2.1\r\nN;ENCODING=QUOTED-PRINTABLE:M=FCller;J".utf8) + [0x80]
            + Array("rgen\r\nEND:VCARD\r\n".utf8)
        let read = VCard.people(from: file)
        let person = try #require(read.people.first)
        #expect(person.firstName == "J€rgen")
        #expect(read.cards == ["BEGIN:VCARD\r\nVERSION:2.1\r\nN;ENCODING=QUOTED-PRINTABLE:M=FCller;J=80rgen\r\nEND:VCARD\r\n"])
        #expect(VCard.text(for: [person], keeping: [person.id: read.cards[0]]) == read.cards[0])
    }

    @Test func aLongQuotedPrintableLineWithRawEightBitBytesIsKeptUnfolded() throws {
        let file =
            Array("BEGIN:VCARD\r\nVERSION:2.1\r\nN;CHARSET=ISO-8859-1;ENCODING=QUOTED-PRINTABLE:M=FCller;".utf8)
            + [UInt8](repeating: 0xFA, count: 60) + Array("\r\nEND:VCARD\r\n".utf8)
        let read = VCard.people(from: file)
        let person = try #require(read.people.first)
        #expect(person.firstName == String(repeating: "ú", count: 60))
        #expect(read.cards[0].split(separator: "\r\n").count == 4, "the name's line is one line")
        #expect(VCard.text(for: [person], keeping: [person.id: read.cards[0]]) == read.cards[0])
    }
}
