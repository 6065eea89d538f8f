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

    private func makeScoreboard(library: InMemoryGameLibrary? = nil, glyphs: Glyphs = .unicode) -> GameScoreboardViewModel {
        let library = library ?? self.library
        let scoreboard = GameScoreboardViewModel(
            openLibrary: { library }, scheduler: scheduler,
            today: { Date(timeIntervalSince1970: 1_763_700_000) },
            timeZone: TimeZone(identifier: "UTC")!, glyphs: glyphs)
        scoreboard.screenAppeared()
        return scoreboard
    }

    // MARK: - Launch

    @Test func aFirstLaunchShowsTheOriginalTeamsAtNilNil() {
        let scoreboard = makeScoreboard()
        #expect(latest(scoreboard.homeTeamName) == "Ballerz")
        #expect(latest(scoreboard.awayTeamName) == "Ringerz")
        #expect(latest(scoreboard.score) == "0 - 0")
        #expect(latest(scoreboard.time) == "00:00.0")
        #expect(latest(scoreboard.pauseButtonTitle) == "Start")
        #expect(scoreboard.homePlayers.map { latest($0.playerName) } == ["Shaq", "A.I.", "T-Mac"])
        #expect(scoreboard.awayPlayers.map { latest($0.playerName) } == ["Hakeem", "Air Carter", "Kobe"])
        #expect(library.stored.count == 1)
    }

    @Test func theLatestGameComesBackPausedAtItsTime() throws {
        var game = Game(accumulated: .milliseconds(61_250))
        try game.record(.twoPoints, by: 1, at: .zero)
        let scoreboard = makeScoreboard(library: InMemoryGameLibrary(games: [StoredGame(id: 1, startedOn: Date(), game: game)]))
        #expect(latest(scoreboard.score) == "2 - 0")
        #expect(latest(scoreboard.time) == "01:01.2")
        #expect(latest(scoreboard.isPaused))
        #expect(latest(scoreboard.homePlayers[0].twoPointMoveCount) == "1")
    }

    @Test func theLibraryIsOpenedOnlyWhenTheScreenFirstAppears() {
        var opened = 0
        let scoreboard = GameScoreboardViewModel(
            openLibrary: {
                opened += 1; return self.library
            }, scheduler: scheduler,
            today: { Date(timeIntervalSince1970: 1_763_700_000) }, timeZone: .testZone)
        #expect(opened == 0)
        scoreboard.screenAppeared()
        scoreboard.screenDisappeared()
        scoreboard.screenAppeared()
        #expect(opened == 1)
    }

    @Test func aLibraryThatCannotOpenLeavesAPlayableGameAndSaysSo() {
        let scoreboard = GameScoreboardViewModel(
            openLibrary: { throw InMemoryGameLibrary.Failure(description: "disk full") }, scheduler: scheduler,
            today: { Date(timeIntervalSince1970: 1_763_700_000) }, timeZone: .testZone)
        scoreboard.screenAppeared()
        #expect(latest(scoreboard.notice) == "Games are not being saved: disk full")
        scoreboard.homePlayers[0].twoPointsMove()
        #expect(latest(scoreboard.score) == "2 - 0")
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
        #expect(latest(scoreboard.homePlayers[1].assistMoveCount) == "1")
        #expect(latest(scoreboard.homePlayers[2].foulMoveCount) == "1")
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
        #expect(latest(scoreboard.notice) == "Not saved: database is locked")
        #expect(latest(scoreboard.score) == "1 - 0")
    }

    @Test func finishingShowsTheResultStopsTheClockAndDisablesMoves() {
        let scoreboard = makeScoreboard()
        let finished = ValueRecorder(scoreboard.isFinished)
        let enabled = ValueRecorder(scoreboard.homePlayers[0].isEnabled)
        scoreboard.togglePause()
        scheduler.advance(by: .seconds(30))
        for _ in 0..<6 { scoreboard.awayPlayers[1].twoPointsMove() }
        for _ in 0..<8 { scoreboard.homePlayers[0].twoPointsMove() }
        #expect(latest(scoreboard.score) == "16 - 12")
        #expect(latest(scoreboard.result) == "Ballerz win 16 - 12")
        #expect(finished.values == [false, true])
        #expect(enabled.values == [true, false])
        #expect(latest(scoreboard.isPaused))
        #expect(latest(scoreboard.time) == "00:30.0")
        scheduler.advance(by: .seconds(10))
        #expect(latest(scoreboard.time) == "00:30.0")
        #expect(scheduler.waitingCount == 0)
        scoreboard.awayPlayers[0].twoPointsMove()
        #expect(latest(scoreboard.score) == "16 - 12")
        #expect(library.clockCommits.last.map { $0.1 } == false)
    }

    @Test func theAwayTeamWinningIsWrittenWithItsPointsFirst() {
        let scoreboard = makeScoreboard()
        for _ in 0..<8 { scoreboard.awayPlayers[0].twoPointsMove() }
        #expect(latest(scoreboard.result) == "Ringerz win 16 - 0")
    }

    @Test func undoRestoresScoreCountsAndFinishedState() {
        let scoreboard = makeScoreboard()
        for _ in 0..<8 { scoreboard.homePlayers[0].twoPointsMove() }
        #expect(latest(scoreboard.isFinished))
        scoreboard.undoLastMove()
        #expect(latest(scoreboard.score) == "14 - 0")
        #expect(!latest(scoreboard.isFinished))
        #expect(latest(scoreboard.result) == "")
        #expect(latest(scoreboard.homePlayers[0].twoPointMoveCount) == "7")
        #expect(latest(scoreboard.homePlayers[0].isEnabled))
        #expect(library.stored[0].game.moves.count == 7)
    }

    // MARK: - Clock

    @Test func theClockRunsPausesAndShowsTenths() {
        let scoreboard = makeScoreboard()
        let paused = ValueRecorder(scoreboard.isPaused)
        let button = ValueRecorder(scoreboard.pauseButtonTitle)
        scoreboard.togglePause()
        scheduler.advance(by: .milliseconds(1_500))
        #expect(latest(scoreboard.time) == "00:01.5")
        scoreboard.togglePause()
        scheduler.advance(by: .seconds(10))
        #expect(latest(scoreboard.time) == "00:01.5")
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
        #expect(latest(scoreboard.time) == "00:05.3")
        scoreboard.togglePause()
        #expect(scheduler.waitingCount == 0)
    }

    @Test func aRunningClockKeepsOneRepeatingTimerAndAPausedOneNone() {
        let scoreboard = makeScoreboard()
        #expect(scheduler.waitingCount == 0)
        scoreboard.togglePause()
        #expect(scheduler.repeatingCount == 1)
        #expect(scheduler.waitingCount == 1)
        scheduler.advance(by: .milliseconds(1_050))
        scoreboard.homePlayers[0].onePointMove()
        scoreboard.moveSelection(.down)
        #expect(scheduler.repeatingCount == 1)
        #expect(scheduler.waitingCount == 1)
        scoreboard.togglePause()
        #expect(scheduler.waitingCount == 0)
        scoreboard.togglePause()
        #expect(scheduler.repeatingCount == 1)
        scoreboard.screenDisappeared()
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

    // MARK: - Score chart

    /// Plays a game on the clock: away scores two points at 1–6 s, home at every 5 s to 40 s,
    /// where home wins 16 - 12.
    private func playToSixteenTwelve(_ scoreboard: GameScoreboardViewModel) {
        let moves =
            (1...6).map { ($0, scoreboard.awayPlayers[0]) }
            + stride(from: 5, through: 40, by: 5).map { ($0, scoreboard.homePlayers[0]) }
        scoreboard.togglePause()
        for (second, player) in moves.sorted(by: { $0.0 < $1.0 }) {
            scheduler.advance(by: .seconds(second) - scheduler.now)
            player.twoPointsMove()
        }
    }

    /// The chart of the game `playToSixteenTwelve` plays, its columns of `levels`, lowest first.
    private func sixteenTwelveChart(_ levels: String) -> [String] {
        let column = { (level: Int, count: Int) in String(repeating: Array(levels)[level], count: count) }
        return [
            "Score over game time",
            "    " + column(0, 10) + column(1, 10) + column(2, 10) + column(3, 6) + " 16 Ballerz",
            column(0, 2) + column(1, 2) + column(2, 36) + " 12 Ringerz",
            "00:00.0" + String(repeating: " ", count: 26) + "00:40.0",
        ]
    }

    @Test func aFinishedGameChartsBothTeamsScoresOverTheGameTime() {
        let scoreboard = makeScoreboard()
        let chart = ValueRecorder(scoreboard.scoreChart)
        playToSixteenTwelve(scoreboard)
        #expect(latest(scoreboard.result) == "Ballerz win 16 - 12")
        #expect(chart.values == [[], sixteenTwelveChart("⣀⣤⣶⣿")])
        scoreboard.undoLastMove()
        #expect(chart.values.last == [])
    }

    @Test func aGameWonWithTheClockStoppedChartsTheFinalScoreThroughout() {
        let scoreboard = makeScoreboard()
        for _ in 0..<8 { scoreboard.homePlayers[0].twoPointsMove() }
        #expect(
            latest(scoreboard.scoreChart) == [
                "Score over game time",
                String(repeating: "⣿", count: 40) + " 16 Ballerz",
                String(repeating: " ", count: 40) + "  0 Ringerz",
                "00:00.0" + String(repeating: " ", count: 26) + "00:00.0",
            ])
    }

    @Test func withASCIIGlyphsTheChartIsOfLettersAnyConsoleHas() {
        let scoreboard = makeScoreboard(glyphs: .ascii)
        let chart = ValueRecorder(scoreboard.scoreChart)
        playToSixteenTwelve(scoreboard)
        #expect(chart.values == [[], sixteenTwelveChart("_-=#")])
    }

    // MARK: - New game and the library

    @Test func aNewGameOverOneInProgressAsksFirstAndKeepsTheOldOne() {
        let scoreboard = makeScoreboard()
        scoreboard.homePlayers[0].twoPointsMove()
        scoreboard.newGame()
        #expect(latest(scoreboard.newGameConfirmation.isAsking))
        scoreboard.confirmNewGame(false)
        #expect(latest(scoreboard.score) == "2 - 0")
        scoreboard.newGame()
        scoreboard.confirmNewGame(true)
        #expect(latest(scoreboard.score) == "0 - 0")
        #expect(library.stored.count == 2)
        #expect(library.stored[0].game.score == Score(home: 2, away: 0))
    }

    @Test func aFinishedGameIsFollowedByANewOneWithoutAsking() {
        let scoreboard = makeScoreboard()
        for _ in 0..<8 { scoreboard.homePlayers[0].twoPointsMove() }
        scoreboard.newGame()
        #expect(!latest(scoreboard.newGameConfirmation.isAsking))
        #expect(library.stored.count == 2)
        #expect(latest(scoreboard.score) == "0 - 0")
    }

    @Test func thePastGameOpensReadOnlyAndClosesBackToTheCurrentOne() {
        let scoreboard = makeScoreboard()
        for _ in 0..<8 { scoreboard.homePlayers[0].twoPointsMove() }
        scoreboard.newGame()
        scoreboard.awayPlayers[0].onePointMove()
        scoreboard.showLibrary()
        #expect(
            latest(scoreboard.library.rows) == [
                "Nov 21, 2025 04:40  Ballerz 0 - 1 Ringerz  00:00.0  in progress",
                "Nov 21, 2025 04:40  Ballerz 16 - 0 Ringerz  00:00.0  finished",
            ])
        scoreboard.moveInLibrary(.rows(5))
        scoreboard.openSelectedGame()
        #expect(latest(scoreboard.pastGameTitle) == "Game of Nov 21, 2025 04:40 (read-only) · Esc returns to the current game")
        #expect(latest(scoreboard.score) == "16 - 0")
        #expect(!latest(scoreboard.homePlayers[0].isEnabled))
        scoreboard.awayPlayers[0].twoPointsMove()
        scoreboard.togglePause()
        #expect(latest(scoreboard.score) == "16 - 0")
        #expect(latest(scoreboard.isPaused))
        scoreboard.closePastGame()
        #expect(latest(scoreboard.score) == "0 - 1")
        #expect(latest(scoreboard.pastGameTitle) == "")
    }

    /// A click on a kept game moves the cursor there; a click on the game under the cursor opens
    /// it; a click that comes once the list has closed does nothing.
    @Test func aClickChoosesAKeptGameAndASecondOpensIt() {
        let scoreboard = makeScoreboard()
        for _ in 0..<8 { scoreboard.homePlayers[0].twoPointsMove() }
        scoreboard.newGame()
        let selected = ValueRecorder(scoreboard.library.selectedIndex)
        let title = ValueRecorder(scoreboard.pastGameTitle)
        scoreboard.showLibrary()
        scoreboard.chooseGame(at: 1)
        scoreboard.closeLibrary()
        scoreboard.chooseGame(at: 0)
        scoreboard.moveInLibrary(.rows(-1))
        scoreboard.showLibrary()
        scoreboard.chooseGame(at: 1)
        scoreboard.chooseGame(at: 1)
        scoreboard.chooseGame(at: 0)
        #expect(selected.values == [0, 1, 0, 1, 0], "a closed list has its cursor on the first row")
        #expect(title.values == ["", "Game of Nov 21, 2025 04:40 (read-only) · Esc returns to the current game"])
        #expect(latest(scoreboard.score) == "16 - 0")
        #expect(!latest(scoreboard.library.isVisible))
    }

    // MARK: - Busy

    @Test func isBusyNeverRisesForEverythingIsDoneBeforeTheInputReturns() {
        let busy = ValueRecorder(
            GameScoreboardViewModel(
                openLibrary: { self.library }, scheduler: scheduler,
                today: { Date(timeIntervalSince1970: 1_763_700_000) }, timeZone: .testZone
            ).isBusy)
        #expect(busy.values == [false])
        let scoreboard = makeScoreboard()
        let recorded = ValueRecorder(scoreboard.isBusy)
        scoreboard.togglePause()
        scoreboard.homePlayers[0].twoPointsMove()
        scheduler.advance(by: .milliseconds(300))
        scoreboard.newGame()
        scoreboard.confirmNewGame(true)
        scoreboard.showLibrary()
        #expect(latest(scoreboard.library.rows).count == 2)
        #expect(recorded.values == [false])
    }

    @Test func theLibraryListsBeforeTheScreenAppearsAndStartsNoGame() throws {
        var game = Game(accumulated: .milliseconds(61_250))
        try game.record(.twoPoints, by: 4, at: .zero)
        let library = InMemoryGameLibrary(games: [StoredGame(id: 1, startedOn: Date(timeIntervalSince1970: 1_763_700_000), game: game)])
        let scoreboard = GameScoreboardViewModel(
            openLibrary: { library }, scheduler: scheduler,
            today: { Date(timeIntervalSince1970: 1_763_700_000) }, timeZone: TimeZone(identifier: "UTC")!)
        scoreboard.showLibrary()
        #expect(latest(scoreboard.library.rows) == ["Nov 21, 2025 04:40  Ballerz 0 - 2 Ringerz  01:01.2  in progress"])
        let row = try #require(latest(scoreboard.library.games).first)
        #expect(
            [row.day, row.startTime, row.homeTeam, row.score, row.awayTeam, row.time, row.state]
                == ["Nov 21, 2025", "04:40", "Ballerz", "0 - 2", "Ringerz", "01:01.2", "in progress"])
        #expect(latest(scoreboard.library.message) == "")
        #expect(library.stored.count == 1)

        let empty = InMemoryGameLibrary()
        let none = GameScoreboardViewModel(
            openLibrary: { empty }, scheduler: scheduler,
            today: { Date(timeIntervalSince1970: 1_763_700_000) }, timeZone: .testZone)
        none.showLibrary()
        #expect(latest(none.library.message) == "No games yet.")
        #expect(empty.stored.isEmpty)
        none.screenAppeared()
        #expect(empty.stored.count == 1)
    }

    // MARK: - Names

    @Test func renamingThePlayerStartsFromTheNameAndIsKeptForTheNextGame() throws {
        let scoreboard = makeScoreboard()
        scoreboard.moveSelection(.right)
        scoreboard.startRenaming(team: false)
        #expect(latest(scoreboard.inputLine) == InputLine(text: "Hakeem"))
        #expect(latest(scoreboard.inputLineIsFocused))
        #expect(latest(scoreboard.inputPrompt) == "Player name")
        edit(scoreboard, .deleteToStart, .insert("  The   Dream "))
        scoreboard.inputSubmitted()
        #expect(latest(scoreboard.awayPlayers[0].playerName) == "The Dream")
        #expect(!latest(scoreboard.isRenaming))
        #expect(latest(scoreboard.inputLine) == InputLine())
        #expect(!latest(scoreboard.inputLineIsFocused))
        #expect(try library.latestGame()?.game.away.players[0].name == "The Dream")
        scoreboard.startRenaming(team: true)
        #expect(latest(scoreboard.inputPrompt) == "Team name")
        #expect(latest(scoreboard.inputLine) == InputLine(text: "Ringerz"))
        edit(scoreboard, .deleteWordBackward, .insert("Rockets"))
        scoreboard.inputSubmitted()
        #expect(latest(scoreboard.awayTeamName) == "Rockets")
        scoreboard.newGame()
        #expect(latest(scoreboard.awayTeamName) == "Rockets")
        #expect(latest(scoreboard.awayPlayers[0].playerName) == "The Dream")
    }

    @Test func anEmptyOrLongNameSaysWhyAndKeepsTheOldOne() {
        let scoreboard = makeScoreboard()
        scoreboard.startRenaming(team: false)
        edit(scoreboard, .deleteToStart, .insert("   "))
        scoreboard.inputSubmitted()
        #expect(latest(scoreboard.renameProblem) == "A name cannot be empty")
        #expect(latest(scoreboard.inputLine) == InputLine(text: "   "))  // the line stays to mend
        #expect(latest(scoreboard.inputLineIsFocused))
        edit(scoreboard, .deleteToStart, .insert(String(repeating: "x", count: 25)))
        scoreboard.inputSubmitted()
        #expect(latest(scoreboard.renameProblem) == "A name has at most 24 characters")
        #expect(latest(scoreboard.homePlayers[0].playerName) == "Shaq")
        scoreboard.stopRenaming()
        #expect(!latest(scoreboard.isRenaming))
        #expect(latest(scoreboard.renameProblem).isEmpty)
        #expect(latest(scoreboard.inputLine) == InputLine())
        #expect(!latest(scoreboard.inputLineIsFocused))
    }

    @Test func theRenameIsEditedInTheLineByCharacter() {
        let scoreboard = makeScoreboard()
        #expect(!scoreboard.focusesInputOnOpen)
        scoreboard.startRenaming(team: false)
        let line = ValueRecorder(scoreboard.inputLine)
        edit(scoreboard, .moveHome, .deleteForward, .insert("喜"), .moveEnd, .insert("👍🏽"))
        #expect(line.values.map(\.text) == ["Shaq", "Shaq", "haq", "喜haq", "喜haq", "喜haq👍🏽"])
        #expect(line.values.map(\.cursor) == [4, 0, 0, 1, 4, 5])
        scoreboard.inputFocusChanged(false)  // the tab opened again: the rename goes on
        #expect(latest(scoreboard.isRenaming))
        scoreboard.inputSubmitted()
        #expect(latest(scoreboard.homePlayers[0].playerName) == "喜haq👍🏽")
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
        #expect(
            ScoreboardFormat.day(Date(timeIntervalSince1970: 0), timeZone: TimeZone(identifier: "America/New_York")!)
                == "Dec 31, 1969")
    }
}
