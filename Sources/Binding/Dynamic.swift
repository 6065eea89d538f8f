/// A value that tells its listeners every time it is set.
///
/// ```swift
/// let name = Dynamic("Loading...")
/// let token = name.bindAndFire { print($0) }   // prints "Loading..." now
/// name.value = "Paris, France"                  // prints "Paris, France"
/// token.cancel()                                // nothing more is delivered
/// ```
///
/// A listener is delivered to for as long as its ``BindingToken`` lives: keep the token (a view
/// keeps the tokens of what it shows) and let it go, or cancel it, to stop. The `Dynamic` holds
/// its tokens weakly and a token holds its `Dynamic`, so a view that keeps its token makes no
/// retain cycle, and a derived value (`viewModel.name.map { … }`) lives as long as its listener.
///
/// A value set from inside a listener is delivered after the current pass, to every listener,
/// in the order the values were set: never recursively and never lost.
@MainActor
public final class Dynamic<Value> {
    // MARK: - State

    private var storage: Value
    private var listeners: [WeakListener] = []
    private var pending: [(sequence: UInt64, value: Value)] = []
    private var sequence: UInt64 = 0
    private var isDelivering = false
    /// Tokens and helpers a derived `Dynamic` keeps alive for as long as it lives.
    private var retained: [AnyObject] = []

    /// Creates a dynamic value holding `value`; nothing is delivered until it is set again.
    public init(_ value: Value) {
        storage = value
    }

    // MARK: - Inputs

    /// The current value; setting it delivers the new value to every listener.
    public var value: Value {
        get { storage }
        set { publish(newValue) }
    }

    // MARK: - Listening

    /// Calls `listener` with every value set from now on.
    public func bind(_ listener: @escaping @MainActor (Value) -> Void) -> BindingToken {
        let token = Listener(source: self, handler: listener, since: sequence)
        listeners.append(WeakListener(listener: token))
        return token
    }

    /// Calls `listener` with the current value at once, then with every value set from now on.
    public func bindAndFire(_ listener: @escaping @MainActor (Value) -> Void) -> BindingToken {
        let token = bind(listener)
        listener(storage)
        return token
    }

    /// The number of listeners whose tokens are still alive and not cancelled, for the tests.
    package var listenerCount: Int {
        listeners.count { $0.listener?.handler != nil }
    }

    /// Keeps `object` alive for as long as this value lives (the upstream token of an operator).
    func retain(_ object: AnyObject) {
        retained.append(object)
    }

    // MARK: - Delivery

    private func publish(_ newValue: Value) {
        storage = newValue
        sequence &+= 1
        pending.append((sequence, newValue))
        guard !isDelivering else { return }
        isDelivering = true
        Delivery.begin()
        defer { Delivery.end() }
        var index = 0
        while index < pending.count {
            let (valueSequence, value) = pending[index]
            index += 1
            for entry in listeners {
                guard let listener = entry.listener, let handler = listener.handler,
                    listener.since < valueSequence
                else { continue }
                handler(value)
            }
        }
        pending.removeAll(keepingCapacity: true)
        listeners.removeAll { $0.listener?.handler == nil }
        isDelivering = false
    }

    private struct WeakListener {
        weak var listener: Listener?
    }

    private final class Listener: BindingToken {
        /// The value listened to, kept alive by its listener.
        private var source: Dynamic<Value>?
        var handler: (@MainActor (Value) -> Void)?
        /// The sequence number of the last value this listener already has (or must not get).
        let since: UInt64

        init(source: Dynamic<Value>, handler: @escaping @MainActor (Value) -> Void, since: UInt64) {
            self.source = source
            self.handler = handler
            self.since = since
        }

        override func cancel() {
            handler = nil
            source = nil
        }

        override var isActive: Bool { handler != nil }
    }
}

/// Whether any `Dynamic` is delivering a value, and what waits for every delivery to end.
@MainActor
enum Delivery {
    private static var depth = 0
    private static var waiting: [@MainActor () -> Void] = []
    /// Whether what waits is being run: a delivery one of them starts leaves the rest to this run.
    private static var isDraining = false

    static func begin() {
        depth += 1
    }

    /// Ends one delivery; the last to end runs what waits, in order, each whole before the next
    /// (what one sets is delivered before the next runs).
    static func end() {
        depth -= 1
        guard depth == 0, !isDraining else { return }
        isDraining = true
        defer { isDraining = false }
        while !waiting.isEmpty {
            waiting.removeFirst()()
        }
    }

    static func afterwards(_ action: @escaping @MainActor () -> Void) {
        guard depth > 0 else { return action() }
        waiting.append(action)
    }
}

/// Runs `action` once every value set so far has reached every listener of every `Dynamic`: at
/// once when none is being delivered, else when the outermost delivery ends. A listener that must
/// see a view-model's other outputs as they stand after one change (a printout that writes when
/// the screen is no longer busy) waits so, and needs no order among the outputs.
///
/// ```swift
/// let busy = Dynamic(true), rows = Dynamic([String]())
/// var printed: [String] = []
/// let tokens = [
///     busy.bind { _ in afterDelivery { printed = rows.value } },  // bound first, reads after
///     busy.bind { _ in rows.value = ["Ada"] },
/// ]
/// busy.value = false                                             // printed == ["Ada"]
/// ```
@MainActor
public func afterDelivery(_ action: @escaping @MainActor () -> Void) {
    Delivery.afterwards(action)
}

/// Sets what `body` sets as one delivery: what waits for delivery (``afterDelivery(_:)``) runs
/// once `body` has set every value, never between two of them. A screen that tells an event and
/// then sets the state it leads to does both in one.
///
/// ```swift
/// let (told, tell) = Events<String>.pipe()
/// let state = Dynamic(0)
/// var seen: [Int] = []
/// let token = told.bind { _ in afterDelivery { seen.append(state.value) } }
/// inOneDelivery {
///     tell("saved")
///     state.value = 1
/// }                                             // seen == [1]
/// ```
@MainActor
public func inOneDelivery(_ body: () -> Void) {
    Delivery.begin()
    defer { Delivery.end() }
    body()
}
