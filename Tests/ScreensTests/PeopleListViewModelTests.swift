import Foundation
import Models
import Screens
import Testing
import TestSupport

@MainActor
struct PeopleListViewModelTests {
    static let today = CalendarDay(year: 2026, month: 11, day: 22)
    let store = InMemoryPeopleStore()
    let preferences = InMemoryPreferences()
    let files = InMemoryTextFiles()

    private func makeViewModel(api: (any PeopleAPI)? = nil, defaultOrder: PersonSortOrder = .lastName) -> PeopleListViewModel {
        let (store, preferences) = (self.store, self.preferences)
        let people = PeopleListViewModel(openStore: { store }, openPreferences: { preferences },
                                         api: api, files: files, today: { Self.today }, defaultOrder: defaultOrder)
        people.screenAppeared()
        return people
    }

    private func names(_ people: PeopleListViewModel) -> [String] {
        latest(people.rows).map(\.nameText)
    }

    /// Fills the form field by field in the input line, pressing Enter after each.
    private func add(_ people: PeopleListViewModel, _ fields: [String]) {
        people.startAdding()
        for text in fields {
            type(text, into: people)
            people.nextField()
        }
    }

    @Test func anEmptyStoreSaysHowToAddSomeone() {
        let people = makeViewModel()
        #expect(latest(people.rows).isEmpty)
        #expect(latest(people.emptyText) == "No one here yet. Press a to add someone, or i to import a vCard file.")
        #expect(latest(people.countText) == "0 people")
        #expect(latest(people.syncText) == "Sync off: no people server set (--people-api)")
    }

    @Test func sortsByLastNameThenFirstAndKeepsTheChoice() throws {
        try store.add([Person(id: "2", firstName: "Grace", lastName: "Hopper"), Person(id: "1", firstName: "Ada", lastName: "Lovelace"),
                       Person(id: "3", firstName: "Alan", lastName: "Turing"), Person(id: "0", firstName: "Alan", lastName: "Turing")])
        let people = makeViewModel()
        #expect(names(people) == ["Grace Hopper", "Ada Lovelace", "Alan Turing", "Alan Turing"])
        #expect(latest(people.rows).suffix(2).map(\.person.id) == ["0", "3"])  // equal names keep one order
        people.toggleSort()
        #expect(names(people) == ["Ada Lovelace", "Alan Turing", "Alan Turing", "Grace Hopper"])
        #expect(latest(people.sortText) == "by first name")
        #expect(preferences.values[PersonSortOrder.preferenceKey] == "firstName")
        #expect(latest(makeViewModel().sortOrder) == .firstName)
    }

    @Test func theConfiguredOrderIsTheDefaultAndAnOrderChosenInTheAppWinsOverIt() throws {
        try store.add([Person(id: "2", firstName: "Grace", lastName: "Hopper"), Person(id: "1", firstName: "Ada", lastName: "Lovelace")])
        let people = makeViewModel(defaultOrder: .firstName)
        #expect(latest(people.sortText) == "by first name")
        #expect(names(people) == ["Ada Lovelace", "Grace Hopper"])
        #expect(preferences.values[PersonSortOrder.preferenceKey] == nil, "a default is not a choice: nothing is kept")
        people.toggleSort()
        #expect(latest(makeViewModel(defaultOrder: .firstName).sortText) == "by last name")
    }

    @Test func anotherInstancesAddIsCountedWithTheRowsItAddsOnTheNextRead() throws {
        try store.add([Person(id: "1", firstName: "Ada", lastName: "Lovelace")])
        let people = makeViewModel()
        let count = ValueRecorder(people.countText)
        store.addFromElsewhere([Person(id: "2", firstName: "Grace", lastName: "Hopper")])
        people.toggleSort()  // reads the page again
        #expect(names(people) == ["Ada Lovelace", "Grace Hopper"])
        #expect(count.values == ["1 person", "2 people"])
    }

    @Test func anotherInstancesAddShowsWhenTheScreenComesBack() throws {
        try store.add([Person(id: "1", firstName: "Ada", lastName: "Lovelace")])
        let people = makeViewModel()
        store.addFromElsewhere([Person(id: "2", firstName: "Grace", lastName: "Hopper")])
        people.screenAppeared()
        #expect(latest(people.countText) == "2 people")
        #expect(names(people) == ["Grace Hopper", "Ada Lovelace"])
    }

    @Test func aRecountThatFailsLeavesNoRowsOfAnotherPage() throws {
        try store.add((10..<60).map { Person(id: "\($0)", firstName: "Member", lastName: "Number\($0)") })
        let people = makeViewModel()
        store.addFromElsewhere([Person(id: "2", firstName: "Grace", lastName: "Hopper")])
        store.failReads = .init(description: "the disk could not be read")
        people.moveToEdge(toEnd: true)  // a page further on
        #expect(latest(people.rows).isEmpty)
        #expect(latest(people.selectedPerson) == nil)
        #expect(latest(people.message).hasPrefix("People cannot be read"))
    }

    @Test func theFilterFollowsTheInputLine() throws {
        try store.add([Person(firstName: "Ada", lastName: "Lovelace"), Person(firstName: "Grace", lastName: "Hopper")])
        let people = makeViewModel()
        type("ada", into: people)
        #expect(names(people) == ["Ada Lovelace"])
        #expect(latest(people.countText) == "1 of 2 people")
        edit(people, .deleteToStart, .insert("zz"))
        #expect(latest(people.emptyText) == "No one matches “zz”.")
        edit(people, .deleteWordBackward)
        #expect(latest(people.inputLine) == InputLine())
        #expect(names(people).count == 2)
    }

    @Test func addingOpensTheFormInTheInputLineAndSavesOnTheLastField() {
        let people = makeViewModel()
        people.startAdding()
        #expect(latest(people.inputLine) == InputLine())
        #expect(latest(people.inputLineIsFocused))
        #expect(latest(people.inputPrompt) == "Salutation")
        type("Countess", into: people)
        people.nextField()
        #expect(latest(people.inputPrompt) == "First name")
        #expect(latest(people.inputLine) == InputLine())
        type("Ada", into: people)
        people.previousField()
        #expect(latest(people.inputLine) == InputLine(text: "Countess"))
        #expect(latest(people.inputLine).cursor == 8)
        #expect(latest(people.inputLineIsFocused))
        people.nextField()
        #expect(latest(people.inputLine) == InputLine(text: "Ada"))
        #expect(latest(people.inputLineIsFocused))
        people.nextField()
        type("Lovelace", into: people)
        people.nextField()
        type("1815-12-10", into: people)
        people.inputSubmitted()  // Enter on the last field saves, as nextField does
        #expect(latest(people.mode) == .list)
        #expect(latest(people.inputLine) == InputLine())
        #expect(!latest(people.inputLineIsFocused))
        #expect(names(people) == ["Countess Ada Lovelace"])
        #expect(latest(people.message) == "Added Countess Ada Lovelace")
        #expect(store.outbox.count == 1)  // no server: it waits
    }

    /// Waits until the main queue has run what is on it now: the store's notices.
    private func noticesDelivered() async {
        await withCheckedContinuation { continuation in DispatchQueue.main.async { continuation.resume() } }
    }

    @Test func aWriteOfItsOwnIsReadOnceAndOneFromElsewhereWhenToldOfIt() async throws {
        let people = makeViewModel()
        await noticesDelivered()
        let counted = store.counts
        add(people, ["", "Ada", "Lovelace", ""])
        #expect(names(people) == ["Ada Lovelace"])
        await noticesDelivered()
        #expect(store.counts == counted + 1)

        try store.add([Person(firstName: "Grace", lastName: "Hopper")])
        #expect(names(people) == ["Ada Lovelace"])
        await noticesDelivered()
        #expect(names(people) == ["Grace Hopper", "Ada Lovelace"])
        #expect(store.counts == counted + 2)
    }

    @Test func aReadThatFailsAfterAWriteIsTriedAgainWhenTheStoreTellsOfIt() async {
        let people = makeViewModel()
        await noticesDelivered()
        store.failReads = InMemoryGameLibrary.Failure(description: "database is locked")
        add(people, ["", "Ada", "Lovelace", ""])
        #expect(names(people).isEmpty)
        store.failReads = nil
        await noticesDelivered()
        #expect(names(people) == ["Ada Lovelace"])
    }

    @Test(arguments: [
        (["", "", "  ", ""], PersonForm.Field.firstName, "A person needs a first or a last name"),
        (["", "Ada", "Lovelace", "2023-02-29"], .birthday, "2023-02-29 is not a day on the calendar"),
        (["", "Ada", "Lovelace", "10/12/1815"], .birthday, "Write the birthday as YYYY-MM-DD, such as 1815-12-10"),
        (["", "Ada", "Lovelace", "2026-11-23"], .birthday, "2026-11-23 is in the future"),
    ])
    func aWrongFormSaysWhyAndStaysOnTheFieldToMend(fields: [String], field: PersonForm.Field, message: String) {
        let people = makeViewModel()
        add(people, fields)
        guard case .adding(let form) = latest(people.mode) else {
            Issue.record("the form closed")
            return
        }
        #expect(form.field == field)
        #expect(form.problem == message)
        #expect(latest(people.inputLine) == InputLine(text: form[field]))
        #expect(latest(people.inputLineIsFocused))
        #expect(latest(people.rows).isEmpty)
    }

    @Test func escapeClosesTheFormKeepingNothing() {
        let people = makeViewModel()
        people.startAdding()
        type("Dr.", into: people)
        people.cancelInput()
        #expect(latest(people.inputLine) == InputLine())
        #expect(!latest(people.inputLineIsFocused))
        #expect(latest(people.mode) == .list)
        #expect(latest(people.rows).isEmpty)
    }

    @Test func theFilterIsBackInTheLineWhenTheFormCloses() throws {
        try store.add([Person(firstName: "Ada", lastName: "Lovelace"), Person(firstName: "Grace", lastName: "Hopper")])
        let people = makeViewModel()
        let focus = ValueRecorder(people.inputLineIsFocused)
        people.inputFocusChanged(true)
        type("ada", into: people)
        people.startAdding()
        type("Dr.", into: people)  // typing in the form filters nothing
        #expect(names(people) == ["Ada Lovelace"])
        people.cancelInput()
        #expect(latest(people.inputLine) == InputLine(text: "ada"))
        #expect(names(people) == ["Ada Lovelace"])
        #expect(focus.values == [false, true, false])
    }

    @Test func enterInTheFilterGivesTheListTheFocusAndKeepsTheFilter() throws {
        try store.add([Person(firstName: "Ada", lastName: "Lovelace"), Person(firstName: "Grace", lastName: "Hopper")])
        let people = makeViewModel()
        #expect(!people.focusesInputOnOpen)
        people.inputFocusChanged(true)
        type("grace", into: people)
        edit(people, .moveHome, .deleteForward, .insert("G"))
        #expect(latest(people.inputLine).text == "Grace")
        #expect(latest(people.inputLine).cursor == 1)
        people.inputSubmitted()
        #expect(!latest(people.inputLineIsFocused))
        #expect(latest(people.inputLine).text == "Grace")
        #expect(names(people) == ["Grace Hopper"])
    }

    @Test func deletingAsksFirst() throws {
        try store.add([Person(firstName: "Ada", lastName: "Lovelace")])
        let people = makeViewModel()
        people.askToDelete()
        #expect(latest(people.mode) != .list)
        #expect(latest(people.question) == "Delete Ada Lovelace? y/n")
        people.confirmDelete(false)
        #expect(latest(people.question).isEmpty)
        #expect(names(people) == ["Ada Lovelace"])
        people.askToDelete()
        people.confirmDelete(true)
        #expect(latest(people.rows).isEmpty)
        #expect(latest(people.message) == "Deleted Ada Lovelace")
    }

    @Test func syncMergesTheServersPeopleWithoutDuplicates() async throws {
        let ada = Person(id: "ada", firstName: "Ada", lastName: "Lovelace")
        try store.merge([ada])
        let api = ScriptedPeopleAPI(people: [ada, Person(id: "grace", firstName: "Grace", lastName: "Hopper")])
        let people = makeViewModel(api: api)
        await people.syncTask?.value
        #expect(names(people) == ["Grace Hopper", "Ada Lovelace"])
        #expect(latest(people.syncText) == "Synced")
    }

    @Test func aFailedPostIsKeptAndRetried() async throws {
        let ada = Person(id: "ada", firstName: "Ada", lastName: "Lovelace")
        try store.add(ada)
        let api = ScriptedPeopleAPI()
        api.failPosts(of: "ada", with: .serverError(status: 500))
        let people = makeViewModel(api: api)
        await people.syncTask?.value
        #expect(latest(people.syncText) == "1 person waiting to be sent: the people server answered 500")
        #expect(latest(people.syncIsProblem))
        #expect(store.outbox.map(\.person) == [ada])
        api.failPosts(of: "ada", with: nil)
        people.retrySync()
        await people.syncTask?.value
        #expect(latest(people.syncText) == "Synced")
        #expect(store.outbox.isEmpty)
        #expect(api.known == [ada])
    }

    @Test func pagesReadOnlyTheRowsInViewAndFollowTheCursor() throws {
        try store.add((0..<100).map { Person(id: String(format: "%03d", $0), firstName: "P", lastName: String(format: "Name%03d", $0)) })
        let people = makeViewModel()
        people.setVisibleRowCount(10)
        #expect(latest(people.rows).count == 10)
        people.movePage(by: 1)
        #expect(latest(people.selectedIndex) == 9)
        people.movePage(by: 1)
        #expect(latest(people.selectedIndex) == 18)
        #expect(latest(people.firstVisibleIndex) == 9)
        #expect(latest(people.selectedPerson)?.person.lastName == "Name018")
        people.moveToEdge(toEnd: true)
        #expect(latest(people.firstVisibleIndex) == 90)
        #expect(latest(people.rows).last?.person.lastName == "Name099")
        #expect(latest(people.selectedPerson)?.person.lastName == "Name099")
        people.moveSelection(by: 5)
        #expect(latest(people.selectedIndex) == 99)
        people.moveToEdge(toEnd: false)
        #expect(latest(people.rows).first?.person.lastName == "Name000")
    }

    @Test func importsGoodCardsReportsBadOnesAndExportsEveryone() throws {
        files.files["friends.vcf"] = """
            BEGIN:VCARD
            VERSION:4.0
            N:Lovelace;Ada;;Countess;
            BDAY:18151210
            END:VCARD
            BEGIN:VCARD
            VERSION:4.0
            BDAY:1815-12-10
            END:VCARD
            """
        let people = makeViewModel()
        people.startImporting()
        #expect(latest(people.inputPrompt) == "Import vCard file")
        type("friends.vcf", into: people)
        people.inputSubmitted()
        #expect(names(people) == ["Countess Ada Lovelace"])
        #expect(latest(people.message).hasPrefix("Imported 1 person from friends.vcf; skipped 1: line 6"))
        people.startExporting()
        #expect(latest(people.inputLine) == InputLine(text: "people.vcf"))
        #expect(latest(people.inputLineIsFocused))
        edit(people, .deleteToStart, .insert("out.vcf"))
        people.inputSubmitted()
        #expect(files.files["out.vcf"]?.contains("N:Lovelace;Ada;;Countess;") == true)
        #expect(latest(people.message) == "Exported 1 person to /home/test/out.vcf")
    }

    @Test func aMissingFileSaysSoAndChangesNothing() {
        let people = makeViewModel()
        people.startImporting()
        type("nowhere.vcf", into: people)
        people.inputSubmitted()
        #expect(latest(people.message) == "Not imported: nowhere.vcf cannot be read: no such file")
        #expect(latest(people.messageIsProblem))
    }

    @Test func anUnreadableStoreSaysSo() {
        let people = PeopleListViewModel(openStore: { throw InMemoryGameLibrary.Failure(description: "x is not a database") },
                                         openPreferences: { InMemoryPreferences() }, api: nil, files: files,
                                         today: { Self.today })
        people.screenAppeared()
        #expect(latest(people.message) == "People cannot be read: x is not a database")
        people.startAdding()
        #expect(latest(people.mode) == .list)
    }
}
