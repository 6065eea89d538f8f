import Foundation
import Models
@testable import Screens
import Testing
import TestSupport

/// The games library as a user keeps it in order, through the Scoreboard's inputs: a new game
/// only after one with a move, any game in progress continued where its clock stopped, a delete
/// after a question; each output's whole history.
@MainActor
struct ScoreboardLibraryTests {
    let scheduler = TestScheduler()
    let library = InMemoryGameLibrary()
    /// 18:00 UTC on Nov 21, 2025; each game starts a minute after the one before.
    private static let evening = 1_763_748_000.0

    private func makeScoreboard() -> GameScoreboardViewModel {
        var started = Self.evening
        let scoreboard = GameScoreboardViewModel(
            openLibrary: { library }, scheduler: scheduler,
            today: {
                defer { started += 60 }
                return Date(timeIntervalSince1970: started)
            }, timeZone: TimeZone(identifier: "UTC")!)
        scoreboard.screenAppeared()
        return scoreboard
    }

    @Test func aNewGameWaitsForAMoveAndSaysSo() {
        let scoreboard = makeScoreboard()
        let news = ValueRecorder(scoreboard.news)
        let takesNewGame = ValueRecorder(scoreboard.takesNewGame)
        let asking = ValueRecorder(scoreboard.newGameConfirmation.isAsking)
        scoreboard.newGame()
        scoreboard.newGame()
        scoreboard.homePlayers[0].onePointMove()
        scoreboard.newGame()
        scoreboard.confirmNewGame(true)
        scoreboard.newGame()
        #expect(news.values == ["", "This game has no move yet", "", "A new game has started", "This game has no move yet"])
        #expect(takesNewGame.values == [false, true, false])
        #expect(asking.values == [false, true, false])
        #expect(library.stored.map(\.game.moves.count) == [1, 0], "one game played, one under way: no game without a move left behind")
    }

    @Test func aGameInProgressIsContinuedWhereItsClockStopped() {
        let scoreboard = makeScoreboard()
        scoreboard.homePlayers[0].twoPointsMove()
        scoreboard.togglePause()
        scheduler.advance(by: .seconds(42))
        scoreboard.newGame()
        scoreboard.confirmNewGame(true)
        scoreboard.awayPlayers[0].onePointMove()
        scoreboard.togglePause()
        scheduler.advance(by: .seconds(5))
        let score = ValueRecorder(scoreboard.score)
        let time = ValueRecorder(scoreboard.time)
        let title = ValueRecorder(scoreboard.pastGameTitle)
        let news = ValueRecorder(scoreboard.news)
        let enabled = ValueRecorder(scoreboard.homePlayers[0].isEnabled)
        scoreboard.showLibrary()
        scoreboard.moveInLibrary(.rows(1))
        scoreboard.openSelectedGame()
        scheduler.advance(by: .seconds(3))
        #expect(time.values == ["00:05.0", "00:42.0"], "the clock where it stopped, still until started")
        scoreboard.togglePause()
        scheduler.advance(by: .seconds(1))
        scoreboard.homePlayers[1].twoPointsMove()
        #expect(score.values == ["0 - 1", "2 - 0", "4 - 0"])
        #expect(latest(scoreboard.time) == "00:43.0")
        #expect(title.values == [""], "not read-only")
        #expect(news.values == ["", "This game goes on where its clock stopped", ""])
        #expect(enabled.values == [true])
        #expect(library.stored.map(\.game.score) == [Score(home: 4, away: 0), Score(home: 0, away: 1)])
        #expect(
            library.clockCommits.map(\.0).suffix(2) == [.seconds(5), .seconds(42)], "the game left paused at 5 s, this one started at 42 s")
    }

    @Test func aFinishedGameStaysReadOnlyAndTheGameUnderWayComesBack() {
        let scoreboard = makeScoreboard()
        for _ in 0..<8 { scoreboard.homePlayers[0].twoPointsMove() }
        scoreboard.newGame()
        scoreboard.awayPlayers[0].onePointMove()
        let title = ValueRecorder(scoreboard.pastGameTitle)
        scoreboard.showLibrary()
        scoreboard.moveInLibrary(.rows(1))
        scoreboard.openSelectedGame()
        scoreboard.undoLastMove()
        scoreboard.closePastGame()
        #expect(title.values == ["", "Game of Nov 21, 2025 18:00 (read-only) · Esc returns to the current game", ""])
        #expect(latest(scoreboard.score) == "0 - 1")
        #expect(library.stored[0].game.isFinished, "undo reopens only the game under way")
    }

    @Test func aDeleteAsksNamingTheGameAndTheListLosesIt() {
        let scoreboard = makeScoreboard()
        for _ in 0..<8 { scoreboard.homePlayers[0].twoPointsMove() }
        scoreboard.newGame()
        scoreboard.awayPlayers[0].twoPointsMove()
        scoreboard.newGame()
        scoreboard.confirmNewGame(true)
        let question = ValueRecorder(scoreboard.deleteConfirmation.question)
        let asking = ValueRecorder(scoreboard.deleteConfirmation.isAsking)
        let rows = ValueRecorder(scoreboard.library.rows)
        let selected = ValueRecorder(scoreboard.library.selectedIndex)
        let news = ValueRecorder(scoreboard.news)
        scoreboard.showLibrary()
        scoreboard.deleteSelectedGame()
        scoreboard.moveInLibrary(.last)
        scoreboard.deleteSelectedGame()
        scoreboard.confirmDelete(false)
        scoreboard.deleteSelectedGame()
        scoreboard.confirmDelete(true)
        #expect(
            question.values == [
                "", "Delete the game of Nov 21, 2025 18:00, Ballerz 16 - 0 Ringerz? (y/n)", "",
                "Delete the game of Nov 21, 2025 18:00, Ballerz 16 - 0 Ringerz? (y/n)", "",
            ])
        #expect(asking.values == [false, true, false, true, false])
        #expect(
            rows.values == [
                [],
                [
                    "Nov 21, 2025 18:02  Ballerz 0 - 0 Ringerz  00:00.0  not started",
                    "Nov 21, 2025 18:01  Ballerz 0 - 2 Ringerz  00:00.0  in progress",
                    "Nov 21, 2025 18:00  Ballerz 16 - 0 Ringerz  00:00.0  finished",
                ],
                [
                    "Nov 21, 2025 18:02  Ballerz 0 - 0 Ringerz  00:00.0  not started",
                    "Nov 21, 2025 18:01  Ballerz 0 - 2 Ringerz  00:00.0  in progress",
                ],
            ])
        #expect(selected.values == [0, 2, 1])
        #expect(
            news.values == [
                "A new game has started", "", "The game under way cannot be deleted", "", "Deleted the game Ballerz 16 - 0 Ringerz",
            ])
        #expect(library.stored.map(\.id) == [2, 3])
    }

    @Test func aDeleteThatFailsSaysWhyAndKeepsTheRow() {
        let scoreboard = makeScoreboard()
        scoreboard.homePlayers[0].twoPointsMove()
        scoreboard.newGame()
        scoreboard.confirmNewGame(true)
        scoreboard.showLibrary()
        scoreboard.moveInLibrary(.rows(1))
        scoreboard.deleteSelectedGame()
        library.failWrites = .init(description: "disk full")
        let news = ValueRecorder(scoreboard.news)
        scoreboard.confirmDelete(true)
        #expect(news.values == ["", "Not deleted: disk full"])
        #expect(latest(scoreboard.library.rows).count == 2)
        #expect(library.stored.count == 2)
    }
}
