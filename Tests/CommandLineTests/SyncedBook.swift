import Foundation
import Models
import Services
import Testing
import TestSupport

/// A Radicale book and a data folder that `people --sync` keeps with it, for the tests that
/// kill and cut syncs: the changes each side makes, and what both should hold after.
///
/// `expected` holds each person's full name as the last change made to them says, by id;
/// `conflicts` the name entered here for each person changed on both sides, whose copy the
/// store and the book must hold once beside the server's version.
final class SyncedBook {
    static let book = "contacts"
    let server: RadicaleServer
    let subcommand: Subcommand
    private(set) var expected: [String: String] = [:]
    private(set) var conflicts: [String: String] = [:]
    /// How long the first sync took, program start to end, in seconds.
    private(set) var firstSyncSeconds = 0.0
    /// The people first in the book, none of them changed yet, in the order they are taken.
    private var untouched: [String]
    private var added = 0

    private init(server: RadicaleServer, subcommand: Subcommand, ids: [String]) {
        self.server = server
        self.subcommand = subcommand
        untouched = ids
        for id in ids { expected[id] = "Given \(id)" }
    }

    /// Starts Radicale with a book of `count` people (`p00`, `p01`, …) and a data folder that
    /// syncs with it, through a `FaultProxy` when `proxied`; the data folder has synced once.
    static func start(count: Int, proxied: Bool = false) async throws -> (book: SyncedBook, proxy: FaultProxy?) {
        let server = try await RadicaleServer.start()
        try server.makeAddressBook(named: book)
        let ids = (0..<count).map { String(format: "p%02d", $0) }
        try server.seed(cards: ids.map { ($0, card(uid: $0, first: "Given", last: $0)) }, inBook: book)
        let proxy = proxied ? try await FaultProxy.start(in: server.baseURL) : nil
        let url = proxy?.url(for: server.bookURL(book)) ?? server.bookURL(book)
        let subcommand = try Subcommand(environment: [
            "MVVM_TUI_PEOPLE_API": url.absoluteString, "MVVM_TUI_PEOPLE_USER": server.user,
            "MVVM_TUI_PEOPLE_PASSWORD": server.password,
        ])
        let synced = SyncedBook(server: server, subcommand: subcommand, ids: ids)
        let clock = ContinuousClock()
        let started = clock.now
        let first = try await synced.sync()
        synced.firstSyncSeconds = (clock.now - started) / .seconds(1)
        try #require(first.status == 0, "the first sync: \(first.error)")
        return (synced, proxy)
    }

    /// The seed of a test's random faults: `MVVM_TUI_FAULT_SEED` when set, else a new one.
    static func faultSeed() -> UInt64 {
        ProcessInfo.processInfo.environment["MVVM_TUI_FAULT_SEED"].flatMap { UInt64($0) } ?? UInt64.random(in: 0...UInt64.max)
    }

    func end() {
        server.stop()
        try? FileManager.default.removeItem(atPath: subcommand.dataDirectory)
    }

    /// A vCard 3.0 of `first` `last` with `uid`.
    static func card(uid: String, first: String, last: String) -> String {
        "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:\(uid)\r\nN:\(last);\(first);;;\r\nFN:\(first) \(last)\r\nEND:VCARD\r\n"
    }

    /// `mvvm-tui people --sync` run to its end.
    func sync() async throws -> CommandResult {
        try await subcommand.run(["people", "--sync"])
    }

    /// The data folder's store, opened anew.
    func store() throws -> SQLitePeopleStore {
        SQLitePeopleStore(database: try AppDatabase(path: subcommand.dataDirectory + "/mvvm-tui.sqlite"))
    }

    /// The next person no side has changed yet.
    private func takeUntouched() throws -> String {
        try #require(!untouched.isEmpty, "the book ran out of people no side changed")
        return untouched.removeFirst()
    }

    // MARK: - Changes

    /// Changes on the server as another client would: `renames`, `deletes` and `adds` people.
    func changeOnServer(renames: Int, deletes: Int, adds: Int, round: Int) throws {
        for _ in 0..<renames {
            let id = try takeUntouched()
            try server.seed(cards: [(id, Self.card(uid: id, first: "Server\(round)", last: id))], inBook: Self.book)
            expected[id] = "Server\(round) \(id)"
        }
        for _ in 0..<deletes {
            let id = try takeUntouched()
            try FileManager.default.removeItem(at: server.bookFolder(Self.book).appendingPathComponent("\(id).vcf"))
            expected[id] = nil
        }
        for _ in 0..<adds {
            added += 1
            let id = "s\(round)-\(added)"
            try server.seed(cards: [(id, Self.card(uid: id, first: "Added", last: id))], inBook: Self.book)
            expected[id] = "Added \(id)"
        }
    }

    /// Changes here, as the screen would: `renames`, `deletes` and `adds` people.
    func changeHere(renames: Int, deletes: Int, adds: Int, round: Int) throws {
        let store = try store()
        for _ in 0..<renames { try rename(try takeUntouched(), to: "Here\(round)", in: store) }
        for _ in 0..<deletes {
            let id = try takeUntouched()
            try store.delete(id: id)
            expected[id] = nil
        }
        for number in 0..<adds {
            let person = Person(firstName: "New\(round)", lastName: "n\(number)")
            try store.add(person)
            expected[person.id] = "New\(round) n\(number)"
        }
    }

    /// Renames one person on both sides, the server first: the server's name is kept for them,
    /// and the name given here goes to a copy of them.
    func changeOnBothSides(round: Int) throws {
        let id = try takeUntouched()
        try server.seed(cards: [(id, Self.card(uid: id, first: "Theirs\(round)", last: id))], inBook: Self.book)
        try rename(id, to: "Mine\(round)", in: try store())
        expected[id] = "Theirs\(round) \(id)"
        conflicts[id] = "Mine\(round) \(id)"
    }

    /// Changes two people on both sides at odds: one renamed on the server and deleted here (the
    /// server's card is kept, and the person comes back as renamed), one deleted on the server and
    /// renamed here (sent again as a new card).
    func changeAtOdds(round: Int) throws {
        let (renamedThere, removedThere) = (try takeUntouched(), try takeUntouched())
        try server.seed(cards: [(renamedThere, Self.card(uid: renamedThere, first: "Kept\(round)", last: renamedThere))], inBook: Self.book)
        try FileManager.default.removeItem(at: server.bookFolder(Self.book).appendingPathComponent("\(removedThere).vcf"))
        let store = try store()
        try store.delete(id: renamedThere)
        try rename(removedThere, to: "Again\(round)", in: store)
        expected[renamedThere] = "Kept\(round) \(renamedThere)"
    }

    /// What `people --sync` says on standard error when it ended with status 1 for something the
    /// user is told of, not a failure: a person changed on both sides, or a delete the server's
    /// change won.
    static let toldOfChanges = ["changed here and on the server", "changed on the server; kept"]

    private func rename(_ id: String, to first: String, in store: SQLitePeopleStore) throws {
        var person = try #require(try store.person(id: id))
        person.firstName = first
        try store.update(person, at: Date())
        expected[id] = "\(first) \(id)"
    }

    // MARK: - Checks

    /// The people of the book's cards, as `id|name|conflict of`, sorted.
    func onServer() throws -> [String] {
        let folder = server.bookFolder(Self.book)
        return try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".vcf") }.flatMap { name in
            VCard.people(from: try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)).people
        }.map(Self.line).sorted()
    }

    /// The people of the store, as `onServer()` gives the book's.
    func kept() throws -> [String] {
        try store().people(matching: "", sortedBy: .lastName, offset: 0, limit: 10_000).map(Self.line).sorted()
    }

    private static func line(_ person: Person) -> String {
        "\(person.id)|\(person.firstName) \(person.lastName)|\(person.conflictOf ?? "")"
    }

    /// The book and the store hold the same people: each with the latest change made to them,
    /// once, and for each person changed on both sides, the server's version and one copy of the
    /// one entered here; nothing waits to be sent.
    func expectInStep(_ step: Comment, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let (server, kept) = (try onServer(), try kept())
        #expect(kept == server, step, sourceLocation: sourceLocation)
        let plain = kept.filter { $0.hasSuffix("|") }
        let wanted = expected.map { "\($0.key)|\($0.value)|" }.sorted()
        #expect(plain == wanted, step, sourceLocation: sourceLocation)
        let copies = kept.filter { !$0.hasSuffix("|") }.map { $0.split(separator: "|").dropFirst().joined(separator: "|") }.sorted()
        #expect(copies == conflicts.map { "\($0.value)|\($0.key)" }.sorted(), step, sourceLocation: sourceLocation)
        #expect(try store().outboxStatus().pendingCount == 0, step, sourceLocation: sourceLocation)
    }
}
