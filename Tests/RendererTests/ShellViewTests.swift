import Renderer
import Screens
import Testing
import TestSupport

@MainActor
@Suite struct ShellViewTests {
    @Test func shellAt80x24() throws {
        let harness = ShellHarness(tab: .weather)
        harness.draw()
        #expect(harness.grid.text == (try Snapshot.expected(harness.grid.text, named: "shell-weather-80x24")))
    }

    @Test func shellAt40x10() throws {
        let harness = ShellHarness(tab: .scoreboard, size: Size(columns: 40, rows: 10))
        harness.draw()
        #expect(harness.grid.text == (try Snapshot.expected(harness.grid.text, named: "shell-scoreboard-40x10")))
    }

    @Test func tabBarNamesTheFiveScreensInOrder() {
        let harness = ShellHarness()
        harness.draw()
        #expect(harness.grid.lines[0] == "[Weather] Movies  Search  Scoreboard  People")
    }

    @Test func theSpinnerTurnsAtTheRightOfTheTabBarOnlyWhileAScreenIsBusy() throws {
        let scheduler = TestScheduler()
        let harness = ShellHarness(scheduler: scheduler)
        #expect(scheduler.waitingCount == 0)
        let movies = try #require(harness.screens[.movies])
        let people = try #require(harness.screens[.people])
        movies.busy.value = true
        people.busy.value = true
        harness.draw()
        #expect(harness.grid.lines[0].hasSuffix("People                   ⠋ Movies, People"))
        #expect(scheduler.repeatingCount == 1)
        scheduler.advance(by: .milliseconds(100))
        harness.draw()
        #expect(harness.grid.lines[0].hasSuffix("⠙ Movies, People"))
        movies.busy.value = false
        harness.draw()
        #expect(harness.grid.lines[0].hasSuffix("⠙ People"))
        people.busy.value = false
        harness.draw()
        #expect(harness.grid.lines[0] == "[Weather] Movies  Search  Scoreboard  People")
        #expect(scheduler.waitingCount == 0)
    }

    @Test func onANarrowTerminalTheSpinnerStandsAlone() throws {
        let harness = ShellHarness(size: Size(columns: 50, rows: 10))
        try #require(harness.screens[.search]).busy.value = true
        harness.draw()
        #expect(harness.grid.lines[0].hasSuffix("People    ⠋"))
    }

    @Test func highlightMovesForwardWithTabAndBackWithShiftTab() {
        let harness = ShellHarness(tab: .weather)
        var highlighted: [String] = []
        for bytes in [[0x09], [0x09], [0x1B, 0x5B, 0x5A], [0x1B, 0x5B, 0x5A], [0x1B, 0x5B, 0x5A]] as [[UInt8]] {
            harness.type(bytes)
            highlighted.append(harness.highlightedTab)
        }
        #expect(highlighted == ["[Movies]", "[Search]", "[Movies]", "[Weather]", "[People]"])
    }

    @Test func functionKeysAndAltDigitsJumpToATab() {
        let harness = ShellHarness(tab: .weather)
        harness.type([0x1B, 0x4F, 0x53])  // F4
        #expect(latest(harness.shell.selectedTab) == .scoreboard)
        harness.type([0x1B, 0x5B, 0x31, 0x35, 0x7E])  // F5
        #expect(latest(harness.shell.selectedTab) == .people)
        harness.type([0x1B, 0x32])  // Alt-2
        #expect(latest(harness.shell.selectedTab) == .movies)
    }

    @Test func selectedTabIsBracketedSoItShowsWithoutColour() {
        let harness = ShellHarness(tab: .search)
        harness.draw()
        #expect(harness.grid.lines[0].contains("[Search]"))
        #expect(!harness.grid.lines[0].contains("[Weather]"))
    }

    @Test func narrowTerminalShortensTheTabsThatAreNotOpen() {
        let harness = ShellHarness(tab: .scoreboard, size: Size(columns: 40, rows: 10))
        harness.draw()
        #expect(harness.grid.lines[0] == " Weat…  Mov…  Sea… [Scoreboard] Peo…")
    }

    @Test func belowTheMinimumTheScreenSaysTooSmallAndRecoversWhenEnlarged() {
        let harness = ShellHarness(size: Size(columns: 39, rows: 10))
        harness.draw()
        #expect(harness.grid.lines.contains { $0.contains("Terminal too small") })
        #expect(harness.grid.lines.contains { $0.contains("Needs at least 40x10") })
        #expect(harness.grid.lines.contains { $0.contains("Now 39x10") })
        harness.resize(to: Size(columns: 40, rows: 9))
        #expect(harness.grid.lines.contains { $0.contains("Now 40x9") })
        harness.resize(to: Size(columns: 40, rows: 10))
        #expect(!harness.grid.text.contains("too small"))
        #expect(harness.grid.lines[0].contains("[Weather]"))
    }

    @Test func tinySizesDrawWithoutTrouble() {
        let harness = ShellHarness()
        for size in [Size(columns: 1, rows: 1), Size(columns: 0, rows: 0), Size(columns: 5, rows: 2), Size(columns: 300, rows: 100)] {
            harness.resize(to: size)
        }
        #expect(harness.grid.lines[0].contains("[Weather]"))
    }

    @Test func qQuitsOnlyWhenTheFocusIsNotInTheInputLine() {
        let harness = ShellHarness(tab: .weather)
        harness.type("q")
        #expect(harness.quitCount == 0)
        #expect(harness.inputLine?.text == "q")
        harness.type([0x1B])  // Esc leaves the input line
        harness.type("q")
        #expect(harness.quitCount == 1)
    }

    @Test func ctrlCQuitsFromTheInputLine() {
        let harness = ShellHarness(tab: .search)
        harness.type([0x03])
        #expect(harness.quitCount == 1)
    }

    @Test func inputLineHasFocusWhenItsTabOpens() {
        let harness = ShellHarness(tab: .movies)
        #expect(!harness.view.isInputFocused)
        harness.type([0x09])  // to Search
        #expect(harness.view.isInputFocused)
        #expect(harness.grid.cursor != nil)
        harness.type([0x09])  // to Scoreboard
        #expect(!harness.view.isInputFocused)
        #expect(harness.grid.cursor == nil)
    }

    @Test func slashReturnsToTheInputLineAfterEsc() {
        let harness = ShellHarness(tab: .weather)
        harness.type([0x1B])
        #expect(!harness.view.isInputFocused)
        harness.type("/")
        #expect(harness.view.isInputFocused)
        #expect(harness.inputLine?.text == "")
    }

    @Test func statusLineShowsTheKeysForWhereTheFocusIs() {
        let harness = ShellHarness(tab: .weather)
        harness.draw()
        #expect(harness.grid.lines[23].contains("Enter submit"))
        harness.type([0x1B])
        #expect(harness.grid.lines[23].contains("q quit"))
        #expect(harness.grid.lines[23].contains("? keys"))
    }

    @Test func manyChangesInOneTurnDrawAsTheLastOfThem() {
        let harness = ShellHarness(tab: .weather, notices: ["one"])
        harness.draw()
        for _ in 0..<3 { harness.shell.selectNextTab() }
        harness.shell.toggleHelp()
        harness.shell.toggleHelp()
        harness.shell.toggleHelp()
        harness.shell.dismissNotice()
        harness.draw()
        #expect(harness.highlightedTab == "[Scoreboard]")
        #expect(harness.grid.text.contains("go to a tab by its place"), "the help is open")
        #expect(!harness.grid.text.contains("Warning: one"))
    }

    @Test func aNoticeIsReadWholeAboveTheStatusLineAndTheKeyThatClosesItDoesNothingElse() {
        let warning =
            "/home/ada/.config/mvvm-tui/config.toml holds tmdb.api_key and other users can read it: "
            + "run chmod 600 /home/ada/.config/mvvm-tui/config.toml"
        let harness = ShellHarness(tab: .weather, size: Size(columns: 40, rows: 10), notices: [warning])
        harness.draw()
        #expect(
            Array(harness.grid.lines[3...9]) == [
                "────────────────────────────────────────",
                " Warning:",
                " /home/ada/.config/mvvm-tui/config.toml",
                " holds tmdb.api_key and other users can",
                " read it: run chmod 600",
                " /home/ada/.config/mvvm-tui/config.toml",
                " any key close the notice   Ctrl-C quit",
            ])
        #expect(harness.view.statusHints.map(\.key) == ["any key", "Ctrl-C"])
        harness.type([0x09])
        #expect(latest(harness.shell.selectedTab) == .weather, "the key that closed the notice did nothing else")
        #expect(!harness.grid.text.contains("Warning"))
        harness.type([0x09])
        #expect(latest(harness.shell.selectedTab) == .movies)
    }

    @Test func helpListsEveryKeyOfTheShellAndItsScreensAndClosesWithEsc() {
        let harness = EveryScreenHarness(tab: .movies, size: Size(columns: 100, rows: 180)).harness
        harness.type("?")
        let screen = harness.grid.text
        for binding in Keymap.everyScreen.lines {
            #expect(screen.contains(binding.label), "help lacks \(binding.label)")
            #expect(screen.contains(binding.summary), "help lacks \(binding.summary)")
        }
        harness.type([0x1B])
        #expect(!harness.grid.text.contains("Keys"))
        #expect(latest(harness.shell.isHelpVisible) == false)
    }

    @Test func helpScrollsWhenTheTerminalIsShort() {
        let harness = EveryScreenHarness(tab: .movies, size: Size(columns: 60, rows: 12)).harness
        harness.type("?")
        #expect(harness.grid.text.contains("more ↓"))
        #expect(!harness.grid.text.contains("scroll a page"))
        for _ in 0..<200 { harness.type("j") }
        #expect(harness.grid.text.contains(Keymap.everyScreen.lines.last!.summary))
        #expect(!harness.grid.text.contains("more ↓"))
    }

    @Test func helpSwallowsScreenKeysButNotTabSwitching() {
        let harness = ShellHarness(tab: .movies)
        harness.type("?")
        harness.type("/")
        #expect(latest(harness.shell.isHelpVisible))
        harness.type([0x1B, 0x31])  // Alt-1
        #expect(latest(harness.shell.selectedTab) == .weather)
        #expect(!latest(harness.shell.isHelpVisible))
    }

    @Test func pastedTextIsNeverTakenAsCommands() {
        let harness = ShellHarness(tab: .movies)
        harness.type(Array("\u{1B}[200~q?/\u{1B}[201~".utf8))
        #expect(harness.quitCount == 0)
        #expect(!latest(harness.shell.isHelpVisible))
        #expect(!harness.view.isInputFocused)
    }

    @Test func enterSubmitsTheInputLineToTheScreen() {
        let harness = ShellHarness(tab: .weather)
        harness.type("Paris\r")
        #expect(harness.screens[.weather]?.submitted == ["Paris"])
        #expect(harness.grid.text.contains("Submitted: “Paris”"))
    }

    @Test func keysInTheInputLineAreTheScreensEditsAndNothingIsKeptInTheShell() {
        let harness = ShellHarness(tab: .search)
        harness.type("ab")
        harness.type(Array("\u{1B}[D".utf8))  // Left
        harness.type([0x7F, 0x17, 0x15, 0x01, 0x05, 0x04, 0x02, 0x06])  // Backspace, Ctrl-W, -U, -A, -E, -D, -B, -F
        harness.type(Array("\u{1B}[3~\u{1B}[H\u{1B}[F".utf8))  // Delete, Home, End
        harness.type(Array("\u{1B}[200~x\ny\u{1B}[201~".utf8))  // a paste
        #expect(
            harness.screens[.search]?.edits == [
                .insert("ab"), .moveLeft, .deleteBackward, .deleteWordBackward, .deleteToStart, .moveHome, .moveEnd,
                .deleteForward, .moveLeft, .moveRight, .deleteForward, .moveHome, .moveEnd, .insert("x y"),
            ])
        #expect(harness.inputLine == InputLine(text: "bx y"))
        #expect(harness.grid.lines[2] == " Search:  bx y")
        harness.type("\r")
        #expect(harness.screens[.search]?.submitted == ["bx y"])
    }

    @Test func eachTabKeepsItsOwnInputLine() {
        let harness = ShellHarness(tab: .weather)
        harness.type("Paris")
        harness.type([0x1B, 0x4F, 0x52])  // F3: Search
        harness.type("star")
        harness.type([0x1B, 0x31])  // Alt-1: Weather
        #expect(harness.inputLine?.text == "Paris")
        #expect(harness.grid.lines[2].contains("Paris"))
    }

    @Test func keysTypedTogetherOutsideTheInputLineAreEachACommand() {
        let harness = ShellHarness(tab: .movies)
        harness.type("?q")
        #expect(latest(harness.shell.isHelpVisible) == false)
        #expect(harness.quitCount == 0)  // q closed the help rather than quitting
        harness.type("/q")
        #expect(harness.quitCount == 1)  // Movies has no input line: / does nothing, q quits
    }
}
