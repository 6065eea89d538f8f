import Foundation
import Models
import Services
import Testing
import TestSupport

/// `mvvm-tui people --sync` killed with SIGKILL at random moments, round after round, while the
/// server and this side both change: renames, deletes and adds on each, a person renamed on
/// both, one renamed there and deleted here, and one deleted there and renamed here. A sync let finish then leaves the book and the store holding the same people, each
/// change made once, with the latest of it, and each person changed on both sides as the server
/// has them plus one copy of the version entered here.
///
/// The moments come from a seed, printed with each round's moment, and taken from
/// `MVVM_TUI_FAULT_SEED` when set: the same delays again, though the sync they cut may have got
/// further on another run.
@Suite(.startsProcesses) struct PeopleSyncKilledTests {
    private static let rounds = 16

    @Test func syncsKilledAtRandomMomentsLoseAndDoubleNothing() async throws {
        let seed = SyncedBook.faultSeed()
        var random = SplitMix64(seed: seed)
        var log = ["seed \(seed) (MVVM_TUI_FAULT_SEED=\(seed) gives these delays again)"]
        let (book, _) = try await SyncedBook.start(count: 160)
        defer { book.end() }
        // Moments up to the length of the last sync that ended by itself (the first, to begin
        // with), and further after each killed: a loaded machine runs the syncs slower, and the
        // moments follow.
        var span = max(0.2, book.firstSyncSeconds)
        for round in 1...Self.rounds {
            try book.changeOnServer(renames: 2, deletes: 1, adds: 2, round: round)
            try book.changeHere(renames: 2, deletes: 1, adds: 2, round: round)
            if round % 2 == 1 { try book.changeOnBothSides(round: round) }
            try book.changeAtOdds(round: round)
            let moment = Double(random.next() % 1000) / 1000 * span
            let (killed, seconds) = try await kill(book, after: moment)
            // A sync killed leaves more to the next: its moments reach further.
            span = killed ? span * 1.15 : max(0.2, seconds)
            log.append("round \(round): " + (killed ? "killed at \(Self.format(moment)) s" : "ended first, in \(Self.format(seconds)) s"))
        }
        print("PeopleSyncKilledTests: " + log.joined(separator: "; "))

        // Status 1 when this sync met a person changed on both sides, which the user settles.
        let last = try await book.sync()
        #expect(
            last.status == 0 || SyncedBook.toldOfChanges.contains { last.error.contains($0) },
            "\(last.error)\n\(log.joined(separator: "\n"))")
        try book.expectInStep(Comment(rawValue: log.joined(separator: "\n")))
        let again = try await book.sync()
        #expect(again.status == 0, "\(again.error)")
        try book.expectInStep(Comment(rawValue: "synced once more\n" + log.joined(separator: "\n")))
    }

    /// Runs `people --sync` and sends it SIGKILL after `moment` seconds: whether it was killed,
    /// and how long it ran.
    private func kill(_ book: SyncedBook, after moment: Double) async throws -> (killed: Bool, seconds: Double) {
        let script = """
            "$0" "$@" >/dev/null 2>&1 &
            sync=$!
            (sleep "$MOMENT"; kill -KILL $sync 2>/dev/null && echo killed) &
            killer=$!
            wait $sync
            kill $killer 2>/dev/null
            wait $killer
            """
        let clock = ContinuousClock()
        let started = clock.now
        let result = try await runToEnd(
            "bash", ["-c", script, try ProgramUnderTest.path(), "people", "--sync", "--data-dir", book.subcommand.dataDirectory],
            environment: book.subcommand.fullEnvironment.merging(["MOMENT": Self.format(moment)]) { $1 })
        return (result.output.contains("killed"), (clock.now - started) / .seconds(1))
    }

    private static func format(_ seconds: Double) -> String {
        String(format: "%.3f", seconds)
    }
}
