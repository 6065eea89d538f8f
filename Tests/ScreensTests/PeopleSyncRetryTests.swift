import Binding
import Foundation
import Models
@testable import Screens
import Testing
import TestSupport

/// The People screen tries the server again by itself only while something waits to be sent
/// after the server could not be reached: 5 s after, then twice as long each time, up to 5 min;
/// no wait is armed otherwise, so an idle program has no timer.
@MainActor
struct PeopleSyncRetryTests: PeopleTesting {
    let store = InMemoryPeopleStore()
    let preferences = InMemoryPreferences()
    let files = InMemoryTextFiles()
    let work = HeldWork<PeopleExchange.Work, PeopleExchange.Answer>()

    /// 2026-11-28 14:05 UTC, the time the outbox is read at; the book was up to date at 14:02.
    static let now = Date(timeIntervalSince1970: 1_795_874_700)
    static let synced = SyncOutcome(upToDateAt: now.addingTimeInterval(-180))
    /// The last exchange could not reach the server, as the store keeps it.
    static let unreached = SyncOutcome(upToDateAt: synced.upToDateAt, sendFailure: PeopleAPIError.noNetwork.message)

    /// The outbox's answer: what waits, and how the last exchange went.
    private func outbox(_ waiting: Int, _ outcome: SyncOutcome = synced) -> PeopleExchange.Answer {
        .outbox(waiting: waiting, lastError: nil, outcome: outcome, now: Self.now)
    }

    private func makeStatus() -> PeopleSyncStatusViewModel {
        let status = PeopleSyncStatusViewModel(hasServer: true, runner: work, storeIsOpen: Dynamic(true).output)
        return status
    }

    // MARK: - The backoff alone

    @Test func theWaitDoublesFromFiveSecondsToFiveMinutesAndStartsOverOnceNothingWaits() {
        var retry = PeopleRetry()
        let waits = (0..<8).map { _ in retry.delay(afterExchangeWith: .noNetwork, waiting: 1) }
        #expect(waits == [5, 10, 20, 40, 80, 160, 300, 300].map { .seconds($0) })
        #expect(retry.delay(afterExchangeWith: nil, waiting: 0) == nil)
        #expect(retry.delay(afterExchangeWith: .timedOut, waiting: 2) == .seconds(5))
    }

    @Test func onlyANetworkFailureWithSomethingWaitingIsTriedAgain() {
        var retry = PeopleRetry()
        #expect(retry.delay(afterExchangeWith: .noNetwork, waiting: 0) == nil, "nothing waits")
        #expect(retry.delay(afterExchangeWith: .unauthorized(account: "ada@host"), waiting: 1) == nil, "a refused password stays refused")
        #expect(retry.delay(afterExchangeWith: .serverError(status: 500), waiting: 1) == nil)
        #expect(retry.delay(afterExchangeWith: .failed("the CA file … does not exist"), waiting: 1) == nil)
        #expect(retry.delay(afterExchangeWith: nil, waiting: 1) == nil)
    }

    // MARK: - The exchange

    @Test func whatWaitsAfterTheServerCouldNotBeReachedIsSentAgainWhenItAnswers() {
        let status = makeStatus()
        let text = ValueRecorder(status.text)
        status.exchange(fetching: false)
        work.answer(with: .ended(PeopleSyncReport(postError: .noNetwork)))
        work.answer(with: outbox(1, Self.unreached))
        #expect(work.pending == [.wait(.seconds(5))])
        work.answer(with: .due)
        work.answer(with: .ended(PeopleSyncReport(fetchError: .noNetwork, postError: .noNetwork)))
        work.answer(with: outbox(1, Self.unreached))
        #expect(work.pending == [.wait(.seconds(10))])
        work.answer(with: .due)
        work.answer(with: .ended(PeopleSyncReport(fetched: 0, posted: 1)))
        work.answer(with: outbox(0))
        #expect(
            work.asked == [
                .exchange(fetching: false), .readOutbox, .wait(.seconds(5)),
                .exchange(fetching: true), .readOutbox, .wait(.seconds(10)),
                .exchange(fetching: true), .readOutbox,
            ])
        #expect(work.pending.isEmpty, "sent: no wait is left")
        let waiting = "1 person waiting to be sent: \(PeopleAPIError.noNetwork.message)"
        #expect(text.values == ["", "Sending…", waiting, "Syncing…", waiting, "Syncing…", "Synced at 14:02"])
    }

    @Test func noWaitIsArmedWhenNothingWaitsOrTheFailureIsNotTheNetworks() {
        let status = makeStatus()
        status.syncNow()
        work.answer(with: .ended(PeopleSyncReport(fetchError: .noNetwork)))
        work.answer(with: outbox(0))
        status.exchange(fetching: false)
        work.answer(with: .ended(PeopleSyncReport(postError: .unauthorized(account: "ada@host"))))
        work.answer(with: outbox(1, Self.unreached))
        #expect(work.asked == [.exchange(fetching: true), .readOutbox, .exchange(fetching: false), .readOutbox])
        #expect(work.pending.isEmpty)
    }

    @Test func anExchangeAskedForDuringTheWaitDisarmsItAndItsEndDecidesAgain() {
        let status = makeStatus()
        status.exchange(fetching: false)
        work.answer(with: .ended(PeopleSyncReport(postError: .timedOut)))
        work.answer(with: outbox(2, Self.unreached))
        let wait = work.id(ofAsked: 2)
        status.syncNow()  // r
        #expect(work.cancelled == [wait])
        work.answer(with: .ended(PeopleSyncReport(postError: .timedOut)))
        work.answer(with: outbox(2, Self.unreached))
        #expect(work.pending == [.wait(.seconds(10))], "still unreachable: the next wait is longer")
        work.answer(with: .due)
        work.answer(with: .ended(PeopleSyncReport(posted: 2)))
        work.answer(with: outbox(0))
        #expect(work.pending.isEmpty)
        status.exchange(fetching: false)
        work.answer(with: .ended(PeopleSyncReport(postError: .noNetwork)))
        work.answer(with: outbox(1, Self.unreached))
        #expect(work.pending == [.wait(.seconds(5))], "after a sync that sent, the waits start over")
        work.answer(with: .due)
        work.answer(with: .ended(PeopleSyncReport(posted: 1)))
        work.answer(with: outbox(0))
    }

    @Test func theWaitIsDisarmedWhenNothingWaitsAnyMore() {
        let status = makeStatus()
        status.exchange(fetching: false)
        work.answer(with: .ended(PeopleSyncReport(postError: .noNetwork)))
        work.answer(with: outbox(1, Self.unreached))
        let wait = work.id(ofAsked: 2)
        status.showState()  // the person waiting was deleted before it was ever sent
        work.answer(with: outbox(0))
        #expect(work.cancelled == [wait])
        #expect(work.pending.isEmpty)
    }

    // MARK: - The live steps

    @Test func theLiveWaitIsATimerOnTheSchedulerAndOnlyWhileItWaits() async throws {
        let scheduler = TestScheduler()
        let alan = Person(id: "alan", firstName: "Alan", lastName: "Turing")
        try store.add(alan)
        let api = ScriptedPeopleAPI()
        api.failFetches(with: .noNetwork)
        api.failPosts(of: "alan", with: .noNetwork)
        let people = PeopleListViewModel(
            openStore: { [store] in store }, openPreferences: { [preferences] in preferences },
            api: api, files: files, queue: InlineQueue(), today: { Self.today }, now: { .testNow },
            retryScheduler: scheduler)
        #expect(scheduler.waitingCount == 0)
        people.screenAppeared()
        await untilIdle(people.isBusy)
        #expect(latest(people.syncStatus.text).contains("1 person waiting to be sent"))
        #expect(scheduler.waitingCount == 2, "the wait, and the list's midnight")

        scheduler.advance(by: .seconds(4))
        #expect(api.attemptedPosts == ["alan"], "not tried before its 5 s")
        api.failFetches(with: nil)
        api.failPosts(of: "alan", with: nil)
        scheduler.advance(by: .seconds(1))
        await untilIdle(people.isBusy)
        #expect(latest(people.syncStatus.text).hasPrefix("Synced"))
        #expect(api.known == [alan])
        #expect(scheduler.waitingCount == 1, "sent: no timer is left but the list's midnight")
    }
}
