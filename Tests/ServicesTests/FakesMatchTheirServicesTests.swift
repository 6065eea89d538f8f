import Foundation
import Models
import Services
import Testing
import TestSupport

/// The in-memory fakes the view-model tests use do what the real services do: one contract,
/// run against both, so a view-model test on a fake says something about the program.
struct FakesMatchTheirServicesTests {
    enum Kind: String, CaseIterable, CustomTestStringConvertible {
        case fake, real
        var testDescription: String { rawValue }
    }

    // MARK: - Preferences

    private func preferences(_ kind: Kind) throws -> any PreferencesStore {
        kind == .fake ? InMemoryPreferences() : SQLitePreferences(database: try AppDatabase(inMemoryNamed: UUID().uuidString))
    }

    @Test(arguments: Kind.allCases)
    func preferencesKeepTheLastValueSetAndNilRemovesIt(_ kind: Kind) throws {
        let preferences = try preferences(kind)
        #expect(try preferences.string(forKey: "weather.unit") == nil)
        try preferences.set("celsius", forKey: "weather.unit")
        try preferences.set("東京, Japan", forKey: "weather.location")
        try preferences.set("fahrenheit", forKey: "weather.unit")
        #expect(try preferences.string(forKey: "weather.unit") == "fahrenheit")
        #expect(try preferences.string(forKey: "weather.location") == "東京, Japan")
        try preferences.set(nil, forKey: "weather.unit")
        #expect(try preferences.string(forKey: "weather.unit") == nil)
    }

    // MARK: - Game library

    private func library(_ kind: Kind) throws -> any GameLibrary {
        kind == .fake ? InMemoryGameLibrary() : SQLiteGameLibrary(database: try AppDatabase(inMemoryNamed: UUID().uuidString))
    }

    @Test(arguments: Kind.allCases)
    func aLibraryKeepsGamesNewestFirstWithTheirMovesClockAndNames(_ kind: Kind) throws {
        let library = try library(kind)
        #expect(try library.latestGame() == nil)
        #expect(try library.games().isEmpty)
        var game = Game()
        let first = try library.startGame(game, on: Date(timeIntervalSince1970: 1_000))
        let second = try library.startGame(game, on: Date(timeIntervalSince1970: 2_000))
        #expect(first.id != second.id)
        try game.record(.twoPoints, by: game.home.players[0].id, at: .seconds(3))
        try game.record(.foul, by: game.away.players[2].id, at: .seconds(4))
        for move in game.moves { try library.append(move, toGame: second.id) }
        try library.removeLastMove(ofGame: second.id)
        try library.saveClock(ofGame: second.id, elapsed: .seconds(5), isRunning: false)
        try library.rename(.team(.home), ofGame: second.id, to: "Long Shots")
        try library.rename(.player(game.away.players[0].id), ofGame: second.id, to: "Dream")

        #expect(try library.games().map(\.id) == [second.id, first.id])
        let latest = try #require(try library.latestGame())
        #expect(latest.id == second.id)
        #expect(latest.startedOn == Date(timeIntervalSince1970: 2_000))
        #expect(latest.game.moves == Array(game.moves.prefix(1)))
        #expect(latest.game.elapsed(at: .zero) == .seconds(5))
        #expect(!latest.game.isRunning)
        #expect(latest.game.home.name == "Long Shots")
        #expect(latest.game.away.players[0].name == "Dream")
        #expect(try library.games().last?.game.moves.isEmpty == true, "the first game is untouched")
    }

    @Test(arguments: Kind.allCases)
    func aDeletedGameIsGoneWithItsMovesAndItsIdentifierIsNotGivenAgain(_ kind: Kind) throws {
        let library = try library(kind)
        var game = Game()
        let first = try library.startGame(game, on: Date(timeIntervalSince1970: 1_000))
        let second = try library.startGame(game, on: Date(timeIntervalSince1970: 2_000))
        try game.record(.twoPoints, by: game.home.players[0].id, at: .seconds(3))
        try library.append(game.moves[0], toGame: second.id)
        try library.deleteGame(second.id)
        #expect(try library.games().map(\.id) == [first.id])
        #expect(try library.latestGame()?.id == first.id)
        try library.deleteGame(second.id)
        let third = try library.startGame(Game(), on: Date(timeIntervalSince1970: 3_000))
        #expect(third.id != second.id)
        #expect(try library.games().map(\.id) == [third.id, first.id])
        #expect(try library.games().allSatisfy { $0.game.moves.isEmpty }, "the deleted game's move went with it")
    }

    // MARK: - Text files

    private func files(_ kind: Kind) throws -> any TextFiles {
        guard kind == .real else { return InMemoryTextFiles() }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mvvm-tui-files-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return LocalTextFiles(home: folder, workingDirectory: folder)
    }

    @Test(arguments: Kind.allCases)
    func aFileWrittenReadsBackAndAMissingOneIsNamedInWords(_ kind: Kind) throws {
        let files = try files(kind)
        let written = try files.write("BEGIN:VCARD\r\nFN:Zoë\r\nEND:VCARD\r\n", to: "friends.vcf")
        #expect(written.hasPrefix("/") && written.hasSuffix("/friends.vcf"))
        #expect(try files.read("friends.vcf") == Array("BEGIN:VCARD\r\nFN:Zoë\r\nEND:VCARD\r\n".utf8))
        try files.write("again", to: "friends.vcf")
        #expect(try files.read("friends.vcf") == Array("again".utf8))
        #expect {
            try files.read("nowhere.vcf")
        } throws: { error in
            "\(error)".hasSuffix("nowhere.vcf cannot be read: no such file")
        }
    }

    @Test func aFileThatCannotBeWrittenIsSaidInTheProgramsWords() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mvvm-tui-files-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let files = LocalTextFiles(home: folder + "/home", workingDirectory: folder)
        #expect {
            try files.write("x", to: "nowhere/dir/friends.vcf")
        } throws: { "\($0)" == "No folder \(folder)/nowhere/dir" }
        try "x".write(toFile: folder + "/plain", atomically: true, encoding: .utf8)
        #expect {
            try files.write("x", to: "plain/friends.vcf")
        } throws: { "\($0)" == "\(folder)/plain is not a folder" }
        #expect {
            try files.write("x", to: "~/friends.vcf")
        } throws: { "\($0)" == "No folder \(folder)/home" }
    }

    @Test func homeIsTheEnvironmentsWhenItNamesAFolder() {
        #expect(LocalTextFiles.home(in: ["HOME": "/home/ada"]) == "/home/ada")
        #expect(LocalTextFiles.home(in: ["HOME": "relative"]) == NSHomeDirectory())
        #expect(LocalTextFiles.home(in: [:]) == NSHomeDirectory())
    }
}
