import Foundation
import Models
import Services
import Testing
import TestSupport

/// `mvvm-tui people --sync` killed with SIGKILL while it sends an imported book to an empty one on
/// Radicale, several requests in flight: the next sync sends what was left, and nothing twice.
@Suite(.startsProcesses) struct PeopleSendKilledTests {
    private static let count = 300

    @Test func aSyncKilledWhileSendingLosesAndDoublesNothingNextTime() async throws {
        let server = try await RadicaleServer.start()
        defer { server.stop() }
        try server.makeAddressBook(named: "contacts")
        let book = server.bookFolder("contacts")
        let subcommand = try Subcommand(environment: [
            "MVVM_TUI_PEOPLE_API": server.bookURL("contacts").absoluteString, "MVVM_TUI_PEOPLE_USER": server.user,
            "MVVM_TUI_PEOPLE_PASSWORD": server.password,
        ])
        defer { try? FileManager.default.removeItem(atPath: subcommand.dataDirectory) }
        let file = subcommand.dataDirectory + "/book.vcf"
        let cards = (0..<Self.count).map { number in
            "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:sent-\(number)\r\nN:Family\(number);Given;;;\r\nFN:Given Family\(number)\r\nEND:VCARD\r\n"
        }
        try Data(cards.joined().utf8).write(to: URL(fileURLWithPath: file))
        #expect(try await subcommand.run(["people", "--import", file]).status == 0)

        // The sync in the background; killed once the server holds some of the cards, not all.
        let script = """
            "$0" "$@" >/dev/null 2>"$LOG" &
            sync=$!
            for _ in $(seq 3000); do
              held=$(ls "$BOOK" | grep -c '\\.vcf$')
              [ "$held" -ge 30 ] && break
              kill -0 $sync 2>/dev/null || break
              sleep 0.01
            done
            kill -KILL $sync 2>/dev/null && echo killed
            wait $sync
            ls "$BOOK" | grep -c '\\.vcf$'
            """
        let killed = try await runToEnd(
            "bash", ["-c", script, try ProgramUnderTest.path(), "people", "--sync", "--data-dir", subcommand.dataDirectory],
            environment: subcommand.fullEnvironment.merging(["BOOK": book.path, "LOG": subcommand.dataDirectory + "/sync.log"]) { $1 })
        let lines = killed.output.split(separator: "\n")
        let held = Int(lines.last ?? "") ?? -1
        let log = (try? String(contentsOfFile: subcommand.dataDirectory + "/sync.log", encoding: .utf8)) ?? ""
        try #require(lines.first == "killed" && held < Self.count, "the sync ended before it was killed: \(killed.output) \(log)")

        let again = try await subcommand.run(["people", "--sync"])
        #expect(again.status == 0, "\(again.error)")
        let uids = server.cardUIDs(inBook: "contacts")
        #expect(uids.count == Self.count, "\(held) cards were on the server when the sync was killed")
        #expect(Set(uids) == Set((0..<Self.count).map { "sent-\($0)" }))
        let store = SQLitePeopleStore(database: try AppDatabase(path: subcommand.dataDirectory + "/mvvm-tui.sqlite"))
        #expect(try store.count(matching: "") == Self.count)
        #expect(try store.outboxStatus().pendingCount == 0)
    }
}
