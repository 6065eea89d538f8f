import Binding

extension Output {
    /// The value the output holds now, as `bindAndFire` hands it to a view.
    @MainActor var current: Value {
        var value: Value?
        let token = bindAndFire { value = $0 }
        token.cancel()
        return value!
    }
}
