import Binding
import Screens

/// The view of one tab's screen: it draws the screen's region and answers the screen's keys.
///
/// A screen view binds its view-model's outputs with `bindAndFire` into the value it draws
/// (`WeatherContent`, …) and calls `needsDisplay` when one changes; the shell then draws one
/// frame for the whole event turn. Its keys are its own: `keys` maps them to its `Action`s in
/// the scopes it declares, and `keyScopes` says which of them apply now. What the mouse reaches
/// is marked with the same actions while the value draws.
@MainActor
public protocol ScreenView: AnyObject {
    /// What the screen's keys and mouse targets ask of it.
    associatedtype Action: Hashable & Sendable = Never
    /// The screen's keys: the help, the status line and Docs/Keys.md read them too.
    static var keys: KeyTable<Action> { get }
    /// The view-model that owns the input line (its text, cursor and focus), for a screen that has one.
    var inputLineUser: InputLineUser? { get }
    /// Draws the screen inside `rect`.
    func draw(into surface: Surface, in rect: Rect)
    /// The scopes of `keys` that apply as the screen is now (a question it asks, a list it shows…).
    var keyScopes: [KeyScope] { get }
    /// Does what a key or a mouse target asks.
    func perform(_ action: Action)
    /// The wheel turned over the list the screen marked (``Surface/markWheel(_:)``), by `rows`
    /// (negative: up).
    func scroll(by rows: Int)
    /// The screen came into view (true) or went out of it (false).
    func setVisible(_ visible: Bool)
    /// The screen will draw in `rect` from now on (at start and after a resize), before it draws.
    func layout(in rect: Rect)
    /// The view-model's busy output, which turns the tab bar's spinner; nil for a screen with none.
    var isBusy: Output<Bool>? { get }
}

extension ScreenView {
    public var keyScopes: [KeyScope] { [] }
    public func scroll(by rows: Int) {}
    public func setVisible(_ visible: Bool) {}
    public func layout(in rect: Rect) {}
    public var isBusy: Output<Bool>? { nil }

    /// Answers `key` when the screen's table binds it in `scope`.
    func answer(_ key: Key, in scope: KeyScope) -> Bool {
        guard let action = Self.keys.action(for: key, in: scope) else { return false }
        perform(action)
        return true
    }

    /// Does what a mouse target marked with one of the screen's actions asks.
    func perform(marked action: any Hashable & Sendable) {
        guard let action = action as? Action else {
            return assertionFailure("\(Self.self) marked a target with \(type(of: action)), not its own Action")
        }
        perform(action)
    }

    /// The words of the screen's keys, for the help.
    var keyLines: [KeyLine] { Self.keys.lines }

    /// The status line's keys in `scope`.
    func hints(in scope: KeyScope) -> [StatusHint] {
        Self.keys.hints(in: scope)
    }

    /// Every key the screen binds in `scope`.
    func keys(in scope: KeyScope) -> Set<Key> {
        Self.keys.keys(in: scope)
    }
}

extension KeyScope {
    /// While a screen asks a yes-or-no question (the Scoreboard's new game, People's delete): a
    /// scope screens share, each binding the same keys in it (`KeyTablesTests`).
    public static let confirmation = KeyScope("When asked to confirm")
}

extension ScreenView where Action == Never {
    public static var keys: KeyTable<Never> { KeyTable([]) }
    public func perform(_ action: Never) {}
}
