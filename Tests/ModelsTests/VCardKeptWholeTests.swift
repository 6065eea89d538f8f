import Foundation
import Models
import Testing

/// A card read and written back keeps everything the program does not change, byte for byte.
struct VCardKeptWholeTests {
    /// An Apple Contacts export (vCard 3.0): groups, labels, a folded photo, an omitted year.
    static let apple =
        [
            "BEGIN:VCARD", "VERSION:3.0", "PRODID:-//Apple Inc.//macOS 14.0//EN",
            "N:Lovelace;Ada;Augusta;Countess;", "FN:Countess Ada Augusta Lovelace", "ORG:Analytical Engines;",
            "item1.EMAIL;type=INTERNET;type=pref:ada@example.org", "item1.X-ABLabel:_$!<Other>!$_",
            "TEL;type=CELL;type=VOICE;type=pref:+44 20 7946 0000",
            "ADR;type=HOME;type=pref:;;12 St James's Square;London;;SW1Y 4JH;United Kingdom",
            "BDAY;X-APPLE-OMIT-YEAR=1604:1604-12-10", "NOTE:Wrote the first program\\, for the engine.",
            "PHOTO;ENCODING=b;TYPE=JPEG:/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAgGBgcGBQgHBwcJCQgKDBQNDAsLDBkSEw8UHR",
            " oaHx4dGhwcICQuJyAiLCMcHCg3KSwwMTQ0NB8nOT04MjwuMzQy/9k=",
            "X-SOCIALPROFILE;type=twitter:https://twitter.com/ada", "UID:4C0E6F4D-4AF5-4F7B-9D3E-1B2C3D4E5F60",
            "END:VCARD",
        ].joined(separator: "\r\n") + "\r\n"

    /// A Nextcloud export (vCard 4.0, LF line ends) with a revision and a group of its own.
    static let nextcloud =
        [
            "BEGIN:VCARD", "VERSION:4.0", "UID:grace-hopper", "FN:Grace Hopper", "N:Hopper;Grace;Brewster Murray;;",
            "BDAY:19061209", "EMAIL;TYPE=work:grace@navy.example", "CATEGORIES:Navy,COBOL", "REV:20240101T000000Z",
            "X-NEXTCLOUD-FAVOURITE;VALUE=BOOLEAN:TRUE", "END:VCARD",
        ].joined(separator: "\n") + "\n"

    static let now = Date(timeIntervalSince1970: 1_795_563_540)  // 2026-11-24 23:39:00 UTC

    @Test func aCardEndingTheFileWithoutALineEndIsGivenOneSoCardsStayApart() throws {
        let read = VCard.people(from: "BEGIN:VCARD\nFN:Ada Lovelace\nEND:VCARD")
        #expect(read.cards == ["BEGIN:VCARD\nFN:Ada Lovelace\nEND:VCARD\r\n"])
        let twice = VCard.text(
            for: read.people + [Person(id: "grace", firstName: "Grace", lastName: "Hopper")],
            keeping: [read.people[0].id: read.cards[0]])
        #expect(VCard.people(from: twice).people.count == 2)
    }

    @Test func eachCardIsKeptAsTheFileHasIt() {
        let read = VCard.people(from: Self.apple + Self.nextcloud)
        #expect(read.people.map(\.fullName) == ["Ada Lovelace", "Grace Hopper"])
        #expect(read.cards == [Self.apple, Self.nextcloud])
    }

    @Test func aCardWhosePersonIsUnchangedIsWrittenBackByteForByte() throws {
        let read = VCard.people(from: Self.apple + Self.nextcloud)
        let kept = Dictionary(uniqueKeysWithValues: zip(read.people.map(\.id), read.cards))
        #expect(VCard.text(for: read.people, keeping: kept, revisedAt: Self.now) == Self.apple + Self.nextcloud)
    }

    @Test func aNewFirstNameChangesOnlyNameLinesAndSetsTheRevision() throws {
        let read = VCard.people(from: Self.apple)
        var ada = try #require(read.people.first)
        ada.firstName = "Augusta Ada"
        let revised = try #require(VCard.revised(Self.apple, to: ada, at: Self.now))
        let before = Self.apple.components(separatedBy: "\r\n"), after = revised.components(separatedBy: "\r\n")
        #expect(after.contains("N:Lovelace;Augusta Ada;Augusta;Countess;"), "the additional name is kept")
        #expect(after.contains("FN:Countess Augusta Ada Lovelace"))
        #expect(after[after.count - 3] == "REV:20261124T233900Z")
        #expect(Set(before).subtracting(after) == ["N:Lovelace;Ada;Augusta;Countess;", "FN:Countess Ada Augusta Lovelace"])
        #expect(
            Set(after).subtracting(before) == [
                "N:Lovelace;Augusta Ada;Augusta;Countess;", "FN:Countess Augusta Ada Lovelace",
                "REV:20261124T233900Z",
            ])
        #expect(VCard.people(from: revised).people.first?.firstName == "Augusta Ada")
    }

    @Test func aNewBirthdayReplacesTheOldInTheCardsVersionAndTheRevisionToo() throws {
        var grace = try #require(VCard.people(from: Self.nextcloud).people.first)
        grace.birthday = BirthDate("1906-12-10")
        let revised = try #require(VCard.revised(Self.nextcloud, to: grace, at: Self.now))
        #expect(
            revised
                == Self.nextcloud.replacingOccurrences(of: "BDAY:19061209\n", with: "BDAY:19061210\n")
                .replacingOccurrences(of: "REV:20240101T000000Z\n", with: "")
                .replacingOccurrences(of: "END:VCARD", with: "REV:20261124T233900Z\nEND:VCARD"), "its lines end as the card's do")
    }

    @Test func aBirthdayIsAddedInVersionThreesFormAndRemovedWhenCleared() throws {
        let card = "BEGIN:VCARD\r\nVERSION:3.0\r\nN:Turing;Alan;;;\r\nEND:VCARD\r\n"
        var alan = try #require(VCard.people(from: card).people.first)
        alan.birthday = BirthDate("1912-06-23")
        let added = try #require(VCard.revised(card, to: alan, at: Self.now))
        // The card had no UID: its id, made from its text, becomes one, so that it reads back as him.
        let uid = "UID:urn:uuid:\(alan.id)"
        #expect(
            added == "BEGIN:VCARD\r\nVERSION:3.0\r\nN:Turing;Alan;;;\r\nBDAY:1912-06-23\r\n\(uid)\r\nREV:20261124T233900Z\r\nEND:VCARD\r\n")
        #expect(VCard.people(from: added).people.first?.id == alan.id)
        alan.birthday = nil
        let cleared = try #require(VCard.revised(added, to: alan, at: Self.now))
        #expect(cleared == "BEGIN:VCARD\r\nVERSION:3.0\r\nN:Turing;Alan;;;\r\n\(uid)\r\nREV:20261124T233900Z\r\nEND:VCARD\r\n")
    }

    @Test func anEditedAddressKeepsItsLineGroupAndParametersAndARemovedNumberItsLineGoes() throws {
        var ada = try #require(VCard.people(from: Self.apple).people.first)
        ada.emails = [ContactDetail("ada@analytical.example")]
        ada.phones = []
        let revised = try #require(VCard.revised(Self.apple, to: ada, at: Self.now))
        let before = Self.apple.components(separatedBy: "\r\n"), after = revised.components(separatedBy: "\r\n")
        #expect(
            Set(before).subtracting(after) == [
                "item1.EMAIL;type=INTERNET;type=pref:ada@example.org",
                "TEL;type=CELL;type=VOICE;type=pref:+44 20 7946 0000",
            ])
        #expect(
            Set(after).subtracting(before) == [
                "item1.EMAIL;type=INTERNET;type=pref:ada@analytical.example",
                "REV:20261124T233900Z",
            ])
        var grace = try #require(VCard.people(from: Self.nextcloud).people.first)
        grace.phones = [ContactDetail("+1 202 555 0100", kinds: ["cell"])]
        let added = try #require(VCard.revised(Self.nextcloud, to: grace, at: Self.now))
        #expect(added.contains("TEL;TYPE=cell:+1 202 555 0100\nREV:20261124T233900Z\nEND:VCARD"))
    }

    @Test func aLongChangedNameIsFoldedAndReadsBack() throws {
        var ada = try #require(VCard.people(from: Self.apple).people.first)
        ada.lastName = String(repeating: "Lovelace-", count: 10) + "King"
        let revised = try #require(VCard.revised(Self.apple, to: ada, at: Self.now))
        let original = Set(Self.apple.components(separatedBy: "\r\n"))
        #expect(revised.components(separatedBy: "\r\n").allSatisfy { $0.utf8.count <= 75 || original.contains($0) })
        #expect(VCard.people(from: revised).people.first?.lastName == ada.lastName)
    }

    @Test func aPersonWithoutAKeptCardIsWrittenAsANewCard() {
        let alan = Person(id: "alan", firstName: "Alan", lastName: "Turing")
        #expect(VCard.text(for: [alan], keeping: [:]) == VCard.text(for: [alan]))
    }
}

/// Email addresses and phone numbers are read with their kinds, the preferred first.
struct VCardContactDetailsTests {
    @Test func addressesAndNumbersAreReadWithTheirKindsThePreferredFirst() throws {
        let read = VCard.people(
            from: VCardKeptWholeTests.apple + VCardKeptWholeTests.nextcloud + """
                BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Alan Turing\r\nEMAIL;TYPE=home:alan@home.example\r\n\
                EMAIL;TYPE="work,pref":alan@work.example\r\nTEL;VALUE=uri;TYPE=cell:tel:+44-161-496-0000\r\nEND:VCARD\r\n
                """)
        let (ada, grace, alan) = (read.people[0], read.people[1], read.people[2])
        #expect(ada.birthday == BirthDate("--12-10"), "Apple's omitted year is no year")
        #expect(ada.emails == [ContactDetail("ada@example.org")])
        #expect(ada.phones == [ContactDetail("+44 20 7946 0000", kinds: ["cell"])])
        #expect(grace.emails == [ContactDetail("grace@navy.example", kinds: ["work"])])
        #expect(alan.emails.map(\.text) == ["alan@work.example (work)", "alan@home.example (home)"])
        #expect(alan.phones.map(\.value) == ["+44-161-496-0000"])
    }

    @Test func theFilterFindsAnAddressAndANumberByItsDigits() {
        let ada = Person(
            firstName: "Ada", lastName: "Lovelace", emails: [ContactDetail("Ada@Example.org")],
            phones: [ContactDetail("+44 20 7946 0000")])
        #expect(ada.matches(filter: "example.ORG"))
        #expect(ada.matches(filter: "20 7946"))
        #expect(ada.matches(filter: "2079460"))
        #expect(!ada.matches(filter: "grace"))
    }
}

/// The month-and-day numbers of the days ahead, for whose birthday is near.
struct BirthKeysTests {
    @Test func theDaysAheadCrossTheYearsEndAndA28FebruaryWithoutA29thBringsIt() {
        #expect(CalendarDay(year: 2026, month: 12, day: 30).birthKeys(within: 3) == [1230, 1231, 101, 102])
        #expect(CalendarDay(year: 2027, month: 2, day: 27).birthKeys(within: 2) == [227, 228, 229, 301])
        #expect(CalendarDay(year: 2028, month: 2, day: 28).birthKeys(within: 1) == [228, 229])
    }
}

/// Exports of other address books come back whole too: Google's, and a vCard 2.1 card with
/// quoted-printable values (the program decodes the names it shows, and keeps the rest as written).
struct VCardOtherExportsTests {
    static let google =
        [
            "BEGIN:VCARD", "VERSION:3.0", "FN:Grace Hopper", "N:Hopper;Grace;Brewster Murray;;",
            "EMAIL;TYPE=INTERNET;TYPE=WORK:grace@navy.example", "TEL;TYPE=CELL:+1 202-555-0100",
            "ADR;TYPE=HOME:;;1 Navy Yard;Washington;DC;20003;US", "BDAY:1906-12-09",
            "item1.URL:https\\://example.org/grace", "item1.X-ABLabel:Blog", "CATEGORIES:myContacts,Navy",
            "NOTE:Found a moth\\nin the relay.", "END:VCARD",
        ].joined(separator: "\r\n") + "\r\n"

    static let quotedPrintable =
        [
            "BEGIN:VCARD", "VERSION:2.1", "N;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:M=C3=BCller;J=C3=BCrgen;;;",
            "FN;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:J=C3=BCrgen M=C3=BCller",
            "NOTE;ENCODING=QUOTED-PRINTABLE:Line one=0D=0ALine two, a soft=", " break", "TEL;CELL:+49 30 1234567", "END:VCARD",
        ].joined(separator: "\r\n") + "\r\n"

    @Test(arguments: [google, quotedPrintable])
    func anUntouchedCardIsWrittenBackByteForByte(card: String) throws {
        let read = VCard.people(from: card)
        let person = try #require(read.people.first)
        #expect(read.cards == [card])
        #expect(VCard.text(for: [person], keeping: [person.id: card]) == card)
    }

    @Test func googlesKindsAndLabelsAreRead() throws {
        let grace = try #require(VCard.people(from: Self.google).people.first)
        #expect(grace.emails == [ContactDetail("grace@navy.example", kinds: ["work"])])
        #expect(grace.phones == [ContactDetail("+1 202-555-0100", kinds: ["cell"])])
        #expect(grace.birthday == BirthDate("1906-12-09"))
    }

    @Test func aQuotedPrintableNameIsReadDecodedAndWrittenAnewAsPlainText() throws {
        var person = try #require(VCard.people(from: Self.quotedPrintable).people.first)
        #expect(person.fullName == "Jürgen Müller")
        person.lastName = "Möller"
        let revised = try #require(VCard.revised(Self.quotedPrintable, to: person, at: Date(timeIntervalSince1970: 0)))
        #expect(revised.contains("\r\nN;CHARSET=UTF-8:Möller;Jürgen;;;\r\nFN;CHARSET=UTF-8:Jürgen Möller\r\n"))
        #expect(VCard.people(from: revised).people.first?.fullName == "Jürgen Möller")
    }

    @Test func aVersionTwoSoftBreakAndALatinOneNameAreReadAndAnEditKeepsTheOtherPartsReadable() throws {
        let card =
            [
                "BEGIN:VCARD", "VERSION:2.1",
                "N;CHARSET=ISO-8859-1;ENCODING=QUOTED-PRINTABLE:M=FCller-Westernhagen;J=FCrgen;Karl=",
                "-Heinz;Dr.;", "END:VCARD",
            ].joined(separator: "\r\n") + "\r\n"
        let read = VCard.people(from: card)
        var person = try #require(read.people.first)
        #expect(read.cards == [card])
        #expect(person.lastName == "Müller-Westernhagen")
        #expect(person.firstName == "Jürgen")
        #expect(person.salutation == "Dr.")
        person.firstName = "Jörg"
        let revised = try #require(VCard.revised(card, to: person, at: Date(timeIntervalSince1970: 0)))
        #expect(revised.contains("\r\nN;CHARSET=UTF-8:Müller-Westernhagen;Jörg;Karl-Heinz;Dr.;\r\n"))
    }

    @Test func editingABirthdayInAVersionTwoCardChangesThatLineAndREVOnly() throws {
        var person = try #require(VCard.people(from: Self.quotedPrintable).people.first)
        person.birthday = BirthDate("1950-05-01")
        let revised = try #require(VCard.revised(Self.quotedPrintable, to: person, at: Date(timeIntervalSince1970: 0)))
        #expect(
            revised
                == Self.quotedPrintable.replacingOccurrences(
                    of: "END:VCARD", with: "BDAY:19500501\r\nUID:urn:uuid:\(person.id)\r\nREV:19700101T000000Z\r\nEND:VCARD"))
    }
}
