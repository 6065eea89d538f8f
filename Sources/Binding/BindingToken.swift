/// Keeps a listener of a ``Dynamic`` alive: delivery ends when the token is cancelled or released.
@MainActor
public class BindingToken {
    init() {}

    /// Stops delivery to the listener at once.
    public func cancel() {}

    /// Whether the listener still receives values.
    public var isActive: Bool { false }

    /// Adds the token to `bag`, the usual way an owner keeps all of its tokens.
    public func store(in bag: inout [BindingToken]) {
        bag.append(self)
    }
}
