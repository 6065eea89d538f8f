import Foundation
import Models
import Screens
import Testing
import TestSupport

/// Every key the Scoreboard answers says what it did or why it could not act, through `news`:
/// undo names what it took back, and a move on a finished or a past game says why nothing moved,
/// once however often the key is pressed.
@MainActor
struct ScoreboardNewsTests {
    let scheduler = TestScheduler()
    let library = InMemoryGameLibrary()

    private func makeScoreboard() -> GameScoreboardViewModel {
        let scoreboard = GameScoreboardViewModel(
            openLibrary: { library }, scheduler: scheduler, today: { Date(timeIntervalSince1970: 1_763_700_000) },
            timeZone: TimeZone(identifier: "UTC")!)
        scoreboard.screenAppeared()
        return scoreboard
    }

    @Test func undoSaysWhoseMoveItTookBackAndTheNextKeyClearsIt() {
        let scoreboard = makeScoreboard()
        let news = ValueRecorder(scoreboard.news)
        scoreboard.awayPlayers[0].reboundMove()
        scoreboard.homePlayers[1].twoPointsMove()
        scoreboard.undoLastMove()
        scoreboard.undoLastMove()
        scoreboard.homePlayers[0].onePointMove()
        #expect(news.values == ["", "Undid A.I.'s two-point shot", "Undid Hakeem's rebound", ""])
        #expect(latest(scoreboard.score) == "1 - 0")
    }

    @Test func undoWithNothingToUndoSaysSo() {
        let scoreboard = makeScoreboard()
        let news = ValueRecorder(scoreboard.news)
        scoreboard.undoLastMove()
        #expect(news.values == ["", "There is no move to undo"])
    }

    @Test func aMoveOrTheClockOnAFinishedGameSaysWhyOnce() {
        let scoreboard = makeScoreboard()
        for _ in 0..<8 { scoreboard.homePlayers[0].twoPointsMove() }
        let news = ValueRecorder(scoreboard.news)
        scoreboard.awayPlayers[0].twoPointsMove()
        scoreboard.awayPlayers[1].foulMove()
        scoreboard.togglePause()
        #expect(news.values == ["", "The game is over: z takes back the last move, n starts a new one"])
        #expect(latest(scoreboard.score) == "16 - 0")
        scoreboard.undoLastMove()
        #expect(news.values.last == "Undid Shaq's two-point shot")
    }

    @Test func aChangeToAPastGameSaysItIsReadOnlyOnce() {
        let scoreboard = makeScoreboard()
        for _ in 0..<8 { scoreboard.homePlayers[0].twoPointsMove() }
        scoreboard.newGame()
        scoreboard.showLibrary()
        scoreboard.moveInLibrary(.rows(1))
        scoreboard.openSelectedGame()
        #expect(latest(scoreboard.score) == "16 - 0")
        let news = ValueRecorder(scoreboard.news)
        scoreboard.homePlayers[0].onePointMove()
        scoreboard.undoLastMove()
        scoreboard.newGame()
        scoreboard.startRenaming(team: true)
        scoreboard.togglePause()
        #expect(news.values == ["", "A past game is read-only: Esc goes back to the current game"])
        #expect(latest(scoreboard.score) == "16 - 0")
        #expect(!latest(scoreboard.isRenaming))
        scoreboard.closePastGame()
        #expect(news.values.last == "")
    }
}
