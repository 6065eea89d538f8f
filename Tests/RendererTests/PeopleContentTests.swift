import Models
import Renderer
import Screens
import Testing
import TestSupport

/// The People screen drawn from values built by hand: one value, one block of lines, per case.
@MainActor
struct PeopleContentTests {
    nonisolated static let big = ContentDrawing.region(80, 24, inputLine: true)
    nonisolated static let small = ContentDrawing.region(40, 10, inputLine: true)
    static let today = CalendarDay(year: 2026, month: 11, day: 22)

    static func people(_ people: [Person], selected: Int = 0) -> PeopleContent {
        var content = PeopleContent()
        content.headerText = (people.count == 1 ? "1 person" : "\(people.count) people") + ", by last name"
        content.syncText = "Sync off"
        content.rows = people.map { PersonViewModel(person: $0, today: today) }
        content.selectedIndex = selected
        content.selectedPerson = content.rows.indices.contains(selected) ? content.rows[selected] : nil
        return content
    }

    static let ada = Person(id: "1", firstName: "Ada", lastName: "Lovelace", birthday: BirthDate("1815-12-10"))
    static let grace = Person(id: "2", firstName: "Grace", lastName: "Hopper", birthday: BirthDate("1906-12-09"))

    @Test func anEmptyBookSaysHowToAddSomeone() {
        var content = PeopleContent()
        content.headerText = "0 people"
        content.emptyText = PeopleListViewModel.emptyMessage
        #expect(
            ContentDrawing(Self.small) { content.draw(into: $0, in: $1) }.lines == [
                " 0 people",
                "",
                "",
                " No one here yet. Press a to add",
                " someone, or i to import a vCard file.",
            ])
    }

    @Test func peopleAt80x24WithTheChosenOnesDetails() {
        let content = Self.people([Self.grace, Self.ada], selected: 1)
        let drawing = ContentDrawing(Self.big) { content.draw(into: $0, in: $1) }
        #expect(
            drawing.lines == [
                " 2 people, by last name                                                Sync off",
                "",
                "",
                "   Grace Hopper                                                December 9, 1906",
                " › Ada Lovelace                                               December 10, 1815",
            ])
        #expect(drawing.grid.focus == Position(row: 4, column: 1))
    }

    @Test func fromEightyTwoColumnsTheChosenPersonsDetailsShowBesideTheList() {
        let content = Self.people([Self.grace, Self.ada], selected: 1)
        let drawing = ContentDrawing(ContentDrawing.region(82, 24, inputLine: true)) { content.draw(into: $0, in: $1) }
        #expect(
            Array(drawing.lines.prefix(7)) == [
                " 2 people, by last name                                                  Sync off",
                "",
                "",
                "   Grace Hopper                December 9, 1… │ Ada Lovelace",
                " › Ada Lovelace                December 10,…  │ Sunday December 10, 1815",
                "                                              │ 210 years old",
                "                                              │ Next birthday in 18 days",
            ])
    }

    @Test func aQuestionReadsAsOneAndAProblemAsAnError() {
        var content = Self.people([Self.ada])
        content.news = PeopleNewsLine("Delete Ada Lovelace? y/n", tone: .question)
        #expect(
            ContentDrawing(Self.small) { content.draw(into: $0, in: $1) }.grid.text(inRow: 1, style: .title) == "Delete Ada Lovelace? y/n")
        content.news = PeopleNewsLine("Not deleted: disk full", tone: .problem)
        #expect(
            ContentDrawing(Self.small) { content.draw(into: $0, in: $1) }.grid.text(inRow: 1, style: .error) == "Not deleted: disk full")
    }

    @Test func whileAQuestionIsAskedTheRowsDoNotAnswerTheMouse() {
        var content = Self.people([Self.ada, Self.grace])
        #expect(ContentDrawing(Self.big) { content.draw(into: $0, in: $1) }.grid.mouseTargets.count == 3)
        content.mode = .confirmingDelete(content.rows[0])
        #expect(ContentDrawing(Self.big) { content.draw(into: $0, in: $1) }.grid.mouseTargets.isEmpty)
    }

    @Test(arguments: [big, small])
    func aPersonsDetailFillsTheAreaWithEverythingTheSidePaneShows(size: Size) {
        var content = Self.people([Self.grace, Self.ada], selected: 1)
        var ada = Self.ada
        ada.emails = [ContactDetail("ada@analytical.engine", kinds: ["work"])]
        content.mode = .viewing(PersonViewModel(person: ada, today: Self.today))
        let drawing = ContentDrawing(size) { content.draw(into: $0, in: $1) }
        #expect(
            drawing.lines == [
                " Ada Lovelace", " Sunday December 10, 1815", " 210 years old", " Next birthday in 18 days",
                " Email ada@analytical.engine (work)",
            ])
        #expect(drawing.grid.focus == Position(row: 0, column: 1))
        #expect(drawing.grid.mouseTargets.isEmpty)
    }

    @Test func theFormAt40x10() {
        var content = Self.people([Self.ada])
        var form = PersonForm()
        form.field = .lastName
        form[.firstName] = "Grace"
        content.mode = .form(form)
        #expect(
            ContentDrawing(Self.small) { content.draw(into: $0, in: $1) }.lines == [
                " 1 person, by last name        Sync off",
                " Add a person: type each field in the…",
                "   First name  Grace",
                " › Last name",
                "   Salutation  optional: Dr., Ms., Mr.",
            ], "the form starts under the header when there is no news")
        form.refused("The birthday is not a date")
        content.mode = .form(form)
        let drawing = ContentDrawing(Self.small) { content.draw(into: $0, in: $1) }
        #expect(
            drawing.lines == [
                " 1 person, by last name        Sync off",
                " The birthday is not a date",
                "   First name  Grace",
                " › Last name",
                "   Salutation  optional: Dr., Ms., Mr.",
            ])
        #expect(drawing.grid.text(inRow: 1, style: .error) == "The birthday is not a date")
    }

    @Test func aPersonFullSizeShowsWhatTheirCardSaysBeyondTheRow() {
        var content = Self.people([Self.ada])
        content.mode = .viewing(content.rows[0])
        content.cardLines = ["Organisation Analytical Engines", "Address 12 St James's Square, London (home)"]
        let lines = ContentDrawing(Self.big) { content.draw(into: $0, in: $1) }.lines
        #expect(lines.contains(" Organisation Analytical Engines"))
        #expect(lines.contains(" Address 12 St James's Square, London (home)"))
        content.cardLines += (1...12).map { "Note \($0)" }
        let small = ContentDrawing(Self.small) { content.draw(into: $0, in: $1) }.lines
        #expect(small.last(where: { !$0.isEmpty })?.hasSuffix("…") == true, "a detail longer than the screen says so: \(small)")
        content.mode = .list
        #expect(
            !ContentDrawing(Self.big) { content.draw(into: $0, in: $1) }.lines.contains { $0.contains("Analytical") },
            "the side pane keeps to the row's details")
    }

    @Test func theBirthdaysSoonKeepTheirPlaceUnderTheNews() {
        var content = Self.people([Self.ada])
        content.birthdays = "Birthdays soon: Grace Hopper in 3 days"
        content.news = PeopleNewsLine(content.birthdays)
        #expect(
            ContentDrawing(Self.small) { content.draw(into: $0, in: $1) }.lines[1...2] == [" Birthdays soon: Grace Hopper in 3 days", ""])
        content.news = PeopleNewsLine("Added Ada Lovelace")
        let drawing = ContentDrawing(Self.small) { content.draw(into: $0, in: $1) }
        #expect(drawing.lines[1...2] == [" Added Ada Lovelace", " Birthdays soon: Grace Hopper in 3 days"])
        content.news = PeopleNewsLine("Delete Ada Lovelace? y/n", tone: .question)
        #expect(ContentDrawing(Self.small) { content.draw(into: $0, in: $1) }.lines[2] == " Birthdays soon: Grace Hopper in 3 days")
    }

    @Test func eachFieldSaysItsOwnProblemBesideIt() {
        var content = Self.people([Self.ada])
        var form = PersonForm()
        form[.firstName] = "Grace"
        form.field = .birthday
        let today = CalendarDay(year: 2026, month: 11, day: 22)
        _ = form.next(typed: "12/9/1906", today: today)
        _ = form.next(typed: "grace.example", today: today)
        #expect(form.next(typed: "COBOL", today: today) == nil)
        content.mode = .form(form)
        let drawing = ContentDrawing(Self.big) { content.draw(into: $0, in: $1) }
        #expect(
            drawing.lines == [
                " 1 person, by last name                                                Sync off",
                "",
                "",
                " Add a person: type each field in the input line above",
                "   First name  Grace",
                "   Last name",
                "   Salutation  optional: Dr., Ms., Mr.",
                " › Birthday    Write the birthday as YYYY-MM-DD, such as 1815-12-10",
                "   Email       grace.example",
                "   Phone       COBOL",
                " Email: grace.example is not an email address: write it as name@example.org",
                " Phone: A phone number has digits, spaces and + - ( ) only, such as +1 202 555",
                " 0100",
            ], "a problem too long for its field's row is read whole under the fields")
        #expect(drawing.grid.text(inRow: 7, style: .error) == "Write the birthday as YYYY-MM-DD, such as 1815-12-10")
        let small = ContentDrawing(Self.small) { content.draw(into: $0, in: $1) }
        #expect(
            small.lines == [
                " 1 person, by last name        Sync off",
                " Birthday: Write the birthday as",
                " YYYY-MM-DD, such as 1815-12-10",
                " Email: grace.example is not an email…",
                " › Birthday",
            ], "at 40x10 the problem of the field typed comes first, whole, above the field")
    }

    @Test func newsOverMoreRowsThanTheListExpectsKeepsTheChosenPersonInViewAndClickable() {
        let people = (1...8).map { Person(id: "\($0)", firstName: "Person", lastName: "\($0)") }
        var content = Self.people(people, selected: 4)
        content.news = PeopleNewsLine(Self.failure, tone: .problem)
        let drawing = ContentDrawing(Self.small) { content.draw(into: $0, in: $1) }
        // At 40x10 the news takes three rows, the list the one left: the chosen person.
        #expect(drawing.lines.last == " › Person 5")
        let rows = drawing.grid.mouseTargets.compactMap { target -> (Int, PeopleView.Action)? in
            guard case .screen(let action) = target.click, let action = action as? PeopleView.Action else { return nil }
            return (target.rect.row, action)
        }
        #expect(rows.map(\.0) == [drawing.lines.count - 1])
        #expect(rows.map(\.1) == [.choosePerson(4)], "a click on the row drawn chooses the person drawn there")
    }

    @Test func underASyncFailureAt40x10TheFormKeepsTheFieldBeingTyped() {
        var content = Self.people([Self.ada])
        (content.syncText, content.syncIsProblem) = (Self.failure, true)
        var form = PersonForm()
        form.refused("The birthday is not a date")
        content.mode = .form(form)
        let lines = ContentDrawing(Self.small) { content.draw(into: $0, in: $1) }.lines
        #expect(lines.count == 5)
        #expect(lines[1...2] == [" Sync failed: the people server at", " 127.0.0.1:5232 asks for ada's passwor…"])
        #expect(lines[3] == " The birthday is not a date")
        #expect(lines[4].hasPrefix(" › First name"))
    }

    static let failure =
        "Sync failed: the people server at 127.0.0.1:5232 asks for ada's password and none is set: "
        + "set MVVM_TUI_PEOPLE_PASSWORD, [people] password or ~/.netrc"

    @Test func aFailureTooLongForTheHeaderIsReadWholeUnderIt() {
        var content = Self.people([Self.ada])
        (content.syncText, content.syncIsProblem) = (Self.failure, true)
        #expect(
            Array(ContentDrawing(Self.big) { content.draw(into: $0, in: $1) }.lines.prefix(4)) == [
                " 1 person, by last name",
                " Sync failed: the people server at 127.0.0.1:5232 asks for ada's password and",
                " none is set: set MVVM_TUI_PEOPLE_PASSWORD, [people] password or ~/.netrc",
                " › Ada Lovelace                                               December 10, 1815",
            ])
    }

    @Test func underTheNewsOrAt40ColumnsTheFailureIsReadWhole() {
        var content = Self.people([Self.ada])
        (content.syncText, content.syncIsProblem) = (Self.failure, true)
        content.news = PeopleNewsLine("Added Ada Lovelace")
        #expect(
            ContentDrawing(Self.big) { content.draw(into: $0, in: $1) }.lines == [
                " 1 person, by last name",
                " Added Ada Lovelace",
                " Sync failed: the people server at 127.0.0.1:5232 asks for ada's password and",
                " none is set: set MVVM_TUI_PEOPLE_PASSWORD, [people] password or ~/.netrc",
                " › Ada Lovelace                                               December 10, 1815",
            ])
        content.news = PeopleNewsLine("")
        // At 40x10 the list keeps one row: a failure longer than the rest ends with its mark.
        #expect(
            ContentDrawing(Self.small) { content.draw(into: $0, in: $1) }.lines == [
                " 1 person, by last name",
                " Sync failed: the people server at",
                " 127.0.0.1:5232 asks for ada's password",
                " and none is set: set MVVM_TUI_PEOPLE_…",
                " › Ada Lovelace",
            ])
    }

    @Test func aSyncOffThatDoesNotFitIsLeftOutAsBefore() {
        var content = Self.people([Self.ada])
        content.syncText = "Sync off: no people server set (--people-api)"
        #expect(
            Array(ContentDrawing(Self.small) { content.draw(into: $0, in: $1) }.lines.prefix(3)) == [
                " 1 person, by last name",
                "",
                "",
            ])
    }
}
