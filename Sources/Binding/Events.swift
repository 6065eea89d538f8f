/// Something a view-model tells as it happens, rather than a value it holds: a player's move
/// made, a question answered. A listener hears each event once, when it is sent, and one bound
/// later hears none of those before; there is no current value to fire, so a stream of events has
/// `bind` and no `bindAndFire`.
///
/// It is how a child view-model talks to its parent: the child keeps the `send` half of a
/// ``pipe()`` private and publishes the events; the parent binds it when it builds the child.
///
/// ```swift
/// @MainActor final class Player {
///     let moveMade: Events<String>              // what the parent binds
///     private let sendMove: @MainActor (String) -> Void
///     init() { (moveMade, sendMove) = Events.pipe() }
///     func onePointMove() { sendMove("1pt") }   // an input, told to the parent
/// }
/// let player = Player()
/// let token = player.moveMade.bind { print($0) }
/// player.onePointMove()                         // prints "1pt"
/// ```
///
/// Events are delivered as a ``Dynamic``'s values are: one sent from inside a listener is
/// delivered after the current one, to every listener, in order.
@MainActor
public final class Events<Value> {
    private let source = Dynamic<Value?>(nil)

    private init() {}

    /// A new stream of events, and the function that sends one on it, for its owner to keep private.
    public static func pipe() -> (events: Events<Value>, send: @MainActor (Value) -> Void) {
        let events = Events()
        return (events, { [source = events.source] in source.value = $0 })
    }

    /// Calls `listener` with every event sent from now on.
    public func bind(_ listener: @escaping @MainActor (Value) -> Void) -> BindingToken {
        source.bind { event in
            if let event { listener(event) }
        }
    }
}
