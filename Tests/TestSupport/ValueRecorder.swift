import Binding
import Testing

/// Records every value an output takes, starting with the one it has now: a test reads a
/// view-model's outputs as a view does, through `bindAndFire`.
///
/// ```swift
/// let name = ValueRecorder(viewModel.locationName)
/// viewModel.inputLineEdited(.insert("Paris"))
/// viewModel.inputSubmitted()
/// #expect(name.values == ["McGaheysville, VA", "Loading...", "Paris, France"])
/// ```
@MainActor
public final class ValueRecorder<Value> {
    /// Every value in the order the output took it.
    public private(set) var values: [Value] = []
    private var token: BindingToken?

    /// Starts recording `output`.
    public init(_ output: Output<Value>) {
        token = output.bindAndFire { [unowned self] value in
            self.values.append(value)
        }
    }

    /// Starts recording `dynamic` (the Binding module's own tests).
    public convenience init(_ dynamic: Dynamic<Value>) {
        self.init(dynamic.output)
    }

    /// Starts recording `events`: each one told from now on (there is no value before).
    public init(_ events: Events<Value>) {
        token = events.bind { [unowned self] value in
            self.values.append(value)
        }
    }
}

/// The value `output` holds now, read as a view reads it: through `bindAndFire`, the binding
/// ended at once.
///
/// ```swift
/// weather.toggleUnit()
/// #expect(latest(weather.summary) == "Broken clouds - 22℃")
/// ```
@MainActor
public func latest<Value>(_ output: Output<Value>) -> Value {
    var value: Value?
    output.bindAndFire { value = $0 }.cancel()
    return value!
}

/// Returns once `busy` is false: the work a screen runs on live services is shown, as a shell
/// that prints when the screen is no longer busy waits for it. For tests of views and of the
/// command line on live services; a view-model's own tests hold its work (`HeldWork`) instead.
/// Records a failure and returns when it is still busy after 30 s.
@MainActor
public func untilIdle(_ busy: Output<Bool>, sourceLocation: SourceLocation = #_sourceLocation) async {
    do {
        try await yieldUntil("the screen to be idle") { !latest(busy) }
    } catch {
        Issue.record(error, sourceLocation: sourceLocation)
    }
}

/// Returns once `output`'s value meets `condition` (a live suggestion search has answered, say);
/// records a failure and returns when it still does not after 30 s.
@MainActor
public func until<Value>(
    _ output: Output<Value>, sourceLocation: SourceLocation = #_sourceLocation,
    _ condition: (Value) -> Bool
) async {
    do {
        try await yieldUntil("the output to meet the condition") { condition(latest(output)) }
    } catch {
        Issue.record(error, sourceLocation: sourceLocation)
    }
}
