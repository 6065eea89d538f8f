import Screens

/// What a key does in the shell.
public enum Command: Hashable, Sendable {
    case nextTab, previousTab, selectTab(Tab)
    case quit, toggleHelp, closeHelp
    case focusInput, leaveInput, submitInput
    case cursorLeft, cursorRight, cursorHome, cursorEnd
    case deleteBackward, deleteForward, deleteToStart, deleteWordBackward
    case scrollUp, scrollDown, pageUp, pageDown
    /// A command for the open screen's view.
    case screen(ScreenCommand)
}

/// What a key asks of the open screen; the screen's view decides what it means there.
public enum ScreenCommand: Hashable, Sendable {
    case up, down, left, right
    case onePoint, twoPoints, assist, rebound, foul
    case pageUp, pageDown
    case startPause, undo, newGame, showLibrary
    case confirm, cancel, open, back
    case useCatalogue
    case toggleUnit, refresh
    case first, last
    case toggleSort, add, edit, delete, importFile, exportFile, sync, stopTransfer
    case nextField, previousField
    case renamePlayer, renameTeam
}

/// Where a key binding applies.
public enum KeyScope: Hashable, Sendable, CaseIterable {
    /// Wherever the focus is, the help overlay included.
    case everywhere
    /// While the focus is on the screen, not in the input line.
    case screen
    /// While typing in the input line.
    case inputLine
    /// While the help overlay shows.
    case help
    /// On the Scoreboard, with nothing asked.
    case scoreboard
    /// While a screen asks a yes-or-no question.
    case confirmation
    /// While the Scoreboard's list of games shows.
    case gameLibrary
    /// On the Movies screen.
    case movies
    /// On the Search screen, while typing too: arrows and pages only.
    case searchResults
    /// On the Weather screen, with the focus out of the input line.
    case weather
    /// On the Weather screen, while typing too: choosing a suggested place.
    case weatherSuggestions
    /// On the Weather screen, typing or not: control keys only.
    case weatherAnywhere
    /// On the People screen's list, with the focus out of the input line.
    case people
    /// On the People screen's list, while typing a filter too: moving through the list.
    case peopleList
    /// In the People screen's form for a new person.
    case personForm
    /// While the People screen asks for a file's path.
    case filePrompt
    /// While a team or a player of the Scoreboard is renamed in the input line.
    case renaming
    /// While the People screen imports or exports a vCard file, with the focus out of the input line.
    case transfer

    /// Whether the scope's keys work while the focus is in the input line; only scopes without
    /// letters may, since typed letters belong to the text.
    public var appliesWhileTyping: Bool {
        switch self {
        case .everywhere, .inputLine, .searchResults, .weatherSuggestions, .weatherAnywhere, .peopleList, .personForm, .filePrompt, .renaming: true
        default: false
        }
    }

    /// The heading of the scope in the help overlay.
    public var heading: String {
        switch self {
        case .everywhere: "Anywhere"
        case .screen: "On a screen"
        case .inputLine: "In the input line"
        case .help: "In this help"
        case .scoreboard: "On the Scoreboard"
        case .confirmation: "When asked to confirm"
        case .gameLibrary: "In the list of games"
        case .movies: "On the Movies screen"
        case .searchResults: "On the Search screen"
        case .weather: "On the Weather screen"
        case .weatherSuggestions: "While places are suggested"
        case .weatherAnywhere: "On the Weather screen, typing or not"
        case .people: "On the People screen"
        case .peopleList: "In the list of people"
        case .personForm: "In the form for a person"
        case .filePrompt: "When asked for a file"
        case .renaming: "While renaming on the Scoreboard"
        case .transfer: "While People imports or exports"
        }
    }
}

/// One line of the keymap: the keys, what they do, and where.
public struct KeyBinding: Sendable {
    /// The keys as the help writes them: `Tab`, `F1–F5`.
    public let label: String
    /// What the keys do, in a few words.
    public let summary: String
    /// Where the keys apply.
    public let scope: KeyScope
    /// The status line's short form of the summary; nil keeps the binding out of the status line.
    public let hint: String?
    /// The command each key gives.
    public let commands: [Key: Command]

    /// Creates a binding whose keys all give the same command.
    public init(_ label: String, _ summary: String, scope: KeyScope, hint: String? = nil, keys: [Key], command: Command) {
        self.init(label, summary, scope: scope, hint: hint, commands: Dictionary(uniqueKeysWithValues: keys.map { ($0, command) }))
    }

    /// Creates a binding whose keys give different commands (F1–F5, one tab each).
    public init(_ label: String, _ summary: String, scope: KeyScope, hint: String? = nil, commands: [Key: Command]) {
        self.label = label
        self.summary = summary
        self.scope = scope
        self.hint = hint
        self.commands = commands
    }
}

/// The table of every key the shell answers: the event handling, the status line and the
/// help overlay all read this one table, so they cannot disagree.
public struct Keymap: Sendable {
    /// The bindings, in the order the help lists them.
    public let bindings: [KeyBinding]

    /// Creates a keymap of `bindings`; the first binding of a scope that knows a key wins.
    public init(bindings: [KeyBinding]) {
        self.bindings = bindings
    }

    /// The command `key` gives in the first of `scopes` that knows it.
    public func command(for key: Key, in scopes: [KeyScope]) -> Command? {
        for scope in scopes {
            for binding in bindings where binding.scope == scope {
                if let command = binding.commands[key] { return command }
            }
        }
        return nil
    }

    /// The bindings the status line shows in `scopes`, scope by scope in the order given, each
    /// scope's in table order; `including` can leave bindings out.
    public func hints(in scopes: [KeyScope], including: (KeyBinding) -> Bool = { _ in true }) -> [(key: String, hint: String)] {
        scopes.flatMap { scope in
            bindings.compactMap { binding in
                guard binding.scope == scope, let hint = binding.hint, including(binding) else { return nil }
                return (binding.label, hint)
            }
        }
    }
}

extension Keymap {
    /// The shell's keys.
    public static let standard = Keymap(bindings: [
        // MARK: Anywhere
        KeyBinding("Tab", "next tab", scope: .everywhere, hint: "next tab", keys: [.tab], command: .nextTab),
        KeyBinding("Shift-Tab", "previous tab", scope: .everywhere, keys: [.backTab], command: .previousTab),
        KeyBinding("F1–F5", "go to a tab by its place", scope: .everywhere, commands: tabCommands { .function($0) }),
        KeyBinding("Alt-1…5", "go to a tab by its place", scope: .everywhere, commands: tabCommands { .alt(Character(String($0))) }),
        KeyBinding("Ctrl-C", "quit from anywhere", scope: .everywhere, keys: [.control("c")], command: .quit),

        // MARK: On a screen
        KeyBinding("/", "type in the input line", scope: .screen, hint: "type", keys: [.text("/")], command: .focusInput),
        KeyBinding("?", "show these keys", scope: .screen, hint: "keys", keys: [.text("?")], command: .toggleHelp),
        KeyBinding("q", "quit", scope: .screen, hint: "quit", keys: [.text("q")], command: .quit),

        // MARK: In the input line
        KeyBinding("Enter", "submit the text", scope: .inputLine, hint: "submit", keys: [.enter], command: .submitInput),
        KeyBinding("Esc", "leave the input line", scope: .inputLine, hint: "leave", keys: [.escape], command: .leaveInput),
        KeyBinding("←  Ctrl-B", "cursor left", scope: .inputLine, keys: [.left, .control("b")], command: .cursorLeft),
        KeyBinding("→  Ctrl-F", "cursor right", scope: .inputLine, keys: [.right, .control("f")], command: .cursorRight),
        KeyBinding("Home  Ctrl-A", "cursor to the start", scope: .inputLine, keys: [.home, .control("a")], command: .cursorHome),
        KeyBinding("End  Ctrl-E", "cursor to the end", scope: .inputLine, keys: [.end, .control("e")], command: .cursorEnd),
        KeyBinding("Backspace", "delete before the cursor", scope: .inputLine, keys: [.backspace], command: .deleteBackward),
        KeyBinding("Delete  Ctrl-D", "delete under the cursor", scope: .inputLine, keys: [.delete, .control("d")], command: .deleteForward),
        KeyBinding("Ctrl-U", "delete to the start", scope: .inputLine, keys: [.control("u")], command: .deleteToStart),
        KeyBinding("Ctrl-W", "delete the word before", scope: .inputLine, keys: [.control("w")], command: .deleteWordBackward),

        // MARK: In this help
        KeyBinding("Esc  ?  q", "close the help", scope: .help, hint: "close", keys: [.escape, .text("?"), .text("q")], command: .closeHelp),
        KeyBinding("↑ ↓  k j", "scroll", scope: .help, hint: "scroll",
                   commands: [.up: .scrollUp, .text("k"): .scrollUp, .down: .scrollDown, .text("j"): .scrollDown]),
        KeyBinding("PgUp PgDn", "scroll a page", scope: .help, commands: [.pageUp: .pageUp, .pageDown: .pageDown]),

        // MARK: On the Scoreboard
        KeyBinding("1  2  a  r  f", "one point, two points, assist, rebound, foul for the chosen player", scope: .scoreboard,
                   hint: "moves", commands: [.text("1"): .screen(.onePoint), .text("2"): .screen(.twoPoints),
                                            .text("a"): .screen(.assist), .text("r"): .screen(.rebound), .text("f"): .screen(.foul)]),
        KeyBinding("↑ ↓ ← →  k j h l", "choose a player", scope: .scoreboard,
                   commands: [.up: .screen(.up), .text("k"): .screen(.up), .down: .screen(.down), .text("j"): .screen(.down),
                              .left: .screen(.left), .text("h"): .screen(.left), .right: .screen(.right), .text("l"): .screen(.right)]),
        KeyBinding("Space", "start or pause the clock", scope: .scoreboard, hint: "start/pause", keys: [.text(" ")], command: .screen(.startPause)),
        KeyBinding("z", "undo the last move", scope: .scoreboard, hint: "undo", keys: [.text("z")], command: .screen(.undo)),
        KeyBinding("n", "new game", scope: .scoreboard, hint: "new", keys: [.text("n")], command: .screen(.newGame)),
        KeyBinding("g", "the games kept", scope: .scoreboard, hint: "games", keys: [.text("g")], command: .screen(.showLibrary)),
        KeyBinding("Esc", "back from a past game", scope: .scoreboard, keys: [.escape], command: .screen(.back)),
        KeyBinding("e", "rename the chosen player", scope: .scoreboard, keys: [.text("e")], command: .screen(.renamePlayer)),
        KeyBinding("t", "rename the chosen player's team", scope: .scoreboard, keys: [.text("t")], command: .screen(.renameTeam)),

        // MARK: When asked to confirm
        KeyBinding("y", "yes", scope: .confirmation, hint: "yes", keys: [.text("y")], command: .screen(.confirm)),
        KeyBinding("n  Esc", "no", scope: .confirmation, hint: "no", keys: [.text("n"), .escape], command: .screen(.cancel)),

        // MARK: In the list of games
        KeyBinding("↑ ↓  k j", "move through the games", scope: .gameLibrary, hint: "move",
                   commands: [.up: .screen(.up), .text("k"): .screen(.up), .down: .screen(.down), .text("j"): .screen(.down)]),
        KeyBinding("Enter", "open the game, read-only", scope: .gameLibrary, hint: "open", keys: [.enter], command: .screen(.open)),
        KeyBinding("Esc  g", "close the list", scope: .gameLibrary, hint: "close", keys: [.escape, .text("g")], command: .screen(.back)),

        // MARK: On the Movies screen
        KeyBinding("← →  [ ]", "previous or next segment", scope: .movies, hint: "segment",
                   commands: [.left: .screen(.left), .text("["): .screen(.left), .right: .screen(.right), .text("]"): .screen(.right)]),
        KeyBinding("↑ ↓  k j", "move through the films", scope: .movies, hint: "move",
                   commands: [.up: .screen(.up), .text("k"): .screen(.up), .down: .screen(.down), .text("j"): .screen(.down)]),
        KeyBinding("PgUp PgDn", "move ten films", scope: .movies, commands: [.pageUp: .screen(.pageUp), .pageDown: .screen(.pageDown)]),
        KeyBinding("c", "use the embedded catalogue when TMDb fails", scope: .movies, keys: [.text("c")], command: .screen(.useCatalogue)),

        // MARK: On the Search screen
        KeyBinding("↑ ↓", "move through the results", scope: .searchResults, hint: "move",
                   commands: [.up: .screen(.up), .down: .screen(.down)]),
        KeyBinding("PgUp PgDn", "move ten results", scope: .searchResults, commands: [.pageUp: .screen(.pageUp), .pageDown: .screen(.pageDown)]),

        // MARK: On the Weather screen
        KeyBinding("u", "℉ or ℃ (kept for next time)", scope: .weather, hint: "℉/℃", keys: [.text("u")], command: .screen(.toggleUnit)),
        KeyBinding("r", "fetch the weather again now", scope: .weather, keys: [.text("r")], command: .screen(.refresh)),
        KeyBinding("Ctrl-R", "fetch the weather again now, while typing too", scope: .weatherAnywhere, keys: [.control("r")],
                   command: .screen(.refresh)),
        KeyBinding("↑ ↓", "choose a suggested place for Enter", scope: .weatherSuggestions, hint: "choose",
                   commands: [.up: .screen(.up), .down: .screen(.down)]),

        // MARK: On the People screen
        KeyBinding("a", "add a person", scope: .people, hint: "add", keys: [.text("a")], command: .screen(.add)),
        KeyBinding("Enter", "edit the chosen person", scope: .people, keys: [.enter], command: .screen(.edit)),
        KeyBinding("d", "delete the chosen person", scope: .people, hint: "delete", keys: [.text("d")], command: .screen(.delete)),
        KeyBinding("s", "sort by last name, first name or next birthday (kept)", scope: .people, hint: "sort", keys: [.text("s")], command: .screen(.toggleSort)),
        KeyBinding("i", "import a vCard file", scope: .people, hint: "import", keys: [.text("i")], command: .screen(.importFile)),
        KeyBinding("e", "export everyone to a vCard file", scope: .people, hint: "export", keys: [.text("e")], command: .screen(.exportFile)),
        KeyBinding("r", "sync with the people server now: read its changes, then send", scope: .people, keys: [.text("r")], command: .screen(.sync)),
        KeyBinding("k j", "move through the people", scope: .people, commands: [.text("k"): .screen(.up), .text("j"): .screen(.down)]),
        KeyBinding("Home End", "first or last person", scope: .people, commands: [.home: .screen(.first), .end: .screen(.last)]),

        // MARK: In the list of people
        KeyBinding("↑ ↓", "move through the people", scope: .peopleList, hint: "move",
                   commands: [.up: .screen(.up), .down: .screen(.down)]),
        KeyBinding("PgUp PgDn", "move a screenful", scope: .peopleList, commands: [.pageUp: .screen(.pageUp), .pageDown: .screen(.pageDown)]),

        // MARK: In the form for a person
        KeyBinding("Enter  ↓", "next field; on the last, save", scope: .personForm, hint: "next/save",
                   commands: [.enter: .screen(.nextField), .down: .screen(.nextField)]),
        KeyBinding("↑", "previous field", scope: .personForm, hint: "previous", keys: [.up], command: .screen(.previousField)),
        KeyBinding("Esc", "cancel, keeping nothing", scope: .personForm, hint: "cancel", keys: [.escape], command: .screen(.cancel)),

        // MARK: While renaming on the Scoreboard
        KeyBinding("Esc", "keep the name as it was", scope: .renaming, hint: "cancel", keys: [.escape], command: .screen(.cancel)),

        // MARK: When asked for a file
        KeyBinding("Esc", "cancel", scope: .filePrompt, hint: "cancel", keys: [.escape], command: .screen(.cancel)),

        // MARK: While People imports or exports
        KeyBinding("Esc", "stop; the people imported stay", scope: .transfer, hint: "stop",
                   keys: [.escape], command: .screen(.stopTransfer)),
    ])

    private static func tabCommands(_ key: (Int) -> Key) -> [Key: Command] {
        Dictionary(uniqueKeysWithValues: Tab.allCases.map { (key($0.rawValue + 1), Command.selectTab($0)) })
    }
}
