/// Cells on screen that answer the mouse, and what a click or a turn of the wheel does there.
///
/// A view marks its targets while it draws, from the same layout it draws with, so a target
/// always covers what the view put on screen (no coordinate is written twice). The surface keeps
/// the targets of the frame it holds; the shell sends a click or the wheel to the last one
/// marked under the pointer (drawn on top).
///
/// ```swift
/// let end = surface.draw("[ Start ]", row: row, column: column)
/// surface.mark(Rect(row: row, column: column, width: end - column, height: 1)) { viewModel.toggleClock() }
/// ```
public struct MouseTarget {
    /// The cells it covers.
    public let rect: Rect
    /// What a left click on it does; nil when a click does nothing there.
    public let click: (@MainActor (Position) -> Void)?
    /// What the wheel does over it, with the rows to move (negative: up); nil when it does nothing.
    public let wheel: (@MainActor (Int) -> Void)?

    /// A target over `rect`.
    public init(rect: Rect, click: (@MainActor (Position) -> Void)?, wheel: (@MainActor (Int) -> Void)? = nil) {
        self.rect = rect
        self.click = click
        self.wheel = wheel
    }

    /// Whether `position` is one of its cells.
    public func contains(_ position: Position) -> Bool {
        position.row >= rect.row && position.row < rect.bottom && position.column >= rect.column && position.column < rect.right
    }
}

extension Surface {
    /// Marks `rect` as answering a click with `click`.
    public func mark(_ rect: Rect, click: @escaping @MainActor () -> Void) {
        mouseTargets.append(MouseTarget(rect: rect, click: { _ in click() }))
    }

    /// Marks `rect` as answering a click with `click`, which is told the cell clicked.
    public func mark(_ rect: Rect, clickAt click: @escaping @MainActor (Position) -> Void) {
        mouseTargets.append(MouseTarget(rect: rect, click: click))
    }

    /// Marks `rect` as answering the wheel with `wheel` and, when given, a click with `click`,
    /// which is told the cell clicked.
    public func mark(_ rect: Rect, wheel: @escaping @MainActor (Int) -> Void, click: (@MainActor (Position) -> Void)? = nil) {
        mouseTargets.append(MouseTarget(rect: rect, click: click, wheel: wheel))
    }
}

extension Surface {
    /// Marks a list drawn one item a row in `rect`, from the item at `first`, `count` of them in
    /// view: the wheel over it moves the selection; a click on an item selects it, and a click on
    /// the item already selected does what Enter does there (`activate`), when Enter does
    /// something. `moveSelection` takes how many items to move by (negative: up); `selected`
    /// gives the selection when the click comes (a key or a wheel turn read with the click may
    /// have moved it since the frame was drawn).
    public func markList(in rect: Rect, first: Int, count: Int, selected: @escaping @MainActor () -> Int?,
                         moveSelection: @escaping @MainActor (Int) -> Void, activate: (@MainActor () -> Void)? = nil) {
        mark(rect, wheel: moveSelection)
        for offset in 0..<min(count, rect.height) {
            let index = first + offset
            mark(Rect(row: rect.row + offset, column: rect.column, width: rect.width, height: 1)) {
                guard let selected = selected() else { return moveSelection(index) }
                if index == selected { activate?() } else { moveSelection(index - selected) }
            }
        }
    }
}
