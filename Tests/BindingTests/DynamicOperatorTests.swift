import Binding
import Testing
import TestSupport

@MainActor
struct DynamicOperatorTests {
    @Test func mapFollowsTheSourceFromItsCurrentValue() {
        let celsius = Dynamic(20)
        let text = celsius.map { "\($0)℃" }
        let recorder = ValueRecorder(text)
        celsius.value = 21
        #expect(recorder.values == ["20℃", "21℃"])
    }

    @Test func mappedValueStopsFollowingOnceReleased() {
        let source = Dynamic(1)
        var mapped: Dynamic<Int>? = source.map { $0 * 2 }
        weak let weakMapped = mapped
        mapped = nil
        #expect(weakMapped == nil)
        source.value = 2
        #expect(source.listenerCount == 0)
    }

    @Test func distinctSkipsEqualValues() {
        let source = Dynamic("a")
        let distinct = source.distinct()
        let recorder = ValueRecorder(distinct)
        source.value = "a"
        source.value = "b"
        source.value = "b"
        source.value = "a"
        #expect(recorder.values == ["a", "b", "a"])
    }

    @Test func throttlePassesTheFirstChangeAtOnceAndTheLatestAtTheIntervalEnd() {
        let scheduler = TestScheduler()
        let query = Dynamic("")
        let throttled = query.throttle(.milliseconds(300), on: scheduler)
        let recorder = ValueRecorder(throttled)
        query.value = "s"
        scheduler.advance(by: .milliseconds(50))
        query.value = "st"
        scheduler.advance(by: .milliseconds(50))
        query.value = "sta"
        scheduler.advance(by: .milliseconds(50))
        query.value = "star"
        #expect(recorder.values == ["", "s"])
        scheduler.advance(by: .milliseconds(149))
        #expect(recorder.values == ["", "s"])
        scheduler.advance(by: .milliseconds(1))
        #expect(recorder.values == ["", "s", "star"])
        #expect(scheduler.waitingCount == 0)
    }

    @Test func throttleStartsANewIntervalAfterPassingTheHeldValue() {
        let scheduler = TestScheduler()
        let source = Dynamic(0)
        let recorder = ValueRecorder(source.throttle(.seconds(1), on: scheduler))
        source.value = 1
        source.value = 2
        scheduler.advance(by: .seconds(1))
        source.value = 3
        #expect(recorder.values == [0, 1, 2])
        scheduler.advance(by: .seconds(1))
        #expect(recorder.values == [0, 1, 2, 3])
    }

    @Test func throttleAfterAQuietIntervalPassesAtOnce() {
        let scheduler = TestScheduler()
        let source = Dynamic(0)
        let recorder = ValueRecorder(source.throttle(.seconds(1), on: scheduler))
        source.value = 1
        scheduler.advance(by: .seconds(5))
        source.value = 2
        #expect(recorder.values == [0, 1, 2])
        #expect(scheduler.waitingCount == 0)
    }

    @Test func throttleWithoutLatestDropsHeldValues() {
        let scheduler = TestScheduler()
        let source = Dynamic(0)
        let recorder = ValueRecorder(source.throttle(.seconds(1), on: scheduler, latest: false))
        source.value = 1
        source.value = 2
        scheduler.advance(by: .seconds(2))
        source.value = 3
        #expect(recorder.values == [0, 1, 3])
    }

    @Test func releasedThrottleCancelsItsTimer() {
        let scheduler = TestScheduler()
        let source = Dynamic(0)
        var throttled: Dynamic<Int>? = source.throttle(.seconds(1), on: scheduler)
        source.value = 1
        source.value = 2
        #expect(scheduler.waitingCount == 1)
        throttled = nil
        #expect(scheduler.waitingCount == 0)
        _ = throttled
    }

}

@MainActor
struct TestSchedulerTests {
    @Test func advanceRunsDueActionsInOrderOfTheirTimes() {
        let scheduler = TestScheduler()
        var log: [String] = []
        let late = scheduler.schedule(after: .seconds(2)) { log.append("late at \(scheduler.now)") }
        let early = scheduler.schedule(after: .seconds(1)) { log.append("early at \(scheduler.now)") }
        scheduler.advance(by: .seconds(3))
        #expect(log == ["early at 1.0 seconds", "late at 2.0 seconds"])
        #expect(scheduler.now == .seconds(3))
        _ = (late, early)
    }

    @Test func cancelledActionNeverRuns() {
        let scheduler = TestScheduler()
        var ran = false
        let action = scheduler.schedule(after: .seconds(1)) { ran = true }
        action.cancel()
        scheduler.advance(by: .seconds(2))
        #expect(!ran)
    }
}
