import Binding

/// Records every value a ``Dynamic`` output takes, starting with the one it has now.
///
/// ```swift
/// let name = ValueRecorder(viewModel.locationName)
/// viewModel.changeLocation(to: "Paris")
/// #expect(name.values == ["McGaheysville, VA", "Loading...", "Paris, France"])
/// ```
@MainActor
public final class ValueRecorder<Value> {
    /// Every value in the order the output took it.
    public private(set) var values: [Value] = []
    private var token: BindingToken?

    /// Starts recording `dynamic`.
    public init(_ dynamic: Dynamic<Value>) {
        token = dynamic.bindAndFire { [unowned self] value in
            self.values.append(value)
        }
    }

    /// The most recent value.
    public var lastValue: Value? { values.last }

    /// Forgets the values recorded so far (recording goes on).
    public func reset() {
        values.removeAll()
    }
}
