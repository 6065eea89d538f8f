import Foundation
import Models
import Testing
import TestSupport

/// Every card that begins and ends is kept, whole, whatever one of its properties says: a
/// birthday that is not a date, no name, a soft break before a blank line.
struct EveryCardKeptTests {
    static let now = Date(timeIntervalSince1970: 1_795_563_540)  // 2026-11-24 23:39:00 UTC

    /// What the list shows for `person`, as `PersonViewModel.nameText` writes it.
    static func shown(_ person: Person) -> String {
        let name = ((person.salutation.map { [$0] } ?? []) + [person.shownName]).filter { !$0.isEmpty }.joined(separator: " ")
        return name.isEmpty ? "(no name)" : name
    }

    @Test(arguments: CardShape.all)
    func eachShapeIsReadAsOnePersonWithItsBirthdayAndName(_ shape: CardShape) throws {
        let read = VCard.people(from: shape.text)
        #expect(read.problems.isEmpty)
        let person = try #require(read.people.first)
        #expect(read.people.count == 1)
        #expect(Self.shown(person) == shape.shownName)
        #expect(person.birthday == shape.birthday)
        #expect(person.birthdayText == shape.birthdayText)
        #expect(read.cards == [shape.text])
        if let uid = shape.uid { #expect(person.id == uid) }
    }

    @Test func aFileOfEveryShapeIsReadWholeAndWrittenBackByteForByte() {
        let read = VCard.people(from: CardShape.file)
        #expect(read.problems.isEmpty)
        #expect(read.people.map(Self.shown) == CardShape.all.map(\.shownName))
        let kept = Dictionary(uniqueKeysWithValues: zip(read.people.map(\.id), read.cards))
        #expect(VCard.text(for: read.people, keeping: kept, revisedAt: Self.now) == CardShape.file)
    }

    @Test func onlyACardWhoseEndNeverComesIsLeftOutAndTheRestIsRead() {
        let text = "BEGIN:VCARD\nN:Doe;Jo;;;\nBDAY:circa 1800\nBEGIN:VCARD\nORG:Acme\nEND:VCARD\nBEGIN:VCARD\nN:Poe;Ed;;;\n"
        let read = VCard.people(from: text)
        #expect(read.people.map(\.shownName) == ["Acme"])
        #expect(read.problems.map(\.description) == ["line 1: the card has no END:VCARD", "line 7: the card has no END:VCARD"])
    }

    @Test(arguments: [("BDAY:0000-12-10", "--12-10"), ("BDAY:00001210", "--12-10"), ("BDAY:0000-02-29", "--02-29")])
    func theYearZeroIsNoYear(line: String, expected: String) throws {
        let read = VCard.people(from: "BEGIN:VCARD\nN:Doe;Jo;;;\n\(line)\nEND:VCARD\n")
        #expect(try #require(read.people.first).birthday == BirthDate(expected))
    }

    @Test(arguments: [
        ("BDAY:0000-02-30", "0000-02-30"), ("BDAY:2023-02-29", "2023-02-29"), ("BDAY;VALUE=text:1815-12-10", "1815-12-10"),
        (#"BDAY;VALUE=text:around 1900\, maybe"#, "around 1900, maybe"), ("BDAY:yesterday", "yesterday"),
    ])
    func anythingElseIsKeptAsWritten(line: String, expected: String) throws {
        let person = try #require(VCard.people(from: "BEGIN:VCARD\nN:Doe;Jo;;;\n\(line)\nEND:VCARD\n").people.first)
        #expect(person.birthday == nil)
        #expect(person.birthdayText == expected)
    }

    @Test(arguments: [
        ("ORG:Acme\\, Inc.;Sales", "Acme, Inc., Sales"), ("NICKNAME:Lulu,Lou", "Lulu"),
        ("ORG:Acme\nNICKNAME:Lulu", "Acme"), ("N:;;;;\nFN:\nEMAIL:a@example.org\nTEL:+1 202 555 0100", "a@example.org"),
        ("TEL:+1 202 555 0100", "+1 202 555 0100"), ("NOTE:nothing else", ""),
    ])
    func aCardWithoutANameIsKnownByWhatItHas(lines: String, shown: String) throws {
        let read = VCard.people(from: "BEGIN:VCARD\nVERSION:4.0\n\(lines)\nEND:VCARD\n")
        let person = try #require(read.people.first)
        #expect((person.firstName, person.lastName) == ("", ""))
        #expect(person.shownName == shown)
    }

    @Test func aSoftBreakJustBeforeTheEndEndsTheValueToo() throws {
        let text =
            "BEGIN:VCARD\r\nVERSION:2.1\r\nN:Doe;Jo\r\nNOTE;ENCODING=QUOTED-PRINTABLE:a note=\r\nEND:VCARD\r\nBEGIN:VCARD\r\nN:Roe;Al\r\nEND:VCARD\r\n"
        let read = VCard.people(from: text)
        #expect(read.problems.isEmpty)
        #expect(read.people.map(\.lastName) == ["Doe", "Roe"])
    }

    @Test(arguments: ["BDAY;X-VALUE=TEXTUAL:18151210", "BDAY;VALUE=date:18151210"])
    func onlyAValueParameterOfTextMakesABirthdayText(line: String) throws {
        let person = try #require(VCard.people(from: "BEGIN:VCARD\nN:Doe;Jo;;;\n\(line)\nEND:VCARD\n").people.first)
        #expect(person.birthday == BirthDate("1815-12-10"))
    }

    @Test func aMonthAndADayAreADateWithoutAYear() throws {
        let person = try #require(VCard.people(from: "BEGIN:VCARD\nN:Doe;Jo;;;\nBDAY;value=date:02-10\nEND:VCARD\n").people.first)
        #expect(person.birthday == BirthDate("--02-10"))
    }

    @Test func twoCardsWithOneUIDAreBothRead() {
        let card = { (name: String) in "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:twin\r\nN:\(name);Jo;;;\r\nEND:VCARD\r\n" }
        let read = VCard.people(from: card("Doe") + card("Roe"))
        #expect(read.people.map(\.id) == ["twin", "twin"])
        #expect(read.cards == [card("Doe"), card("Roe")])
    }

    // MARK: - Written anew

    @Test func aPersonWithATextBirthdayOrNoNameIsWrittenAnewAndReadsBackTheSame() throws {
        let people = [
            Person(id: "sophie", firstName: "Sophie", lastName: "Germain", birthdayText: "circa 1800, Paris"),
            Person(id: "acme", firstName: "", lastName: "", knownAs: "Acme; Sales", phones: [ContactDetail("+1 202 555 0100")]),
            Person(id: "someone", firstName: "", lastName: "", emails: [ContactDetail("someone@example.org")]),
        ]
        let text = VCard.text(for: people)
        #expect(text.contains("BDAY;VALUE=text:circa 1800\\, Paris\r\n"))
        #expect(text.contains("ORG:Acme\\; Sales\r\n"))
        #expect(VCard.people(from: text).people == people)
    }

    @Test func someoneWithoutANameButWithASalutationReadsBackWithout() throws {
        let text = "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:acme\r\nN:;;;Dr.;\r\nORG:Acme\r\nEND:VCARD\r\n"
        let acme = try #require(VCard.people(from: text).people.first)
        #expect(VCard.people(from: VCard.text(for: [acme])).people == [acme])
        #expect(VCard.people(from: VCard.serverForm(of: text, for: acme)).people == [acme])
    }

    @Test func aCardWithAnEmptyUIDKeepsItsIdThroughAnEditAndASync() throws {
        let text = "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:\r\nN:Murray;Grace;;;\r\nEND:VCARD\r\n"
        var grace = try #require(VCard.people(from: text).people.first)
        let sent = VCard.serverForm(of: text, for: grace)
        #expect(sent.contains("UID:urn:uuid:\(grace.id)\r\n") && !sent.contains("UID:\r\n"))
        #expect(VCard.people(from: sent).people.first?.id == grace.id)
        grace.firstName = "Grace Brewster"
        let revised = try #require(VCard.revised(text, to: grace, at: Self.now))
        #expect(VCard.people(from: revised).people.first?.id == grace.id)
    }

    // MARK: - Revised

    @Test func editingTheNameLeavesATextBirthdayAsTheCardWroteIt() throws {
        let shape = try #require(CardShape.all.first { $0.uid == "text-birthday" })
        var sophie = try #require(VCard.people(from: shape.text).people.first)
        sophie.firstName = "Marie-Sophie"
        let revised = try #require(VCard.revised(shape.text, to: sophie, at: Self.now))
        #expect(revised.contains("BDAY;VALUE=text:circa 1800\r\n"))
        #expect(VCard.people(from: revised).people.first == sophie)
    }

    @Test func aTextBirthdayMadeADateLosesItsValueParameterAndClearedGoes() throws {
        let shape = try #require(CardShape.all.first { $0.uid == "text-birthday" })
        var sophie = try #require(VCard.people(from: shape.text).people.first)
        (sophie.birthday, sophie.birthdayText) = (BirthDate("1776-04-01"), nil)
        let dated = try #require(VCard.revised(shape.text, to: sophie, at: Self.now))
        #expect(dated.contains("\r\nBDAY:17760401\r\n"))
        #expect(VCard.people(from: dated).people.first == sophie)
        sophie.birthday = nil
        let cleared = try #require(VCard.revised(shape.text, to: sophie, at: Self.now))
        #expect(!cleared.contains("BDAY"))
    }

    @Test func aCardWithoutANameGivenOneGetsAnNAndAnFN() throws {
        let shape = try #require(CardShape.all.first { $0.uid == "company" })
        var company = try #require(VCard.people(from: shape.text).people.first)
        (company.firstName, company.lastName) = ("Charles", "Babbage")
        let revised = try #require(VCard.revised(shape.text, to: company, at: Self.now))
        #expect(revised.contains("ORG:Analytical Engines Ltd;\r\n"))
        #expect(revised.contains("\r\nN:Babbage;Charles;;;\r\nFN:Charles Babbage\r\n"))
        #expect(VCard.people(from: revised).people.first?.fullName == "Charles Babbage")
    }

    // MARK: - Sent to a server

    @Test(arguments: CardShape.all)
    func eachShapeSentToAServerReadsBackAsTheSamePerson(_ shape: CardShape) throws {
        let person = try #require(VCard.people(from: shape.text).people.first)
        let sent = VCard.serverForm(of: shape.text, for: person)
        #expect(VCard.people(from: sent).people == [person])
        let properties = sent.split(whereSeparator: \.isNewline).map { $0.uppercased() }
        #expect(["VERSION:3.0", "VERSION:4.0"].contains { properties.contains($0) })
        #expect(properties.contains { $0.hasPrefix("UID") && $0.count > 4 } && properties.contains { $0.hasPrefix("FN") })
        #expect(!sent.contains("QUOTED-PRINTABLE"))
    }

    @Test func aVersionTwoCardIsSentAsThreeWithItsValuesPlainAndItsTypesNamed() {
        let card =
            "BEGIN:VCARD\r\nVERSION:2.1\r\nN;CHARSET=ISO-8859-1;ENCODING=QUOTED-PRINTABLE:M=FCller;J=F6rg\r\n"
            + "TEL;CELL;VOICE:+49 30 1234\r\nNOTE;ENCODING=QUOTED-PRINTABLE:two=0D=0Alines\r\nPHOTO;ENCODING=BASE64;JPEG:AAAA\r\n\r\nEND:VCARD\r\n"
        let person = VCard.people(from: card).people[0]
        #expect(
            VCard.serverForm(of: card, for: person)
                == "BEGIN:VCARD\r\nVERSION:3.0\r\nN:Müller;Jörg\r\nTEL;TYPE=CELL;TYPE=VOICE:+49 30 1234\r\n"
                + "NOTE:two\\nlines\r\nPHOTO;ENCODING=b;TYPE=JPEG:AAAA\r\nUID:urn:uuid:\(person.id)\r\nFN:Jörg Müller\r\nEND:VCARD\r\n")
    }

    @Test func aCardAServerTakesAsItIsIsSentAsItIs() {
        let card = "BEGIN:VCARD\nVERSION:4.0\nUID:ada\nFN:Ada Lovelace\nX-ODD;TYPE=weird:keep\nEND:VCARD\n"
        #expect(VCard.serverForm(of: card, for: VCard.people(from: card).people[0]) == card)
    }

    // MARK: - Order

    @Test func aTextBirthdayComesAfterEveryRealOneAndANamelessCardSortsByWhatItShows() {
        let today = CalendarDay(year: 2026, month: 12, day: 1)
        let people = [
            Person(id: "1", firstName: "Ada", lastName: "Lovelace", birthday: BirthDate("1815-11-30")),
            Person(id: "2", firstName: "", lastName: "", knownAs: "Babbage & Co"),
            Person(id: "3", firstName: "Sophie", lastName: "Germain", birthdayText: "circa 1800"),
            Person(id: "4", firstName: "Grace", lastName: "Hopper", birthday: BirthDate("--12-09")),
        ]
        let byBirthday = people.sorted { $0.precedes($1, in: .nextBirthday, today: today) }
        #expect(byBirthday.map(\.id) == ["4", "1", "2", "3"])
        let byLastName = people.sorted { $0.precedes($1, in: .lastName, today: today) }
        #expect(byLastName.map(\.id) == ["2", "3", "4", "1"])
        #expect(people[1].matches(filter: "babbage"))
    }
}
