import Foundation
import Models
import Renderer
import Screens
import Testing

/// The Scoreboard drawn from values built by hand: one value, one block of lines, per case.
@MainActor
struct ScoreboardContentTests {
    nonisolated static let big = ContentDrawing.region(80, 24, inputLine: false)
    nonisolated static let small = ContentDrawing.region(40, 10, inputLine: false)

    static var game: ScoreboardContent {
        var game = ScoreboardContent()
        (game.homeTeamName, game.awayTeamName) = ("Ballerz", "Ringerz")
        (game.time, game.score, game.pauseButtonTitle) = ("12:00.0", "3 - 2", "Start")
        for (index, name) in ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay"].enumerated() {
            game.players[index].name = name
            game.players[index].counts = ["0", "0", "0", "0", "0"]
        }
        game.players[0].counts = ["1", "1", "0", "2", "0"]
        game.selectedPlayerIndex = 4
        return game
    }

    @Test func aGameAt80x24() {
        let drawing = ContentDrawing(Self.big) { Self.game.draw(into: $0, in: $1) }
        #expect(
            drawing.lines == [
                " Ballerz                             3 - 2                              Ringerz",
                "                                    12:00.0",
                "                                   [ Start ]",
                "",
                "   Player      1pt  2pt  Ast  Reb Foul     Player      1pt  2pt  Ast  Reb Foul",
                "   Ann           1    1    0    2    0     Dee           0    0    0    0    0",
                "   Bob           0    0    0    0    0   › Eve           0    0    0    0    0",
                "   Cid           0    0    0    0    0     Fay           0    0    0    0    0",
            ])
        #expect(drawing.grid.focus == Position(row: 6, column: 41))
    }

    @Test func atTheMinimumSizeWhatTheScoreboardSaysTakesTheRowAboveTheTable() {
        var game = Self.game
        game.notice = "Undid Ann's rebound"
        let drawing = ContentDrawing(Self.small) { game.draw(into: $0, in: $1) }
        #expect(drawing.lines[3] == " Undid Ann's rebound")
        #expect(drawing.grid.text(inRow: 3, style: .error) == "Undid Ann's rebound")
        var finished = Self.game
        (finished.result, finished.news) = ("Ballerz win 3 - 2", "The game is over: z takes back the last move")
        #expect(
            ContentDrawing(Self.small) { finished.draw(into: $0, in: $1) }.lines[3].hasPrefix(" The game is over"),
            "the refusal of the key just pressed comes before the result the score shows")
    }

    @Test func aGameAtTheMinimumSizeShowsTheChosenPlayersTeam() {
        let drawing = ContentDrawing(Self.small) { Self.game.draw(into: $0, in: $1) }
        #expect(drawing.grid.focus == Position(row: 5, column: 1), "Eve, chosen, is in view")
        var home = Self.game
        home.selectedPlayerIndex = 0
        #expect(
            ContentDrawing(Self.small) { home.draw(into: $0, in: $1) }.lines == [
                " Ballerz         3 - 2          Ringerz",
                "                12:00.0",
                "               [ Start ]",
                "",
                " › Ann           1    1    0    2    0",
                "   Bob           0    0    0    0    0",
                "   Cid           0    0    0    0    0",
            ])
        #expect(
            drawing.lines == [
                " Ballerz         3 - 2          Ringerz",
                "                12:00.0",
                "               [ Start ]",
                "",
                "   Dee           0    0    0    0    0",
                " › Eve           0    0    0    0    0",
                "   Fay           0    0    0    0    0",
            ])
    }

    @Test func aNameCutToFitItsColumnEndsWithTheMark() {
        var game = Self.game
        game.players[4].name = "Hakeem Olajuwon"
        game.players[5].name = "東京都千代田区"
        let lines = ContentDrawing(Self.small) { game.draw(into: $0, in: $1) }.lines
        #expect(lines[5] == " › Hakeem Ol…    0    0    0    0    0")
        #expect(lines[6] == "   東京都千…     0    0    0    0    0")
    }

    @Test func whileAQuestionIsAskedThePlayersAndTheButtonDoNotAnswerTheMouse() {
        var game = Self.game
        #expect(ContentDrawing(Self.big) { game.draw(into: $0, in: $1) }.grid.mouseTargets.count == 7)
        game.isConfirmingNewGame = true
        game.question = "Start a new game? The score is kept. y/n"
        let drawing = ContentDrawing(Self.big) { game.draw(into: $0, in: $1) }
        #expect(drawing.grid.mouseTargets.isEmpty)
        #expect(drawing.lines.contains(" Start a new game? The score is kept. y/n"))
    }

    /// A kept game as the list's row writes it, started `minutes` after 18:00 UTC on Nov 21, 2025.
    static func kept(_ id: Int64, minutes: Double, home: String = "Ballerz", score: (Int, Int), finished: Bool = false)
        -> GameLibraryRowViewModel
    {
        var game = Game(accumulated: .seconds(60 * minutes))
        game.home.name = home
        for _ in 0..<score.0 { try? game.record(.onePoint, by: 1, at: .zero) }
        for _ in 0..<score.1 { try? game.record(.onePoint, by: 4, at: .zero) }
        if finished { for _ in 0..<15 { try? game.record(.onePoint, by: 1, at: .zero) } }
        let started = Date(timeIntervalSince1970: 1_763_748_000 + minutes * 60)
        return GameLibraryRowViewModel(StoredGame(id: id, startedOn: started, game: game), timeZone: TimeZone(identifier: "UTC")!)
    }

    static var library: ScoreboardContent {
        var game = Self.game
        game.libraryIsVisible = true
        game.libraryTitle = "Games kept, newest first"
        game.libraryGames = [
            kept(3, minutes: 95, home: "東京 Five", score: (2, 0)), kept(2, minutes: 50, score: (0, 1), finished: true),
            kept(1, minutes: 5, score: (12, 10)),
        ]
        game.librarySelectedIndex = 1
        return game
    }

    @Test func theGamesKeptInColumnsByDisplayWidthWithTheirTimeOfDay() {
        let wide = ContentDrawing(Self.big) { Self.library.draw(into: $0, in: $1) }
        #expect(
            wide.lines == [
                " Games kept, newest first",
                "",
                " Nov 21, 2025 19:35  東京 Five    2 - 0  Ringerz  95:00.0  in progress",
                " Nov 21, 2025 18:50  Ballerz     15 - 1  Ringerz  50:00.0  finished",
                " Nov 21, 2025 18:05  Ballerz    12 - 10  Ringerz  05:00.0  in progress",
            ])
        #expect(wide.grid.text(inRow: 3, style: .selectedTab) == "Nov 21, 2025 18:50  Ballerz     15 - 1  Ringerz  50:00.0  finished")
        #expect(wide.grid.focus == Position(row: 3, column: 1))
        let narrow = ContentDrawing(Self.small) { Self.library.draw(into: $0, in: $1) }
        #expect(
            narrow.lines == [
                " Games kept, newest first",
                "",
                " Nov 21, 2025 19:35   2 - 0 in progress",
                " Nov 21, 2025 18:50  15 - 1 finished",
                " Nov 21, 2025 18:05 12 - 10 in progress",
            ], "at 40 columns the clock and the teams give way to the score and the state")
    }

    @Test func aListLongerThanItsRowsSaysWhereTheCursorIs() {
        var list = Self.library
        list.libraryGames = (1...12).map { Self.kept(Int64($0), minutes: Double($0), score: (1, 0)) }
        list.librarySelectedIndex = 8
        let lines = ContentDrawing(Self.small) { list.draw(into: $0, in: $1) }.lines
        #expect(lines[0] == " Games kept, newest first          9/12")
        #expect(lines.count == 7, "every row used")
        #expect(lines[4].hasPrefix(" Nov 21, 2025 18:09"), "the cursor's row, near the middle")
        let all = ContentDrawing(Self.big) { list.draw(into: $0, in: $1) }.lines
        #expect(all[0] == " Games kept, newest first", "every game in view: no mark")
    }

    @Test func theDeleteQuestionShowsUnderTheList() {
        var list = Self.library
        list.isConfirmingDelete = true
        list.deleteQuestion = "Delete the game of Nov 21, 2025 18:50, Ballerz 15 - 1 Ringerz? (y/n)"
        let drawing = ContentDrawing(Self.small) { list.draw(into: $0, in: $1) }
        #expect(
            drawing.lines.suffix(3) == [
                "",
                " Delete the game of Nov 21, 2025 18:50,",
                " Ballerz 15 - 1 Ringerz? (y/n)",
            ])
        #expect(drawing.grid.text(inRow: 6, style: .prompt) == "Ballerz 15 - 1 Ringerz? (y/n)")
        #expect(drawing.lines[2].hasPrefix(" Nov 21, 2025 19:35"), "the list keeps its rows above")
    }

    /// At 40x10 one team's players show, under both names, the shown team's marked.
    @Test(arguments: [(0, "Ballerz"), (4, "Ringerz")])
    func atTheMinimumSizeBothTeamsAreNamedAndTheShownOneMarked(chosen: Int, shown: String) {
        var game = Self.game
        game.selectedPlayerIndex = chosen
        let drawing = ContentDrawing(Self.small) { game.draw(into: $0, in: $1) }
        #expect(drawing.lines[0] == " Ballerz         3 - 2          Ringerz")
        #expect(drawing.grid.text(inRow: 0, style: .selectedTab) == shown)
        let big = ContentDrawing(Self.big) { game.draw(into: $0, in: $1) }
        #expect(big.grid.text(inRow: 0, style: .selectedTab) == "", "both teams' players in view: no mark")
    }
}
