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

    @Test func theGamesKeptWithTheChosenOne() {
        var game = Self.game
        game.libraryIsVisible = true
        game.libraryTitle = "Games kept, newest first"
        game.libraryRows = ["Nov 25  Ballerz 30 - 28 Ringerz", "Nov 24  Ballerz 12 - 20 Ringerz"]
        game.librarySelectedIndex = 1
        let drawing = ContentDrawing(Self.small) { game.draw(into: $0, in: $1) }
        #expect(
            drawing.lines == [
                " Games kept, newest first",
                "",
                " Nov 25  Ballerz 30 - 28 Ringerz",
                " Nov 24  Ballerz 12 - 20 Ringerz",
            ])
        #expect(drawing.grid.text(inRow: 3, style: .selectedTab) == "Nov 24  Ballerz 12 - 20 Ringerz")
    }
}
