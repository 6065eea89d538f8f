import Foundation
import Models
import Services
import TestSupport
import Testing

/// The database file under attack from outside: held by another process, read-only, on a disk
/// that fills up (a file that is not a database, or a damaged one: SQLiteGameLibraryTests and
/// SQLitePeopleStoreTests). Each gives a message a person can act on, loses nothing committed
/// and overwrites nothing.
@Suite(.serialized) struct HostileDatabaseTests {
    static let ada = Person(id: "ada", firstName: "Ada", lastName: "Lovelace")
    static let grace = Person(id: "grace", firstName: "Grace", lastName: "Hopper")

    @Test func aDatabaseHeldByAnotherProcessTimesOutClearlyAndLosesNoMove() async throws {
        let path = temporaryDatabasePath()
        let library = SQLiteGameLibrary(database: try AppDatabase(path: path))
        var game = Game()
        let stored = try library.startGame(game, on: Date())
        try game.record(.onePoint, by: game.away.players[0].id, at: .seconds(1))
        try library.append(game.moves[0], toGame: stored.id)
        try game.record(.twoPoints, by: game.home.players[1].id, at: .seconds(2))

        let moves = game.moves
        try await whileAnotherProcessHoldsTheDatabase(at: path) { () async throws in
            let start = ContinuousClock.now
            #expect { try library.append(moves[1], toGame: stored.id) } throws: { error in
                Self.isClear(error, saying: "in use by another program")
            }
            #expect(ContinuousClock.now - start < .seconds(30).scaledForThisRun, "the write waited far past its 2 s timeout")
            #expect(try library.latestGame()?.game.moves == [moves[0]], "what was committed can still be read")
        }

        try library.append(game.moves[1], toGame: stored.id)
        #expect(try SQLiteGameLibrary(database: AppDatabase(path: path)).latestGame()?.game.moves == game.moves)
    }

    @Test func aPersonAddedWhileAnotherProcessHoldsTheDatabaseIsRefusedClearly() async throws {
        let path = temporaryDatabasePath()
        let store = SQLitePeopleStore(database: try AppDatabase(path: path))
        try store.add([Self.ada])
        try await whileAnotherProcessHoldsTheDatabase(at: path) { () async throws in
            #expect { try store.add([Self.grace]) } throws: { Self.isClear($0, saying: "in use by another program") }
            #expect(try SQLitePeopleStore(database: AppDatabase(path: path)).person(id: "ada") == Self.ada)
        }
    }

    @Test func aReadOnlyDatabaseIsReportedClearlyAndLeftAsItIs() throws {
        let path = temporaryDatabasePath()
        try SQLitePeopleStore(database: AppDatabase(path: path)).add([Self.ada])
        let directory = (path as NSString).deletingLastPathComponent
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        guard let undo = try HostileDisk.makeReadOnly(directory) else {
            try Test.cancel("running as root where mount is refused: nothing can make the file read-only for root")
        }
        defer { undo() }
        do {
            let store = SQLitePeopleStore(database: try AppDatabase(path: path))
            #expect(try store.person(id: "ada") == Self.ada)
            #expect { try store.add([Self.grace]) } throws: { Self.isClear($0, saying: "read-only") }
        } catch {
            #expect(Self.isClear(error, saying: "read-only"))
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }

    @Test func aFullDiskRefusesTheWriteClearlyAndKeepsEverythingCommitted() throws {
        guard let disk = try HostileDisk.smallDisk(kilobytes: 512) else {
            try Test.cancel("a full disk is a small tmpfs, which only root may mount")
        }
        defer { disk.remove() }
        let path = disk.path + "/" + AppDatabase.fileName
        var kept: [Person] = []
        var failure: (any Error)?
        do {
            let store = SQLitePeopleStore(database: try AppDatabase(path: path))
            for batch in 0..<1_000 {
                let people = (0..<20).map { index in
                    Person(
                        id: "\(batch)-\(index)", firstName: "Given \(batch) \(index)",
                        lastName: String(repeating: "Family ", count: 40))
                }
                do {
                    try store.add(people)
                    kept += people
                } catch {
                    failure = error
                    break
                }
            }
            let error = try #require(failure, "512 KB never filled up")
            #expect(Self.isClear(error, saying: "full"))
            #expect(try store.count(matching: "") == kept.count)
        }
        let reopened = SQLitePeopleStore(database: try AppDatabase(path: path))
        #expect(try reopened.count(matching: "") == kept.count)
        #expect(try reopened.person(id: kept.last!.id) == kept.last)
    }

    /// Whether `error`'s message says `word` and reads as a sentence, not as SQL.
    static func isClear(_ error: any Error, saying word: String) -> Bool {
        let message = String(describing: error)
        let clear = message.localizedCaseInsensitiveContains(word) && !message.contains("`") && !message.contains("INSERT")
        if !clear { Issue.record("unclear: \(message)") }
        return clear
    }
}
