import Foundation
import Models
@testable import Screens
import Testing

/// The Scoreboard's transitions alone: each event's new value and the work it names, with no
/// runner, library or clock.
struct ScoreboardTests {
    /// A scoreboard whose game, `game`, is kept as game 7, shown.
    private func kept(_ game: Game = Game()) -> Scoreboard {
        var scoreboard = Scoreboard()
        _ = scoreboard.handle(.appeared(clock: .zero))
        _ = scoreboard.handle(.answered(WorkID.none.next, .kept(StoredGame(id: 7, startedOn: .distantPast, game: game), problem: nil)))
        return scoreboard
    }

    /// A game the home team won 16 - 0.
    private static var finished: Game {
        var game = Game()
        for _ in 0..<8 { try? game.record(.twoPoints, by: 1, at: .seconds(1)) }
        return game
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
        let past = StoredGame(id: 3, startedOn: .distantPast, game: Self.finished)
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
        let past = StoredGame(id: 3, startedOn: .distantPast, game: Self.finished)
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

    // MARK: - The games library

    @Test func aNewGameAfterOneWithNoMoveIsRefusedWithItsReason() throws {
        var scoreboard = kept()
        #expect(scoreboard.handle(.newGameAsked(clock: .zero)) == [])
        #expect(scoreboard.news == "This game has no move yet")
        #expect(!scoreboard.isAskingForNewGame)
        var played = Game()
        try played.record(.onePoint, by: 1, at: .zero)
        scoreboard = kept(played)
        #expect(scoreboard.handle(.newGameAsked(clock: .zero)) == [])
        #expect(scoreboard.isAskingForNewGame, "a game in progress asks first")
        scoreboard = kept(Self.finished)
        #expect(scoreboard.handle(.newGameAsked(clock: .zero)) == [.start(.keep(Game()), as: scoreboard.lastWork)])
    }

    @Test func aGameInProgressContinuesWhereItsClockStoppedAndTheGameLeftPauses() throws {
        var current = Game()
        try current.record(.onePoint, by: 1, at: .zero)
        current.start(at: .seconds(1))
        var scoreboard = kept(current)
        var other = Game(accumulated: .milliseconds(61_250))
        try other.record(.twoPoints, by: 4, at: .seconds(30))
        let stored = StoredGame(id: 3, startedOn: .distantPast, game: other)
        _ = scoreboard.handle(.libraryAsked)
        _ = scoreboard.handle(
            .answered(scoreboard.lastWork, .library([StoredGame(id: 7, startedOn: .distantPast, game: current), stored], problem: nil)))
        _ = scoreboard.handle(.libraryCursorMoved(by: 1))
        let tick = try #require(scoreboard.tick)
        let orders = scoreboard.handle(.gameOpened(clock: .seconds(11)))
        var paused = current
        paused.pause(at: .seconds(11))
        let commit = scoreboard.lastWork
        #expect(
            orders == [.start(.commit(.clock(elapsed: .seconds(10), isRunning: false), to: 7, showing: paused), as: commit), .cancel(tick)])
        #expect(scoreboard.keptAs == 3)
        #expect(scoreboard.game == other)
        #expect(scoreboard.pastGame == nil, "not read-only")
        #expect(scoreboard.takesMoves)
        #expect(ScoreboardFormat.time(scoreboard.time) == "01:01.2")
        #expect(scoreboard.news == "This game goes on where its clock stopped")
        _ = scoreboard.handle(.answered(commit, .committed(paused, to: 7, problem: nil)))
        #expect(scoreboard.game == other, "the answer for the game left does not show")
        var next = other
        try next.record(.foul, by: 2, at: .seconds(12))
        let move = try #require(next.moves.last)
        #expect(
            scoreboard.handle(.moveMade(.foul, by: 2, clock: .seconds(12)))
                == [.start(.commit(.move(move, finishedAt: nil), to: 3, showing: next), as: commit.next)],
            "a move goes to the game continued")
    }

    @Test func aGameLeftWithNoMoveIsDeleted() {
        var scoreboard = kept()
        let stored = StoredGame(id: 3, startedOn: .distantPast, game: Game(accumulated: .seconds(5)))
        _ = scoreboard.handle(.libraryAsked)
        _ = scoreboard.handle(
            .answered(scoreboard.lastWork, .library([StoredGame(id: 7, startedOn: .distantPast, game: Game()), stored], problem: nil)))
        let orders = scoreboard.handle(.gameClicked(at: 1, clock: .zero)) + scoreboard.handle(.gameClicked(at: 1, clock: .zero))
        #expect(orders == [.start(.delete(7), as: scoreboard.lastWork)])
        #expect(scoreboard.keptAs == 3)
    }

    @Test func aDeleteAsksFirstAndTheGameUnderWayIsNotDeleted() throws {
        var scoreboard = kept()
        let evening = Date(timeIntervalSince1970: 1_763_748_000)  // Nov 21, 2025 18:00 UTC
        let games = (1...3).map { StoredGame(id: Int64(8 - 2 * $0), startedOn: evening, game: Self.finished) }
        _ = scoreboard.handle(.deleteAsked)
        #expect(scoreboard.deleting == nil, "no list, no question")
        _ = scoreboard.handle(.libraryAsked)
        _ = scoreboard.handle(.answered(scoreboard.lastWork, .library(games, problem: nil)))
        #expect(games.map(\.id) == [6, 4, 2])
        _ = scoreboard.handle(.libraryCursorMoved(by: 2))
        #expect(scoreboard.handle(.deleteAsked) == [])
        #expect(scoreboard.deleting == games[2])
        #expect(
            scoreboard.deleteQuestion(in: TimeZone(identifier: "UTC")!) == "Delete the game of Nov 21, 2025 18:00, Ballerz 16 - 0 Ringerz?")
        #expect(scoreboard.handle(.deleteAnswered(false)) == [])
        #expect(scoreboard.deleting == nil)
        _ = scoreboard.handle(.deleteAsked)
        let orders = scoreboard.handle(.deleteAnswered(true))
        #expect(orders == [.start(.delete(2), as: scoreboard.lastWork)])
        #expect(scoreboard.library?.games == games, "the row stays until the delete answers")
        _ = scoreboard.handle(.answered(scoreboard.lastWork, .deleted(2, problem: nil)))
        #expect(scoreboard.library?.games == Array(games.prefix(2)))
        #expect(scoreboard.library?.cursor == 1)
        #expect(scoreboard.news == "Deleted the game Ballerz 16 - 0 Ringerz")
        _ = scoreboard.handle(.deleteAsked)
        _ = scoreboard.handle(.deleteAnswered(true))
        _ = scoreboard.handle(.answered(scoreboard.lastWork, .deleted(4, problem: "Not deleted: disk full")))
        #expect(scoreboard.library?.games == Array(games.prefix(2)))
        #expect(scoreboard.news == "Not deleted: disk full")
        let current = StoredGame(id: 7, startedOn: .distantPast, game: Game())
        _ = scoreboard.handle(.answered(scoreboard.lastWork, .library([current], problem: nil)))
        #expect(scoreboard.handle(.deleteAsked) == [])
        #expect(scoreboard.deleting == nil)
        #expect(scoreboard.news == "The game under way cannot be deleted")
    }
}
