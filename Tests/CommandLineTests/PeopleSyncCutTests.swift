import Foundation
import Models
import Services
import Testing
import TestSupport

/// `mvvm-tui people --sync` through a proxy (`FaultProxy`) that cuts a connection mid-answer,
/// answers 500 or 503, or never answers, at one request of the sync: the book's `PROPFIND`, the
/// report of what changed, or one of the writes. Each such sync ends in bounded time, with exit
/// status 1 and a message that names what happened; the next one, unhindered, leaves the book
/// and the store holding the same people, nothing lost or doubled.
@Suite(.startsProcesses) struct PeopleSyncCutTests {
    /// The requests of a sync, in order: 0 the book's `PROPFIND`, 1 the report of what changed,
    /// 2 and on the writes (sent several at a time, so which write is not known).
    private static let cases: [(fault: FaultProxy.Fault, request: Int, says: String)] = [
        (.cut, 0, "broke before its answer ended"),
        (.unavailable, 1, "answered 503"),
        (.cut, 1, "broke before its answer ended"),
        (.internalError, 2, "answered 500"),
        (.cut, 3, "broke before its answer ended"),
        (.unavailable, 2, "answered 503"),
        (.stall, 2, "did not answer in time"),
    ]

    @Test func aSyncCutOrRefusedEndsSayingSoAndTheNextLosesAndDoublesNothing() async throws {
        let (book, started) = try await SyncedBook.start(count: 40, proxied: true)
        let proxy = try #require(started)
        defer {
            proxy.stop()
            book.end()
        }
        let clock = ContinuousClock()
        for (round, (fault, request, says)) in Self.cases.enumerated() {
            let step = "\(fault) at request \(request)"
            try book.changeOnServer(renames: 1, deletes: 1, adds: 1, round: round)
            try book.changeHere(renames: 1, deletes: 0, adds: 2, round: round)
            try proxy.fail(Array(repeating: .pass, count: request) + [fault])
            let begun = clock.now
            let failed = try await book.sync()
            let took = clock.now - begun
            let said = failed.output + failed.error
            print("PeopleSyncCutTests: \(step), \(took): \(failed.error.split(separator: "\n").first ?? "")")
            #expect(failed.status == 1, "\(step): \(said)")
            #expect(said.contains(says), "\(step): \(said)")
            #expect(proxy.faultsLeft == 0, "\(step): the sync made fewer requests than the fault waited for")
            // The time a request is allowed (10 s), and a few seconds for the rest.
            #expect(took < .seconds(fault == .stall ? 16 : 6), "\(step) took \(took)")

            try proxy.fail([])
            let next = try await book.sync()
            #expect(next.status == 0, "after \(step): \(next.output + next.error)")
            try book.expectInStep(Comment(rawValue: "after \(step)"))
        }
    }

    /// The words a sync that met one of the proxy's faults ends with, one of them on its first line.
    private static let saidOfFaults = ["answered 500", "answered 503", "broke before its answer ended"]

    /// Faults drawn from a seed (printed; `MVVM_TUI_FAULT_SEED` gives the same again), several in
    /// one sync, round after round of changes on both sides: every sync ends at once, saying
    /// what it met when it met one, and one unhindered then leaves both sides in step.
    @Test func syncsMeetingFaultsAtRandomLoseAndDoubleNothing() async throws {
        let seed = SyncedBook.faultSeed()
        var random = SplitMix64(seed: seed)
        let (book, started) = try await SyncedBook.start(count: 60, proxied: true)
        let proxy = try #require(started)
        defer {
            proxy.stop()
            book.end()
        }
        let faults: [FaultProxy.Fault] = [.cut, .internalError, .unavailable]
        var log = ["seed \(seed)"]
        let clock = ContinuousClock()
        for round in 1...8 {
            try book.changeOnServer(renames: 1, deletes: 1, adds: 1, round: round)
            try book.changeHere(renames: 1, deletes: 1, adds: 2, round: round)
            if round % 3 == 0 { try book.changeOnBothSides(round: round) }
            try book.changeAtOdds(round: round)
            let told = (0..<6).map { _ in random.next() % 3 == 0 ? faults[Int(random.next() % 3)] : .pass }
            try proxy.fail(told)
            let begun = clock.now
            let run = try await book.sync()
            let took = clock.now - begun
            let first = run.error.split(separator: "\n").first.map(String.init) ?? ""
            log.append("round \(round): \(told.map(\.rawValue).joined(separator: ",")) → \(run.status) \(first)")
            #expect(took < .seconds(6), "round \(round) took \(took)")
            if run.status != 0, !SyncedBook.toldOfChanges.contains(where: first.contains) {
                #expect(Self.saidOfFaults.contains { first.contains($0) }, "round \(round): \(first)")
            }
        }
        print("PeopleSyncCutTests: " + log.joined(separator: "; "))
        try proxy.fail([])
        let last = try await book.sync()
        #expect(last.status == 0 || SyncedBook.toldOfChanges.contains(where: last.error.contains), "\(last.error)")
        try book.expectInStep(Comment(rawValue: log.joined(separator: "\n")))
    }
}
