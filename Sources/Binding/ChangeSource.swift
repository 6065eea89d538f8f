/// Something a listener can follow for its changes alone, whatever its value's type: every
/// `Dynamic`. A view that redraws on any change of many outputs binds them all at once.
///
/// ```swift
/// tokens = bindChanges(of: [viewModel.title, viewModel.rows, viewModel.isLoading], to: needsDisplay)
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
