import Models
import Screens
import Testing

struct PersonViewModelTests {
    let today = CalendarDay(year: 2026, month: 11, day: 22)

    private func viewModel(_ salutation: String? = nil, _ first: String, _ last: String, born: String?) -> PersonViewModel {
        PersonViewModel(
            person: Person(
                salutation: salutation, firstName: first, lastName: last,
                birthday: born.flatMap { BirthDate($0) }), today: today)
    }

    @Test func withASalutationTheNameStartsWithIt() {
        #expect(viewModel("Dr.", "first", "last", born: nil).nameText == "Dr. first last")
    }

    @Test func withoutASalutationTheNameIsFirstThenLast() {
        #expect(viewModel(nil, "first", "last", born: nil).nameText == "first last")
        #expect(viewModel("  ", "first", "last", born: nil).nameText == "first last")
        #expect(viewModel("", "", "Lovelace", born: nil).nameText == "Lovelace")
    }

    @Test func aFamilyNameInHanKanaOrHangulComesFirstAsTheCardWritesIt() {
        #expect(viewModel(nil, "小明", "王", born: nil).nameText == "王小明")
        #expect(viewModel(nil, "花子", "山田", born: nil).nameText == "山田花子")
        #expect(viewModel(nil, "민준", "김", born: nil).nameText == "김민준")
        #expect(viewModel(nil, "Hanako", "山田", born: nil).nameText == "山田 Hanako")
        #expect(viewModel(nil, "Ada", "Lovelace", born: nil).nameText == "Ada Lovelace")
        #expect(viewModel(nil, "", "王", born: nil).nameText == "王")
    }

    @Test func theUIDAndEachAddressAndNumberAreDataBesideTheLines() {
        let person = Person(
            id: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F", firstName: "Ada", lastName: "Lovelace",
            emails: [ContactDetail("ada@example.org", kinds: ["work"]), ContactDetail("ada@home.example")],
            phones: [ContactDetail("+44 20 7946 0000", kinds: ["cell", "voice"])])
        let viewModel = PersonViewModel(person: person, today: today)
        #expect(viewModel.uid == "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")
        #expect(viewModel.emails.map(\.value) == ["ada@example.org", "ada@home.example"])
        #expect(viewModel.emails.map(\.type) == ["work", ""])
        #expect(viewModel.phones.map(\.value) == ["+44 20 7946 0000"])
        #expect(viewModel.phones.map(\.type) == ["cell,voice"])
        #expect(
            viewModel.contactLines == ["Email ada@example.org (work)", "Email ada@home.example", "Phone +44 20 7946 0000 (cell, voice)"])
    }

    @Test func theBirthdayAsDataIsTheDateOrWhatTheCardWrote() {
        #expect(viewModel(nil, "Ada", "Lovelace", born: "1815-12-10").birthdayData == "1815-12-10")
        #expect(viewModel(nil, "Ada", "Lovelace", born: "--12-10").birthdayData == "--12-10")
        let circa = PersonViewModel(person: Person(firstName: "Sophie", lastName: "Germain", birthdayText: "circa 1800"), today: today)
        #expect(circa.birthdayData == nil)
        #expect(circa.birthdayAsWritten == "circa 1800")
    }

    @Test func theBirthdateIsWrittenInFull() {
        let person = viewModel(nil, "first", "last", born: "1970-01-01")
        #expect(person.birthdateText == "Thursday January 1, 1970")
        #expect(person.longBirthdayText == "January 1, 1970")
    }

    @Test func cjkNamesAreKeptAsTheyAreFamilyNameFirst() {
        #expect(viewModel("先生", "太郎", "山田", born: nil).nameText == "先生 山田太郎")
    }

    @Test func ageAndNextBirthday() {
        let ada = viewModel(nil, "Ada", "Lovelace", born: "1815-12-10")
        #expect(ada.ageText == "210 years old")
        #expect(ada.nextBirthdayText == "in 18 days")
        #expect(ada.nextBirthdayLine == "Next birthday in 18 days")
        #expect(viewModel(nil, "a", "b", born: "2000-11-22").nextBirthdayText == "today")
        #expect(viewModel(nil, "a", "b", born: "2000-11-22").ageText == "26 years old")
        #expect(viewModel(nil, "a", "b", born: "2000-11-23").nextBirthdayText == "tomorrow")
        #expect(viewModel(nil, "a", "b", born: "2000-11-23").ageText == "25 years old")
        #expect(viewModel(nil, "a", "b", born: "2000-11-21").nextBirthdayText == "in 364 days")
        #expect(viewModel(nil, "a", "b", born: "2025-11-22").ageText == "1 year old")
    }

    @Test func aBirthdayOn29FebruaryFallsOn28FebruaryInOtherYears() {
        let leapling = viewModel(nil, "a", "b", born: "2004-02-29")
        #expect(leapling.birthdateText == "Sunday February 29, 2004")
        #expect(leapling.nextBirthdayText == "in 98 days")  // 2027-02-28
        let onLeapYear = PersonViewModel(person: leapling.person, today: CalendarDay(year: 2028, month: 2, day: 1))
        #expect(onLeapYear.nextBirthdayText == "in 28 days")
        #expect(onLeapYear.ageText == "23 years old")
    }

    @Test func aBirthdayWithoutAYearHasNoWeekdayAndNoAge() {
        let person = viewModel(nil, "a", "b", born: "--04-15")
        #expect(person.birthdateText == "April 15")
        #expect(person.ageText.isEmpty)
        #expect(person.nextBirthdayText == "in 144 days")
    }

    @Test(arguments: [PersonSortOrder.lastName, .nextBirthday])
    func aBirthdayThatIsNotADateIsShownAsWrittenWithNoAgeOrNextBirthday(order: PersonSortOrder) {
        let person = PersonViewModel(
            person: Person(firstName: "Sophie", lastName: "Germain", birthdayText: "circa 1800"),
            today: today, order: order)
        #expect([person.birthdateText, person.longBirthdayText, person.rowBirthdayText] == ["circa 1800", "circa 1800", "circa 1800"])
        #expect([person.ageText, person.nextBirthdayText, person.nextBirthdayLine] == ["", "", ""])
    }

    @Test func someoneWithoutANameIsShownByWhatTheCardHas() {
        let shown = { (person: Person) in PersonViewModel(person: person, today: today).nameText }
        #expect(shown(Person(firstName: "", lastName: "", knownAs: "Acme", emails: [ContactDetail("a@example.org")])) == "Acme")
        #expect(shown(Person(firstName: "", lastName: "", emails: [ContactDetail("a@example.org")])) == "a@example.org")
        #expect(shown(Person(firstName: "", lastName: "", phones: [ContactDetail("+1 202 555 0100")])) == "+1 202 555 0100")
        #expect(shown(Person(firstName: "", lastName: "")) == "(no name)")
    }

    @Test func noBirthdayNoDates() {
        let person = viewModel(nil, "a", "b", born: nil)
        #expect(person.birthdateText.isEmpty && person.ageText.isEmpty && person.nextBirthdayText.isEmpty)
    }
}
