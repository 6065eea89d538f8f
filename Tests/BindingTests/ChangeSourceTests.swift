import Binding
import Testing

@MainActor
struct ChangeSourceTests {
    @Test func everyChangeOfEverySourceCallsTheListenerUntilTheTokensGo() {
        let name = Dynamic("Ada")
        let count = Dynamic(0)
        var calls = 0
        var tokens = bindChanges(of: [name, count], to: { calls += 1 })
        name.value = "Grace"
        count.value = 1
        count.value = 2
        #expect(calls == 3)
        tokens.removeAll()
        name.value = "Alan"
        #expect(calls == 3)
    }
}
