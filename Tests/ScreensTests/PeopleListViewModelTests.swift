import Foundation
import Models
import Screens
import Testing
import TestSupport

/// The People screen's list: paging, sort, filter, deleting, and following the store.
@MainActor
struct PeopleListViewModelTests: PeopleTesting {
    let store = InMemoryPeopleStore()
    let preferences = InMemoryPreferences()
    let files = InMemoryTextFiles()

    @Test func anEmptyStoreSaysHowToAddSomeoneOnceItIsRead() {
        let (store, preferences) = (self.store, self.preferences)
        let people = PeopleListViewModel(
            openStore: { store }, openPreferences: { preferences }, api: nil, files: files,
            queue: InlineQueue(), today: { Self.today }, now: { .testNow })
        let empty = ValueRecorder(people.emptyText)
        let count = ValueRecorder(people.countText)
        people.screenAppeared()
        #expect(empty.values == ["", "No one here yet. Press a to add someone, or i to import a vCard file."])
        #expect(count.values == ["", "0 people"])
        #expect(latest(people.syncStatus.text) == "Sync off: no people server set (--people-api)")
    }

    @Test func sortsByLastNameThenFirstAndKeepsTheChoice() throws {
        try store.add([
            Person(id: "2", firstName: "Grace", lastName: "Hopper"), Person(id: "1", firstName: "Ada", lastName: "Lovelace"),
            Person(id: "3", firstName: "Alan", lastName: "Turing"), Person(id: "0", firstName: "Alan", lastName: "Turing"),
        ])
        let people = makeViewModel()
        let rows = ValueRecorder(people.rows)
        let sort = ValueRecorder(people.sortText)
        let header = ValueRecorder(people.headerText)
        people.toggleSort()
        #expect(
            rows.values.map { $0.map(\.nameText) } == [
                ["Grace Hopper", "Ada Lovelace", "Alan Turing", "Alan Turing"],
                ["Ada Lovelace", "Alan Turing", "Alan Turing", "Grace Hopper"],
            ])
        #expect(rows.values.first?.suffix(2).map(\.person.id) == ["0", "3"])  // equal names keep one order
        #expect(sort.values == ["by last name", "by first name"])
        #expect(header.values == ["4 people, by last name", "4 people, by first name"])
        #expect(preferences.values[PersonSortOrder.preferenceKey] == "firstName")
        #expect(latest(makeViewModel().sortOrder) == .firstName)
    }

    @Test func aSortOrderThatCannotBeReadOrKeptIsSaidOnTheNewsLine() throws {
        try store.add([Person(id: "2", firstName: "Grace", lastName: "Hopper"), Person(id: "1", firstName: "Ada", lastName: "Lovelace")])
        preferences.failure = InMemoryGameLibrary.Failure(description: "disk I/O error")
        let people = makeViewModel()
        let line = ValueRecorder(people.newsLine)
        people.toggleSort()
        #expect(latest(people.sortText) == "by first name", "the order still changes")
        #expect(line.values.map(\.text) == ["The sort order is not kept: disk I/O error"])
        #expect(line.values.map(\.tone) == [.problem])
    }

    @Test func aConflictWhoseOtherVersionCannotBeReadSaysSoOnTheNewsLine() throws {
        var copy = Person(id: "ada-copy", firstName: "Ada", lastName: "Lovelace")
        copy.conflictOf = "ada"
        try store.add([copy])
        store.failPersonReads = InMemoryGameLibrary.Failure(description: "disk I/O error")
        let people = makeViewModel()
        let line = ValueRecorder(people.newsLine)
        let conflict = ValueRecorder(people.conflict)
        people.prompt.startViewing()
        #expect(conflict.values.map { $0 == nil } == [true], "no conflict is shown without the other version")
        #expect(line.values.map(\.text) == ["", "The server's version of Ada Lovelace cannot be read: disk I/O error"])
    }

    @Test func theBirthdaysOfTheWeekAheadAreListedSoonestFirst() throws {
        // Today is 22 November 2026.
        try store.add([
            Person(id: "1", firstName: "Ada", lastName: "Lovelace", birthday: BirthDate("1815-11-24")),
            Person(id: "2", firstName: "Grace", lastName: "Hopper", birthday: BirthDate("--11-22")),
            Person(id: "3", firstName: "Alan", lastName: "Turing", birthday: BirthDate("1912-11-30")),
        ])
        let people = makeViewModel()
        #expect(latest(people.birthdaysSoon).map(\.nameText) == ["Grace Hopper", "Ada Lovelace"])
        #expect(latest(people.birthdaysSoonText) == "Birthdays soon: Grace Hopper today, Ada Lovelace in 2 days")
        people.toggleSort()
        people.toggleSort()
        #expect(latest(people.sortText) == "by next birthday")
        #expect(names(people) == ["Grace Hopper", "Ada Lovelace", "Alan Turing"])
        #expect(
            latest(people.rows).map(\.rowBirthdayText) == ["today · November 22", "in 2 days · November 24", "in 8 days · November 30"])
    }

    @Test func theConfiguredOrderIsTheDefaultAndAnOrderChosenInTheAppWinsOverIt() throws {
        try store.add([Person(id: "2", firstName: "Grace", lastName: "Hopper"), Person(id: "1", firstName: "Ada", lastName: "Lovelace")])
        let people = makeViewModel(defaultOrder: .firstName)
        #expect(latest(people.sortText) == "by first name")
        #expect(names(people) == ["Ada Lovelace", "Grace Hopper"])
        #expect(preferences.values[PersonSortOrder.preferenceKey] == nil, "a default is not a choice: nothing is kept")
        people.toggleSort()
        #expect(latest(makeViewModel(defaultOrder: .firstName).sortText) == "by next birthday")
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

    @Test func aHiddenScreenReadsTheCommitsMadeMeanwhileOnceItShows() throws {
        let people = makeViewModel()
        let count = ValueRecorder(people.countText)
        people.screenDisappeared()
        let countsBefore = store.counts
        try store.add([Person(id: "1", firstName: "Ada", lastName: "Lovelace")])  // as an import's batch
        store.deliverNotices()
        #expect(store.counts == countsBefore, "nothing read while hidden")
        people.screenAppeared()
        #expect(count.values == ["0 people", "1 person"])
        #expect(names(people) == ["Ada Lovelace"])
    }

    @Test func theCountAndTheRowsAgreeWhileCommitsLandRightAfterEachRead() throws {
        let people = makeViewModel()
        people.screenDisappeared()
        try store.add([Person(id: "1", firstName: "Ada", lastName: "Lovelace")])
        store.afterNextCount = { [store] in try? store.add([Person(id: "2", firstName: "Grace", lastName: "Hopper")]) }
        let rows = ValueRecorder(people.rows)
        let count = ValueRecorder(people.countText)
        people.screenAppeared()
        store.deliverNotices()
        #expect(rows.values.map { $0.map(\.nameText) } == [[], ["Ada Lovelace"], ["Grace Hopper", "Ada Lovelace"]])
        #expect(count.values == ["0 people", "1 person", "2 people"], "each count agrees with the rows read with it")
    }

    @Test func anotherProgramsCommitsLandingAfterEveryReadAreCountedByTheNextRead() throws {
        try store.add((10..<60).map { Person(id: "\($0)", firstName: "Member", lastName: "Number\($0)") })
        let people = makeViewModel()
        people.screenDisappeared()
        try store.add([Person(id: "99", firstName: "Grace", lastName: "Hopper")])  // to be read when it shows
        var next = 100
        store.afterEachCount = { [store] in  // another program adds someone during every count
            next += 1
            store.addFromElsewhere([Person(id: "\(next)", firstName: "Visitor", lastName: "Number\(next)")])
        }
        people.screenAppeared()  // reads, and another program commits right after
        store.afterEachCount = nil
        people.move(.last)
        #expect(latest(people.countText) == "\(store.stored.count) people")
    }

    @Test func aPageReadAfterACommitNotYetToldCountsItFirst() throws {
        try store.add([Person(id: "1", firstName: "Ada", lastName: "Lovelace")])
        let people = makeViewModel()
        try store.add([Person(id: "2", firstName: "Grace", lastName: "Hopper")])  // its notice still on its way
        people.move(.last)
        people.toggleSort()
        #expect(latest(people.countText) == "2 people")
        #expect(names(people) == ["Ada Lovelace", "Grace Hopper"])
    }

    @Test func aRecountThatFailsLeavesNoRowsOfAnotherPage() throws {
        try store.add((10..<60).map { Person(id: "\($0)", firstName: "Member", lastName: "Number\($0)") })
        let people = makeViewModel()
        store.addFromElsewhere([Person(id: "2", firstName: "Grace", lastName: "Hopper")])
        store.failReads = .init(description: "the disk could not be read")
        let (rows, selected, message) = (
            ValueRecorder(people.rows.map(\.count)), ValueRecorder(people.selectedPerson.map { $0?.nameText }),
            ValueRecorder(people.message)
        )
        people.move(.last)  // a page further on
        #expect(rows.values == [20, 0])
        #expect(selected.values == ["Member Number10", nil])
        #expect(message.values == ["", "People cannot be read: the disk could not be read"])
    }

    @Test func theFilterFollowsTheInputLine() throws {
        try store.add([Person(firstName: "Ada", lastName: "Lovelace"), Person(firstName: "Grace", lastName: "Hopper")])
        let people = makeViewModel()
        let count = ValueRecorder(people.countText)
        let empty = ValueRecorder(people.emptyText)
        type("ada", into: people.prompt)
        #expect(names(people) == ["Ada Lovelace"])
        edit(people.prompt, .deleteToStart, .insert("zz"))
        edit(people.prompt, .deleteWordBackward)
        #expect(latest(people.prompt.inputLine) == InputLine())
        #expect(count.values == ["2 people", "1 of 2 people", "2 people", "0 of 2 people", "2 people"])
        #expect(empty.values == ["", "No one matches “zz”.", ""])
    }

    @Test func aWriteOfItsOwnIsReadOnceAndOneFromElsewhereWhenToldOfIt() throws {
        let people = makeViewModel()
        store.deliverNotices()
        let counted = store.counts
        add(people, ["Ada", "Lovelace"])
        #expect(names(people) == ["Ada Lovelace"])
        store.deliverNotices()
        #expect(store.counts == counted + 1)

        try store.add([Person(firstName: "Grace", lastName: "Hopper")])
        #expect(names(people) == ["Ada Lovelace"])
        store.deliverNotices()
        #expect(names(people) == ["Grace Hopper", "Ada Lovelace"])
        #expect(store.counts == counted + 2)
    }

    @Test func aReadThatFailsAfterAWriteIsTriedAgainWhenTheStoreTellsOfIt() {
        let people = makeViewModel()
        store.deliverNotices()
        store.failReads = InMemoryGameLibrary.Failure(description: "database is locked")
        add(people, ["Ada", "Lovelace"])
        #expect(names(people).isEmpty)
        store.failReads = nil
        store.deliverNotices()
        #expect(names(people) == ["Ada Lovelace"])
    }

    @Test func enterInTheFilterGivesTheListTheFocusAndKeepsTheFilter() throws {
        try store.add([Person(firstName: "Ada", lastName: "Lovelace"), Person(firstName: "Grace", lastName: "Hopper")])
        let people = makeViewModel()
        #expect(!people.prompt.focusesInputOnOpen)
        let focus = ValueRecorder(people.prompt.inputLineIsFocused)
        people.prompt.inputFocusChanged(true)
        type("grace", into: people.prompt)
        edit(people.prompt, .moveHome, .deleteForward, .insert("G"))
        #expect(latest(people.prompt.inputLine).cursor == 1)
        people.prompt.inputSubmitted()
        #expect(focus.values == [false, true, false])
        #expect(latest(people.prompt.inputLine).text == "Grace", "the filter stays in the line")
        #expect(names(people) == ["Grace Hopper"])
    }

    @Test func deletingAsksFirst() throws {
        try store.add([Person(firstName: "Ada", lastName: "Lovelace")])
        let people = makeViewModel()
        let question = ValueRecorder(people.prompt.question)
        let rows = ValueRecorder(people.rows)
        let message = ValueRecorder(people.message)
        people.prompt.askToDelete()
        people.prompt.confirm(false)
        people.prompt.askToDelete()
        people.prompt.confirm(true)
        #expect(question.values == ["", "Delete Ada Lovelace? y/n", "", "Delete Ada Lovelace? y/n", ""])
        #expect(rows.values.map { $0.map(\.nameText) } == [["Ada Lovelace"], []])
        #expect(message.values == ["", "Deleted Ada Lovelace"])
    }

    /// A click on a person moves the cursor there; a click on the person under the cursor edits
    /// them; while a question or a form is in the list's place, a click or the wheel moves nothing.
    @Test func aClickChoosesAPersonAndASecondEditsThem() throws {
        try store.add([
            Person(id: "1", firstName: "Ada", lastName: "Lovelace"), Person(id: "2", firstName: "Grace", lastName: "Hopper"),
            Person(id: "3", firstName: "Alan", lastName: "Turing"),
        ])
        let people = makeViewModel()
        let selected = ValueRecorder(people.selectedIndex)
        let question = ValueRecorder(people.prompt.question)
        let modes = ValueRecorder(
            people.prompt.mode.map { mode -> String in
                switch mode {
                case .list: "list"
                case .form(let form): form.title
                case .confirmingDelete(let person): "delete \(person.nameText)?"
                default: "\(mode)"
                }
            })
        people.choose(at: 2)
        people.choose(at: 2)
        people.choose(at: 0)
        people.scroll(by: -1)
        people.prompt.cancel()
        people.prompt.askToDelete()
        people.choose(at: 1)
        people.scroll(by: 1)
        people.prompt.cancel()
        people.scroll(by: -1)
        #expect(selected.values == [0, 2, 1])
        #expect(modes.values == ["list", "Edit Alan Turing", "list", "delete Alan Turing?", "list"])
        #expect(question.values == ["", "Delete Alan Turing? y/n", ""])
    }

    @Test func theNewsLineShowsTheQuestionAskedThenTheNewsThenWhoseBirthdayIsNear() throws {
        // Today is 22 November 2026.
        try store.add([
            Person(id: "1", firstName: "Ada", lastName: "Lovelace", birthday: BirthDate("1815-11-24")),
            Person(id: "2", firstName: "Grace", lastName: "Hopper"),
        ])
        let people = makeViewModel()
        let line = ValueRecorder(people.newsLine)
        people.prompt.askToDelete()
        people.prompt.confirm(false)
        people.move(.last)
        people.prompt.askToDelete()
        people.prompt.confirm(true)
        #expect(
            line.values == [
                PeopleNewsLine("Birthdays soon: Ada Lovelace in 2 days"),
                PeopleNewsLine("Delete Grace Hopper? y/n", tone: .question),
                PeopleNewsLine("Birthdays soon: Ada Lovelace in 2 days"),
                PeopleNewsLine("Delete Ada Lovelace? y/n", tone: .question),
                PeopleNewsLine("Deleted Ada Lovelace"),
            ])
    }

    @Test func pagesReadOnlyTheRowsInViewAndFollowTheCursor() throws {
        try store.add((0..<100).map { Person(id: String(format: "%03d", $0), firstName: "P", lastName: String(format: "Name%03d", $0)) })
        let people = makeViewModel()
        people.setVisibleRowCount(10)
        #expect(latest(people.rows).count == 10)
        let selected = ValueRecorder(people.selectedIndex)
        let first = ValueRecorder(people.firstVisibleIndex)
        let person = ValueRecorder(people.selectedPerson)
        people.move(.pages(1))
        people.move(.pages(1))
        people.move(.last)
        people.moveSelection(by: 5)
        people.move(.first)
        #expect(selected.values == [0, 9, 18, 99, 0])
        #expect(first.values == [0, 9, 90, 0])
        #expect(person.values.map { $0?.person.lastName } == ["Name000", "Name009", "Name018", "Name099", "Name000"])
        #expect(latest(people.rows).first?.person.lastName == "Name000")
    }

    @Test func aFirstReadThatFailsSaysWhyAndNothingOfTheCounts() {
        store.failReads = InMemoryGameLibrary.Failure(description: "database is locked")
        let (store, preferences) = (self.store, self.preferences)
        let people = PeopleListViewModel(
            openStore: { store }, openPreferences: { preferences }, api: nil, files: files,
            queue: InlineQueue(), today: { Self.today }, now: { .testNow })
        let (message, count, empty) = (ValueRecorder(people.message), ValueRecorder(people.countText), ValueRecorder(people.emptyText))
        people.screenAppeared()
        #expect(message.values == ["", "People cannot be read: database is locked"])
        #expect(count.values == [""])
        #expect(empty.values == [""])
    }

    @Test func anUnreadableStoreSaysSo() {
        let people = PeopleListViewModel(
            openStore: { throw InMemoryGameLibrary.Failure(description: "x is not a database") },
            openPreferences: { InMemoryPreferences() }, api: nil, files: files,
            queue: InlineQueue(), today: { Self.today }, now: { .testNow })
        let (message, mode) = (ValueRecorder(people.message), ValueRecorder(people.prompt.mode))
        people.screenAppeared()
        people.prompt.startAdding()
        #expect(message.values == ["", "People cannot be read: x is not a database"])
        #expect(mode.values == [.list], "nothing can be added to a store that cannot open")
    }
}
