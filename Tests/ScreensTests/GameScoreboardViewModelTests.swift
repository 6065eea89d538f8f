import Binding
import Foundation
import Models
@testable import Screens
import Testing
import TestSupport

@MainActor
struct GameScoreboardViewModelTests {
    let scheduler = TestScheduler()
    let library = InMemoryGameLibrary()

    private func makeScoreboard(library: InMemoryGameLibrary? = nil) -> GameScoreboardViewModel {
        let library = library ?? self.library
        let scoreboard = GameScoreboardViewModel(openLibrary: { library }, scheduler: scheduler,
                                                 today: { Date(timeIntervalSince1970: 1_763_700_000) },
                                                 timeZone: TimeZone(identifier: "UTC")!)
        scoreboard.screenAppeared()
        return scoreboard
    }

    // MARK: - Launch

    @Test func aFirstLaunchShowsTheOriginalTeamsAtNilNil() {
        let scoreboard = makeScoreboard()
        #expect(scoreboard.homeTeamName.value == "Ballerz")
        #expect(scoreboard.awayTeamName.value == "Ringerz")
        #expect(scoreboard.score.value == "0 - 0")
        #expect(scoreboard.time.value == "00:00.0")
        #expect(scoreboard.pauseButtonTitle.value == "Start")
        #expect(scoreboard.homePlayers.map(\.playerName.value) == ["Shaq", "A.I.", "T-Mac"])
        #expect(scoreboard.awayPlayers.map(\.playerName.value) == ["Hakeem", "Air Carter", "Kobe"])
        #expect(library.stored.count == 1)
    }

    @Test func theLatestGameComesBackPausedAtItsTime() throws {
        var game = Game(accumulated: .milliseconds(61_250))
        try game.record(.twoPoints, by: 1, at: .zero)
        let scoreboard = makeScoreboard(library: InMemoryGameLibrary(games: [StoredGame(id: 1, startedOn: Date(), game: game)]))
        #expect(scoreboard.score.value == "2 - 0")
        #expect(scoreboard.time.value == "01:01.2")
        #expect(scoreboard.isPaused.value)
        #expect(scoreboard.homePlayers[0].twoPointMoveCount.value == "1")
    }

    @Test func theLibraryIsOpenedOnlyWhenTheScreenFirstAppears() {
        var opened = 0
        let scoreboard = GameScoreboardViewModel(openLibrary: { opened += 1; return self.library }, scheduler: scheduler)
        #expect(opened == 0)
        scoreboard.screenAppeared()
        scoreboard.screenDisappeared()
        scoreboard.screenAppeared()
        #expect(opened == 1)
    }

    @Test func aLibraryThatCannotOpenLeavesAPlayableGameAndSaysSo() {
        let scoreboard = GameScoreboardViewModel(
            openLibrary: { throw InMemoryGameLibrary.Failure(description: "disk full") }, scheduler: scheduler)
        scoreboard.screenAppeared()
        #expect(scoreboard.notice.value == "Games are not being saved: disk full")
        scoreboard.homePlayers[0].twoPointsMove()
        #expect(scoreboard.score.value == "2 - 0")
    }

    // MARK: - Moves

    @Test func movesUpdateTheScoreAndThePlayersCounts() {
        let scoreboard = makeScoreboard()
        let score = ValueRecorder(scoreboard.score)
        let kobe = scoreboard.awayPlayers[2]
        let kobeRebounds = ValueRecorder(kobe.reboundMoveCount)
        scoreboard.homePlayers[0].twoPointsMove()
        kobe.onePointMove()
        kobe.reboundMove()
        kobe.reboundMove()
        scoreboard.homePlayers[1].assistMove()
        scoreboard.homePlayers[2].foulMove()
        #expect(score.values == ["0 - 0", "2 - 0", "2 - 1"])
        #expect(kobeRebounds.values == ["0", "1", "2"])
        #expect(scoreboard.homePlayers[1].assistMoveCount.value == "1")
        #expect(scoreboard.homePlayers[2].foulMoveCount.value == "1")
    }

    @Test func everyMoveIsCommittedBeforeTheScoreShowsIt() {
        let scoreboard = makeScoreboard()
        var committedWhenShown: [Int] = []
        let token = scoreboard.score.bind { [library] _ in committedWhenShown.append(library.stored[0].game.moves.count) }
        scoreboard.homePlayers[0].onePointMove()
        scoreboard.awayPlayers[0].twoPointsMove()
        #expect(committedWhenShown == [1, 2])
        _ = token
    }

    @Test func aFailedCommitIsShownAndTheGameGoesOn() {
        let scoreboard = makeScoreboard()
        library.failWrites = .init(description: "database is locked")
        scoreboard.homePlayers[0].onePointMove()
        #expect(scoreboard.notice.value == "Not saved: database is locked")
        #expect(scoreboard.score.value == "1 - 0")
    }

    @Test func finishingShowsTheResultStopsTheClockAndDisablesMoves() {
        let scoreboard = makeScoreboard()
        let finished = ValueRecorder(scoreboard.isFinished)
        let enabled = ValueRecorder(scoreboard.homePlayers[0].isEnabled)
        scoreboard.togglePause()
        scheduler.advance(by: .seconds(30))
        for _ in 0..<6 { scoreboard.awayPlayers[1].twoPointsMove() }
        for _ in 0..<8 { scoreboard.homePlayers[0].twoPointsMove() }
        #expect(scoreboard.score.value == "16 - 12")
        #expect(scoreboard.result.value == "Ballerz win 16 - 12")
        #expect(finished.values == [false, true])
        #expect(enabled.values == [true, false])
        #expect(scoreboard.isPaused.value)
        #expect(scoreboard.time.value == "00:30.0")
        scheduler.advance(by: .seconds(10))
        #expect(scoreboard.time.value == "00:30.0")
        #expect(scheduler.waitingCount == 0)
        scoreboard.awayPlayers[0].twoPointsMove()
        #expect(scoreboard.score.value == "16 - 12")
        #expect(library.clockCommits.last.map { $0.1 } == false)
    }

    @Test func theAwayTeamWinningIsWrittenWithItsPointsFirst() {
        let scoreboard = makeScoreboard()
        for _ in 0..<8 { scoreboard.awayPlayers[0].twoPointsMove() }
        #expect(scoreboard.result.value == "Ringerz win 16 - 0")
    }

    @Test func undoRestoresScoreCountsAndFinishedState() {
        let scoreboard = makeScoreboard()
        for _ in 0..<8 { scoreboard.homePlayers[0].twoPointsMove() }
        #expect(scoreboard.isFinished.value)
        scoreboard.undoLastMove()
        #expect(scoreboard.score.value == "14 - 0")
        #expect(!scoreboard.isFinished.value)
        #expect(scoreboard.result.value == "")
        #expect(scoreboard.homePlayers[0].twoPointMoveCount.value == "7")
        #expect(scoreboard.homePlayers[0].isEnabled.value)
        #expect(library.stored[0].game.moves.count == 7)
    }

    // MARK: - Clock

    @Test func theClockRunsPausesAndShowsTenths() {
        let scoreboard = makeScoreboard()
        let paused = ValueRecorder(scoreboard.isPaused)
        let button = ValueRecorder(scoreboard.pauseButtonTitle)
        scoreboard.togglePause()
        scheduler.advance(by: .milliseconds(1_500))
        #expect(scoreboard.time.value == "00:01.5")
        scoreboard.togglePause()
        scheduler.advance(by: .seconds(10))
        #expect(scoreboard.time.value == "00:01.5")
        #expect(paused.values == [true, false, true])
        #expect(button.values == ["Start", "Pause", "Start"])
        #expect(library.clockCommits.map(\.1) == [true, false])
        #expect(library.clockCommits.last?.0 == .milliseconds(1_500))
    }

    @Test func theClockTicksTenTimesASecondOnlyWhileRunningAndVisible() {
        let scoreboard = makeScoreboard()
        let time = ValueRecorder(scoreboard.time)
        scoreboard.togglePause()
        scheduler.advance(by: .milliseconds(350))
        #expect(time.values == ["00:00.0", "00:00.1", "00:00.2", "00:00.3"])
        scoreboard.screenDisappeared()
        #expect(scheduler.waitingCount == 0)
        scheduler.advance(by: .seconds(5))
        #expect(time.values.count == 4)
        scoreboard.screenAppeared()
        #expect(scoreboard.time.value == "00:05.3")
        scoreboard.togglePause()
        #expect(scheduler.waitingCount == 0)
    }

    @Test func aTickLandsOnTheNextTenthOfTheClock() {
        let scoreboard = makeScoreboard()
        scoreboard.togglePause()
        scheduler.advance(by: .milliseconds(1_234))
        scoreboard.togglePause()
        scoreboard.togglePause()
        let time = ValueRecorder(scoreboard.time)
        scheduler.advance(by: .milliseconds(65))
        #expect(time.values == ["00:01.2"])
        scheduler.advance(by: .milliseconds(1))
        #expect(time.values == ["00:01.2", "00:01.3"])
    }

    // MARK: - New game and the library

    @Test func aNewGameOverOneInProgressAsksFirstAndKeepsTheOldOne() {
        let scoreboard = makeScoreboard()
        scoreboard.homePlayers[0].twoPointsMove()
        scoreboard.newGame()
        #expect(scoreboard.isConfirmingNewGame.value)
        scoreboard.confirmNewGame(false)
        #expect(scoreboard.score.value == "2 - 0")
        scoreboard.newGame()
        scoreboard.confirmNewGame(true)
        #expect(scoreboard.score.value == "0 - 0")
        #expect(library.stored.count == 2)
        #expect(library.stored[0].game.score == Score(home: 2, away: 0))
    }

    @Test func aNewGameWithoutMovesStartsWithoutAsking() {
        let scoreboard = makeScoreboard()
        scoreboard.newGame()
        #expect(!scoreboard.isConfirmingNewGame.value)
        #expect(library.stored.count == 2)
    }

    @Test func thePastGameOpensReadOnlyAndClosesBackToTheCurrentOne() {
        let scoreboard = makeScoreboard()
        for _ in 0..<8 { scoreboard.homePlayers[0].twoPointsMove() }
        scoreboard.newGame()
        scoreboard.awayPlayers[0].onePointMove()
        scoreboard.showLibrary()
        #expect(scoreboard.library.rows.value == [
            "Nov 21, 2025  Ballerz 0 - 1 Ringerz  00:00.0  in progress",
            "Nov 21, 2025  Ballerz 16 - 0 Ringerz  00:00.0  finished",
        ])
        scoreboard.library.moveSelection(by: 5)
        scoreboard.library.openSelected()
        #expect(scoreboard.pastGameTitle.value == "Game of Nov 21, 2025 (read-only)")
        #expect(scoreboard.score.value == "16 - 0")
        #expect(!scoreboard.homePlayers[0].isEnabled.value)
        scoreboard.awayPlayers[0].twoPointsMove()
        scoreboard.togglePause()
        #expect(scoreboard.score.value == "16 - 0")
        #expect(scoreboard.isPaused.value)
        scoreboard.closePastGame()
        #expect(scoreboard.score.value == "0 - 1")
        #expect(scoreboard.pastGameTitle.value == "")
    }

    // MARK: - Names

    @Test func renamingThePlayerStartsFromTheNameAndIsKeptForTheNextGame() throws {
        let scoreboard = makeScoreboard()
        scoreboard.moveSelection(.right)
        scoreboard.startRenaming(team: false)
        #expect(scoreboard.takeInputLineRequest() == InputLineRequest(text: "Hakeem", focus: true))
        #expect(scoreboard.inputPrompt == "Player name")
        scoreboard.inputSubmitted("  The   Dream ")
        #expect(scoreboard.awayPlayers[0].playerName.value == "The Dream")
        #expect(scoreboard.renaming.value == nil)
        #expect(scoreboard.takeInputLineRequest() == InputLineRequest(text: "", focus: false))
        #expect(try library.latestGame()?.game.away.players[0].name == "The Dream")
        scoreboard.startRenaming(team: true)
        #expect(scoreboard.inputPrompt == "Team name")
        scoreboard.inputSubmitted("Rockets")
        #expect(scoreboard.awayTeamName.value == "Rockets")
        scoreboard.newGame()
        #expect(scoreboard.awayTeamName.value == "Rockets")
        #expect(scoreboard.awayPlayers[0].playerName.value == "The Dream")
    }

    @Test func anEmptyOrLongNameSaysWhyAndKeepsTheOldOne() {
        let scoreboard = makeScoreboard()
        scoreboard.startRenaming(team: false)
        scoreboard.inputSubmitted("   ")
        #expect(scoreboard.renameProblem.value == "A name cannot be empty")
        scoreboard.inputSubmitted(String(repeating: "x", count: 25))
        #expect(scoreboard.renameProblem.value == "A name has at most 24 characters")
        #expect(scoreboard.homePlayers[0].playerName.value == "Shaq")
        scoreboard.stopRenaming()
        #expect(scoreboard.renaming.value == nil)
        #expect(scoreboard.renameProblem.value.isEmpty)
    }
}

struct ScoreboardFormatTests {
    @Test(arguments: [
        (Duration.zero, "00:00.0"), (.milliseconds(61_250), "01:01.2"), (.seconds(3_600), "60:00.0"), (.milliseconds(99), "00:00.0"),
    ])
    func timeIsMinutesSecondsAndTenths(duration: Duration, text: String) {
        #expect(ScoreboardFormat.time(duration) == text)
    }

    @Test func aDayIsWrittenInTheTimeZoneGiven() {
        let lateOnNovember21InUTC = Date(timeIntervalSince1970: 1_763_769_600 - 1)  // 2025-11-21 23:59:59 UTC
        #expect(ScoreboardFormat.day(lateOnNovember21InUTC, timeZone: TimeZone(identifier: "UTC")!) == "Nov 21, 2025")
        #expect(ScoreboardFormat.day(lateOnNovember21InUTC, timeZone: TimeZone(identifier: "Asia/Tokyo")!) == "Nov 22, 2025")
        #expect(ScoreboardFormat.day(Date(timeIntervalSince1970: 0), timeZone: TimeZone(identifier: "America/New_York")!)
            == "Dec 31, 1969")
    }
}
