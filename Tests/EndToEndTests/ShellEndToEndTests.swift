import Foundation
import Testing
import TestSupport

/// The real binary in tmux: launch, tabs, typing, resizing, and every way out.
@Suite(.serialized, .startsProcesses) struct ShellEndToEndTests {
    @Test func launchShowsTheTabsAndTabShiftTabMoveTheHighlight() async throws {
        let session = try await TmuxSession()
        try await session.waitFor("[Weather] Movies")
        try await session.press("Tab")
        try await session.waitFor(" Weather [Movies] Search")
        try await session.press("Tab")
        try await session.waitFor("[Search]")
        try await session.press("BTab", "BTab")
        try await session.waitFor("[Weather]")
        try await session.press("BTab")
        try await session.waitFor("[People]")
    }

    @Test func typedCjkShowsInTheInputLineWithTheCursorAfterIt() async throws {
        let session = try await TmuxSession()
        try await session.waitFor("Location:")
        try await session.type("東京")
        try await session.waitFor("Location:  東京")
        // The suggestions for 東京 come a frame later; the cursor is read once the frames are done.
        var row: Int?
        var cursor = (column: -1, row: -1)
        let start = ContinuousClock.now
        repeat {
            let screen = try await session.screen()
            row = screen.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("Location:  東京") }
            cursor = try await session.cursor()
            if cursor.row == row, cursor.column == 12 + 4 { break }
            try await Task.sleep(for: .milliseconds(50))
        } while ContinuousClock.now - start < .seconds(5)
        #expect(cursor.row == row)
        #expect(cursor.column == 12 + 4)
    }

    /// Screen readers and braille displays follow the terminal's cursor: hidden, it sits on the
    /// chosen row's mark in every list, and follows it (People's list, empty here, in FocusTests).
    /// On Search the first ↓ takes the focus from the input line to the results.
    @Test(arguments: ["movies", "scoreboard", "search"])
    func theHiddenCursorSitsOnTheChosenRowOfTheList(tab: String) async throws {
        let session = try await TmuxSession(arguments: ["--tab", tab])
        if tab == "search" {
            try await session.type("star")
            try await session.waitFor("matches")
        }
        try await session.waitFor("›")
        for key in ["Down", "Down", "Up"] {
            try await session.press(key)
            var mark: (column: Int, row: Int)?
            var cursor = (column: -1, row: -1)
            let start = ContinuousClock.now
            repeat {  // read once the frames are done: the mark and the cursor agree
                let lines = try await session.screen().split(separator: "\n", omittingEmptySubsequences: false)
                mark =
                    lines.enumerated().lazy.compactMap { row, line in
                        line.firstIndex(of: "›").map { (column: line[..<$0].count, row: row) }
                    }.first
                cursor = try await session.cursor()
                if let mark, mark == cursor { break }
                try await Task.sleep(for: .milliseconds(50))
            } while ContinuousClock.now - start < .seconds(5)
            #expect(
                mark.map { $0 == cursor } == true, "\(tab), after \(key): the mark at \(String(describing: mark)), the cursor at \(cursor)")
        }
    }

    @Test func resizingReLaysOutTheScreenAndSmallSizesSaySo() async throws {
        let session = try await TmuxSession(arguments: ["--tab", "movies"])
        try await session.waitFor("[Movies]")
        try await session.resize(columns: 60, rows: 20)
        try await session.waitFor("a 60x20 layout") { screen in
            let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
            return lines.count >= 20 && lines[1].count == 60 && lines[19].contains("q quit")
        }
        try await session.resize(columns: 30, rows: 8)
        try await session.waitFor("Terminal too small")
        try await session.waitFor("Now 30x8")
        try await session.resize(columns: 100, rows: 30)
        try await session.waitFor("[Movies]")
    }

    @Test func qExitsWithStatusZeroAndRestoresTheTerminal() async throws {
        let session = try await TmuxSession(arguments: ["--tab", "scoreboard"])
        try await session.waitFor("[Scoreboard]")
        try await session.press("q")
        let (status, modes) = try await session.waitForExit()
        #expect(status == 0)
        #expect(modes.isSuperset(of: ["icanon", "echo", "isig"]))
        #expect(!(try await session.screen()).contains("[Scoreboard]"))  // the alternate screen is gone
        try await session.expectTerminalRestored()
    }

    @Test func aTerminalThatCannotMoveTheCursorIsToldSoAndNothingIsDrawn() async throws {
        let session = try await TmuxSession(columns: 200, environment: ["TERM": "dumb"])
        let (status, modes) = try await session.waitForExit()
        #expect(status == 2)
        #expect(modes.isSuperset(of: ["icanon", "echo", "isig"]))
        let screen = try await session.screen()
        #expect(screen.contains("mvvm-tui: TERM=dumb cannot move the cursor"))
        #expect(screen.contains("mvvm-tui weather Paris"))
        #expect(!screen.contains("Weather  Movies"), "no tab bar: the screen was never drawn")
    }

    @Test func anUnknownTerminalTypeFallsBackAndDraws() async throws {
        let session = try await TmuxSession(arguments: ["--tab", "scoreboard"], environment: ["TERM": "no-such-terminal"])
        try await session.waitFor("[Scoreboard]")
        try await session.press("q")
        #expect(try await session.waitForExit().status == 0)
    }

    @Test func ctrlCQuitsFromTheInputLineWithStatusZero() async throws {
        let session = try await TmuxSession(arguments: ["--tab", "search"])
        try await session.waitFor("Search:")
        try await session.type("q")
        try await session.press("C-c")
        let (status, modes) = try await session.waitForExit()
        #expect(status == 0)
        #expect(modes.isSuperset(of: ["icanon", "echo"]))
        try await session.expectTerminalRestored()
    }

    /// SIGTERM and SIGHUP end the program (128 + the signal); a crash signal still ends it as
    /// a crash (the shell sees the signal's status), and the terminal is restored either way:
    /// modes, alternate screen, cursor and bracketed paste.
    @Test(arguments: [("TERM", 143), ("HUP", 129), ("SEGV", 139), ("ABRT", 134), ("BUS", 135), ("FPE", 136)])
    func signalsThatEndTheProgramRestoreTheTerminal(signal: String, expectedStatus: Int) async throws {
        let session = try await TmuxSession()
        try await session.waitFor("[Weather]")
        try await session.kill(signal)
        let (status, modes) = try await session.waitForExit()
        #expect(status == expectedStatus)
        #expect(modes.isSuperset(of: ["icanon", "echo", "isig"]))
        try await session.expectTerminalRestored()
    }

    @Test func helpOverlayOpensWithQuestionMarkAtTheScreensKeys() async throws {
        let session = try await TmuxSession(arguments: ["--tab", "people"])
        try await session.waitFor("[People]")
        try await session.press("?")
        try await session.waitFor("Keys")
        let help = try await session.waitFor("add a person")
        let headings = help.split(separator: "\n").filter { $0.contains("│ On ") || $0.contains("│ In ") }
        #expect(
            headings.prefix(2).map {
                $0.contains("the list of people") || $0.contains("the chosen person") || $0.contains("On the People screen")
            } == [true, true],
            "\(headings)")
        try await session.press("Escape")
        try await session.waitFor("the help to close") { !$0.contains("add a person") }
    }

    /// A first-time user on the first screen, where the focus is in the input line and `?` and
    /// `q` are text, reads how to get help and quit on the status line, at 80x24 and 40x10.
    @Test(arguments: [(80, 24), (40, 10)])
    func theFirstScreenNamesF1AndCtrlCAndF1OpensAndClosesTheHelp(columns: Int, rows: Int) async throws {
        let dataDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("mvvm-tui-e2e-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: dataDirectory) }
        let session = try await TmuxSession(arguments: ["--offline", "--data-dir", dataDirectory], columns: columns, rows: rows)
        try await session.waitFor("the status line's help and quit keys") { $0.contains("F1 help  Ctrl-C quit") }
        try await session.type("q?")
        try await session.press("F1")
        try await session.waitFor("Keys")
        try await session.press("F1")
        try await session.waitFor("the help to close, the text typed kept") { !$0.contains("┌─ Keys") && $0.contains("q?") }
        try await session.press("C-c")
        #expect(try await session.waitForExit().status == 0)
    }

    @Test func noColorDrawsWithoutColourButKeepsTheBrackets() async throws {
        let coloured = try await TmuxSession(arguments: ["--tab", "movies"])
        let plain = try await TmuxSession(arguments: ["--tab", "movies"], environment: ["NO_COLOR": "1"])
        try await coloured.waitFor("[Movies]")
        try await plain.waitFor("[Movies]")
        let colouredScreen = try await coloured.screen(withEscapes: true)
        #expect(Self.usesColour(colouredScreen), "\(colouredScreen.prefix(300).debugDescription)")
        #expect(!Self.usesColour(try await plain.screen(withEscapes: true)))
    }

    /// Whether any SGR sequence in `screen` sets a colour (39 and 49, back to default, do not).
    static func usesColour(_ screen: String) -> Bool {
        screen.split(separator: "\u{1B}").contains { sequence in
            guard sequence.hasPrefix("["), let end = sequence.firstIndex(of: "m") else { return false }
            let parameters = sequence[sequence.index(after: sequence.startIndex)..<end].split(separator: ";").compactMap { Int($0) }
            return parameters.contains { (30...38).contains($0) || (40...48).contains($0) || (90...107).contains($0) }
        }
    }
}

/// The command line outside a terminal.
struct CommandLineTests {
    @Test func withoutATerminalItSaysSoAndExitsTwo() async throws {
        let result = try await TmuxSession.runForStatus(try ProgramUnderTest.path(), [])
        #expect(result.status == 2)
        #expect(
            result.error
                == "mvvm-tui needs an interactive terminal; its subcommands print to any output (mvvm-tui weather Paris; mvvm-tui help)\n")
        #expect(result.output.isEmpty)
    }

    @Test func helpNamesEveryOption() async throws {
        let help = try await TmuxSession.run(try ProgramUnderTest.path(), ["--help"])
        for option in [
            "--tab", "--location", "--offline", "--data-dir", "--people-api", "--config", "--no-color", "--trace",
            "--version", "--help",
        ] {
            #expect(help.contains(option), "--help lacks \(option)")
        }
        let words = help.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(words.contains("A flag beats an environment variable, which beats the config file"))
    }

    @Test func helpEndsWithTheCreditsTheServicesAskFor() async throws {
        let help = try await TmuxSession.run(try ProgramUnderTest.path(), ["--help"])
        #expect(
            help.hasSuffix(
                """
                CREDITS:
                  This product uses the TMDB API but is not endorsed or certified by TMDB.
                  Weather data by Open-Meteo.com (CC BY 4.0). Places from GeoNames
                  (geonames.org, CC BY 4.0). Films from IMDb, as compiled in ggplot2movies
                  (GPL-3). The program is licensed under Apache-2.0.

                """))
        #expect(help.contains("for detailed help.\n\nCREDITS:"))
    }

    @Test func anUnknownTabIsRefusedClearly() async throws {
        let result = try await TmuxSession.runForStatus(try ProgramUnderTest.path(), ["--tab", "sports"])
        #expect(result.status == 64)
        #expect(result.error.contains("sports"))
        #expect(result.error.contains("weather"))
    }
}
