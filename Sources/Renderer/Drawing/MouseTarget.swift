/// Cells on screen that answer the mouse, and what a click or a turn of the wheel asks there.
///
/// A view marks its targets while it draws, from the same layout it draws with, so a target
/// always covers what the view put on screen (no coordinate is written twice). A target holds
/// a value, not code: the shell's `Command`, or an action of the screen that drew it, which the
/// shell hands back to that screen. The surface keeps the targets of the frame it holds; the
/// shell answers a click with the last one marked under the pointer (drawn on top), and the wheel
/// over any list marked there with the screen's `scroll(by:)`.
///
/// ```swift
/// func drawStart(into surface: Surface, row: Int, column: Int) {
///     let end = surface.draw("[ Start ]", row: row, column: column)   // the cells drawn are the cells marked
///     surface.mark(Rect(row: row, column: column, width: end - column, height: 1), action: ScoreboardView.Action.startPause)
/// }
/// ```
public struct MouseTarget: Sendable {
    /// What a left click asks.
    public enum Click: Sendable {
        /// A command of the shell's: open a tab, put the input line's cursor.
        case shell(Command)
        /// An action of the open screen's view.
        case screen(any Hashable & Sendable)
    }

    /// The cells it covers.
    public let rect: Rect
    /// What a left click on it asks; nil when a click does nothing there.
    public let click: Click?
    /// Whether the wheel over it moves the screen's list (``ScreenView/scroll(by:)``).
    public let scrolls: Bool

    /// A target over `rect`.
    public init(rect: Rect, click: Click?, scrolls: Bool = false) {
        self.rect = rect
        self.click = click
        self.scrolls = scrolls
    }

    /// Whether `position` is one of its cells.
    public func contains(_ position: Position) -> Bool {
        position.row >= rect.row && position.row < rect.bottom && position.column >= rect.column && position.column < rect.right
    }
}

extension Surface {
    /// Marks `rect` as giving the shell's `command` on a click.
    public func mark(_ rect: Rect, command: Command) {
        mouseTargets.append(MouseTarget(rect: rect, click: .shell(command)))
    }

    /// Marks `rect` as asking the screen for `action` on a click.
    public func mark<Action: Hashable & Sendable>(_ rect: Rect, action: Action) {
        mouseTargets.append(MouseTarget(rect: rect, click: .screen(action)))
    }

    /// Marks `rect` as a list the wheel moves through.
    public func markWheel(_ rect: Rect) {
        mouseTargets.append(MouseTarget(rect: rect, click: nil, scrolls: true))
    }

    /// Marks a list drawn one item a row in `rect`, from the item at `first`, `count` of them in
    /// view: the wheel over it moves through it, and a click on an item asks for `choose` of its
    /// index (the screen selects it, or does what Enter does when it is selected already).
    public func markList<Action: Hashable & Sendable>(in rect: Rect, first: Int, count: Int, choose: (Int) -> Action) {
        markWheel(rect)
        for offset in 0..<max(0, min(count, rect.height)) {
            mark(Rect(row: rect.row + offset, column: rect.column, width: rect.width, height: 1), action: choose(first + offset))
        }
    }
}
