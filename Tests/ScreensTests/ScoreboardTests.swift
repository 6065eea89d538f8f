import Models
@testable import Screens
import Testing

/// The Scoreboard's transitions alone: each event's new value and the work it names, with no
/// runner, library or clock.
struct ScoreboardTests {
    /// A scoreboard whose game is kept as game 7, shown.
    private func kept() -> Scoreboard {
        var scoreboard = Scoreboard()
        _ = scoreboard.handle(.appeared(clock: .zero))
        _ = scoreboard.handle(.answered(WorkID.none.next, .kept(StoredGame(id: 7, startedOn: .distantPast, game: Game()), problem: nil)))
        return scoreboard
    }

    @Test func theFirstAppearanceAsksForTheGameKeptLastAndTheNextDoesNot() {
        var scoreboard = Scoreboard()
        #expect(scoreboard.handle(.appeared(clock: .zero)) == [.start(.carryOn(Game()), as: WorkID.none.next)])
        #expect(scoreboard.handle(.disappeared) == [])
        #expect(scoreboard.handle(.appeared(clock: .seconds(5))) == [])
    }

    @Test func aMoveShowsOnlyOnceItsCommitAnswers() throws {
        var scoreboard = kept()
        let orders = scoreboard.handle(.moveMade(.twoPoints, by: 1, clock: .seconds(3)))
        var next = Game()
        try next.record(.twoPoints, by: 1, at: .seconds(3))
        let move = try #require(next.moves.last)
        #expect(orders == [.start(.commit(.move(move, finishedAt: nil), to: 7, showing: next), as: scoreboard.lastWork)])
        #expect(scoreboard.game.moves.isEmpty)
        _ = scoreboard.handle(.answered(scoreboard.lastWork, .committed(next, to: 7, problem: nil)))
        #expect(scoreboard.game == next)
    }

    @Test func aGameNotKeptChangesAtOnceAndAnAnswerForAnotherGameShowsOnlyItsProblem() {
        var scoreboard = Scoreboard()
        #expect(scoreboard.handle(.moveMade(.onePoint, by: 4, clock: .zero)) == [])
        #expect(scoreboard.game.score == Score(home: 0, away: 1))
        _ = scoreboard.handle(.answered(WorkID.none, .committed(Game(), to: 3, problem: "Not saved: disk full")))
        #expect(scoreboard.game.score == Score(home: 0, away: 1))
        #expect(scoreboard.notice == "Not saved: disk full")
    }

    @Test func theClockTicksWhileTheGameRunsAndShowsAndStopsOtherwise() {
        var scoreboard = Scoreboard()
        _ = scoreboard.handle(.appeared(clock: .zero))
        var running = Game()
        running.start(at: .milliseconds(30))
        let orders = scoreboard.handle(.answered(scoreboard.lastWork, .committed(running, to: 0, problem: nil)))
        #expect(orders == [], "a game not the one kept does not show")
        _ = scoreboard.handle(
            .answered(scoreboard.lastWork, .kept(StoredGame(id: 1, startedOn: .distantPast, game: running), problem: nil)))
        let tick = scoreboard.lastWork
        #expect(scoreboard.tick == tick)
        _ = scoreboard.handle(.answered(tick, .ticked(clock: .milliseconds(1_280))))
        #expect(ScoreboardFormat.time(scoreboard.time) == "00:01.2")
        #expect(scoreboard.handle(.disappeared) == [.cancel(tick)])
        #expect(scoreboard.handle(.appeared(clock: .milliseconds(1_450))) == [.start(.tick(after: .milliseconds(80)), as: tick.next)])
        _ = scoreboard.handle(.libraryAsked)
        let past = StoredGame(id: 3, startedOn: .distantPast, game: Game())
        _ = scoreboard.handle(.answered(scoreboard.lastWork, .library([past], problem: nil)))
        #expect(scoreboard.handle(.gameOpened(clock: .milliseconds(2_000))) == [.cancel(tick.next)], "a past game's clock stands")
        let back = scoreboard.handle(.pastGameClosed(clock: .milliseconds(2_450)))
        #expect(ScoreboardFormat.time(scoreboard.time) == "00:02.4", "the game under way shows at its time now")
        #expect(back == [.start(.tick(after: .milliseconds(80)), as: scoreboard.lastWork)], "ticking on its tenths")
    }

    @Test func aNameIsTidiedOrRefusedWithItsReason() {
        var scoreboard = kept()
        _ = scoreboard.handle(.renameStarted(team: true))
        #expect(scoreboard.renaming?.line == InputLine(text: "Ballerz"))
        _ = scoreboard.handle(.nameEdited(.deleteToStart))
        _ = scoreboard.handle(.nameSubmitted)
        #expect(scoreboard.renaming?.problem == "A name cannot be empty")
        _ = scoreboard.handle(.nameEdited(.insert(String(repeating: "x", count: Renaming.longestName + 1))))
        _ = scoreboard.handle(.nameSubmitted)
        #expect(scoreboard.renaming?.problem == "A name has at most 24 characters")
        _ = scoreboard.handle(.nameEdited(.deleteToStart))
        _ = scoreboard.handle(.nameEdited(.insert("  Houston   Rockets ")))
        let orders = scoreboard.handle(.nameSubmitted)
        var next = Game()
        next.rename(.team(.home), to: "Houston Rockets")
        #expect(orders == [.start(.commit(.rename(.team(.home), to: "Houston Rockets"), to: 7, showing: next), as: scoreboard.lastWork)])
        #expect(scoreboard.renaming == nil)
    }

    @Test func theListsCursorStaysOnItAndOpensTheGameUnderIt() {
        var scoreboard = kept()
        let past = StoredGame(id: 3, startedOn: .distantPast, game: Game())
        let current = StoredGame(id: 7, startedOn: .distantPast, game: Game())
        _ = scoreboard.handle(.libraryCursorMoved(by: 1))
        #expect(scoreboard.library == nil)
        _ = scoreboard.handle(.answered(scoreboard.lastWork, .library([current, past], problem: nil)))
        _ = scoreboard.handle(.libraryCursorMoved(by: 5))
        #expect(scoreboard.library?.cursor == 1)
        _ = scoreboard.handle(.gameOpened(clock: .zero))
        #expect(scoreboard.pastGame == past)
        #expect(scoreboard.library == nil)
        _ = scoreboard.handle(.answered(scoreboard.lastWork, .library([current, past], problem: nil)))
        _ = scoreboard.handle(.gameClicked(at: 0, clock: .zero))
        #expect(scoreboard.pastGame == nil, "the current game shows as itself")
    }
}
