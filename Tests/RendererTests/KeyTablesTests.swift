import Renderer
import Screens
import Testing

extension Keymap {
    /// Every screen's key table, in the tabs' order, by the screen's name.
    static let screenTables: [(name: String, lines: [KeyLine])] = [
        ("Weather", WeatherView.keys.lines), ("Movies", MoviesView.keys.lines), ("Search", SearchView.keys.lines),
        ("Scoreboard", ScoreboardView.keys.lines), ("People", PeopleView.keys.lines),
    ]
    /// The shell's keys with every screen's, as the app gathers them.
    static let everyScreen = Keymap(screenLines: screenTables.map(\.lines))
}

/// Each screen keeps its own key table; the shell gathers them. These checks keep the tables
/// from clashing: a key is answered by one table in each place, and no key a user types as text
/// is taken while typing.
struct KeyTablesTests {
    /// Each table's lines with the table's name, the shell's first.
    static let tables = [(name: "shell", lines: KeyTable.shell.lines)] + Keymap.screenTables

    @Test func noTableBindsOneKeyTwiceInOneScope() {
        for (name, lines) in Self.tables {
            for scope in Set(lines.map(\.scope)) {
                let keys = lines.filter { $0.scope == scope }.flatMap(\.keys)
                #expect(keys.count == Set(keys).count, "\(name) binds a key twice in \(scope.heading)")
            }
        }
    }

    /// A screen's scopes come before the shell's `.screen` keys, so a screen binding `q` would
    /// take quitting away.
    @Test func theShellsScopesAreItsOwnAndNoScreenTakesTheKeysThatWorkAnywhereOrOnEveryScreen() {
        let shellScopes = Set(KeyTable.shell.lines.map(\.scope))
        let shellKeys = Set(KeyTable.shell.lines.filter { $0.scope == .everywhere || $0.scope == .screen }.flatMap(\.keys))
        for (name, lines) in Keymap.screenTables {
            #expect(lines.allSatisfy { !shellScopes.contains($0.scope) }, "\(name) binds keys in a scope of the shell's")
            #expect(Set(lines.flatMap(\.keys)).isDisjoint(with: shellKeys), "\(name) binds a key the shell answers on every screen")
        }
    }

    /// (A screen may take Enter or Esc from the input line while typing: the form's Enter goes to
    /// the next field.)
    @Test func noScopeThatWorksWhileTypingTakesTypedText() {
        for (name, lines) in Self.tables {
            for line in lines where line.scope.appliesWhileTyping {
                #expect(!line.keys.contains { if case .text = $0 { true } else { false } }, "\(name): \(line.label) takes typed text")
            }
        }
    }

    @Test func twoScreensThatShareAScopeBindTheSameKeysThereAndTheHelpListsThemOnce() {
        // Both the Scoreboard and People ask yes-or-no questions.
        let confirming = Keymap.everyScreen.lines.filter { $0.scope == .confirmation }
        #expect(confirming.map(\.label) == ["y", "n  Esc"])
        #expect(confirming.map(\.keys) == [[.text("y")], [.text("n"), .escape]])
    }

    @Test func theHelpListsTheShellsScopesFirstThenEachScreensInTheTabsOrder() {
        let headings = Keymap.everyScreen.scopes.map(\.heading)
        #expect(Array(headings.prefix(4)) == ["Anywhere", "On a screen", "In the input line", "In this help"])
        #expect(headings.firstIndex(of: "On the Weather screen")! < headings.firstIndex(of: "On the Movies screen")!)
        #expect(headings.firstIndex(of: "On the Scoreboard")! < headings.firstIndex(of: "On the People screen")!)
    }
}
