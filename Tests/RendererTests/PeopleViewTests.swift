import Models
import Renderer
import Screens
import Testing
import TestSupport

@MainActor
@Suite struct PeopleViewTests {
    let store = InMemoryPeopleStore()

    private func harness(size: Size, people: [Person] = []) throws -> (ShellHarness, PeopleListViewModel) {
        try store.add(people)
        let store = self.store
        let viewModel = PeopleListViewModel(
            openStore: { store }, openPreferences: { InMemoryPreferences() }, api: nil,
            files: InMemoryTextFiles(), queue: InlineQueue(), today: { CalendarDay(year: 2026, month: 11, day: 22) }, now: { .testNow })
        let harness = ShellHarness(tab: .people, size: size, people: viewModel)
        harness.draw()
        return (harness, viewModel)
    }

    static let people = [
        Person(id: "1", salutation: "Countess", firstName: "Ada", lastName: "Lovelace", birthday: BirthDate("1815-12-10")),
        Person(id: "2", firstName: "Grace", lastName: "Hopper", birthday: BirthDate("1906-12-09")),
        Person(id: "3", firstName: "太郎", lastName: "山田", birthday: BirthDate("--04-15")),
        Person(id: "4", firstName: "Alan", lastName: "Turing"),
    ]

    @Test func theListFillsTheRowsTheLayoutGaveItOneDrawAfterAResize() throws {
        let many = (10..<40).map { Person(id: "\($0)", firstName: "Member", lastName: "Number\($0)") }
        let (harness, _) = try harness(size: Size(columns: 60, rows: 24), people: many)
        #expect(harness.grid.lines.filter { $0.contains("Member") }.count == 24 - 3 - 2 - 3)
        harness.resize(to: Size(columns: 60, rows: 14))
        #expect(harness.grid.lines.filter { $0.contains("Member") }.count == 14 - 3 - 2 - 3)
        harness.resize(to: Size(columns: 60, rows: 30))
        #expect(harness.grid.lines.filter { $0.contains("Member") }.count == 30 - 3 - 2 - 3)
    }

    @Test(arguments: [Size(columns: 80, rows: 24), Size(columns: 40, rows: 10)])
    func vShowsTheChosenPersonsDetailWhereThePaneDoesNotFitAndEscGoesBackToThem(size: Size) throws {
        let (harness, people) = try harness(size: size, people: Self.people)
        harness.type("j")
        #expect(!harness.grid.text.contains("Sunday December 10, 1815"), "no side pane at \(size)")
        harness.type("v")
        #expect(harness.grid.text.contains("Countess Ada Lovelace"))
        #expect(harness.grid.text.contains("Sunday December 10, 1815"))
        #expect(harness.grid.lines[size.rows - 1].contains("Esc  v back"))
        harness.type([0x1B])
        #expect(latest(people.selectedIndex) == 1)
        #expect(latest(people.prompt.mode) == .list)
    }

    @Test func theExportsSuggestedPathShowsDimAndWhatIsTypedReplacesIt() throws {
        let (harness, _) = try harness(size: Size(columns: 80, rows: 24))
        harness.type("e")
        #expect(harness.grid.lines[2].hasPrefix(" Export to file:  people.vcf"))
        #expect(harness.grid.text(inRow: 2, style: .dim) == "people.vcf")
        harness.type("~/friends.vcf")
        #expect(harness.grid.lines[2].hasPrefix(" Export to file:  ~/friends.vcf"))
        #expect(harness.grid.text(inRow: 2, style: .dim).isEmpty)
    }

    @Test func theInputLinesPromptFollowsWhatTheScreenAsksFor() throws {
        let (harness, _) = try harness(size: Size(columns: 80, rows: 24))
        #expect(harness.grid.lines[2].hasPrefix(" Filter:"))
        harness.type("a")
        #expect(harness.grid.lines[2].hasPrefix(" First name:"))
        harness.type("Ada")
        harness.type([0x0D])
        #expect(harness.grid.lines[2].hasPrefix(" Last name:"))
        harness.type([0x1B])
        harness.type("i")
        #expect(harness.grid.lines[2].hasPrefix(" Import vCard file:"))
    }

    @Test(arguments: [Size(columns: 80, rows: 24), Size(columns: 40, rows: 10)])
    func emptyScreen(size: Size) throws {
        let (harness, _) = try harness(size: size)
        #expect(harness.grid.text == (try Snapshot.expected(harness.grid.text, named: "people-empty-\(size)")))
    }

    @Test(arguments: [Size(columns: 80, rows: 24), Size(columns: 40, rows: 10)])
    func fullScreen(size: Size) throws {
        let (harness, _) = try harness(size: size, people: Self.people)
        #expect(harness.grid.text == (try Snapshot.expected(harness.grid.text, named: "people-\(size)")))
    }

    @Test func theFormIsTypedInTheInputLineAndLettersAreText() throws {
        let (harness, viewModel) = try harness(size: Size(columns: 80, rows: 24))
        harness.type("a")
        #expect(harness.view.isInputFocused)
        harness.type("\r")  // no salutation
        harness.type("Ada")
        harness.type("\r")
        harness.type("q s d")  // letters that are commands on the list are text here
        #expect(harness.inputLine?.text == "q s d")
        harness.press(.up)
        #expect(harness.inputLine?.text == "Ada")
        harness.press(.escape)
        #expect(latest(viewModel.prompt.mode) == .list)
        #expect(!harness.view.isInputFocused)
        #expect(harness.quitCount == 0)
    }

    @Test func theLineTheViewModelSetsIsDrawnWithoutAKey() throws {
        let (harness, viewModel) = try harness(size: Size(columns: 80, rows: 24))
        #expect(!harness.view.isInputFocused)
        viewModel.prompt.startExporting()  // not from a key: the shell asks nothing, it is bound
        harness.draw()
        #expect(harness.view.isInputFocused)
        #expect(harness.grid.lines[2] == " Export to file:  people.vcf")
        #expect(harness.grid.cursor == Position(row: 2, column: 18 + 10))
        viewModel.prompt.cancelInput()
        harness.draw()
        #expect(!harness.view.isInputFocused)
        #expect(harness.grid.cursor == nil)
        #expect(harness.grid.lines[2].hasPrefix(" Filter:  press / to type"))
    }

    @Test func theListKeysWorkOutsideTheInputLine() throws {
        let (harness, viewModel) = try harness(size: Size(columns: 80, rows: 24), people: Self.people)
        harness.type("j")
        #expect(latest(viewModel.selectedIndex) == 1)
        harness.type("s")
        #expect(latest(viewModel.sortOrder) == .firstName)
        harness.type("d")
        #expect(harness.grid.lines[5].contains("Delete Countess Ada Lovelace? y/n"))
        harness.type("n")
        #expect(latest(viewModel.rows).count == 4)
        harness.type("/")
        harness.type("gra")
        #expect(latest(viewModel.rows).map(\.nameText) == ["Grace Hopper"])
    }

    @Test func theDetailPaneShowsThePersonUnderTheCursor() throws {
        let (harness, _) = try harness(size: Size(columns: 100, rows: 24), people: Self.people)
        #expect(harness.grid.lines[7].contains("› Grace Hopper"))
        #expect(harness.grid.lines[7].contains("│ Grace Hopper"))
        harness.type("j")
        #expect(harness.grid.lines[8].contains("› Countess Ada Lovelace"))
        #expect(harness.grid.lines[7].contains("│ Countess Ada Lovelace"))
        #expect(harness.grid.lines[8].contains("│ Sunday December 10, 1815"))
        #expect(harness.grid.lines[9].contains("│ 210 years old"))
        #expect(!harness.grid.text.contains("│ Grace Hopper"))
    }

    @Test func theDetailPaneListsEveryAddressAndNumberWithItsKinds() throws {
        let grace = Person(
            id: "2", firstName: "Grace", lastName: "Hopper", birthday: BirthDate("1906-12-09"),
            emails: [ContactDetail("grace@navy.example", kinds: ["work"]), ContactDetail("grace@home.example")],
            phones: [ContactDetail("+1 202 555 0100", kinds: ["cell"])])
        let (harness, _) = try harness(size: Size(columns: 100, rows: 24), people: [grace])
        let pane = harness.grid.lines[7...13].compactMap { $0.split(separator: "│").last?.trimmingCharacters(in: .whitespaces) }
        #expect(pane.contains("Email grace@navy.example (work)"))
        #expect(pane.contains("Email grace@home.example"))
        #expect(pane.contains("Phone +1 202 555 0100 (cell)"))
    }

    @Test(arguments: [Size(columns: 80, rows: 24), Size(columns: 40, rows: 10)])
    func aConflictsCopyIsMarkedInTheListAndSettledFromItsDetail(size: Size) throws {
        let ada = Person(id: "ada", firstName: "Ada", lastName: "Lovelace", emails: [ContactDetail("ada@server.example")])
        let copy = Person(
            id: "copy", firstName: "Ada", lastName: "Lovelace", emails: [ContactDetail("ada@here.example")], conflictOf: "ada")
        let (harness, people) = try harness(size: size, people: [ada, copy])
        #expect(harness.grid.lines.contains { $0.contains("Ada Lovelace conflict") })
        harness.type("j")
        harness.type("v")
        let text = harness.grid.text
        #expect(text.contains("Changed both here and on the server"))
        #expect(text.contains("Email, yours: ada@here.example"))
        #expect(text.contains("Email, server: ada@server.example"))
        #expect(text.contains("m keeps yours, t the server's, b both"))
        harness.type("m")
        #expect(latest(people.prompt.mode) == .list)
        #expect(store.stored.values.map(\.id) == ["ada"])
        #expect(store.stored["ada"]?.emails == [ContactDetail("ada@here.example")])
        #expect(store.stored["ada"]?.conflictOf == nil)
        #expect(latest(people.message) == "Kept yours of Ada Lovelace")
        #expect(!harness.grid.text.contains("conflict"))
    }

    @Test(arguments: [PersonConflict.Choice.theirs, .both])
    func theServersVersionOrBothCanBeKeptAndAnyoneElsesDetailIgnoresTheKeys(choice: PersonConflict.Choice) throws {
        let ada = Person(id: "ada", firstName: "Ada", lastName: "Lovelace", birthday: BirthDate("1815-12-10"))
        let copy = Person(id: "copy", firstName: "Ada", lastName: "Lovelace", birthday: BirthDate("1815-12-11"), conflictOf: "ada")
        let grace = Person(id: "grace", firstName: "Grace", lastName: "Hopper")
        let (harness, people) = try harness(size: Size(columns: 80, rows: 24), people: [ada, copy, grace])
        harness.type("v")  // Grace, first by last name: the keys do nothing
        harness.type(choice == .theirs ? "t" : "b")
        #expect(store.stored.count == 3)
        harness.type([0x1B])
        harness.type("jjv")
        #expect(harness.grid.text.contains("Birthday, yours: 1815-12-11"))
        harness.type(choice == .theirs ? "t" : "b")
        if choice == .theirs {
            #expect(store.stored.keys.sorted() == ["ada", "grace"])
            #expect(latest(people.message) == "Kept the server's Ada Lovelace")
        } else {
            #expect(store.stored["copy"]?.conflictOf == nil)
            #expect(store.stored.count == 3)
            #expect(latest(people.message) == "Kept both versions of Ada Lovelace")
        }
    }

    @Test func oneFrameAfterManyChangesInOneTurnShowsTheLast() throws {
        let (harness, viewModel) = try harness(size: Size(columns: 100, rows: 24), people: Self.people)
        viewModel.moveSelection(by: 1)
        viewModel.moveSelection(by: 1)
        viewModel.toggleSort()  // Ada, Alan, Grace, 太郎; the cursor back on the first
        viewModel.moveSelection(by: 3)
        viewModel.prompt.askToDelete()
        viewModel.prompt.confirm(true)
        viewModel.moveSelection(by: -1)
        harness.draw()
        #expect(harness.grid.lines[4].contains("3 people, by first name"))
        #expect(harness.grid.lines[5].contains("Deleted 山田太郎"))
        #expect(harness.grid.lines[7].contains("  Countess Ada Lovelace"))
        #expect(harness.grid.lines[8].contains("› Alan Turing"))
        #expect(harness.grid.lines[9].contains("  Grace Hopper"))
        #expect(harness.grid.lines[7].contains("│ Alan Turing"))
        #expect(harness.grid.lines[7...12].allSatisfy { !$0.contains("山田") })
    }
}
