import Binding
import Foundation
import Models
import Screens
import Testing
import TestSupport

/// One player's line and the five moves it takes as inputs, recorded for that player alone and
/// committed before the line shows them.
@MainActor
struct PlayerScoreboardViewModelTests {
    let scheduler = TestScheduler()
    let library = InMemoryGameLibrary()

    private func makeScoreboard() -> GameScoreboardViewModel {
        let scoreboard = GameScoreboardViewModel(
            openLibrary: { library }, scheduler: scheduler,
            today: { Date(timeIntervalSince1970: 1_763_700_000) }, timeZone: .testZone)
        scoreboard.screenAppeared()
        return scoreboard
    }

    @Test func eachMoveIsCountedForThePlayerWhoseInputItIs() {
        let scoreboard = makeScoreboard()
        let kobe = scoreboard.awayPlayers[2]
        let counts = [
            kobe.onePointMoveCount, kobe.twoPointMoveCount, kobe.assistMoveCount, kobe.reboundMoveCount,
            kobe.foulMoveCount,
        ].map(ValueRecorder.init)
        let score = ValueRecorder(scoreboard.score)
        kobe.onePointMove()
        kobe.twoPointsMove()
        kobe.twoPointsMove()
        kobe.assistMove()
        kobe.reboundMove()
        kobe.foulMove()
        #expect(counts.map(\.values) == [["0", "1"], ["0", "1", "2"], ["0", "1"], ["0", "1"], ["0", "1"]])
        #expect(score.values == ["0 - 0", "0 - 1", "0 - 3", "0 - 5"])
        #expect(library.stored.first?.game.moves.map(\.move) == [.onePoint, .twoPoints, .twoPoints, .assist, .rebound, .foul])
        #expect(library.stored.first?.game.moves.allSatisfy { $0.playerID == 6 } == true)
        #expect(scoreboard.homePlayers.allSatisfy { latest($0.onePointMoveCount) == "0" })
    }

    @Test func theChosenPlayerFollowsTheSelectionAndTakesTheMoveKeys() {
        let scoreboard = makeScoreboard()
        let chosen = ValueRecorder(scoreboard.selectedPlayer.map { latest($0.playerName) })
        scoreboard.moveSelection(.down)
        scoreboard.moveSelection(.right)
        scoreboard.selectPlayer(at: 5)
        #expect(chosen.values == ["Shaq", "A.I.", "Air Carter", "Kobe"])
        latest(scoreboard.selectedPlayer).onePointMove()
        #expect(latest(scoreboard.score) == "0 - 1")
    }

    @Test func aFinishedGameTakesNoMore() {
        let scoreboard = makeScoreboard()
        let shaq = scoreboard.homePlayers[0]
        for _ in 0..<8 { shaq.twoPointsMove() }  // 16 - 0: won
        #expect(latest(scoreboard.isFinished))
        let count = ValueRecorder(shaq.twoPointMoveCount)
        let enabled = ValueRecorder(shaq.isEnabled)
        shaq.twoPointsMove()
        shaq.foulMove()
        #expect(count.values == ["8"])
        #expect(enabled.values == [false])
        #expect(library.stored.first?.game.moves.count == 8)
    }
}
