import Binding
import Foundation
import Models
@testable import Screens
import Testing
import TestSupport

/// The scoreboard's parts on their own: the question asked before a new game, and the name editor.
@MainActor
struct ScoreboardPartsTests {
    @Test func aQuestionShowsUntilAnsweredAndOnlyAYesWhileAskedCounts() {
        let confirmation = ConfirmationViewModel()
        let question = ValueRecorder(confirmation.question)
        #expect(!confirmation.answer(true))  // nothing asked: nothing to act on
        confirmation.ask("Start a new game?")
        #expect(latest(confirmation.isAsking))
        #expect(confirmation.answer(true))
        #expect(!latest(confirmation.isAsking))
        confirmation.ask("Start a new game?")
        #expect(!confirmation.answer(false))
        #expect(question.values == ["", "Start a new game? (y/n)", "", "Start a new game? (y/n)", ""])
    }

    @Test func theNameEditorGivesATidyNameOnceAndNothingWhileClosed() {
        let editor = NameEditorViewModel()
        #expect(editor.submit() == nil)
        editor.start(.team(.away), name: "Ringerz")
        #expect(latest(editor.prompt) == "Team name")
        editor.edit(.deleteToStart)
        editor.edit(.insert(" Houston  Rockets "))
        let taken = editor.submit()
        #expect(taken?.target == .team(.away))
        #expect(taken?.name == "Houston Rockets")
        #expect(latest(editor.target) == nil)
        #expect(latest(editor.line) == InputLine())
        #expect(editor.submit() == nil)
    }

    @Test func theScoreboardAsksInWordsBeforeANewGameReplacesOneInProgress() {
        let scoreboard = GameScoreboardViewModel(openLibrary: { InMemoryGameLibrary() }, scheduler: TestScheduler(), today: { Date(timeIntervalSince1970: 1_763_700_000) }, timeZone: .testZone)
        scoreboard.screenAppeared()
        scoreboard.homePlayers[0].onePointMove()
        scoreboard.newGame()
        #expect(latest(scoreboard.newGameConfirmation.question)
            == "Start a new game? The game in progress stays in the list of games. (y/n)")
    }

    @Test func openingAGameFromTheLibraryClosesTheList() {
        let scoreboard = GameScoreboardViewModel(openLibrary: { InMemoryGameLibrary() }, scheduler: TestScheduler(), today: { Date(timeIntervalSince1970: 1_763_700_000) }, timeZone: .testZone)
        scoreboard.screenAppeared()
        scoreboard.showLibrary()
        #expect(latest(scoreboard.library.isVisible))
        scoreboard.openSelectedGame()
        #expect(!latest(scoreboard.library.isVisible))
        #expect(latest(scoreboard.pastGameTitle).isEmpty)  // the current game shows as itself
    }
}
