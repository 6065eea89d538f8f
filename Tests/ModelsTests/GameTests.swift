import Models
import Testing

struct GameRuleTests {
    /// A game at `home` to `away`, scored one point at a time in an order that never finishes
    /// it early: both teams score in turn, then the leader scores the rest.
    private func game(home: Int, away: Int) throws -> Game {
        var game = Game()
        let homePlayer = game.home.players[0].id, awayPlayer = game.away.players[0].id
        for _ in 0..<min(home, away) {
            try game.record(.onePoint, by: homePlayer, at: .zero)
            try game.record(.onePoint, by: awayPlayer, at: .zero)
        }
        for _ in min(home, away)..<max(home, away) {
            try game.record(.onePoint, by: home > away ? homePlayer : awayPlayer, at: .zero)
        }
        return game
    }

    @Test(arguments: [
        (15, 13, true), (15, 14, false), (17, 15, true), (14, 12, false), (16, 14, true), (13, 15, true), (14, 15, false), (0, 0, false),
    ])
    func aGameEndsAtFifteenWithALeadOfTwo(home: Int, away: Int, finished: Bool) throws {
        let game = try game(home: home, away: away)
        #expect(game.score == Score(home: home, away: away))
        #expect(game.isFinished == finished)
    }

    @Test func theDefaultTeamsAreTheOriginalOnes() {
        let game = Game()
        #expect(game.home.name == "Ballerz")
        #expect(game.home.players.map(\.name) == ["Shaq", "A.I.", "T-Mac"])
        #expect(game.away.name == "Ringerz")
        #expect(game.away.players.map(\.name) == ["Hakeem", "Air Carter", "Kobe"])
    }

    @Test func onlyPointsScore() throws {
        var game = Game()
        let player = game.home.players[1].id
        for move in [Move.assist, .rebound, .foul] { try game.record(move, by: player, at: .zero) }
        #expect(game.score == Score(home: 0, away: 0))
        try game.record(.twoPoints, by: player, at: .zero)
        try game.record(.onePoint, by: game.away.players[2].id, at: .zero)
        #expect(game.score == Score(home: 2, away: 1))
        #expect(game.count(of: .assist, by: player) == 1)
        #expect(game.count(of: .twoPoints, by: player) == 1)
    }

    @Test func noScoreChangesAfterTheEnd() throws {
        var game = try game(home: 15, away: 13)
        #expect(throws: GameError.gameIsFinished) {
            try game.record(.twoPoints, by: game.away.players[0].id, at: .zero)
        }
        #expect(game.score == Score(home: 15, away: 13))
        #expect(game.winner == .home)
    }

    @Test func aMoveForAPlayerNotInTheGameIsRejected() {
        var game = Game()
        #expect(throws: GameError.unknownPlayer) {
            try game.record(.onePoint, by: Player.ID(99), at: .zero)
        }
        #expect(game.moves.isEmpty)
    }

    @Test func undoRestoresScoreCountsAndFinishedState() throws {
        var game = try game(home: 15, away: 13)
        #expect(game.isFinished)
        let last = game.undoLastMove()
        #expect(last?.move == .onePoint)
        #expect(game.score == Score(home: 14, away: 13))
        #expect(!game.isFinished)
        #expect(game.count(of: .onePoint, by: game.home.players[0].id) == 14)
        var empty = Game()
        #expect(empty.undoLastMove() == nil)
    }
}

struct GameClockTests {
    @Test func elapsedTimeAddsUpTheRunningPeriods() {
        var game = Game()
        #expect(game.elapsed(at: .seconds(100)) == .zero)
        game.start(at: .seconds(10))
        #expect(game.elapsed(at: .milliseconds(11_500)) == .milliseconds(1_500))
        game.pause(at: .milliseconds(11_500))
        #expect(game.elapsed(at: .seconds(21)) == .milliseconds(1_500))
        game.start(at: .seconds(30))
        #expect(game.elapsed(at: .seconds(32)) == .milliseconds(3_500))
    }

    @Test func startingARunningClockOrPausingAPausedOneChangesNothing() {
        var game = Game()
        game.pause(at: .seconds(1))
        game.start(at: .seconds(2))
        game.start(at: .seconds(5))
        #expect(game.elapsed(at: .seconds(6)) == .seconds(4))
        game.pause(at: .seconds(6))
        game.pause(at: .seconds(9))
        #expect(game.elapsed(at: .seconds(20)) == .seconds(4))
    }

    @Test func finishingTheGameStopsTheClock() throws {
        var game = Game()
        game.start(at: .zero)
        let player = game.home.players[0].id
        for second in 1...8 { try game.record(.twoPoints, by: player, at: .seconds(second)) }
        #expect(game.isFinished)
        #expect(!game.isRunning)
        #expect(game.elapsed(at: .seconds(60)) == .seconds(8))
        game.start(at: .seconds(61))
        #expect(!game.isRunning)
    }

    @Test func movesRememberTheGameTimeTheyHappenedAt() throws {
        var game = Game()
        game.start(at: .seconds(100))
        try game.record(.rebound, by: game.away.players[2].id, at: .seconds(103))
        #expect(game.moves.first?.gameTime == .seconds(3))
    }
}
