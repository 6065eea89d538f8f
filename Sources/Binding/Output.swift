/// The read-only face of a ``Dynamic``: what a view-model publishes. It can be bound and
/// nothing else — no value to read, none to set — so a view or a test learns an output's value
/// only through a binding, and only the view-model, which keeps the writable `Dynamic` private,
/// can change it. The compiler, not a convention, keeps the one path from view-model to screen.
///
/// ```swift
/// @MainActor final class TapCounter {
///     let text: Output<String>          // what views bind
///     private let taps = Dynamic(0)     // what the view-model sets, and keeps private
///     init() { text = taps.map { "Taps: \($0)" }.distinct().output }
///     func tapped() { taps.value += 1 }
/// }
///
/// // A view binds the output into the value it draws (`Drawn.bind` does this in every screen view):
/// let counter = TapCounter()
/// var shown = ""
/// let token = counter.text.bindAndFire { shown = $0 }   // "Taps: 0" at once
/// counter.tapped()                                      // "Taps: 1"
/// ```
@MainActor
public final class Output<Value> {
    private let source: Dynamic<Value>

    /// The face of `source`.
    init(_ source: Dynamic<Value>) {
        self.source = source
    }

    /// Calls `listener` with every value set from now on.
    public func bind(_ listener: @escaping @MainActor (Value) -> Void) -> BindingToken {
        source.bind(listener)
    }

    /// Calls `listener` with the current value at once, then with every value set from now on.
    public func bindAndFire(_ listener: @escaping @MainActor (Value) -> Void) -> BindingToken {
        source.bindAndFire(listener)
    }

    /// An output that is always `transform` of this one.
    public func map<Result>(_ transform: @escaping @MainActor (Value) -> Result) -> Output<Result> {
        source.map(transform).output
    }
}

extension Output where Value: Equatable {
    /// An output that changes only when this one changes to something different.
    public func distinct() -> Output<Value> {
        source.distinct().output
    }
}

extension Dynamic {
    /// The read-only face of this value, for a view-model to publish.
    public var output: Output<Value> {
        Output(self)
    }
}
