import Foundation
import Models

/// Cards in the shapes that real exports from phones, address books and contact tools take, each
/// written here by the project, with what the People screen should make of it: the model, the
/// vCard tests, the store, the command line and the sync with Radicale all read the same ones.
///
/// The first ones have always been read; the later ones (a birthday that is not a date, a card
/// with no name, a soft break before a blank line) were once skipped whole, for one property.
public struct CardShape: Sendable, CustomStringConvertible {
    /// What the shape is, for a test's name.
    public let name: String
    /// The card as a file holds it, line ends and all.
    public let text: String
    /// The UID the card has, or nil when it has none.
    public let uid: String?
    /// The name the list shows (`PersonViewModel.nameText`): `(no name)` for a card that gives
    /// nothing to show.
    public let shownName: String
    /// The birthday as a date, when it is one.
    public let birthday: BirthDate?
    /// The birthday kept as the card wrote it, when it is not a date.
    public let birthdayText: String?

    public var description: String { name }

    init(
        _ name: String, uid: String?, shows shownName: String, birthday: String? = nil, birthdayText: String? = nil,
        lineEnd: String = "\r\n", _ lines: [String]
    ) {
        self.name = name
        self.text = lines.joined(separator: lineEnd) + lineEnd
        self.uid = uid
        self.shownName = shownName
        self.birthday = birthday.flatMap { BirthDate($0) }
        self.birthdayText = birthdayText
    }

    init(_ name: String, uid: String?, shows shownName: String, birthday: String? = nil, text: String) {
        self.name = name
        self.text = text
        self.uid = uid
        self.shownName = shownName
        self.birthday = birthday.flatMap { BirthDate($0) }
        self.birthdayText = nil
    }

    /// A 200 KB photo's base64, folded as exports fold it.
    private static let photo = stride(from: 0, to: 200_000, by: 72).map { _ in " " + String(repeating: "QUFB", count: 18) }

    /// Every shape, each card with its own UID (or none), so that all of them can sit in one file
    /// or one address book.
    public static let all: [CardShape] = [
        // Shapes that were always read.
        CardShape(
            "a quoted-printable break inside a UTF-8 character", uid: "qp-utf8", shows: "Zoë Brontë",
            [
                "BEGIN:VCARD", "VERSION:2.1", "UID:qp-utf8", "N;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:Bront=C3=",
                "=AB;Zo=C3=AB;;;", "END:VCARD",
            ]),
        CardShape(
            "item1. groups", uid: "groups", shows: "Grace Hopper",
            [
                "BEGIN:VCARD", "VERSION:3.0", "UID:groups", "N:Hopper;Grace;;;", "FN:Grace Hopper",
                "item1.EMAIL;type=INTERNET;type=pref:grace@example.org", "item1.X-ABLabel:_$!<Other>!$_",
                "item2.TEL:+1 202 555 0100", "item2.X-ABLabel:Navy", "END:VCARD",
            ]),
        CardShape(
            "a bare PHOTO;ENCODING=BASE64;JPEG", uid: "bare-photo", shows: "Alan Turing",
            [
                "BEGIN:VCARD", "VERSION:2.1", "UID:bare-photo", "N:Turing;Alan",
                "PHOTO;ENCODING=BASE64;JPEG:AAUKDxQZHiMoLTI3PEFGS1BVWl9kaW5zeH2C",
                " h4yRlpugpaqvtLm+w8jN0tfc4ebr8PX6", "", "END:VCARD",
            ]),
        CardShape(
            "lower-case begin:vcard", uid: "lower-case", shows: "Katherine Johnson",
            [
                "begin:vcard", "version:3.0", "uid:lower-case", "n:Johnson;Katherine;;;", "fn:Katherine Johnson", "end:vcard",
            ]),
        CardShape(
            "line ends LF alone", uid: "lf", shows: "Mary Jackson", lineEnd: "\n",
            [
                "BEGIN:VCARD", "VERSION:4.0", "UID:lf", "FN:Mary Jackson", "N:Jackson;Mary;;;", "END:VCARD",
            ]),
        CardShape(
            "mixed line ends", uid: "mixed", shows: "Dorothy Vaughan",
            text: "BEGIN:VCARD\r\nVERSION:4.0\nUID:mixed\r\nFN:Dorothy Vaughan\nN:Vaughan;Dorothy;;;\r\nEND:VCARD\n"),
        CardShape(
            "no UID", uid: nil, shows: "Hedy Lamarr",
            [
                "BEGIN:VCARD", "VERSION:3.0", "N:Lamarr;Hedy;;;", "FN:Hedy Lamarr", "TEL;TYPE=CELL:+1 310 555 0199", "END:VCARD",
            ]),
        CardShape(
            "no VERSION", uid: "no-version", shows: "Emmy Noether",
            [
                "BEGIN:VCARD", "UID:no-version", "N:Noether;Emmy;;;", "END:VCARD",
            ]),
        CardShape(
            "properties of other tools, without X-", uid: "custom", shows: "Lise Meitner",
            [
                "BEGIN:VCARD", "VERSION:4.0", "UID:custom", "FN:Lise Meitner", "N:Meitner;Lise;;;",
                "SOCIALPROFILE;TYPE=mastodon:https://example.social/@lise", "EXPERTISE;LEVEL=expert:physics",
                "ABSHOWAS:PERSON", "END:VCARD",
            ]),
        CardShape(
            "a 200 KB photo", uid: "big-photo", shows: "Rosalind Franklin",
            [
                "BEGIN:VCARD", "VERSION:3.0", "UID:big-photo", "N:Franklin;Rosalind;;;", "FN:Rosalind Franklin",
                "PHOTO;ENCODING=b;TYPE=JPEG:QUFB",
            ] + photo + ["END:VCARD"]),
        CardShape(
            "a birthday without a year", uid: "no-year", shows: "Ada Lovelace", birthday: "--12-10",
            [
                "BEGIN:VCARD", "VERSION:4.0", "UID:no-year", "FN:Ada Lovelace", "N:Lovelace;Ada;;;", "BDAY:--1210", "END:VCARD",
            ]),

        // Shapes once skipped whole.
        CardShape(
            "a text birthday", uid: "text-birthday", shows: "Sophie Germain", birthdayText: "circa 1800",
            [
                "BEGIN:VCARD", "VERSION:4.0", "UID:text-birthday", "FN:Sophie Germain", "N:Germain;Sophie;;;",
                "BDAY;VALUE=text:circa 1800", "END:VCARD",
            ]),
        CardShape(
            "a birthday in the year zero", uid: "year-zero", shows: "Ada Byron", birthday: "--12-10",
            [
                "BEGIN:VCARD", "VERSION:3.0", "UID:year-zero", "N:Byron;Ada;;;", "FN:Ada Byron", "BDAY:0000-12-10", "END:VCARD",
            ]),
        CardShape(
            "a birthday of a year alone", uid: "year-only", shows: "Augusta King", birthdayText: "1815",
            [
                "BEGIN:VCARD", "VERSION:4.0", "UID:year-only", "FN:Augusta King", "N:King;Augusta;;;", "BDAY:1815", "END:VCARD",
            ]),
        CardShape(
            "a birthday of a year and a month", uid: "year-month", shows: "Mary Somerville", birthdayText: "1815-12",
            [
                "BEGIN:VCARD", "VERSION:4.0", "UID:year-month", "FN:Mary Somerville", "N:Somerville;Mary;;;", "BDAY:1815-12",
                "END:VCARD",
            ]),
        CardShape(
            "a birthday of a day alone", uid: "day-only", shows: "Caroline Herschel", birthdayText: "---10",
            [
                "BEGIN:VCARD", "VERSION:4.0", "UID:day-only", "FN:Caroline Herschel", "N:Herschel;Caroline;;;", "BDAY:---10",
                "END:VCARD",
            ]),
        CardShape(
            "a version 3.0 birthday of a month and a day", uid: "month-day", shows: "Maria Mitchell", birthday: "--02-10",
            [
                "BEGIN:VCARD", "VERSION:3.0", "UID:month-day", "N:Mitchell;Maria;;;", "FN:Maria Mitchell", "BDAY;value=date:02-10",
                "END:VCARD",
            ]),
        CardShape(
            "a company with only an ORG", uid: "company", shows: "Analytical Engines Ltd",
            [
                "BEGIN:VCARD", "VERSION:3.0", "UID:company", "ORG:Analytical Engines Ltd;", "TEL;TYPE=WORK:+44 20 7946 0001",
                "END:VCARD",
            ]),
        CardShape(
            "only an email address", uid: "email-only", shows: "someone@example.org",
            [
                "BEGIN:VCARD", "VERSION:4.0", "UID:email-only", "EMAIL:someone@example.org", "END:VCARD",
            ]),
        CardShape(
            "a soft break before a blank line", uid: "soft-break", shows: "Émilie du Châtelet",
            [
                "BEGIN:VCARD", "VERSION:2.1", "UID:soft-break", "N;CHARSET=UTF-8:du Châtelet;Émilie;;;",
                "NOTE;ENCODING=QUOTED-PRINTABLE:Translated Newton=0D=0A=", "into French=", "", "END:VCARD",
            ]),
        CardShape(
            "an Apple company card", uid: "apple-company", shows: "Babbage & Co",
            [
                "BEGIN:VCARD", "VERSION:3.0", "UID:apple-company", "N:;;;;", "FN:Babbage & Co", "ORG:Babbage & Co;",
                "X-ABShowAs:COMPANY", "END:VCARD",
            ]),
        CardShape(
            "only a nickname", uid: "nickname-only", shows: "Lulu",
            [
                "BEGIN:VCARD", "VERSION:4.0", "UID:nickname-only", "NICKNAME:Lulu,Lou", "END:VCARD",
            ]),
        CardShape(
            "a salutation and an organisation but no name", uid: "salutation-org", shows: "Dr. Acme Labs",
            [
                "BEGIN:VCARD", "VERSION:3.0", "UID:salutation-org", "N:;;;Dr.;", "ORG:Acme Labs", "END:VCARD",
            ]),
        CardShape(
            "nothing to show but a note", uid: "note-only", shows: "(no name)",
            [
                "BEGIN:VCARD", "VERSION:3.0", "UID:note-only", "FN:", "NOTE:met at the conference", "END:VCARD",
            ]),
        CardShape(
            "an empty UID", uid: nil, shows: "Grace Murray",
            [
                "BEGIN:VCARD", "VERSION:3.0", "UID:", "N:Murray;Grace;;;", "END:VCARD",
            ]),
        CardShape(
            "a name that is also the nickname and the organisation", uid: "cher", shows: "Cher",
            [
                "BEGIN:VCARD", "VERSION:3.0", "UID:cher", "FN:Cher", "NICKNAME:Cher", "ORG:Cher", "END:VCARD",
            ]),
    ]

    /// Every shape's card, one after another, as one file.
    public static var file: String { all.map(\.text).joined() }
}
