import Binding
import Models
@testable import Screens
import Testing
import TestSupport

/// The People screen's input line alone: what it asks for, and what it hands back to the list.
@MainActor
struct PeoplePromptViewModelTests {
    let storeIsOpen = Dynamic(false)
    let selected = Dynamic<PersonViewModel?>(nil)
    let transferring = Dynamic(false)
    let ada = PersonViewModel(
        person: Person(id: "ada", firstName: "Ada", lastName: "Lovelace"),
        today: CalendarDay(year: 2026, month: 11, day: 22))

    private func makePrompt(open: Bool = true) -> (PeoplePromptViewModel, requests: () -> [PeoplePromptViewModel.Request]) {
        let prompt = PeoplePromptViewModel(
            selectedPerson: selected.output, transferIsRunning: transferring.output, storeIsOpen: storeIsOpen.output,
            today: Dynamic(CalendarDay(year: 2026, month: 11, day: 22)).output)
        var requests: [PeoplePromptViewModel.Request] = []
        let token = prompt.requests.bind { requests.append($0) }
        storeIsOpen.value = open
        return (
            prompt,
            {
                _ = token
                return requests
            }
        )
    }

    @Test func whileTheListShowsTheLineIsTheFilterAsTyped() {
        let (prompt, requests) = makePrompt()
        type("ad", into: prompt)
        edit(prompt, .deleteBackward)
        #expect(requests() == [.filter("ad"), .filter("a")])
        #expect(latest(prompt.inputPrompt) == "Filter")
        #expect(!prompt.focusesInputOnOpen)
    }

    @Test func theDetailShowsTheChosenPersonFullSizeUntilEscOrTyping() {
        let (prompt, requests) = makePrompt()
        let mode = ValueRecorder(prompt.mode)
        let focus = ValueRecorder(prompt.inputLineIsFocused)
        prompt.startViewing()  // no one chosen: nothing to show
        selected.value = ada
        prompt.inputFocusChanged(true)
        prompt.startViewing()
        prompt.cancelInput()
        prompt.startViewing()
        prompt.inputFocusChanged(true)  // `/`: typing the filter again
        #expect(mode.values == [.list, .viewing(ada), .list, .viewing(ada), .list])
        #expect(focus.values == [false, true, false, true])
        #expect(requests().isEmpty)
    }

    @Test func theFormAsksToSaveOnItsLastFieldAndClosesOnceSavedWithTheFilterBack() {
        let (prompt, requests) = makePrompt()
        type("Lo", into: prompt)
        let mode = ValueRecorder(prompt.mode)
        prompt.startAdding()
        for field in ["Ada", "Lovelace", "", "", "", ""] {
            type(field, into: prompt)
            prompt.nextField()
        }
        guard case .save(let save) = requests().last else {
            Issue.record("no save asked for: \(requests())")
            return
        }
        #expect(save.person.fullName == "Ada Lovelace")
        #expect(save.isNew)
        #expect(mode.values.count == 8, "the form stays open, saving, until the list tells how the save went")
        if case .form(let form) = mode.values.last { #expect(form.isSaving) } else { Issue.record("no form: \(mode.values)") }
        prompt.saveEnded()
        #expect(mode.values.count == 9)
        #expect(mode.values.last == .list)
        #expect(latest(prompt.inputLine) == InputLine(text: "Lo"))
    }

    @Test func aSaveRefusedKeepsTheFormOpenSayingWhyOrRebasedOnThePersonKeptNow() {
        let (prompt, _) = makePrompt()
        selected.value = ada
        prompt.startEditing()
        for _ in 0..<6 { prompt.nextField() }
        prompt.saveRefused(stale: false, kept: nil, problem: "Not saved: disk full")
        guard case .form(let refused) = latest(prompt.mode) else {
            Issue.record("the form closed")
            return
        }
        #expect(refused.problem == "Not saved: disk full")
        #expect(refused.field == .phone)
        let now = Person(id: "ada", firstName: "Augusta Ada", lastName: "King")
        prompt.saveRefused(stale: true, kept: now, problem: "")
        guard case .form(let rebased) = latest(prompt.mode) else {
            Issue.record("the form closed")
            return
        }
        #expect(rebased == refused.rebased(on: now))
    }

    @Test func aFilesPathIsAskedForAndHandedBackAndAnEmptyOneIsRefused() {
        let (prompt, requests) = makePrompt()
        let news = ValueRecorder(prompt.news)
        prompt.startImporting()
        #expect(latest(prompt.inputPrompt) == "Import vCard file")
        prompt.inputSubmitted()
        type("friends.vcf", into: prompt)
        prompt.inputSubmitted()
        prompt.startExporting()
        #expect(latest(prompt.inputLine) == InputLine(suggesting: "people.vcf"))
        type("/tmp/friends.vcf", into: prompt)
        #expect(latest(prompt.inputLine).text == "/tmp/friends.vcf", "what is typed replaces the suggestion")
        prompt.cancelInput()
        prompt.startExporting()
        prompt.inputSubmitted()
        #expect(requests() == [.importCards(from: "friends.vcf", ImportChoices()), .exportCards(to: "people.vcf", replacing: false)])
        #expect(news.values == [PeopleNews("Type a file's path, or Esc", isProblem: true)])
    }

    @Test func noFileIsAskedForWhileATransferRunsNorAnythingBeforeTheStoreOpens() {
        let (closed, _) = makePrompt(open: false)
        let closedModes = ValueRecorder(closed.mode)
        closed.startAdding()
        closed.startImporting()
        #expect(closedModes.values == [.list])
        let (prompt, _) = makePrompt()
        let (modes, news) = (ValueRecorder(prompt.mode), ValueRecorder(prompt.news))
        transferring.value = true
        prompt.startExporting()
        prompt.startImporting()
        #expect(modes.values == [.list])
        let running = PeopleNews("An import or export is running; Esc on the list stops it", isProblem: true)
        #expect(news.values == [running, running], "said each time a file is asked for")
    }

    @Test func aDeleteIsAskedAboutThePersonUnderTheCursorAndOnlyAYesIsHandedBack() {
        let (prompt, requests) = makePrompt()
        let question = ValueRecorder(prompt.question)
        prompt.askToDelete()
        selected.value = ada
        prompt.askToDelete()
        prompt.confirm(false)
        prompt.askToDelete()
        prompt.confirm(true)
        #expect(question.values == ["", "Delete Ada Lovelace? y/n", "", "Delete Ada Lovelace? y/n", ""])
        #expect(requests() == [.delete(ada)])
    }

    @Test func editingOpensTheFormOnThePersonUnderTheCursorAndEscKeepsNothing() {
        let (prompt, requests) = makePrompt()
        let (prompts, lines) = (ValueRecorder(prompt.inputPrompt), ValueRecorder(prompt.inputLine.map(\.text)))
        selected.value = ada
        prompt.startEditing()
        prompt.nextField()
        prompt.cancelInput()
        #expect(prompts.values == ["Filter", "First name", "Last name", "Filter"])
        #expect(lines.values == ["", "Ada", "Lovelace", ""])
        #expect(requests().isEmpty)
    }
}
