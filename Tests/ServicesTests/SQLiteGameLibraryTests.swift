import Foundation
import Models
import Services
import Testing

struct SQLiteGameLibraryTests {
    private func temporaryDatabasePath() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("mvvm-tui-\(UUID().uuidString)/\(AppDatabase.fileName)").path
    }

    @Test func aGameRoundTripsWithItsTeamsMovesAndClock() throws {
        let library = SQLiteGameLibrary(database: try AppDatabase(inMemoryNamed: UUID().uuidString))
        var game = Game()
        game.home.name = "東京 Five"
        let started = try library.startGame(game, on: Date(timeIntervalSince1970: 1_000))
        let shaq = game.home.players[0].id
        try game.record(.twoPoints, by: shaq, at: .seconds(3))
        try library.append(game.moves[0], toGame: started.id)
        try game.record(.foul, by: game.away.players[2].id, at: .seconds(4))
        try library.append(game.moves[1], toGame: started.id)
        try library.saveClock(ofGame: started.id, elapsed: .milliseconds(61_250), isRunning: false)

        let loaded = try #require(try library.latestGame())
        #expect(loaded.id == started.id)
        #expect(loaded.startedOn == Date(timeIntervalSince1970: 1_000))
        #expect(loaded.game.home == game.home)
        #expect(loaded.game.away == game.away)
        #expect(loaded.game.moves == game.moves)
        #expect(loaded.game.score == Score(home: 2, away: 0))
        #expect(loaded.game.elapsed(at: .seconds(999)) == .milliseconds(61_250))
        #expect(!loaded.game.isRunning)
    }

    /// The start is written as GRDB's own text for a date (UTC, to the millisecond) without its
    /// `DateFormatter`; GRDB reads it back as the same `Date`.
    @Test(arguments: [1_000, 1_763_733_909.25, -0.5, 951_782_400.999])
    func theStartComesBackToTheMillisecond(secondsSince1970: TimeInterval) throws {
        let library = SQLiteGameLibrary(database: try AppDatabase(inMemoryNamed: UUID().uuidString))
        _ = try library.startGame(Game(), on: Date(timeIntervalSince1970: secondsSince1970))
        let loaded = try #require(try library.latestGame()).startedOn.timeIntervalSince1970
        #expect(abs(loaded - secondsSince1970) < 0.001)
    }

    @Test func aGameKilledWhileRunningComesBackPausedAtItsLatestMove() throws {
        let library = SQLiteGameLibrary(database: try AppDatabase(inMemoryNamed: UUID().uuidString))
        var game = Game()
        let stored = try library.startGame(game, on: Date())
        game.start(at: .zero)
        try library.saveClock(ofGame: stored.id, elapsed: .zero, isRunning: true)
        try game.record(.onePoint, by: game.home.players[1].id, at: .seconds(42))
        try library.append(game.moves[0], toGame: stored.id)
        let loaded = try #require(try library.latestGame())
        #expect(!loaded.game.isRunning)
        #expect(loaded.game.elapsed(at: .seconds(1_000)) == .seconds(42))
    }

    @Test func renamedTeamsAndPlayersAreKept() throws {
        let library = SQLiteGameLibrary(database: try AppDatabase(inMemoryNamed: UUID().uuidString))
        let started = try library.startGame(Game(), on: Date(timeIntervalSince1970: 1_000))
        try library.rename(.team(.away), ofGame: started.id, to: "東京 Five")
        try library.rename(.player(5), ofGame: started.id, to: "Zoë")
        let loaded = try #require(try library.latestGame()).game
        #expect(loaded.away.name == "東京 Five")
        #expect(loaded.home.name == "Ballerz")
        #expect(loaded.away.players.map(\.name) == ["Hakeem", "Zoë", "Kobe"])
    }

    @Test func undoRemovesOnlyTheLastMove() throws {
        let library = SQLiteGameLibrary(database: try AppDatabase(inMemoryNamed: UUID().uuidString))
        var game = Game()
        let stored = try library.startGame(game, on: Date())
        for move in [Move.onePoint, .assist, .twoPoints] {
            try game.record(move, by: game.home.players[0].id, at: .zero)
            try library.append(game.moves.last!, toGame: stored.id)
        }
        try library.removeLastMove(ofGame: stored.id)
        try library.append(RecordedMove(playerID: 4, move: .rebound, gameTime: .zero), toGame: stored.id)
        #expect(try library.latestGame()?.game.moves.map(\.move) == [.onePoint, .assist, .rebound])
    }

    @Test func gamesAreListedNewestFirst() throws {
        let library = SQLiteGameLibrary(database: try AppDatabase(inMemoryNamed: UUID().uuidString))
        let first = try library.startGame(Game(), on: Date(timeIntervalSince1970: 1))
        let second = try library.startGame(
            Game(home: Team(name: "Home", players: Team.ballerz.players), away: .ringerz), on: Date(timeIntervalSince1970: 2))
        #expect(try library.games().map(\.id) == [second.id, first.id])
        #expect(try library.latestGame()?.game.home.name == "Home")
    }

    @Test func aSecondConnectionToTheFileSeesEveryCommittedMove() throws {
        let path = temporaryDatabasePath()
        let writer = SQLiteGameLibrary(database: try AppDatabase(path: path))
        var game = Game()
        let stored = try writer.startGame(game, on: Date())
        let reader = SQLiteGameLibrary(database: try AppDatabase(path: path))
        for second in 1...5 {
            try game.record(.onePoint, by: game.away.players[0].id, at: .seconds(second))
            try writer.append(game.moves.last!, toGame: stored.id)
            #expect(try reader.latestGame()?.game.moves.count == second)
        }
    }

    @Test func aFileThatIsNotADatabaseIsReportedAndLeftAsItIs() throws {
        let path = temporaryDatabasePath()
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let contents = Data(String(repeating: "not a database, but someone's file\n", count: 200).utf8)
        try contents.write(to: URL(fileURLWithPath: path))
        #expect {
            try AppDatabase(path: path)
        } throws: { error in
            String(describing: error) == "\(path) is not a database this program can read; it was left as it is"
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == contents)
    }
}
