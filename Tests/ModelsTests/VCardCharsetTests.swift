import Foundation
import Models
import Testing

/// Files in every charset a vCard is written in, as phones, Outlook and Windows export them:
/// read into the people they hold, kept as UTF-8 where their bytes were another charset's.
@Suite struct VCardCharsetTests {
    /// `text` as ISO-8859-1 bytes (every character of it is in Latin-1).
    private static func latin1(_ text: String) -> [UInt8] {
        text.unicodeScalars.map { scalar in
            precondition(scalar.value < 0x100, "\(scalar) is not in ISO-8859-1")
            return UInt8(scalar.value)
        }
    }

    private static func lines(_ lines: String...) -> String { lines.joined(separator: "\r\n") + "\r\n" }

    /// An older phone's or Outlook's vCard 2.1: raw 8-bit ISO-8859-1, one parameter a line.
    private static let outlook = lines(
        "BEGIN:VCARD", "VERSION:2.1", "N;CHARSET=ISO-8859-1:Müller;Jürgen", "FN;CHARSET=ISO-8859-1:Jürgen Müller",
        "ORG;CHARSET=ISO-8859-1:Bäckerei Müller", "TEL;WORK;VOICE:+49 89 1234",
        "EMAIL;PREF;INTERNET;CHARSET=ISO-8859-1:jürgen@bäckerei.example",
        "ADR;WORK;CHARSET=ISO-8859-1:;;Königstraße 1;München;;80331;Deutschland", "END:VCARD")

    @Test func aRawLatinOneCardIsReadInItsCharsetAndKeptAsUTF8WithoutIt() throws {
        let read = VCard.people(from: Self.latin1(Self.outlook))
        let person = try #require(read.people.first)
        #expect(person.fullName == "Jürgen Müller")
        #expect(person.emails == [ContactDetail("jürgen@bäckerei.example")])
        #expect(person.phones == [ContactDetail("+49 89 1234", kinds: ["work"])])
        #expect(!read.readAsWindows1252)
        #expect(read.cards == [Self.outlook.replacingOccurrences(of: ";CHARSET=ISO-8859-1", with: "")])
    }

    @Test func aCardKeptAfterTranscodingReadsBackAsTheSamePersonUnderTheSameId() throws {
        // No UID: the id is made from the card's text, and must be the same when the kept card is read.
        let card = Self.lines("BEGIN:VCARD", "VERSION:2.1", "N;CHARSET=ISO-8859-1:Größe;Änne", "END:VCARD")
        let read = VCard.people(from: Self.latin1(card))
        let kept = try #require(read.cards.first)
        #expect(VCard.people(from: kept).people == read.people)
        #expect(VCard.people(from: kept).cards == [kept])
        #expect(read.people.first?.fullName == "Änne Größe")
    }

    @Test func quotedPrintableIsDecodedInItsCharsetInEveryProperty() throws {
        let card = Self.lines(
            "BEGIN:VCARD", "VERSION:2.1", "N;CHARSET=ISO-8859-1;ENCODING=QUOTED-PRINTABLE:Fran=E7ois;Ren=E9",
            "EMAIL;INTERNET;CHARSET=ISO-8859-1;ENCODING=QUOTED-PRINTABLE:ren=E9@fran=E7ois.example",
            "TEL;CELL;ENCODING=QUOTED-PRINTABLE:+33=206=2012",
            "EMAIL;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:z=C3=B6e@example.org", "END:VCARD")
        let read = VCard.people(from: card)
        let person = try #require(read.people.first)
        #expect(person.fullName == "René François")
        #expect(person.emails.map(\.value) == ["rené@françois.example", "zöe@example.org"])
        #expect(person.phones.map(\.value) == ["+33 6 12"])
        #expect(read.cards == [card])  // ASCII already: kept byte for byte
    }

    @Test func windows1252IsReadWithItsOwnCharacters() throws {
        let card = Self.lines(
            "BEGIN:VCARD", "VERSION:2.1", "N;CHARSET=WINDOWS-1252:Œuvre;Zoë", "NOTE;CHARSET=windows-1252:price€", "END:VCARD")
        let read = VCard.people(from: Array(card.data(using: .windowsCP1252)!))
        #expect(read.people.first?.fullName == "Zoë Œuvre")
        #expect(read.cards.first?.contains("NOTE:price€\r\n") == true)
    }

    @Test func aJapanesePhonesShiftJISCardIsRead() throws {
        let card = Self.lines("BEGIN:VCARD", "VERSION:2.1", "N;CHARSET=SHIFT_JIS:山田;太郎", "END:VCARD")
        let read = VCard.people(from: Array(card.data(using: .shiftJIS)!))
        #expect(read.people.first.map { ($0.lastName, $0.firstName) } ?? ("", "") == ("山田", "太郎"))
        #expect(read.cards == [card.replacingOccurrences(of: ";CHARSET=SHIFT_JIS", with: "")])
    }

    @Test(arguments: [String.Encoding.utf16LittleEndian, .utf16BigEndian])
    func aUTF16FileWithAByteOrderMarkIsRead(_ encoding: String.Encoding) throws {
        let card = Self.lines("BEGIN:VCARD", "VERSION:3.0", "FN:Zoë Ünal", "N:Ünal;Zoë;;;", "END:VCARD")
        let mark: [UInt8] = encoding == .utf16LittleEndian ? [0xFF, 0xFE] : [0xFE, 0xFF]
        let read = VCard.people(from: mark + Array(card.data(using: encoding)!))
        #expect(read.people.first?.fullName == "Zoë Ünal")
        #expect(read.cards == [card])
        #expect(!read.readAsWindows1252)
    }

    @Test func eightBitTextThatNamesNoCharsetIsReadAsWindows1252AndSaysSo() throws {
        let card = Self.lines(
            "BEGIN:VCARD", "VERSION:2.1", "N:Müller;Jürgen", "EMAIL;ENCODING=QUOTED-PRINTABLE:j=FCrgen@example.de", "END:VCARD")
        let read = VCard.people(from: Self.latin1(card))
        #expect(read.people.first?.fullName == "Jürgen Müller")
        #expect(read.people.first?.emails.map(\.value) == ["jürgen@example.de"])
        #expect(read.readAsWindows1252)
        let utf8 = Self.lines("BEGIN:VCARD", "VERSION:2.1", "N:Müller;Jürgen", "END:VCARD")
        #expect(!VCard.people(from: utf8).readAsWindows1252)
    }

    @Test func aUTF8CardThatNamesAnotherCharsetIsReadAsUTF8AndKeptByteForByte() throws {
        let card = Self.lines("BEGIN:VCARD", "VERSION:2.1", "N;CHARSET=ISO-8859-1:Müller;Jürgen", "END:VCARD")
        let read = VCard.people(from: card)
        #expect(read.people.first?.fullName == "Jürgen Müller")
        #expect(read.cards == [card])
    }

    @Test func aFileMixingCharsetsReadsEachCardInItsOwn() throws {
        let utf8 = Self.lines("BEGIN:VCARD", "VERSION:3.0", "FN:Zoë Ünal", "END:VCARD")
        let latin = Self.lines("BEGIN:VCARD", "VERSION:2.1", "N;CHARSET=ISO-8859-1:Müller;Jürgen", "END:VCARD")
        let read = VCard.people(from: Array(utf8.utf8) + Self.latin1(latin) + Array(utf8.replacingOccurrences(of: "Zoë", with: "Zoé").utf8))
        #expect(read.people.map(\.fullName) == ["Zoë Ünal", "Jürgen Müller", "Zoé Ünal"])
        #expect(read.cards[0] == utf8)
        #expect(read.cards[1] == latin.replacingOccurrences(of: ";CHARSET=ISO-8859-1", with: ""))
    }

    @Test func aBinaryFileHoldsNoCard() {
        var generator = SystemRandomNumberGenerator()
        let elf: [UInt8] =
            [0x7F, 0x45, 0x4C, 0x46, 0x02, 0x01, 0x01, 0x00] + (0..<4_096).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let read = VCard.people(from: elf)
        #expect(read.people.isEmpty && read.problems.isEmpty)
    }

    @Test func aTranscodedLongLineIsFoldedWithoutCuttingACharacter() throws {
        let note = String(repeating: "ÄÖÜ äöü ß ", count: 12)
        let card = Self.lines(
            "BEGIN:VCARD", "VERSION:2.1", "N;CHARSET=ISO-8859-1:Müller;Jürgen", "NOTE;CHARSET=ISO-8859-1:" + note, "END:VCARD")
        let kept = try #require(VCard.people(from: Self.latin1(card)).cards.first)
        let physical = kept.split(separator: "\r\n")
        #expect(physical.allSatisfy { $0.utf8.count <= 75 })
        #expect(kept.replacingOccurrences(of: "\r\n ", with: "") == card.replacingOccurrences(of: ";CHARSET=ISO-8859-1", with: ""))
    }
}
