import Binding
import Testing
import TestSupport

@MainActor
struct DynamicTests {
    @Test func bindDeliversOnlyFutureValues() {
        let dynamic = Dynamic(1)
        var seen: [Int] = []
        let token = dynamic.bind { seen.append($0) }
        dynamic.value = 2
        dynamic.value = 3
        #expect(seen == [2, 3])
        _ = token
    }

    @Test func bindAndFireDeliversTheCurrentValueAtOnce() {
        let dynamic = Dynamic("a")
        var seen: [String] = []
        let token = dynamic.bindAndFire { seen.append($0) }
        #expect(seen == ["a"])
        dynamic.value = "b"
        #expect(seen == ["a", "b"])
        _ = token
    }

    @Test func everyListenerReceivesEveryValueInBindingOrder() {
        let dynamic = Dynamic(0)
        var log: [String] = []
        let first = dynamic.bind { log.append("first \($0)") }
        let second = dynamic.bind { log.append("second \($0)") }
        dynamic.value = 7
        #expect(log == ["first 7", "second 7"])
        _ = (first, second)
    }

    @Test func settingTheSameValueAgainIsDeliveredAgain() {
        let dynamic = Dynamic(1)
        let recorder = ValueRecorder(dynamic)
        dynamic.value = 1
        #expect(recorder.values == [1, 1])
    }

    @Test func cancelledTokenEndsDelivery() {
        let dynamic = Dynamic(0)
        var seen: [Int] = []
        let token = dynamic.bind { seen.append($0) }
        dynamic.value = 1
        token.cancel()
        dynamic.value = 2
        #expect(seen == [1])
        #expect(!token.isActive)
        #expect(dynamic.listenerCount == 0)
    }

    @Test func releasedTokenEndsDelivery() {
        let dynamic = Dynamic(0)
        var seen: [Int] = []
        var token: BindingToken? = dynamic.bind { seen.append($0) }
        dynamic.value = 1
        #expect(token?.isActive == true)
        token = nil
        dynamic.value = 2
        #expect(seen == [1])
        #expect(dynamic.listenerCount == 0)
    }

    @Test func cancellingOneListenerLeavesTheOthers() {
        let dynamic = Dynamic(0)
        var seen: [String] = []
        let kept = dynamic.bind { seen.append("kept \($0)") }
        let dropped = dynamic.bind { seen.append("dropped \($0)") }
        dropped.cancel()
        dynamic.value = 5
        #expect(seen == ["kept 5"])
        #expect(dynamic.listenerCount == 1)
        _ = kept
    }

    @Test func aViewHoldingItsTokenMakesNoRetainCycle() {
        @MainActor final class View {
            var tokens: [BindingToken] = []
            var text = ""
            init(showing title: Dynamic<String>) {
                title.bindAndFire { [unowned self] in self.text = $0 }.store(in: &tokens)
            }
        }
        let title = Dynamic("Weather")
        var view: View? = View(showing: title)
        weak let weakView = view
        #expect(view?.text == "Weather")
        view = nil
        #expect(weakView == nil)
        title.value = "Movies"
        #expect(title.listenerCount == 0)
    }

    @Test func aTokenKeepsItsDynamicAliveUntilCancelled() {
        var dynamic: Dynamic<Int>? = Dynamic(0)
        weak let weakDynamic = dynamic
        let token = dynamic!.bind { _ in }
        dynamic = nil
        #expect(weakDynamic != nil)
        token.cancel()
        #expect(weakDynamic == nil)
    }

    @Test func aDynamicWithNoListenersIsReleasedWithItsOwner() {
        var dynamic: Dynamic<Int>? = Dynamic(0)
        weak let weakDynamic = dynamic
        var token: BindingToken? = dynamic!.bind { _ in }
        dynamic = nil
        token = nil
        #expect(weakDynamic == nil)
        _ = token
    }

    @Test func valueSetInsideAListenerIsDeliveredAfterTheCurrentPassInOrder() {
        let dynamic = Dynamic(0)
        var log: [String] = []
        let first = dynamic.bind { value in
            log.append("first \(value)")
            if value == 1 { dynamic.value = 2 }
        }
        let second = dynamic.bind { value in log.append("second \(value)") }
        dynamic.value = 1
        #expect(log == ["first 1", "second 1", "first 2", "second 2"])
        #expect(dynamic.value == 2)
        _ = (first, second)
    }

    @Test func severalValuesSetInsideAListenerAreNeverLost() {
        let dynamic = Dynamic(0)
        let recorder = ValueRecorder(dynamic)
        let token = dynamic.bind { value in
            if value == 1 {
                dynamic.value = 2
                dynamic.value = 3
            }
        }
        dynamic.value = 1
        #expect(recorder.values == [0, 1, 2, 3])
        _ = token
    }

    @Test func reentrantDeliveryNeverRecurses() {
        let dynamic = Dynamic(0)
        var depth = 0
        var deepest = 0
        let token = dynamic.bind { value in
            depth += 1
            deepest = max(deepest, depth)
            if value < 100 { dynamic.value = value + 1 }
            depth -= 1
        }
        dynamic.value = 1
        #expect(dynamic.value == 100)
        #expect(deepest == 1)
        _ = token
    }

    @Test func listenerBoundDuringAPassGetsTheCurrentValueOnceThenLaterOnes() {
        let dynamic = Dynamic(0)
        var late: [Int] = []
        var lateToken: BindingToken?
        let token = dynamic.bind { value in
            if value == 1 {
                dynamic.value = 2
                lateToken = dynamic.bindAndFire { late.append($0) }
            }
        }
        dynamic.value = 1
        dynamic.value = 3
        #expect(late == [2, 3])
        _ = (token, lateToken)
    }

    @Test func listenerCancelledDuringAPassGetsNothingMore() {
        let dynamic = Dynamic(0)
        var seen: [Int] = []
        var second: BindingToken?
        let first = dynamic.bind { _ in second?.cancel() }
        second = dynamic.bind { seen.append($0) }
        dynamic.value = 1
        #expect(seen.isEmpty)
        _ = first
    }
}
