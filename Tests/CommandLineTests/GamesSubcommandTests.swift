import Binding
import Foundation
import Models
import Renderer
import Screens
import Services
import Testing
import TestSupport

/// `mvvm-tui games`: the Scoreboard's library in a shell.
@MainActor
struct GamesSubcommandTests {
    let subcommand: Subcommand
    var path: String { subcommand.dataDirectory + "/" + AppDatabase.fileName }

    init() throws {
        subcommand = try Subcommand()
    }

    /// Two games kept: one won 16 - 0 on Nov 21, 2025, and one in progress, renamed, a day later.
    @discardableResult
    func fill() throws -> SQLiteGameLibrary {
        try Self.fill(path)
    }

    /// Keeps those two games in the database at `path`.
    @discardableResult
    static func fill(_ path: String) throws -> SQLiteGameLibrary {
        let library = SQLiteGameLibrary(database: try AppDatabase(path: path))
        var won = Game(accumulated: .milliseconds(271_000))
        for _ in 0..<8 { try won.record(.twoPoints, by: 1, at: .zero) }
        _ = try library.startGame(won, on: Date(timeIntervalSince1970: 1_763_700_000))
        var going = Game(home: Team(name: "Long Shots", players: Team.ballerz.players), accumulated: .milliseconds(72_400))
        try going.record(.onePoint, by: 4, at: .zero)
        _ = try library.startGame(going, on: Date(timeIntervalSince1970: 1_763_786_400))
        return library
    }

    /// The view-model the binary runs, run here on the same file read-only.
    func library() throws -> GameLibraryViewModel {
        let database = try AppDatabase.openForReading(path: path)
        let scoreboard = GameScoreboardViewModel(
            openLibrary: { SQLiteGameLibrary(database: database) }, scheduler: MainQueueScheduler(),
            today: { Date(timeIntervalSince1970: 1_763_700_000) }, timeZone: .testZone)
        scoreboard.showLibrary()
        return scoreboard.library
    }

    @Test func theJSONHoldsTheLibrarysRowsFieldByField() async throws {
        try fill()
        let result = try await subcommand.run(["games", "--json"])
        #expect(result.status == 0)
        #expect(result.error.isEmpty)
        let document = try Subcommand.decode(GamesPrintout.Document.self, from: result.output)
        let library = try library()
        let games = latest(library.games)
        #expect(document.message == latest(library.message))
        #expect(document.games.count == 2)
        #expect(games.count == 2)
        for (printed, game) in zip(document.games, games) {
            #expect(printed.dayText == game.day)
            #expect(printed.homeTeam == game.homeTeam)
            #expect(printed.scoreText == game.score)
            #expect(printed.awayTeam == game.awayTeam)
            #expect(printed.timeText == game.time)
            #expect(printed.state == game.state)
            #expect(printed.text == game.text)
        }
        #expect(document.games.map(\.text) == latest(library.rows))
        #expect(document.games.map(\.scoreText) == ["0 - 1", "16 - 0"])
        #expect(document.games.map(\.homeScore) == [0, 16])
        #expect(document.games.map(\.awayScore) == [1, 0])
        #expect(document.games.map(\.seconds) == [72.4, 271])
        #expect(
            document.games.map(\.startedAt) == [Date(timeIntervalSince1970: 1_763_786_400), Date(timeIntervalSince1970: 1_763_700_000)])
        #expect(document.games.map(\.state) == ["in progress", "finished"])
    }

    @Test func theTextListsTheGamesNewestFirstInColumns() async throws {
        try fill()
        let result = try await subcommand.run(["games"])
        #expect(result.status == 0)
        let days = latest(try library().games).map(\.started)
        #expect(
            result.output == """
                \(days[0])  Long Shots   0 - 1  Ringerz  01:12.4  in progress
                \(days[1])  Ballerz     16 - 0  Ringerz  04:31.0  finished

                """)
        #expect(!result.output.contains("\u{1B}"))
    }

    @Test func noGamesKeptSaysSoWithStatusZeroAndTheDirectoryIsLeftEmpty() async throws {
        let result = try await subcommand.run(["games"])
        #expect(result.status == 0)
        #expect(result.output == "No games yet.\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: subcommand.dataDirectory).isEmpty)
    }

    @Test func theFileIsLeftByteForByteAndNoGameIsStarted() async throws {
        // A database with people but no game: the Scoreboard would start one when it appears.
        // The test's connection stays open, as the app's would: closing the last one folds the -wal in.
        let people = SQLitePeopleStore(database: try AppDatabase(path: path))
        try people.add(Person(firstName: "Ada", lastName: "Lovelace"))
        let files = { try [path, path + "-wal"].map { try Data(contentsOf: URL(fileURLWithPath: $0)) } }
        let before = try files()
        let empty = try await subcommand.run(["games", "--json"])
        #expect(empty.status == 0)
        #expect(try Subcommand.decode(GamesPrintout.Document.self, from: empty.output).message == "No games yet.")
        #expect(try files() == before)

        let library = try fill()
        let filled = try files()
        _ = try await subcommand.run(["games"])
        #expect(try files() == filled)
        #expect(try library.games().count == 2)
        withExtendedLifetime(people) {}
    }

    @Test func aReaderThatGoesAwayEndsItQuietly() async throws {
        try fill()
        let result = try await subcommand.runIntoHead(["games"])
        #expect(result.status == 0)
        #expect(result.firstLine.hasSuffix("in progress"))
        #expect(result.error.isEmpty)
    }
}
