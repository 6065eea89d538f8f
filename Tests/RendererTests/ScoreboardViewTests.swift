import Foundation
import Renderer
import Screens
import Testing
import TestSupport

@MainActor
@Suite struct ScoreboardViewTests {
    let scheduler = TestScheduler()
    let library = InMemoryGameLibrary()

    private func harness(size: Size = Size(columns: 80, rows: 24), glyphs: Glyphs = .unicode) -> ShellHarness {
        let scoreboard = GameScoreboardViewModel(
            openLibrary: { [library] in library }, scheduler: scheduler,
            today: { Date(timeIntervalSince1970: 1_763_700_000) },
            timeZone: TimeZone(identifier: "UTC")!, glyphs: glyphs)
        let harness = ShellHarness(tab: .scoreboard, size: size, scoreboard: scoreboard)
        harness.draw()
        return harness
    }

    @Test func scoreboardAt80x24() throws {
        let harness = harness()
        harness.type(" ")
        scheduler.advance(by: .milliseconds(1_500))
        harness.type("2jal f")
        #expect(harness.grid.text == (try Snapshot.expected(harness.grid.text, named: "scoreboard-80x24")))
    }

    @Test func scoreboardAt60x20ListsThePlayersInOneColumn() throws {
        let harness = harness(size: Size(columns: 60, rows: 20))
        harness.type("jj1")
        #expect(harness.grid.text == (try Snapshot.expected(harness.grid.text, named: "scoreboard-60x20")))
    }

    /// At 40x10 one team's players show: both names stay in the header, the shown team's marked.
    @Test(arguments: [("", "Ballerz", "home"), ("l", "Ringerz", "away")])
    func scoreboardAt40x10NamesBothTeamsAndMarksTheOneShown(keys: String, shown: String, snapshot: String) throws {
        let harness = harness(size: Size(columns: 40, rows: 10))
        harness.type(keys + "2")
        #expect(harness.grid.text == (try Snapshot.expected(harness.grid.text, named: "scoreboard-40x10-\(snapshot)")))
        #expect(harness.grid.lines[2].hasPrefix(" Ballerz") && harness.grid.lines[2].hasSuffix("Ringerz"))
        #expect(harness.grid.text(inRow: 2, style: .selectedTab) == shown)
    }

    @Test func theStatusLineOffersANewGameOnlyAfterAMoveAndADeleteOnAKeptGame() {
        let harness = harness()
        #expect(!harness.view.statusHints.map(\.hint).contains("new"))
        harness.type("n")
        #expect(harness.grid.text.contains("This game has no move yet"))
        harness.type("2")
        #expect(harness.view.statusHints.map(\.hint).contains("new"))
        harness.type("nyg")
        #expect(harness.view.statusHints.map(\.hint).prefix(2) == ["open", "delete"])
        harness.type("jd")
        #expect(harness.grid.text.contains("Delete the game of Nov 21, 2025 04:40, Ballerz 2 - 0 Ringerz? (y/n)"))
        #expect(harness.view.statusHints.map(\.hint).prefix(2) == ["yes", "no"])
        harness.type("y")
        #expect(harness.grid.text.contains("Deleted the game Ballerz 2 - 0 Ringerz"))
        #expect(library.stored.count == 1)
    }

    @Test func finishedGameShowsTheResultAndNoButton() throws {
        let harness = harness()
        harness.type(String(repeating: "2", count: 8))
        #expect(harness.grid.text.contains("Ballerz win 16 - 0"))
        #expect(!harness.grid.text.contains("[ Start ]"))
        #expect(harness.grid.text == (try Snapshot.expected(harness.grid.text, named: "scoreboard-finished-80x24")))
        harness.type("2")
        #expect(harness.grid.text.contains("16 - 0"))
    }

    /// Plays a game on the clock: the Ringerz score two points at 1–6 s, the Ballerz at every
    /// 5 s to 40 s, where they win 16 - 12.
    private func playToSixteenTwelve(_ harness: ShellHarness) {
        harness.type(" ")
        let moves = (1...6).map { ($0, "l2") } + stride(from: 5, through: 40, by: 5).map { ($0, "h2") }
        for (second, keys) in moves.sorted(by: { $0.0 < $1.0 }) {
            scheduler.advance(by: .seconds(second) - scheduler.now)
            harness.type(keys)
        }
    }

    @Test func aFinishedGameShowsHowTheScoreRanBelowTheResult() throws {
        let harness = harness()
        playToSixteenTwelve(harness)
        #expect(harness.grid.text.contains("Ballerz win 16 - 12"))
        #expect(harness.grid.lines[13].contains("Score over game time"))
        #expect(harness.grid.text == (try Snapshot.expected(harness.grid.text, named: "scoreboard-chart-80x24")))
    }

    @Test func withASCIIGlyphsTheChartIsDrawnForAnyConsolesFont() throws {
        let harness = harness(glyphs: .ascii)
        playToSixteenTwelve(harness)
        #expect(harness.grid.lines[14].hasPrefix("     __________----------=========="))
        #expect(harness.grid.lines[14].hasSuffix("###### 16 Ballerz"))
        #expect(!harness.grid.text.unicodeScalars.contains { (0x2800...0x28FF).contains($0.value) }, "no Braille")
    }

    @Test func theChartIsLeftOutWhereItDoesNotFit() {
        let harness = harness(size: Size(columns: 60, rows: 20))
        playToSixteenTwelve(harness)
        #expect(harness.grid.text.contains("Ballerz win 16 - 12"))
        #expect(!harness.grid.text.contains("Score over game time"))
        #expect(!harness.grid.text.contains("⣿"))
    }

    @Test func theStatusLineShowsTheScoreboardKeys() {
        let harness = harness()
        #expect(harness.grid.lines[23].contains("moves"))
        #expect(harness.grid.lines[23].contains("start/pause"))
    }

    @Test func renamingShowsTheInputLineWithTheNameAndLettersAreText() {
        let harness = harness()
        harness.type("e")
        #expect(harness.view.isInputFocused)
        #expect(harness.grid.lines[2].contains("Player name:"))
        #expect(harness.inputLine?.text == "Shaq")
        harness.press(.control("u"))
        harness.type("q1 z")  // move and quit keys are text while renaming
        harness.press(.enter)
        #expect(!harness.view.isInputFocused)
        #expect(!harness.grid.text.contains("Player name:"))
        #expect(harness.grid.text.contains("q1 z"))
        #expect(harness.quitCount == 0)
        harness.type("t")
        harness.press(.escape)
        #expect(!harness.view.isInputFocused)
        #expect(harness.grid.text.contains("Ballerz"))
    }

    @Test func aNewGameQuestionTakesYesOrNo() {
        let harness = harness()
        harness.type("2n")
        #expect(harness.grid.text.contains("Start a new game?"))
        #expect(harness.grid.lines[23].contains("y yes"))
        harness.type("n")
        #expect(!harness.grid.text.contains("Start a new game?"))
        #expect(harness.grid.text.contains("2 - 0"))
        harness.type("ny")
        #expect(harness.grid.text.contains("0 - 0"))
        #expect(library.stored.count == 2)
    }

    @Test func theListOfGamesOpensAPastGameReadOnly() {
        let harness = harness()
        harness.type(String(repeating: "2", count: 8) + "n2")
        harness.type("g")
        #expect(harness.grid.text.contains("Games kept, newest first"))
        #expect(harness.grid.text.contains("Ballerz   2 - 0  Ringerz"), "aligned under the finished game's score")
        harness.type("j")
        harness.type([0x0D])
        #expect(harness.grid.text.contains("(read-only)"))
        #expect(harness.grid.text.contains("16 - 0"))
        harness.type([0x1B])
        #expect(!harness.grid.text.contains("(read-only)"))
        #expect(harness.grid.text.contains("2 - 0"))
    }

    @Test func theClockTicksOnlyWhileTheTabShows() {
        let harness = harness()
        harness.type(" ")
        harness.type([0x09])  // Tab: to People
        #expect(scheduler.waitingCount == 0)
        scheduler.advance(by: .seconds(3))
        harness.type([0x1B, 0x5B, 0x5A])  // Shift-Tab: back to the Scoreboard
        #expect(harness.grid.text.contains("00:03.0"))
        #expect(scheduler.waitingCount == 1)
    }

    @Test func theListOfGamesSaysWhenItHasNone() {
        library.failWrites = InMemoryGameLibrary.Failure(description: "disk full")  // no game is started
        let harness = harness()
        harness.type("g")
        #expect(harness.grid.text.contains("Games kept, newest first"))
        #expect(harness.grid.lines[4].contains("No games yet."))
    }

    @Test func manyChangesInOneTurnDrawAsTheLast() {
        let keys = "2jal1fzf2n"  // moves for three players, an undo, and the new-game question
        let oneTurn = harness()
        oneTurn.type(keys)
        let stepByStep = ScoreboardViewTests().harness()
        for key in keys { stepByStep.type(String(key)) }
        #expect(oneTurn.grid.text == stepByStep.grid.text)
        #expect(oneTurn.grid.text.contains("2 - 3"))
        #expect(oneTurn.grid.text.contains("Start a new game?"))
    }
}
