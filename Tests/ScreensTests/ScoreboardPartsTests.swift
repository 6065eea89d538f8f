import Binding
import Foundation
import Models
import Screens
import Testing
import TestSupport

/// The scoreboard with its parts: the question asked before a new game, and the list of games.
/// The parts alone are tested in ConfirmationViewModelTests and GameLibraryViewModelTests.
@MainActor
struct ScoreboardPartsTests {
    private func makeScoreboard() -> GameScoreboardViewModel {
        GameScoreboardViewModel(
            openLibrary: { InMemoryGameLibrary() }, scheduler: TestScheduler(),
            today: { Date(timeIntervalSince1970: 1_763_700_000) }, timeZone: .testZone)
    }

    @Test func theScoreboardAsksInWordsBeforeANewGameReplacesOneInProgress() {
        let scoreboard = makeScoreboard()
        scoreboard.screenAppeared()
        scoreboard.homePlayers[0].onePointMove()
        scoreboard.newGame()
        #expect(
            latest(scoreboard.newGameConfirmation.question)
                == "Start a new game? The game in progress stays in the list of games. (y/n)")
    }

    @Test func openingAGameFromTheLibraryClosesTheList() {
        let scoreboard = makeScoreboard()
        scoreboard.screenAppeared()
        scoreboard.showLibrary()
        #expect(latest(scoreboard.library.isVisible))
        scoreboard.openSelectedGame()
        #expect(!latest(scoreboard.library.isVisible))
        #expect(latest(scoreboard.pastGameTitle).isEmpty)  // the current game shows as itself
    }
}
