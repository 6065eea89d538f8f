@testable import Screens
import Testing
import TestSupport

/// A yes-or-no question: asked, answered once, and put away.
@MainActor
struct ConfirmationViewModelTests {
    @Test func aQuestionShowsWithHowToAnswerAndGoesWithItsAnswer() {
        let confirmation = ConfirmationViewModel()
        let question = ValueRecorder(confirmation.question)
        let asking = ValueRecorder(confirmation.isAsking)
        #expect(!confirmation.answer(true), "nothing asked: nothing to act on")
        confirmation.ask("Start a new game?")
        #expect(confirmation.answer(true))
        #expect(!confirmation.answer(true), "answered already: nothing on show")
        confirmation.ask("Start a new game?")
        #expect(!confirmation.answer(false))
        #expect(question.values == ["", "Start a new game? (y/n)", "", "Start a new game? (y/n)", ""])
        #expect(asking.values == [false, true, false, true, false])
    }
}
