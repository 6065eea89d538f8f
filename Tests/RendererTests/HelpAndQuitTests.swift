import Renderer
import Screens
import Testing
import TestSupport

/// A first-time user reaches the help and quits from the first screen, where the focus is in
/// the input line and `?` and `q` are text: F1 opens and closes the help everywhere, the status
/// line names the help's and quitting's keys that work there at any width, and the help opens at
/// the keys of where the user is.
@MainActor
struct HelpAndQuitTests {
    static let f1: [UInt8] = [0x1B, 0x4F, 0x50]

    @Test func f1OpensAndClosesTheHelpWhileTypingWhereQuestionMarkAndQAreText() {
        let harness = ShellHarness(tab: .weather)
        harness.type("q?")
        #expect(harness.inputLine?.text == "q?")
        #expect(harness.quitCount == 0)
        harness.type(Self.f1)
        #expect(latest(harness.shell.isHelpVisible))
        #expect(harness.grid.text.contains("Keys"))
        harness.type(Self.f1)
        #expect(!latest(harness.shell.isHelpVisible))
        #expect(harness.view.isInputFocused, "the focus is still in the input line")
        #expect(harness.inputLine?.text == "q?")
    }

    @Test func f1OpensTheHelpOnEveryTabAndF2ToF5StillGoToTheirTabs() {
        let harness = ShellHarness(tab: .movies)
        for tab in Tab.allCases {
            harness.shell.selectTab(tab)
            harness.type(Self.f1)
            #expect(latest(harness.shell.isHelpVisible), "F1 opens the help on \(tab)")
            harness.type(Self.f1)
            #expect(!latest(harness.shell.isHelpVisible), "F1 closes the help on \(tab)")
        }
        harness.type([0x1B, 0x4F, 0x51])  // F2
        #expect(latest(harness.shell.selectedTab) == .movies)
        harness.type(Array("\u{1B}[15~".utf8))  // F5
        #expect(latest(harness.shell.selectedTab) == .people)
    }

    @Test(arguments: [Size(columns: 80, rows: 24), Size(columns: 40, rows: 10)])
    func theStatusLineEndsWithTheHelpAndQuitKeysThatWorkThere(size: Size) {
        let harness = ShellHarness(tab: .weather, size: size)
        harness.draw()
        let last = size.rows - 1
        #expect(harness.grid.lines[last].hasSuffix("F1 help  Ctrl-C quit"), "typing: \(harness.grid.lines[last])")
        harness.type([0x1B])
        #expect(harness.grid.lines[last].hasSuffix("? keys  q quit"), "on the screen: \(harness.grid.lines[last])")
        harness.type("?")
        #expect(harness.grid.lines[last].hasSuffix("Esc  ?  q close  Ctrl-C quit"), "in the help: \(harness.grid.lines[last])")
    }

    @Test func aHintWhoseKeysAnEarlierScopeAnswersIsLeftOut() async {
        let screens = EveryScreenHarness(tab: .search)
        let harness = screens.harness
        harness.type("star")
        await screens.settle(advancingBy: .seconds(1))
        harness.type(Array("\u{1B}[B".utf8))  // ↓: into the results
        let hints = harness.view.statusHints.map(\.hint)
        #expect(hints.contains("move"))
        #expect(!hints.contains("results"), "↓ moves through the results here")
        let keys = harness.view.statusHints.flatMap(\.keys)
        #expect(keys.count == Set(keys).count, "a key listed twice: \(harness.view.statusHints.map(\.key))")
    }

    @Test func theHelpOpensAtTheKeysOfTheScreenAndStateTheUserIsIn() async {
        let sized = Size(columns: 100, rows: 40)
        let weather = EveryScreenHarness(tab: .weather, size: sized).harness
        weather.type(Self.f1)
        #expect(
            Self.headings(weather).prefix(4) == [
                "On the Weather screen, typing or not", "On the Weather screen", "While places are suggested", "In the input line",
            ])

        let scoreboard = EveryScreenHarness(tab: .scoreboard, size: sized).harness
        scoreboard.type("?")
        #expect(Self.headings(scoreboard).prefix(3) == ["During a game", "On the Scoreboard", "When the game is over"])

        let moviesScreen = EveryScreenHarness(tab: .movies, size: sized)
        await moviesScreen.settle()
        let movies = moviesScreen.harness
        movies.type("\r?")
        #expect(Self.headings(movies).prefix(3) == ["While a film's detail shows", "On the Movies screen", "In the list of films"])
    }

    @Test func tabWithTheHelpOpenShowsTheHelpOfTheTabOpened() {
        let harness = EveryScreenHarness(tab: .weather, size: Size(columns: 100, rows: 40)).harness
        harness.type(Self.f1)
        harness.type([0x09])  // Tab: Movies
        #expect(latest(harness.shell.isHelpVisible))
        #expect(Self.headings(harness).first == "On the Movies screen")
    }

    /// The help's headings in view, top first.
    private static func headings(_ harness: ShellHarness) -> [String] {
        harness.grid.lines.compactMap { line in
            let text = line.split(separator: "│").dropFirst().first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
            return Keymap.everyScreen.scopes.map(\.heading).contains(text) ? text : nil
        }
    }
}
