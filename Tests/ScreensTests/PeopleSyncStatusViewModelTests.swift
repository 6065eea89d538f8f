import Binding
import Foundation
import Models
@testable import Screens
import Testing
import TestSupport

/// The People screen's exchange with the people server alone: the work it asks for, answered by
/// the test, and the whole history of what the header and the news say.
@MainActor
struct PeopleSyncStatusViewModelTests {
    let work = HeldWork<PeopleExchange.Work, PeopleExchange.Answer>()

    /// 2026-11-28 14:05 UTC, the time the outbox is read at; `synced` is an outcome three minutes before.
    static let now = Date(timeIntervalSince1970: 1_795_874_700)
    static let synced = SyncOutcome(upToDateAt: now.addingTimeInterval(-180))

    /// The outbox's answer: what waits, and how the last exchange went as the store keeps it.
    private func outbox(_ waiting: Int, lastError: String? = nil, _ outcome: SyncOutcome = synced) -> PeopleExchange.Answer {
        .outbox(waiting: waiting, lastError: lastError, outcome: outcome, now: Self.now)
    }

    private func makeStatus(hasServer: Bool = true) -> PeopleSyncStatusViewModel {
        let status = PeopleSyncStatusViewModel(hasServer: hasServer, runner: work, storeIsOpen: Dynamic(true).output)
        return status
    }

    @Test func aSyncSaysHowFarItReadAndEndsWithWhatWaits() {
        let status = makeStatus()
        let text = ValueRecorder(status.text)
        let exchanging = ValueRecorder(status.isExchanging)
        status.syncNow()
        #expect(work.pending == [.exchange(fetching: true)])
        work.tell(.progress(PeopleSyncProgress(read: 0, total: 150)))
        work.tell(.progress(PeopleSyncProgress(read: 150, total: 150)))
        work.answer(with: .ended(PeopleSyncReport(fetched: 150)))
        #expect(work.pending == [.readOutbox])
        #expect(latest(status.isExchanging), "the exchange ends with the header telling how")
        work.answer(with: outbox(0))
        #expect(text.values == ["", "Syncing…", "Syncing… 0 of 150 cards", "Syncing… 150 of 150 cards", "Synced at 14:02"])
        #expect(exchanging.values == [false, true, false])
    }

    @Test func aSyncAskedBeforeTheStoreOpensRunsOnceItOpens() {
        let open = Dynamic(false)
        let status = PeopleSyncStatusViewModel(hasServer: true, runner: work, storeIsOpen: open.output)
        let text = ValueRecorder(status.text)
        status.exchange(fetching: false)
        status.syncNow()
        status.showState()
        #expect(work.pending == [], "nothing runs on a store that cannot be read")
        open.value = true
        #expect(work.pending == [.exchange(fetching: true)], "the two asked for run as one that fetches")
        work.answer(with: .ended(PeopleSyncReport(fetched: 0)))
        work.answer(with: outbox(0))
        #expect(text.values == ["", "Syncing…", "Synced at 14:02"])
    }

    @Test func whatWaitsIsCountedWithItsReasonAndAFailedFetchIsTold() {
        let status = makeStatus()
        let text = ValueRecorder(status.text)
        let problem = ValueRecorder(status.isProblem)
        let waiting = ValueRecorder(status.waiting)
        status.exchange(fetching: false)
        work.answer(with: .ended(PeopleSyncReport(postError: .noNetwork)))
        work.answer(with: outbox(1, SyncOutcome(upToDateAt: Self.synced.upToDateAt, sendFailure: PeopleAPIError.noNetwork.message)))
        status.syncNow()
        work.answer(with: .ended(PeopleSyncReport(fetchError: .serverError(status: 500))))
        work.answer(
            with: outbox(0, SyncOutcome(upToDateAt: Self.synced.upToDateAt, pullFailure: PeopleAPIError.serverError(status: 500).message)))
        #expect(
            text.values == [
                "", "Sending…", "1 person waiting to be sent: \(PeopleAPIError.noNetwork.message)", "Syncing…",
                "Sync failed: \(PeopleAPIError.serverError(status: 500).message)",
            ])
        #expect(problem.values == [false, true, false, true])
        #expect(waiting.values == [nil, 1, 0], "the count the header says, as a number")
    }

    @Test func anOutboxThatCannotBeReadLeavesTheSyncUnknownUntilItIsRead() {
        let status = makeStatus()
        let text = ValueRecorder(status.text)
        let problem = ValueRecorder(status.isProblem)
        let exchanging = ValueRecorder(status.isExchanging)
        let waiting = ValueRecorder(status.waiting)
        status.syncNow()
        work.answer(with: .ended(PeopleSyncReport(fetched: 0)))
        work.answer(with: .outboxUnread("disk I/O error"))
        status.showState()
        work.answer(with: outbox(0))
        #expect(work.pending.isEmpty, "no wait to try again is armed")
        #expect(text.values == ["", "Syncing…", "Sync unknown: the outbox cannot be read: disk I/O error", "Synced at 14:02"])
        #expect(problem.values == [false, true, false])
        #expect(exchanging.values == [false, true, false])
        #expect(waiting.values == [nil, 0], "unknown while the outbox cannot be read")
    }

    @Test func anExchangeAskedForWhileOneRunsJoinsIt() {
        let status = makeStatus()
        let exchanging = ValueRecorder(status.isExchanging)
        status.syncNow()
        status.exchange(fetching: false)
        #expect(work.asked == [.exchange(fetching: true), .exchange(fetching: false)])
        work.answer(with: .ended(nil))  // the one that joined: the first makes one more pass for it
        #expect(latest(status.text) == "Syncing…")
        work.answer(work.id(ofAsked: 0), with: .ended(PeopleSyncReport()))
        work.answer(with: outbox(0))
        #expect(exchanging.values == [false, true, false])
    }

    @Test func anExchangeThatStartsAsTheSyncEndsRunsAPassOfItsOwnAndIsWaitedFor() {
        let status = makeStatus()
        let exchanging = ValueRecorder(status.isExchanging)
        let news = ValueRecorder(status.news)
        status.syncNow()
        status.exchange(fetching: false)
        work.answer(work.id(ofAsked: 0), with: .ended(PeopleSyncReport()))  // the sync ended before the second joined it
        #expect(latest(status.isExchanging))
        var report = PeopleSyncReport()
        report.conflicts = 1
        work.answer(work.id(ofAsked: 1), with: .ended(report))
        work.answer(with: outbox(0))
        #expect(exchanging.values == [false, true, false])
        #expect(news.values.count == 1, "the second pass's conflict is told")
    }

    @Test func conflictsUnreadableCardsAndAStopAreTheNews() {
        let status = makeStatus()
        let news = ValueRecorder(status.news)
        status.syncNow()
        var report = PeopleSyncReport()
        report.conflicts = 1
        report.unreadableCards = ["/a.vcf", "/b.vcf"]
        work.answer(with: .ended(report))
        work.answer(with: outbox(1))
        status.syncNow()
        work.answer(with: .stopped("disk full"))
        work.answer(with: outbox(1))
        #expect(
            news.values.map(\.text) == [
                "1 person changed here and on the server: v on the conflict settles it; "
                    + "cannot read the server's card /a.vcf and 1 more, left as it is",
                "Sync stopped: disk full",
            ])
    }

    @Test func aCommitReadsWhatWaitsButNotWhileAnExchangeRuns() {
        let status = makeStatus()
        status.showState()
        work.answer(with: outbox(2, lastError: "the server answered 500"))
        #expect(latest(status.text) == "2 people waiting to be sent: the server answered 500")
        status.syncNow()
        status.showState()
        work.expectHeldAtEnd([.exchange(fetching: true)])
    }

    @Test func aFailureStaysTheHeadersUntilALaterExchangeChangesItNotAReload() {
        let status = makeStatus()
        let text = ValueRecorder(status.text)
        let failed = SyncOutcome(upToDateAt: Self.synced.upToDateAt, pullFailure: "the people server refused the password of ada@127.0.0.1")
        status.syncNow()
        work.answer(with: .ended(PeopleSyncReport(fetchError: .failed("refused"))))
        work.answer(with: outbox(0, failed))
        status.showState()  // a reload: sorting, a filter, a resize
        work.answer(with: outbox(0, failed))
        status.showState()  // an edit waits now
        work.answer(with: outbox(1, failed))
        #expect(
            text.values == [
                "", "Syncing…", "Sync failed: the people server refused the password of ada@127.0.0.1",
                "Sync failed: the people server refused the password of ada@127.0.0.1; 1 person waiting to be sent",
            ])
        #expect(latest(status.isProblem))
    }

    @Test func aSendAfterAFailedPullSaysBothAndASyncOnAnotherDaySaysTheDay() {
        let status = makeStatus()
        let text = ValueRecorder(status.text)
        status.showState()
        work.answer(with: outbox(0, SyncOutcome(upToDateAt: nil, pullFailure: "no network", sent: 2)))
        status.showState()
        work.answer(with: outbox(0, SyncOutcome(upToDateAt: Self.now.addingTimeInterval(-86_400 * 3))))
        status.showState()
        work.answer(with: outbox(0, SyncOutcome(upToDateAt: Self.now.addingTimeInterval(-86_400 * 400))))
        status.showState()
        work.answer(with: outbox(0, SyncOutcome()))
        #expect(
            text.values == [
                "", "Sync failed: no network; sent 2 people", "Synced 25 Nov 14:05", "Synced 24 Oct 2025 14:05",
                "Not synced yet",
            ])
    }

    @Test func aSyncBlockedByAnotherProcessSaysSoUntilTheStoreIsReadAgain() {
        let status = makeStatus()
        let text = ValueRecorder(status.text)
        let blocked = ValueRecorder(status.wasBlocked)
        status.syncNow()
        var report = PeopleSyncReport()
        report.blockedByAnotherSync = true
        work.answer(with: .ended(report))
        work.answer(with: outbox(1))
        status.showState()  // the other process's commits: its outcome
        work.answer(with: outbox(0))
        #expect(text.values == ["", "Syncing…", PeopleExchange.blockedText, "Synced at 14:02"])
        #expect(blocked.values == [false, true, false])
    }

    @Test func aSyncSaysWhatItPulledSentAndKeptAsOnTheServerAndASendAloneSaysNothing() {
        let status = makeStatus()
        let news = ValueRecorder(status.news)
        status.syncNow()
        var report = PeopleSyncReport(fetched: 3, posted: 1)
        report.deleted = 1
        report.keptAsOnServer = 1
        work.answer(with: .ended(report))
        work.answer(with: outbox(0))
        status.exchange(fetching: false)
        work.answer(with: .ended(PeopleSyncReport(posted: 1)))
        work.answer(with: outbox(0))
        status.syncNow()
        work.answer(with: .ended(PeopleSyncReport(fetched: 0)))
        work.answer(with: outbox(0))
        #expect(news.values == [PeopleNews("Pulled 3, sent 2; 1 kept as on the server")])
    }

    @Test func aDeleteThatLostToTheServerIsTold() {
        let status = makeStatus()
        let news = ValueRecorder(status.news)
        status.exchange(fetching: false)
        var report = PeopleSyncReport()
        report.deletesKeptByServer = ["Ada Lovelace"]
        work.answer(with: .ended(report))
        work.answer(with: outbox(0))
        status.exchange(fetching: false)
        report.deletesKeptByServer = ["Ada Lovelace", "Grace Hopper", "Alan Turing"]
        work.answer(with: .ended(report))
        work.answer(with: outbox(0))
        #expect(
            news.values == [
                PeopleNews("Ada Lovelace was changed on the server; kept", isProblem: true),
                PeopleNews("Ada Lovelace and 2 more were changed on the server; kept", isProblem: true),
            ])
    }

    @Test func withoutAServerTheHeaderSaysSoAndNothingRuns() {
        let status = makeStatus(hasServer: false)
        status.syncNow()
        status.showState()
        #expect(work.asked.isEmpty)
        #expect(latest(status.text) == PeopleSyncStatusViewModel.noServerText)
    }
}
