import Models
import Renderer
import Screens
import Testing
import TestSupport

/// No status line offers a key that does nothing: each screen names its states, and the test
/// puts a fresh screen in each, presses each key its status line lists, one at a time, and fails
/// on a key after which nothing changed (no output delivered, the same frame, no quit).
@MainActor
struct StatusLineTruthTests {
    /// A state a screen can be in, and the keys that put a fresh screen there.
    struct State: CustomTestStringConvertible, Sendable {
        let tab: Tab
        let name: String
        /// Typed one after the other, the screen settling after each.
        let keys: [[UInt8]]

        var testDescription: String { "\(tab.title): \(name)" }
    }

    nonisolated static let down: [UInt8] = Array("\u{1B}[B".utf8)
    nonisolated static let esc: [UInt8] = [0x1B]
    nonisolated static func typed(_ text: String) -> [UInt8] { Array(text.utf8) }

    /// Each screen's states, by the name a user would give them.
    nonisolated static let states: [State] = [
        State(tab: .weather, name: "typing", keys: []),
        State(tab: .weather, name: "places suggested", keys: [typed("Par")]),
        State(tab: .weather, name: "on the screen", keys: [esc]),
        State(tab: .weather, name: "the help", keys: [typed("\u{1B}OP"), typed("j")]),
        State(tab: .movies, name: "the films", keys: [down]),
        State(tab: .movies, name: "a film's detail", keys: [down, typed("\r")]),
        State(tab: .search, name: "typing, no results", keys: []),
        State(tab: .search, name: "on the screen, no results", keys: [esc]),
        State(tab: .search, name: "typing, results", keys: [typed("a")]),
        State(tab: .search, name: "results", keys: [typed("a"), down, down]),
        State(tab: .search, name: "a found film's detail", keys: [typed("a"), down, down, typed("\r")]),
        State(tab: .scoreboard, name: "a game", keys: []),
        State(tab: .scoreboard, name: "a game with a move", keys: [typed("2")]),
        State(tab: .scoreboard, name: "a finished game", keys: [typed("22222222")]),
        State(tab: .scoreboard, name: "a question", keys: [typed("2"), typed("n")]),
        State(
            tab: .scoreboard, name: "the list of games",
            keys: [typed("2"), typed("n"), typed("y"), typed("2"), typed("n"), typed("y"), typed("g"), down]),
        State(
            tab: .scoreboard, name: "the question before a delete",
            keys: [typed("2"), typed("n"), typed("y"), typed("g"), typed("j"), typed("d")]),
        State(tab: .scoreboard, name: "a read-only game", keys: [typed("22222222"), typed("n"), typed("g"), typed("j"), typed("\r")]),
        State(tab: .scoreboard, name: "renaming", keys: [typed("e")]),
        State(tab: .people, name: "the list", keys: [down]),
        State(tab: .people, name: "filtering", keys: [down, typed("/")]),
        State(tab: .people, name: "no one matching", keys: [typed("/"), typed("zzz"), esc]),
        State(tab: .people, name: "the form", keys: [typed("a"), typed("\r")]),
        State(tab: .people, name: "a person's detail", keys: [typed("v")]),
        State(tab: .people, name: "a question", keys: [typed("d")]),
        State(tab: .people, name: "a file asked for", keys: [typed("i")]),
    ]

    @Test(arguments: states)
    func everyKeyTheStatusLineListsChangesSomething(state: State) async {
        let (screens, hints) = await Self.put(in: state)
        #expect(!hints.isEmpty)
        let keys = hints.flatMap(\.keys)
        #expect(keys.count == Set(keys).count, "a key listed twice: \(hints.map(\.key))")
        _ = screens
        for hint in hints {
            for key in hint.keys {
                let (fresh, _) = await Self.put(in: state)
                let harness = fresh.harness
                let before = (harness.grid.text, harness.displayRequests, harness.quitCount)
                harness.press(key)
                await fresh.settle(advancingBy: .seconds(1))
                let after = (harness.grid.text, harness.displayRequests, harness.quitCount)
                #expect(before != after, "\(hint.key) \(hint.hint): \(key) changes nothing")
            }
        }
    }

    /// Films enough for a cursor in the middle of Search's results (`a` finds three).
    static let films =
        MoviesAndSearchViewTests.films + [
            Movie(
                id: 4, title: "Casablanca", releaseDate: .year(1942), voteAverage: 8.5, voteCount: 1_000, overview: nil,
                runtimeMinutes: 102,
                genres: ["Drama"], certification: "PG")
        ]

    /// At 40 columns the status line still ends with the help's and quitting's keys of the state.
    @Test(arguments: states)
    func theHelpAndQuitKeysSurviveFortyColumns(state: State) async {
        let (screens, hints) = await Self.put(in: state)
        let pinned = hints.filter { $0.pin != nil }.map { "\($0.key) \($0.hint)" }.joined(separator: "  ")
        #expect(pinned.contains("quit"))
        screens.harness.resize(to: Size(columns: 40, rows: 10))
        let last = screens.harness.grid.lines[9]
        #expect(last.hasSuffix(pinned), "\(state.testDescription): \(last)")
    }

    /// A fresh set of screens on `state`'s tab, put in `state`, and the status line's hints there.
    private static func put(in state: State) async -> (EveryScreenHarness, [StatusHint]) {
        let screens = EveryScreenHarness(tab: state.tab, films: films)
        await screens.settle(advancingBy: .seconds(1))
        for keys in state.keys {
            screens.harness.type(keys)
            await screens.settle(advancingBy: .seconds(1))
        }
        return (screens, screens.harness.view.statusHints)
    }
}
