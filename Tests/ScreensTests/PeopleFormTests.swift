import Foundation
import Models
import Screens
import Testing
import TestSupport

/// The People screen's form for adding or editing someone, filled in the input line and saved by the list.
@MainActor
struct PeopleFormTests: PeopleTesting {
    let store = InMemoryPeopleStore()
    let preferences = InMemoryPreferences()
    let files = InMemoryTextFiles()

    @Test func addingOpensTheFormInTheInputLineAndSavesOnTheLastField() {
        let people = makeViewModel()
        let prompts = ValueRecorder(people.prompt.inputPrompt)
        let focus = ValueRecorder(people.prompt.inputLineIsFocused)
        let messages = ValueRecorder(people.message)
        let rows = ValueRecorder(people.rows.map { $0.map(\.nameText) })
        people.prompt.startAdding()
        #expect(latest(people.prompt.inputLine) == InputLine())
        type("Ada", into: people.prompt)
        people.prompt.nextField()
        type("Lovelace", into: people.prompt)
        people.prompt.previousField()
        #expect(latest(people.prompt.inputLine) == InputLine(text: "Ada"), "the cursor at its end")
        people.prompt.nextField()
        #expect(latest(people.prompt.inputLine) == InputLine(text: "Lovelace"))
        people.prompt.nextField()
        type("Countess", into: people.prompt)
        people.prompt.nextField()
        type("1815-12-10", into: people.prompt)
        people.prompt.nextField()
        type("ada@analytical.example", into: people.prompt)
        people.prompt.nextField()
        people.prompt.inputSubmitted()  // Enter on the last field saves, as nextField does
        #expect(
            prompts.values == [
                "Filter", "First name", "Last name", "First name", "Last name", "Salutation", "Birthday", "Email", "Phone", "Filter",
            ])
        #expect(focus.values == [false, true, false], "the line keeps the focus from field to field")
        #expect(latest(people.prompt.inputLine) == InputLine(), "the filter, empty, back in the line")
        #expect(rows.values == [[], ["Countess Ada Lovelace"]])
        #expect(messages.values == ["", "Added Countess Ada Lovelace"])
        #expect(store.outbox.count == 1)  // no server: it waits
    }

    @Test(arguments: [
        (["", "  ", "", ""], PersonForm.Field.firstName, "A person needs a first or a last name"),
        (["Ada", "Lovelace", "", "2023-02-29"], .birthday, "2023-02-29 is not a day on the calendar"),
        (["Ada", "Lovelace", "", "10/12/1815"], .birthday, "Write the birthday as YYYY-MM-DD, such as 1815-12-10"),
        (["Ada", "Lovelace", "", "2026-11-23"], .birthday, "2026-11-23 is in the future"),
        (["Ada", "Lovelace", "", "", "ada.example.org"], .email, "ada.example.org is not an email address: write it as name@example.org"),
        (
            ["Ada", "Lovelace", "", "", "ada @example.org"], .email,
            "ada @example.org is not an email address: write it as name@example.org"
        ),
        (
            ["Ada", "Lovelace", "", "", "", "+44 20 ADA"], .phone,
            "A phone number has digits, spaces and + - ( ) only, such as +1 202 555 0100"
        ),
    ])
    func aWrongFormSaysWhyAndStaysOnTheFieldToMend(fields: [String], field: PersonForm.Field, message: String) {
        let people = makeViewModel()
        add(people, fields)
        guard case .form(let form) = latest(people.prompt.mode) else {
            Issue.record("the form closed")
            return
        }
        #expect(form.field == field)
        #expect(form.problems == [field: message])
        #expect(latest(people.prompt.inputLine) == InputLine(text: form[field]))
        #expect(latest(people.prompt.inputLineIsFocused))
        #expect(latest(people.rows).isEmpty)
    }

    @Test func enterOnAPersonOpensTheFormOnThemAndSavingKeepsTheirIdAndTheirOtherDetails() throws {
        let ada = Person(
            id: "ada", salutation: "Countess", firstName: "Ada", lastName: "Lovelace", birthday: BirthDate("1815-12-10"),
            emails: [ContactDetail("ada@home.example", kinds: ["home"]), ContactDetail("ada@work.example")],
            phones: [ContactDetail("+44 20 7946 0000", kinds: ["cell"])])
        try store.add([ada])
        let people = makeViewModel()
        let messages = ValueRecorder(people.message)
        people.prompt.startEditing()
        guard case .form(let form) = latest(people.prompt.mode) else {
            Issue.record("no form")
            return
        }
        #expect(form.title == "Edit Countess Ada Lovelace", "the name as the list shows it")
        #expect(latest(people.prompt.inputLine) == InputLine(text: "Ada"))
        #expect(
            PersonForm.Field.allCases.map { form[$0] } == [
                "Ada", "Lovelace", "Countess", "1815-12-10", "ada@home.example", "+44 20 7946 0000",
            ])
        for _ in 0..<4 { people.prompt.nextField() }
        edit(people.prompt, .deleteToStart, .insert("ada@analytical.example"))
        people.prompt.nextField()
        edit(people.prompt, .deleteToStart)  // no phone now
        people.prompt.nextField()
        #expect(latest(people.prompt.mode) == .list)
        #expect(messages.values == ["", "Saved Countess Ada Lovelace"])
        let saved = try #require(store.stored["ada"])
        #expect(saved.emails == [ContactDetail("ada@analytical.example", kinds: ["home"]), ContactDetail("ada@work.example")])
        #expect(saved.phones.isEmpty)
        #expect(store.stored.count == 1)
        #expect(store.outbox.map(\.person) == [saved])
    }

    @Test func aPersonChangedElsewhereWhileTheFormIsOpenIsSettledByTheUserNeverOverwritten() throws {
        let alan = Person(id: "alan", firstName: "Alan", lastName: "Turing", emails: [ContactDetail("alan@old.example")])
        try store.add([alan])
        let people = makeViewModel()
        people.prompt.startEditing()
        // Another window changes Alan's email, and saves.
        var elsewhere = alan
        elsewhere.emails = [ContactDetail("alan@new.example")]
        try store.update(elsewhere, at: Date())
        for _ in 0..<3 { people.prompt.nextField() }
        edit(people.prompt, .insert("1912-06-23"))
        for _ in 0..<3 { people.prompt.nextField() }
        guard case .form(let form) = latest(people.prompt.mode) else {
            Issue.record("the form closed: the edit overwrote the change made elsewhere")
            return
        }
        #expect(form.problem == "Changed elsewhere meanwhile (email): the form holds their changes; Enter saves, Esc keeps theirs")
        #expect(form[.email] == "alan@new.example")
        #expect(form[.birthday] == "1912-06-23")
        #expect(store.stored["alan"] == elsewhere, "nothing saved yet")
        people.prompt.nextField()
        #expect(latest(people.prompt.mode) == .list)
        #expect(store.stored["alan"]?.emails == [ContactDetail("alan@new.example")])
        #expect(store.stored["alan"]?.birthday == BirthDate("1912-06-23"))
    }

    @Test func aPersonDeletedElsewhereWhileTheFormIsOpenIsAddedAgainOnlyWhenSaved() throws {
        try store.add([Person(id: "alan", firstName: "Alan", lastName: "Turing")])
        let people = makeViewModel()
        people.prompt.startEditing()
        try store.delete(id: "alan")
        for _ in 0..<6 { people.prompt.nextField() }
        guard case .form(let form) = latest(people.prompt.mode) else {
            Issue.record("the form closed")
            return
        }
        #expect(form.problem == "Deleted elsewhere meanwhile: Enter adds them again, Esc lets them go")
        #expect(store.stored.isEmpty)
        people.prompt.nextField()
        #expect(store.stored.values.map(\.fullName) == ["Alan Turing"])
    }

    @Test func anAddressOrNumberLeftAsTheCardHadItIsNotCheckedWhenSaving() throws {
        let ada = Person(
            id: "ada", firstName: "Ada", lastName: "Lovelace", emails: [ContactDetail("ada at home")],
            phones: [ContactDetail("+1 555 0100 ext. 5")])
        let form = PersonForm(editing: ada)
        var birthday = form
        birthday[.birthday] = "1815-12-10"
        let saved = try birthday.person(today: CalendarDay(year: 2026, month: 11, day: 22)).get()
        #expect(saved.emails == ada.emails)
        #expect(saved.phones == ada.phones)
        var typed = form
        typed[.phone] = "+1 555 CALL"
        #expect(throws: PersonForm.Invalid.self) { try typed.person(today: CalendarDay(year: 2026, month: 11, day: 22)).get() }
    }

    @Test func aBirthdayTheCardWroteAsTextIsShownAndKeptWhenLeftAsItIs() throws {
        let sophie = Person(
            id: "sophie", firstName: "Sophie", lastName: "Germain", birthdayText: "circa  1800",
            emails: [ContactDetail("sophie@example.org")])
        let form = PersonForm(editing: sophie)
        #expect(form[.birthday] == "circa  1800")
        var renamed = form
        renamed[.firstName] = "Marie-Sophie"
        let saved = try renamed.person(today: Self.today).get()
        #expect(saved.birthdayText == "circa  1800", "kept as the card wrote it, spaces and all")
        #expect(saved.birthday == nil)
        var dated = form
        dated[.birthday] = "1776-04-01"
        #expect(try dated.person(today: Self.today).get().birthday == BirthDate("1776-04-01"))
        #expect(try dated.person(today: Self.today).get().birthdayText == nil)
        var cleared = form
        cleared[.birthday] = ""
        #expect(try cleared.person(today: Self.today).get().birthdayText == nil)
        var typed = form
        typed[.birthday] = "circa 1801"
        #expect(throws: PersonForm.Invalid.self) { try typed.person(today: Self.today).get() }
    }

    @Test func someoneACardGaveNoNameIsEditedAndSavedWithoutOne() throws {
        let company = Person(id: "acme", firstName: "", lastName: "", knownAs: "Acme", phones: [ContactDetail("+1 202 555 0100")])
        var form = PersonForm(editing: company)
        #expect(form.title == "Edit Acme")
        #expect(PersonForm(editing: Person(id: "w", firstName: "小明", lastName: "王")).title == "Edit 王小明")
        form[.phone] = "+1 202 555 0199"
        let saved = try form.person(today: Self.today).get()
        #expect(saved == Person(id: "acme", firstName: "", lastName: "", knownAs: "Acme", phones: [ContactDetail("+1 202 555 0199")]))
        #expect(throws: PersonForm.Invalid.self) { try PersonForm().person(today: Self.today).get() }
    }

    @Test func everyFieldToMendSaysWhyTheFirstIsTypedAndEachIsClearedAsItIsMended() {
        var form = PersonForm()
        form[.firstName] = "Grace"
        form.field = .email
        #expect(form.next(typed: "grace.example", today: Self.today) == nil)
        #expect(form.problems.keys.sorted { $0.rawValue < $1.rawValue } == [.email], "said as the field is left")
        #expect(form.next(typed: "COBOL", today: Self.today) == nil)
        #expect(form.problems.keys.sorted { $0.rawValue < $1.rawValue } == [.email, .phone])
        #expect(form.field == .email, "the first field to mend is typed")
        _ = form.next(typed: "grace@navy.example", today: Self.today)
        #expect(form.problems.keys.sorted { $0.rawValue < $1.rawValue } == [.phone])
        #expect(form.next(typed: "+1 202 555 0100", today: Self.today)?.person.phones.first?.value == "+1 202 555 0100")
    }

    @Test func aProblemMendedIsNoLongerSaidWhicheverWayTheFieldIsLeft() {
        var form = PersonForm()
        form.field = .phone
        #expect(form.next(typed: "", today: Self.today) == nil)
        #expect(form.problems == [.firstName: "A person needs a first or a last name"])
        form.field = .lastName
        _ = form.next(typed: "Hopper", today: Self.today)
        #expect(form.problems.isEmpty, "a last name mends the need of a name")
        form.field = .birthday
        _ = form.next(typed: "12/9/1906", today: Self.today)
        #expect(form.problems.keys.contains(.birthday))
        form.move(by: -1)
        form.previous(typed: "1906-12-09", today: Self.today)
        #expect(form.problems.isEmpty, "mended, then left upwards")
    }

    @Test func aSecondEnterWhileTheSaveWaitsNamesNoSecondSaveAndARefusalOpensItAgain() {
        var form = PersonForm()
        form[.firstName] = "Ada"
        form.field = .phone
        let save = form.next(typed: "", today: Self.today)
        #expect(save?.person.firstName == "Ada")
        #expect(form.next(typed: "", today: Self.today) == nil, "the first save still waits for the list")
        form.refused("Not saved: disk full")
        #expect(form.problem == "Not saved: disk full")
        #expect(form.next(typed: "", today: Self.today)?.person.firstName == "Ada")
    }

    @Test func escapeClosesTheFormKeepingNothing() {
        let people = makeViewModel()
        people.prompt.startAdding()
        type("Dr.", into: people.prompt)
        people.prompt.cancelInput()
        #expect(latest(people.prompt.inputLine) == InputLine())
        #expect(!latest(people.prompt.inputLineIsFocused))
        #expect(latest(people.prompt.mode) == .list)
        #expect(latest(people.rows).isEmpty)
    }

    @Test func theFilterIsBackInTheLineWhenTheFormCloses() throws {
        try store.add([Person(firstName: "Ada", lastName: "Lovelace"), Person(firstName: "Grace", lastName: "Hopper")])
        let people = makeViewModel()
        let focus = ValueRecorder(people.prompt.inputLineIsFocused)
        people.prompt.inputFocusChanged(true)
        type("ada", into: people.prompt)
        people.prompt.startAdding()
        type("Dr.", into: people.prompt)  // typing in the form filters nothing
        #expect(names(people) == ["Ada Lovelace"])
        people.prompt.cancelInput()
        #expect(latest(people.prompt.inputLine) == InputLine(text: "ada"))
        #expect(names(people) == ["Ada Lovelace"])
        #expect(focus.values == [false, true, false])
    }
}
