import Screens

/// The view of one tab's screen: it draws the screen's region and answers the screen's keys.
///
/// A screen view subscribes to its view-model with `bindAndFire` and calls `needsDisplay`
/// when an output changes; the shell then draws one frame for the whole event turn.
@MainActor
public protocol ScreenView: AnyObject {
    /// The view-model that takes the input line's text, for a screen that has one.
    var inputLineUser: InputLineUser? { get }
    /// Draws the screen inside `rect`.
    func draw(into surface: Surface, in rect: Rect)
    /// Answers a key the shell did not take; returns false when the screen has no use for it.
    func handle(_ key: Key) -> Bool
}
