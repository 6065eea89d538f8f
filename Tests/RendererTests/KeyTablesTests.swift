import Renderer
import Screens
import Testing

extension Keymap {
    /// The shell's keys with every screen's, as the app gathers them.
    static let everyScreen = Keymap(screenLines: [WeatherView.keys.lines, MoviesView.keys.lines, SearchView.keys.lines,
                                                  ScoreboardView.keys.lines, PeopleView.keys.lines])
}

/// Each screen keeps its own key table; the shell gathers them. These checks keep the tables
/// from clashing: a key is answered by one table in each place, and no key a user types as text
/// is taken while typing.
struct KeyTablesTests {
    /// Each table's lines with the table's name, the shell's first.
    static let tables: [(name: String, lines: [KeyLine])] = [
        ("shell", KeyTable.shell.lines), ("Weather", WeatherView.keys.lines), ("Movies", MoviesView.keys.lines),
        ("Search", SearchView.keys.lines), ("Scoreboard", ScoreboardView.keys.lines), ("People", PeopleView.keys.lines),
    ]

    @Test func noTableBindsOneKeyTwiceInOneScope() {
        for (name, lines) in Self.tables {
            for scope in Set(lines.map(\.scope)) {
                let keys = lines.filter { $0.scope == scope }.flatMap(\.keys)
                #expect(keys.count == Set(keys).count, "\(name) binds a key twice in \(scope.heading)")
            }
        }
    }

    @Test func theShellsScopesAreItsOwnAndNoScreenTakesTheKeysThatWorkAnywhere() {
        let shellScopes = Set(KeyTable.shell.lines.map(\.scope))
        let anywhere = Set(KeyTable.shell.lines.filter { $0.scope == .everywhere }.flatMap(\.keys))
        for (name, lines) in Self.tables.dropFirst() {
            #expect(lines.allSatisfy { !shellScopes.contains($0.scope) }, "\(name) binds keys in a scope of the shell's")
            #expect(Set(lines.flatMap(\.keys)).isDisjoint(with: anywhere), "\(name) binds a key the shell answers anywhere")
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

    @Test func twoScreensThatShareAScopeSayTheSameThingsInIt() {
        // Both the Scoreboard and People ask yes-or-no questions: the help lists the keys once.
        let confirming = Keymap.everyScreen.lines.filter { $0.scope == .confirmation }
        #expect(confirming.map(\.label) == ["y", "n  Esc"])
    }

    @Test func theHelpListsTheShellsScopesFirstThenEachScreensInTheTabsOrder() {
        let headings = Keymap.everyScreen.scopes.map(\.heading)
        #expect(Array(headings.prefix(4)) == ["Anywhere", "On a screen", "In the input line", "In this help"])
        #expect(headings.firstIndex(of: "On the Weather screen")! < headings.firstIndex(of: "On the Movies screen")!)
        #expect(headings.firstIndex(of: "On the Scoreboard")! < headings.firstIndex(of: "On the People screen")!)
    }
}
