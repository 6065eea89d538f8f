import Binding
import Screens

/// The view of one tab's screen: it draws the screen's region and answers the screen's keys.
///
/// A screen view subscribes to its view-model with `bindAndFire` and calls `needsDisplay`
/// when an output changes; the shell then draws one frame for the whole event turn.
@MainActor
public protocol ScreenView: AnyObject {
    /// The view-model that owns the input line (its text, cursor and focus), for a screen that has one.
    var inputLineUser: InputLineUser? { get }
    /// Draws the screen inside `rect`.
    func draw(into surface: Surface, in rect: Rect)
    /// The keymap scopes of the screen as it is now (its own keys, a question it asks…).
    var keyScopes: [KeyScope] { get }
    /// Carries out a command from the screen's keys.
    func perform(_ command: ScreenCommand)
    /// Answers a key the keymap does not know; returns false when the screen has no use for it.
    func handle(_ key: Key) -> Bool
    /// The screen came into view (true) or went out of it (false).
    func setVisible(_ visible: Bool)
    /// The screen will draw in `rect` from now on (at start and after a resize), before it draws.
    func layout(in rect: Rect)
    /// The view-model's busy output, which turns the tab bar's spinner; nil for a screen with none.
    var isBusy: Output<Bool>? { get }
}

extension ScreenView {
    public var keyScopes: [KeyScope] { [] }
    public func perform(_ command: ScreenCommand) {}
    public func handle(_ key: Key) -> Bool { false }
    public func setVisible(_ visible: Bool) {}
    public func layout(in rect: Rect) {}
    public var isBusy: Output<Bool>? { nil }
}
