import Screens

/// What a key does in the shell. A screen's keys give the screen's own actions, in its view's key table.
public enum Command: Hashable, Sendable {
    case nextTab, previousTab, selectTab(Tab)
    case quit, toggleHelp, closeHelp
    case focusInput, leaveInput, submitInput
    case cursorLeft, cursorRight, cursorHome, cursorEnd
    case deleteBackward, deleteForward, deleteToStart, deleteWordBackward
    /// The input line takes the focus with its cursor before the character at this offset: a click on it.
    case placeInputCursor(Int)
    /// Scroll the help as every list moves: lines, pages, its top or its end.
    case scrollHelp(ListMove)
}

/// Every key the program answers: the shell's table and the words of each screen's, as the help
/// overlay lists them and Docs/Keys.md must (`KeysDocumentTests`). Keys are answered by the
/// table that owns them; this gathering is for reading.
public struct Keymap: Sendable {
    /// The shell's keys.
    public let shell: KeyTable<Command>
    /// Every binding's words, the shell's first, then each screen's in the tabs' order; a line two
    /// screens share (`y` when asked to confirm) is listed once.
    public let lines: [KeyLine]
    /// The scopes as they first come in `lines`: the order of Docs/Keys.md, and of the help
    /// after the scopes of where the user is (`helpScopes`).
    public let scopes: [KeyScope]

    /// The shell's keys with the screens' `screenLines`.
    public init(shell: KeyTable<Command> = .shell, screenLines: [[KeyLine]]) {
        self.shell = shell
        var lines: [KeyLine] = []
        for line in shell.lines + screenLines.joined() where !lines.contains(where: { $0 == line }) {
            lines.append(line)
        }
        self.lines = lines
        var scopes: [KeyScope] = []
        for line in lines where !scopes.contains(line.scope) { scopes.append(line.scope) }
        self.scopes = scopes
    }

    /// The scopes in the order the help lists them for a user on the screen whose keys are
    /// `screenLines`, where the scopes `active` apply (in the order a key is offered to them): the
    /// screen's that apply, the screen's others, the shell's that apply (the most specific first),
    /// the shell's others, then the other screens' in the tabs' order.
    public func helpScopes(active: [KeyScope], screenLines: [KeyLine]) -> [KeyScope] {
        let shellScopes = shell.lines.map(\.scope)
        let screenScopes = screenLines.map(\.scope)
        let order =
            active.filter(screenScopes.contains) + screenScopes + active.reversed().filter(shellScopes.contains) + shellScopes + scopes
        var listed: [KeyScope] = []
        for scope in order where scopes.contains(scope) && !listed.contains(scope) { listed.append(scope) }
        return listed
    }
}

extension KeyTable where Action == Command {
    /// The shell's keys: tabs, quitting, the help and the input line.
    public static let shell = KeyTable(
        [
            // MARK: Anywhere
            KeyBinding(
                "F1", "open or close this help, typing too; or Esc, then ?", scope: .everywhere,
                hint: "help", pin: .help, keys: [.function(1)], action: .toggleHelp),
            KeyBinding("Tab", "next tab", scope: .everywhere, hint: "next tab", keys: [.tab], action: .nextTab),
            KeyBinding("Shift-Tab", "previous tab", scope: .everywhere, keys: [.backTab], action: .previousTab),
            KeyBinding(
                "F2–F5", "go to the second to fifth tab", scope: .everywhere,
                actions: tabCommands(from: 2) { .function($0) }),
            KeyBinding("Alt-1…5", "go to a tab by its place", scope: .everywhere, actions: tabCommands { .alt(Character(String($0))) }),
            KeyBinding("Ctrl-C", "quit from anywhere", scope: .everywhere, hint: "quit", pin: .quit, keys: [.control("c")], action: .quit),

            // MARK: On a screen
            KeyBinding("/", "type in the input line", scope: .screen, hint: "type", keys: [.text("/")], action: .focusInput),
            KeyBinding("?", "show these keys", scope: .screen, hint: "keys", pin: .help, keys: [.text("?")], action: .toggleHelp),
            KeyBinding("q", "quit", scope: .screen, hint: "quit", pin: .quit, keys: [.text("q")], action: .quit),

            // MARK: In the input line
            KeyBinding("Enter", "submit the text", scope: .inputLine, hint: "submit", keys: [.enter], action: .submitInput),
            KeyBinding("Esc", "leave the input line", scope: .inputLine, hint: "leave", keys: [.escape], action: .leaveInput),
            KeyBinding("←  Ctrl-B", "cursor left", scope: .inputLine, keys: [.left, .control("b")], action: .cursorLeft),
            KeyBinding("→  Ctrl-F", "cursor right", scope: .inputLine, keys: [.right, .control("f")], action: .cursorRight),
            KeyBinding("Home  Ctrl-A", "cursor to the start", scope: .inputLine, keys: [.home, .control("a")], action: .cursorHome),
            KeyBinding("End  Ctrl-E", "cursor to the end", scope: .inputLine, keys: [.end, .control("e")], action: .cursorEnd),
            KeyBinding("Backspace", "delete before the cursor", scope: .inputLine, keys: [.backspace], action: .deleteBackward),
            KeyBinding(
                "Delete  Ctrl-D", "delete under the cursor", scope: .inputLine, keys: [.delete, .control("d")], action: .deleteForward),
            KeyBinding("Ctrl-U", "delete to the start", scope: .inputLine, keys: [.control("u")], action: .deleteToStart),
            KeyBinding("Ctrl-W", "delete the word before", scope: .inputLine, keys: [.control("w")], action: .deleteWordBackward),

            // MARK: In this help
            KeyBinding(
                "Esc  ?  q", "close the help", scope: .help, hint: "close", pin: .help, keys: [.escape, .text("?"), .text("q")],
                action: .closeHelp),
        ] + KeyBinding.listMoves(of: "keys", scope: .help, letters: .help) { .scrollHelp($0) })

    /// The tabs from the `from`th on, each by the key `key` gives for its place (1 for the first).
    private static func tabCommands(from first: Int = 1, _ key: (Int) -> Key) -> [Key: Command] {
        Dictionary(uniqueKeysWithValues: Tab.allCases.dropFirst(first - 1).map { (key($0.rawValue + 1), Command.selectTab($0)) })
    }
}
