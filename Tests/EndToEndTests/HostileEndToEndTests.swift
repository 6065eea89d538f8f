import Foundation
import Testing
import TestSupport

/// The real program under hostile input: on every tab, resizes down to 1x1 and back, a few
/// hundred random keys (escape sequences, control keys, invalid UTF-8), and a 100 KB bracketed
/// paste; it must survive them all and still answer `?`. The renderer tests run the long storms
/// in memory; these prove the program itself lives through the short ones.
@Suite(.serialized, .startsProcesses) struct HostileEndToEndTests {
    static let tabs = ["weather", "movies", "search", "scoreboard", "people"]
    /// The help's top border, which shows whatever keys it opens at.
    static let helpShows = "┌─ Keys"

    @Test(arguments: tabs)
    func theProgramSurvivesResizesRandomKeysAndAHugePaste(tab: String) async throws {
        let session = try await TmuxSession(arguments: ["--tab", tab, "--offline"])
        let title = "[\(tab.prefix(1).uppercased() + tab.dropFirst())]"
        try await session.waitFor(title)
        var random = SplitMix64(seed: UInt64(tab.utf8.reduce(0) { $0 &* 31 &+ Int($1) }))
        for _ in 0..<20 {
            try await session.resize(columns: Int.random(in: 1...300, using: &random), rows: Int.random(in: 1...100, using: &random))
        }
        try await session.resize(columns: 100, rows: 30)
        for _ in 0..<30 {
            try await sendRandomKeys(10, to: session, using: &random)
        }
        try await session.paste(String(repeating: "Pasted 東京 👍🏽 q?\n", count: 100_000 / 26 + 1))
        // Esc then a digit is Alt and a digit, which changes tab: the tab's Alt and digit bring it back.
        try await session.press("M-\(Self.tabs.firstIndex(of: tab)! + 1)")
        try await session.waitFor(title, timeout: .seconds(20))
        try await Self.openHelpAfterEscape(in: session)
        try await session.press("Escape")
        try await session.waitFor("the help to close") { $0.contains(title) && !$0.contains(Self.helpShows) }
    }

    /// A paste arrives as one paste: its line break does not submit, and its `q` quits nothing.
    @Test func aPasteIsTextNeverKeys() async throws {
        let search = try await TmuxSession(arguments: ["--tab", "search", "--offline"])
        try await search.waitFor("Search:")
        try await search.paste("star\nwars")
        try await search.waitFor("Search:  star wars")
        let scoreboard = try await TmuxSession(arguments: ["--tab", "scoreboard", "--offline"])
        try await scoreboard.waitFor("[Scoreboard]")
        try await scoreboard.paste("q")
        try await Task.sleep(for: .milliseconds(500))
        try await scoreboard.press("?")
        try await scoreboard.waitFor(Self.helpShows)
    }

    /// Leaves any input line with Esc, then opens the help with `?`. Esc and a key read together
    /// are Alt and that key, and a program still busy with a paste when both arrive reads them in
    /// one go however long the test waited between them: the two are sent again, five times at
    /// most, until the help shows.
    private static func openHelpAfterEscape(in session: TmuxSession) async throws {
        for attempt in 1...5 {
            try await session.press("Escape")
            try await Task.sleep(for: .milliseconds(200))  // past the 25 ms in which Esc and the next key make Alt
            try await session.press("?")
            do {
                try await session.waitFor(Self.helpShows, timeout: .seconds(attempt < 5 ? 5 : 20))
                return
            } catch is TmuxSession.Failure where attempt < 5 {
                continue
            }
        }
    }

    /// Sends `count` random keys, never one that ends the program (q, Ctrl-C, Ctrl-\), suspends
    /// it (Ctrl-Z) or stops the terminal's output (Ctrl-S), nor Tab, F1 or F2–F5; Esc and a digit
    /// still make Alt and the digit, which can change tab.
    private func sendRandomKeys(_ count: Int, to session: TmuxSession, using random: inout SplitMix64) async throws {
        let named = [
            "Up", "Down", "Left", "Right", "Home", "End", "PPage", "NPage", "IC", "DC", "BSpace", "Enter",
            "Escape", "F6", "F7", "F8", "F9", "F10", "F11", "F12", "C-a", "C-e", "C-u", "C-w", "C-k", "C-d",
            "C-l", "C-x", "M-a", "M-x", "M-Enter", "C-Up", "S-Left",
        ]
        let typed = ["a", "z", "?", "/", " ", "1", "2", "j", "k", "u", "s", "n", "y", "g", "é", "東京", "👩‍💻", "\u{202E}"]
        var keys: [String] = []
        for _ in 0..<count {
            switch random.next() % 4 {
            case 0:
                if !keys.isEmpty { try await session.press(keys) }
                keys = []
                try await session.send(bytes: [[0x80], [0xC3], [0xFF], [0xED, 0xA0, 0x80], [0x1B, 0x5B]].randomElement(using: &random)!)
            case 1:
                if !keys.isEmpty { try await session.press(keys) }
                keys = []
                try await session.type(typed.randomElement(using: &random)!)
            default:
                keys.append(named.randomElement(using: &random)!)
            }
        }
        if !keys.isEmpty { try await session.press(keys) }
    }
}

extension TmuxSession {
    /// After the program has ended: checks that it left the alternate screen, showed the cursor,
    /// turned mouse reporting off (a click in the shell would type `^[[<0;…M`) and turned
    /// bracketed paste off (a paste now reaches the shell without markers, which the terminal
    /// would echo as `^[[200~`).
    func expectTerminalRestored(sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let modes = try await screenModes()
        #expect(!modes.alternateScreen, "the alternate screen still shows", sourceLocation: sourceLocation)
        #expect(modes.cursorVisible, "the cursor is still hidden", sourceLocation: sourceLocation)
        #expect(!modes.mouseReporting, "mouse reporting is still on", sourceLocation: sourceLocation)
        try await paste("paste-probe")
        let screen = try await waitFor("the pasted probe to echo") { $0.contains("paste-probe") }
        #expect(!screen.contains("[200~"), "bracketed paste is still on:\n\(screen)", sourceLocation: sourceLocation)
    }
}
