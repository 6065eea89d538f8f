/// Something a listener can follow for its changes alone, whatever its value's type: every
/// `Dynamic` and every `Output`. A listener that needs to know only that one of many values
/// changed binds them all at once. (The screen views do not: each binds every output it draws
/// into its `Drawn` value.)
///
/// ```swift
/// let name = Dynamic("Paris"), degrees = Dynamic(21)
/// var changes = 0
/// let tokens = bindChanges(of: [name, degrees.output]) { changes += 1 }
/// degrees.value = 22                                    // changes == 1
/// ```
@MainActor
public protocol ChangeSource: AnyObject {
    /// Calls `listener` after every new value, until the token is cancelled or released.
    func bindChange(_ listener: @escaping @MainActor () -> Void) -> BindingToken
}

extension Dynamic: ChangeSource {
    public func bindChange(_ listener: @escaping @MainActor () -> Void) -> BindingToken {
        bind { _ in listener() }
    }
}

/// Binds `listener` to every one of `sources`; keep the tokens as long as it should be called.
@MainActor
public func bindChanges(of sources: [any ChangeSource], to listener: @escaping @MainActor () -> Void) -> [BindingToken] {
    sources.map { $0.bindChange(listener) }
}
