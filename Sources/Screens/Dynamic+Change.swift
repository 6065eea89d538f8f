import Binding

extension Dynamic where Value: Equatable {
    /// Sets the value only when it differs, so an output's history holds its changes only.
    func change(to newValue: Value) {
        if value != newValue { value = newValue }
    }
}
