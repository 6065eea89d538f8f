import Binding
import Testing
import TestSupport

/// An output is a `Dynamic`'s read-only face: bound, never read or set.
@MainActor
struct OutputTests {
    @Test func bindAndFireDeliversTheCurrentValueThenEveryNewOne() {
        let value = Dynamic("Loading...")
        let recorder = ValueRecorder(value.output)
        value.value = "Paris, France"
        #expect(recorder.values == ["Loading...", "Paris, France"])
    }

    @Test func bindDeliversOnlyNewValues() {
        let value = Dynamic(1)
        var seen: [Int] = []
        let token = value.output.bind { seen.append($0) }
        value.value = 2
        token.cancel()
        value.value = 3
        #expect(seen == [2])
    }

    @Test func aFaceKeepsNoListenerAliveByItself() {
        let value = Dynamic(1)
        _ = value.output
        #expect(value.listenerCount == 0)
        var token: BindingToken? = value.output.bind { _ in }
        #expect(value.listenerCount == 1)
        token = nil
        #expect(token == nil)
        #expect(value.listenerCount == 0)
    }

    @Test func mapAndDistinctDeriveOutputs() {
        let value = Dynamic(1)
        let doubled = ValueRecorder(value.output.map { $0 * 2 })
        let distinct = ValueRecorder(value.output.distinct())
        for next in [1, 2, 2, 3] { value.value = next }
        #expect(doubled.values == [2, 2, 4, 4, 6])
        #expect(distinct.values == [1, 2, 3])
    }

    @Test func latestReadsTheValueThroughABinding() {
        let value = Dynamic("x")
        #expect(latest(value.output) == "x")
        #expect(value.listenerCount == 0, "the binding ends once read")
    }
}
