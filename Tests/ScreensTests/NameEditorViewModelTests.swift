import Models
@testable import Screens
import Testing
import TestSupport

/// The name of a team or a player as it is typed: taken tidied, or refused with the reason.
@MainActor
struct NameEditorViewModelTests {
    @Test func aNameIsTypedTidiedAndTaken() {
        let editor = NameEditorViewModel()
        let prompt = ValueRecorder(editor.inputPrompt)
        let focused = ValueRecorder(editor.inputLineIsFocused)
        editor.start(.player(1), name: "Shaq")
        editor.inputLineEdited(.insert("  O'Neal  "))
        let taken = editor.submit()
        #expect(taken?.target == .player(1))
        #expect(taken?.name == "Shaq O'Neal")
        #expect(prompt.values == ["Player name"])
        #expect(focused.values == [false, true, false])
        #expect(latest(editor.target) == nil)
    }

    @Test func anEmptyOrLongNameIsRefusedWithTheReasonAndTheLineStays() {
        let editor = NameEditorViewModel()
        let problem = ValueRecorder(editor.problem)
        editor.start(.team(.home), name: "")
        #expect(latest(editor.inputPrompt) == "Team name")
        #expect(editor.submit() == nil)
        editor.inputLineEdited(.insert(String(repeating: "x", count: NameEditorViewModel.longestName + 1)))
        #expect(editor.submit() == nil)
        editor.inputLineEdited(.deleteBackward)
        #expect(editor.submit()?.name.count == NameEditorViewModel.longestName)
        #expect(problem.values == ["", "A name cannot be empty", "A name has at most 24 characters", ""])
    }

    @Test func aTeamsNameReplacedIsTakenOnceAndNothingWhileClosed() {
        let editor = NameEditorViewModel()
        #expect(editor.submit() == nil)
        editor.start(.team(.away), name: "Ringerz")
        editor.inputLineEdited(.deleteToStart)
        editor.inputLineEdited(.insert(" Houston  Rockets "))
        let taken = editor.submit()
        #expect(taken?.target == .team(.away))
        #expect(taken?.name == "Houston Rockets")
        #expect(latest(editor.inputLine) == InputLine())
        #expect(editor.submit() == nil)
    }

    @Test func stoppingKeepsNothingTyped() {
        let editor = NameEditorViewModel()
        let line = ValueRecorder(editor.inputLine)
        editor.start(.team(.away), name: "Ringerz")
        editor.inputLineEdited(.insert("!"))
        editor.stop()
        #expect(line.values.map(\.text) == ["", "Ringerz", "Ringerz!", ""])
        #expect(editor.submit() == nil)
    }
}
