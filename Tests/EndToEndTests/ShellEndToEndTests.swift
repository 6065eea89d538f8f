import Foundation
import Testing

/// The real binary in tmux: launch, tabs, typing, resizing, and every way out.
@Suite(.serialized) struct ShellEndToEndTests {
    @Test func launchShowsTheTabsAndTabShiftTabMoveTheHighlight() throws {
        let session = try TmuxSession()
        try session.waitFor("[Weather] Movies")
        try session.press("Tab")
        try session.waitFor(" Weather [Movies] Search")
        try session.press("Tab")
        try session.waitFor("[Search]")
        try session.press("BTab", "BTab")
        try session.waitFor("[Weather]")
        try session.press("BTab")
        try session.waitFor("[People]")
    }

    @Test func typedCjkShowsInTheInputLineWithTheCursorAfterIt() throws {
        let session = try TmuxSession()
        try session.waitFor("Location:")
        try session.type("東京")
        try session.waitFor("Location:  東京")
        // The suggestions for 東京 come a frame later; the cursor is read once the frames are done.
        var row: Int?
        var cursor = (column: -1, row: -1)
        let start = ContinuousClock.now
        repeat {
            let screen = try session.screen()
            row = screen.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("Location:  東京") }
            cursor = try session.cursor()
            if cursor.row == row, cursor.column == 12 + 4 { break }
            Thread.sleep(forTimeInterval: 0.05)
        } while ContinuousClock.now - start < .seconds(5)
        #expect(cursor.row == row)
        #expect(cursor.column == 12 + 4)
    }

    @Test func resizingReLaysOutTheScreenAndSmallSizesSaySo() throws {
        let session = try TmuxSession(arguments: ["--tab", "movies"])
        try session.waitFor("[Movies]")
        try session.resize(columns: 60, rows: 20)
        try session.waitFor("a 60x20 layout") { screen in
            let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
            return lines.count >= 20 && lines[1].count == 60 && lines[19].contains("q quit")
        }
        try session.resize(columns: 30, rows: 8)
        try session.waitFor("Terminal too small")
        try session.waitFor("Now 30x8")
        try session.resize(columns: 100, rows: 30)
        try session.waitFor("[Movies]")
    }

    @Test func qExitsWithStatusZeroAndRestoresTheTerminal() throws {
        let session = try TmuxSession(arguments: ["--tab", "scoreboard"])
        try session.waitFor("[Scoreboard]")
        try session.press("q")
        let (status, modes) = try session.waitForExit()
        #expect(status == 0)
        #expect(modes.isSuperset(of: ["icanon", "echo", "isig"]))
        #expect(!(try session.screen()).contains("[Scoreboard]"))  // the alternate screen is gone
        try session.expectTerminalRestored()
    }

    @Test func ctrlCQuitsFromTheInputLineWithStatusZero() throws {
        let session = try TmuxSession(arguments: ["--tab", "search"])
        try session.waitFor("Search:")
        try session.type("q")
        try session.press("C-c")
        let (status, modes) = try session.waitForExit()
        #expect(status == 0)
        #expect(modes.isSuperset(of: ["icanon", "echo"]))
        try session.expectTerminalRestored()
    }

    /// SIGTERM and SIGHUP end the program (128 + the signal); a crash signal still ends it as
    /// a crash (the shell sees the signal's status), and the terminal is restored either way:
    /// modes, alternate screen, cursor and bracketed paste.
    @Test(arguments: [("TERM", 143), ("HUP", 129), ("SEGV", 139), ("ABRT", 134), ("BUS", 135), ("FPE", 136)])
    func signalsThatEndTheProgramRestoreTheTerminal(signal: String, expectedStatus: Int) throws {
        let session = try TmuxSession()
        try session.waitFor("[Weather]")
        try session.kill(signal)
        let (status, modes) = try session.waitForExit()
        #expect(status == expectedStatus)
        #expect(modes.isSuperset(of: ["icanon", "echo", "isig"]))
        try session.expectTerminalRestored()
    }

    @Test func helpOverlayOpensWithQuestionMark() throws {
        let session = try TmuxSession(arguments: ["--tab", "people"])
        try session.waitFor("[People]")
        try session.press("?")
        try session.waitFor("Keys")
        try session.waitFor("go to a tab by its place")
        try session.press("Escape")
        try session.waitFor("the help to close") { !$0.contains("go to a tab by its place") }
    }

    @Test func noColorDrawsWithoutColourButKeepsTheBrackets() throws {
        let coloured = try TmuxSession(arguments: ["--tab", "movies"])
        let plain = try TmuxSession(arguments: ["--tab", "movies"], environment: ["NO_COLOR": "1"])
        try coloured.waitFor("[Movies]")
        try plain.waitFor("[Movies]")
        let colouredScreen = try coloured.screen(withEscapes: true)
        #expect(Self.usesColour(colouredScreen), "\(colouredScreen.prefix(300).debugDescription)")
        #expect(!Self.usesColour(try plain.screen(withEscapes: true)))
    }

    /// Whether any SGR sequence in `screen` sets a colour (39 and 49, back to default, do not).
    private static func usesColour(_ screen: String) -> Bool {
        screen.split(separator: "\u{1B}").contains { sequence in
            guard sequence.hasPrefix("["), let end = sequence.firstIndex(of: "m") else { return false }
            let parameters = sequence[sequence.index(after: sequence.startIndex)..<end].split(separator: ";").compactMap { Int($0) }
            return parameters.contains { (30...38).contains($0) || (40...48).contains($0) || (90...107).contains($0) }
        }
    }
}

/// The command line outside a terminal.
struct CommandLineTests {
    @Test func withoutATerminalItSaysSoAndExitsTwo() throws {
        let result = try TmuxSession.runForStatus(try TmuxSession.binary(), [])
        #expect(result.status == 2)
        #expect(result.error == "mvvm-tui needs an interactive terminal\n")
        #expect(result.output.isEmpty)
    }

    @Test func helpNamesEveryOption() throws {
        let help = try TmuxSession.run(try TmuxSession.binary(), ["--help"])
        for option in ["--tab", "--location", "--offline", "--data-dir", "--people-api", "--config", "--no-color", "--trace",
                       "--version", "--help"] {
            #expect(help.contains(option), "--help lacks \(option)")
        }
        let words = help.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(words.contains("A flag beats an environment variable, which beats the config file"))
    }

    @Test func helpEndsWithTheCreditsTheServicesAskFor() throws {
        let help = try TmuxSession.run(try TmuxSession.binary(), ["--help"])
        #expect(help.hasSuffix("""
            CREDITS:
              This product uses the TMDB API but is not endorsed or certified by TMDB.
              Weather data by Open-Meteo.com (CC BY 4.0). Places from GeoNames
              (geonames.org, CC BY 4.0). Films from IMDb, as compiled in ggplot2movies
              (GPL-3). The program is licensed under Apache-2.0.

            """))
        #expect(help.contains("Show help information.\n\nCREDITS:"))
    }

    @Test func anUnknownTabIsRefusedClearly() throws {
        let result = try TmuxSession.runForStatus(try TmuxSession.binary(), ["--tab", "sports"])
        #expect(result.status == 64)
        #expect(result.error.contains("sports"))
        #expect(result.error.contains("weather"))
    }
}
