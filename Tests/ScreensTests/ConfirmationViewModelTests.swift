import Binding
@testable import Screens
import Testing
import TestSupport

/// A yes-or-no question: shown with how to answer it while its parent asks, put away after.
@MainActor
struct ConfirmationViewModelTests {
    @Test func aQuestionShowsWithHowToAnswerWhileItIsAsked() {
        let asking = Dynamic(false)
        let confirmation = ConfirmationViewModel("Start a new game?", isAsking: asking.output)
        let question = ValueRecorder(confirmation.question)
        let isAsking = ValueRecorder(confirmation.isAsking)
        for value in [true, true, false, true, false] { asking.value = value }
        #expect(question.values == ["", "Start a new game? (y/n)", "", "Start a new game? (y/n)", ""])
        #expect(isAsking.values == [false, true, false, true, false])
    }
}
