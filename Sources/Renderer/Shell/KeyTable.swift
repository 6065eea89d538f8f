/// Where a key binding applies: its heading in the help, and whether it works while typing.
///
/// The shell's scopes are below; a screen declares its own beside its key table.
public struct KeyScope: Hashable, Sendable {
    /// The heading of the scope in the help overlay and in Docs/Keys.md.
    public let heading: String
    /// Whether the scope's keys work while the focus is in the input line; only scopes without
    /// letters may, since typed letters belong to the text.
    public let appliesWhileTyping: Bool

    public init(_ heading: String, whileTyping: Bool = false) {
        self.heading = heading
        appliesWhileTyping = whileTyping
    }

    /// Wherever the focus is, the help overlay included.
    public static let everywhere = KeyScope("Anywhere", whileTyping: true)
    /// While the focus is on the screen, not in the input line.
    public static let screen = KeyScope("On a screen")
    /// While typing in the input line.
    public static let inputLine = KeyScope("In the input line", whileTyping: true)
    /// While the help overlay shows.
    public static let help = KeyScope("In this help")
}

/// One line of a key table: the keys, what they do, and where. `Action` is what the keys give:
/// the shell's `Command`, or a screen view's own `Action`.
public struct KeyBinding<Action: Hashable & Sendable>: Sendable {
    /// The keys as the help writes them: `Tab`, `F2–F5`.
    public let label: String
    /// What the keys do, in a few words.
    public let summary: String
    /// Where the keys apply.
    public let scope: KeyScope
    /// The status line's short form of the summary; nil keeps the binding out of the status line.
    public let hint: String?
    /// Whether the status line keeps the hint at its end at any width: the help's and quitting's keys.
    public let pin: KeyPin?
    /// The action each key gives.
    public let actions: [Key: Action]

    /// Creates a binding whose keys all give the same action.
    public init(
        _ label: String, _ summary: String, scope: KeyScope, hint: String? = nil, pin: KeyPin? = nil, keys: [Key], action: Action
    ) {
        self.init(
            label, summary, scope: scope, hint: hint, pin: pin, actions: Dictionary(uniqueKeysWithValues: keys.map { ($0, action) }))
    }

    /// Creates a binding whose keys give different actions (F2–F5, one tab each).
    public init(_ label: String, _ summary: String, scope: KeyScope, hint: String? = nil, pin: KeyPin? = nil, actions: [Key: Action]) {
        self.label = label
        self.summary = summary
        self.scope = scope
        self.hint = hint
        self.pin = pin
        self.actions = actions
    }

    /// The binding's words, whatever its keys do.
    public var line: KeyLine {
        KeyLine(label: label, summary: summary, scope: scope, hint: hint, pin: pin, keys: Set(actions.keys))
    }
}

/// What a hint pinned to the status line's end stands for: the status line names one key for
/// each, the one of the most specific scope that applies (`?` on a screen, F1 while typing).
public enum KeyPin: Hashable, Sendable {
    case help, quit
}

/// The keys of one part of the program, the shell or a screen: event handling, the status line
/// and the help all read the table, so they cannot disagree.
///
/// ```swift
/// let keys = KeyTable<WeatherView.Action>([
///     KeyBinding("u", "℉ or ℃ (kept for next time)", scope: .weather, hint: "℉/℃", keys: [.text("u")], action: .toggleUnit),
/// ])
/// ```
public struct KeyTable<Action: Hashable & Sendable>: Sendable {
    /// The bindings, in the order the help lists them.
    public let bindings: [KeyBinding<Action>]

    /// A table of `bindings`; within a scope, the first binding that knows a key wins.
    public init(_ bindings: [KeyBinding<Action>]) {
        self.bindings = bindings
    }

    /// The action `key` gives in `scope`, if the table binds it there.
    public func action(for key: Key, in scope: KeyScope) -> Action? {
        for binding in bindings where binding.scope == scope {
            if let action = binding.actions[key] { return action }
        }
        return nil
    }

    /// The status line's keys in `scope`, in table order; `including` can leave bindings out.
    func hints(in scope: KeyScope, including: (KeyBinding<Action>) -> Bool = { _ in true }) -> [StatusHint] {
        bindings.compactMap { binding in
            guard binding.scope == scope, let hint = binding.hint, including(binding) else { return nil }
            return StatusHint(key: binding.label, hint: hint, keys: Set(binding.actions.keys), pin: binding.pin)
        }
    }

    /// Every key the table binds in `scope`, with a hint or not.
    func keys(in scope: KeyScope) -> Set<Key> {
        Set(bindings.filter { $0.scope == scope }.flatMap(\.actions.keys))
    }

    /// The words of every binding, in order.
    public var lines: [KeyLine] { bindings.map(\.line) }
}

/// A binding's words and keys, whatever its keys do: what the help and Docs/Keys.md show, and
/// what the checks for clashes between tables read.
public struct KeyLine: Equatable, Sendable {
    public let label: String
    public let summary: String
    public let scope: KeyScope
    public let hint: String?
    public let pin: KeyPin?
    public let keys: Set<Key>
}
