import Binding

/// What a view draws, as its view-model's outputs last delivered it: the view binds each output
/// it shows with `bindAndFire` into one field of its `State` (the screen's content value), and
/// `draw` draws `state` alone. A
/// value on screen is thus one step from the field that drew it, one from the binding that set
/// the field, and one from the output it came from; an output left unbound stays blank, which
/// the view's grid test sees.
///
/// ```swift
/// func content(of viewModel: MovieSearchViewModel, needsDisplay: @escaping @MainActor () -> Void) -> Drawn<SearchContent> {
///     let drawn = Drawn(SearchContent(), needsDisplay: needsDisplay)
///     drawn.bind(viewModel.news, to: \.news)
///     drawn.bind(viewModel.rows, to: \.list.rows)
///     return drawn   // the view's draw(into:in:) is drawn.state.draw(into:in:): the value alone draws the screen
/// }
/// ```
@MainActor
final class Drawn<State> {
    /// What the bindings delivered last.
    private(set) var state: State
    private let needsDisplay: @MainActor () -> Void
    private var tokens: [BindingToken] = []

    /// Starts from `initial`; `needsDisplay` asks for a frame after each delivery.
    init(_ initial: State, needsDisplay: @escaping @MainActor () -> Void) {
        state = initial
        self.needsDisplay = needsDisplay
    }

    /// Keeps every value of `output`, the current one first, in `field`, and asks for a frame.
    func bind<Value>(_ output: Output<Value>, to field: WritableKeyPath<State, Value>) {
        output.bindAndFire { [unowned self] value in
            state[keyPath: field] = value
            needsDisplay()
        }.store(in: &tokens)
    }
}
