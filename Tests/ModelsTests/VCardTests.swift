import Foundation
import Models
import Testing

struct VCardTests {
    private static let ada = Person(
        id: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F", salutation: "Countess", firstName: "Ada",
        lastName: "Lovelace", birthday: BirthDate("1815-12-10"))

    // MARK: - Reading

    @Test func theNamePrefixIsTheSalutation() throws {
        let read = VCard.people(from: "BEGIN:VCARD\nVERSION:4.0\nN:Lovelace;Ada;;Countess;\nEND:VCARD\n")
        let person = try #require(read.people.first)
        #expect((person.salutation, person.firstName, person.lastName) == ("Countess", "Ada", "Lovelace"))
        #expect(read.problems.isEmpty)
    }

    @Test func aFormattedNameStandsInForAMissingN() throws {
        let read = VCard.people(from: "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Grace Brewster Hopper\r\nEND:VCARD\r\n")
        let person = try #require(read.people.first)
        #expect((person.salutation, person.firstName, person.lastName) == (nil, "Grace Brewster", "Hopper"))
    }

    @Test(arguments: [
        ("BDAY:1815-12-10", "1815-12-10"), ("BDAY:18151210", "1815-12-10"), ("BDAY:--0415", "--04-15"),
        ("BDAY:--04-15", "--04-15"), ("BDAY;VALUE=date:1996-04-15", "1996-04-15"),
        ("bday:19530415T000000Z", "1953-04-15"), ("item1.BDAY:2024-02-29", "2024-02-29"),
    ])
    func eachFormOfBirthdayIsRead(line: String, expected: String) throws {
        let read = VCard.people(from: "BEGIN:VCARD\nVERSION:4.0\nN:Doe;Jo;;;\n\(line)\nEND:VCARD\n")
        #expect(try #require(read.people.first).birthday == BirthDate(expected))
    }

    @Test func foldedLinesAreJoinedWithEitherLineEnd() throws {
        let text = "BEGIN:VCARD\r\nVERSION:3.0\r\nN:Wolfeschlegel\r\n steinhausen;Hubert;\n\t;;\r\nBDAY:1904\r\n -02-23\r\nEND:VCARD"
        let person = try #require(VCard.people(from: text).people.first)
        #expect(person.lastName == "Wolfeschlegelsteinhausen")
        #expect(person.firstName == "Hubert")
        #expect(person.birthday == BirthDate("1904-02-23"))
    }

    @Test func utf8NamesAreReadAsTheyAre() throws {
        let text = "BEGIN:VCARD\nVERSION:4.0\nN:東京;太郎;;;\nFN:東京 太郎\nEND:VCARD\nBEGIN:VCARD\nVERSION:4.0\nN:Brontë;Zoë;;;\nEND:VCARD\n"
        let read = VCard.people(from: text)
        #expect(read.people.map(\.fullName) == ["太郎 東京", "Zoë Brontë"])
    }

    @Test func escapesAreUndone() throws {
        let text = #"""
            BEGIN:VCARD
            VERSION:3.0
            N:Smith\, Jr.;Anne\;Marie;;Dr.\\Prof.;
            END:VCARD
            """#
        let person = try #require(VCard.people(from: text).people.first)
        #expect(person.lastName == "Smith, Jr.")
        #expect(person.firstName == "Anne;Marie")
        #expect(person.salutation == #"Dr.\Prof."#)
    }

    @Test func theUIDIsTheIdWithoutItsURNPrefix() throws {
        let text = "BEGIN:VCARD\nVERSION:4.0\nUID:urn:uuid:\(Self.ada.id)\nN:Lovelace;Ada;;;\nEND:VCARD\n"
        #expect(VCard.people(from: text).people.first?.id == Self.ada.id)
    }

    @Test func aCardWithoutAUIDGetsTheSameIdEveryTimeAndTwinsGetTwo() throws {
        let card = "BEGIN:VCARD\nVERSION:3.0\nN:Doe;John;;;\nEND:VCARD\n"
        let first = VCard.people(from: card + card).people.map(\.id)
        let second = VCard.people(from: card + card).people.map(\.id)
        #expect(first == second)
        #expect(Set(first).count == 2)
        #expect(first.allSatisfy { UUID(uuidString: $0) != nil })
    }

    @Test func aCardWithoutAnEndIsReportedAndTheNextCardStillRead() {
        let text = "BEGIN:VCARD\nN:Doe;Jo;;;\nBEGIN:VCARD\nN:Roe;Al;;;\nEND:VCARD\nBEGIN:VCARD\nN:Poe;Ed;;;\n"
        let read = VCard.people(from: text)
        #expect(read.people.map(\.lastName) == ["Roe"])
        #expect(read.problems.map(\.description) == ["line 1: the card has no END:VCARD", "line 6: the card has no END:VCARD"])
    }

    // MARK: - Writing

    @Test func aPersonIsWrittenAsVCardFourWithCRLF() {
        let text = VCard.text(for: [Self.ada])
        #expect(
            text == "BEGIN:VCARD\r\nVERSION:4.0\r\nUID:urn:uuid:E621E1F8-C36C-495A-93FC-0C247A3E6E5F\r\n"
                + "FN:Countess Ada Lovelace\r\nN:Lovelace;Ada;;Countess;\r\nBDAY:18151210\r\nEND:VCARD\r\n")
    }

    @Test func aBirthdayWithoutAYearIsWrittenWithTwoHyphens() {
        let person = Person(id: "p", firstName: "Jo", lastName: "Doe", birthday: BirthDate("--04-15"))
        #expect(VCard.text(for: [person]).contains("\r\nBDAY:--0415\r\n"))
    }

    @Test func longLinesAreFoldedAtSeventyFiveBytesWithoutCuttingACharacter() throws {
        let person = Person(id: "p", firstName: String(repeating: "東", count: 40), lastName: String(repeating: "é", count: 50))
        let text = VCard.text(for: [person])
        let lines = text.components(separatedBy: "\r\n").dropLast()
        #expect(lines.allSatisfy { $0.utf8.count <= 75 })
        #expect(lines.contains { $0.hasPrefix(" ") })
        #expect(!text.unicodeScalars.contains("\u{FFFD}"))
        #expect(VCard.people(from: text).people == [person])
    }

    // MARK: - Round trip

    @Test func peopleWrittenReadBackTheSame() {
        let people = [
            Self.ada,
            Person(firstName: "太郎", lastName: "東京", birthday: BirthDate("--04-15")),
            Person(id: "not a uuid; with, marks\\", salutation: "Dr.", firstName: "Anne;Marie", lastName: "Smith, Jr."),
            Person(firstName: "", lastName: "Plato"),
            Person(firstName: "Cher", lastName: ""),
            Person(firstName: String(repeating: "Ω", count: 100), lastName: "Long", birthday: BirthDate("2024-02-29")),
            Person(
                firstName: "Grace", lastName: "Hopper",
                emails: [ContactDetail("grace@navy.example", kinds: ["work"]), ContactDetail("g@home.example")],
                phones: [ContactDetail("+1 555 0100", kinds: ["cell", "home"])]),
        ]
        let read = VCard.people(from: VCard.text(for: people))
        #expect(read.people == people)
        #expect(read.problems.isEmpty)
    }
}
