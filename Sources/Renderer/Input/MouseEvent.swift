/// What the mouse did, and where: decoded from an SGR (1006) mouse report.
///
/// ```swift
/// var decoder = InputDecoder()
/// decoder.feed(Array("\u{1B}[<0;12;1M".utf8))
/// // [.mouse(MouseEvent(action: .press(.left), position: Position(row: 0, column: 11)))]
/// ```
public struct MouseEvent: Hashable, Sendable {
    /// A mouse button.
    public enum Button: Hashable, Sendable {
        case left, middle, right
    }

    /// What happened.
    public enum Action: Hashable, Sendable {
        /// A button went down.
        case press(Button)
        /// A button came up (SGR reports do not say which).
        case release
        /// The pointer moved with a button held (reported only when the terminal sends motion).
        case drag(Button)
        /// The wheel turned away from the user (the page goes up).
        case wheelUp
        /// The wheel turned towards the user.
        case wheelDown
    }

    /// What happened.
    public var action: Action
    /// The cell under the pointer, counted from 0 at the top left.
    public var position: Position
    /// The modifiers held, as the terminal reports them (many keep Shift for their own selection).
    public var shift = false, alt = false, control = false

    /// An event of `action` at `position`.
    public init(action: Action, position: Position, shift: Bool = false, alt: Bool = false, control: Bool = false) {
        self.action = action
        self.position = position
        self.shift = shift
        self.alt = alt
        self.control = control
    }

    /// The event an SGR report `ESC [ < code ; column ; row M` (or `m`, a release) describes,
    /// with its 1-based column and row; nil for what the program has no use for (sideways
    /// wheels, motion without a button, extra buttons) or a position off the screen's numbering.
    public static func sgr(code: Int, column: Int, row: Int, isRelease: Bool) -> MouseEvent? {
        guard column >= 1, row >= 1 else { return nil }
        let buttons: [Button?] = [.left, .middle, .right, nil]
        let button = buttons[code & 3]
        let action: Action
        if isRelease {
            action = .release
        } else if code & 64 != 0 {
            guard code & 128 == 0, code & 3 < 2 else { return nil }  // 66, 67: sideways; 128 and up: buttons 8–11
            action = code & 1 == 0 ? .wheelUp : .wheelDown
        } else if code & 32 != 0 {
            guard let button, code & 128 == 0 else { return nil }  // motion with no button held
            action = .drag(button)
        } else {
            guard let button, code & 128 == 0 else { return nil }
            action = .press(button)
        }
        return MouseEvent(
            action: action, position: Position(row: row - 1, column: column - 1),
            shift: code & 4 != 0, alt: code & 8 != 0, control: code & 16 != 0)
    }
}
