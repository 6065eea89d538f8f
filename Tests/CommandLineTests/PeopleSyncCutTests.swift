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
        (.stall, 0, "did not answer in time"),
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
}
