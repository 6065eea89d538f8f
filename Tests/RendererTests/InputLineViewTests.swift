import Renderer
import Screens
import Testing

/// The shared input line, driven by the bytes a terminal sends and read back from the grid.
@MainActor
@Suite struct InputLineViewTests {
    private let promptEnd = 12  // " Location: " then one cell for the ‹ marker

    @Test func asciiShowsWithTheCursorAfterIt() {
        let harness = ShellHarness(tab: .weather)
        harness.type("Paris")
        #expect(harness.grid.lines[2] == " Location:  Paris")
        #expect(harness.grid.cursor == Position(row: 2, column: promptEnd + 5))
    }

    @Test func cjkIsMeasuredByDisplayWidth() {
        let harness = ShellHarness(tab: .weather)
        harness.type("東京")
        #expect(harness.grid.lines[2] == " Location:  東京")
        #expect(harness.grid.cursor == Position(row: 2, column: promptEnd + 4))
    }

    @Test func emojiWithAModifierIsOneCharacterTwoColumnsWide() {
        let harness = ShellHarness(tab: .weather)
        harness.type("a👍🏽b")
        #expect(harness.inputLine?.text == "a👍🏽b")
        #expect(harness.grid.cursor == Position(row: 2, column: promptEnd + 4))
        harness.type([0x7F, 0x7F])  // Backspace twice: b, then the whole 👍🏽
        #expect(harness.inputLine?.text == "a")
    }

    @Test func emojiModifierArrivingInALaterReadJoinsItsBase() {
        let harness = ShellHarness(tab: .weather)
        let bytes = Array("👍🏽".utf8)
        harness.type(Array(bytes[0..<4]))
        harness.type(Array(bytes[4...]))
        #expect(harness.inputLine?.text == "👍🏽")
        #expect(harness.inputLine?.cursor == 1)
    }

    @Test func editingKeysMoveAndDelete() {
        let harness = ShellHarness(tab: .search)
        harness.type("star wars")
        harness.type([0x17])  // Ctrl-W
        #expect(harness.inputLine?.text == "star ")
        harness.type([0x01])  // Ctrl-A
        harness.type("the ")
        #expect(harness.inputLine?.text == "the star ")
        harness.type([0x05])  // Ctrl-E
        harness.type(Array("\u{1B}[D\u{1B}[D".utf8))  // Left, Left
        harness.type(Array("\u{1B}[3~".utf8))  // Delete
        #expect(harness.inputLine?.text == "the sta ")
        harness.type(Array("\u{1B}[H".utf8))  // Home
        harness.type(Array("\u{1B}[F".utf8))  // End
        harness.type([0x15])  // Ctrl-U
        #expect(harness.inputLine?.text == "")
    }

    @Test func aLongPasteArrivesWholeAndScrolls() {
        let harness = ShellHarness(tab: .search)
        let text = String(repeating: "0123456789", count: 500)
        harness.type(Array("\u{1B}[200~\(text)\u{1B}[201~".utf8))
        #expect(harness.inputLine?.text == text)
        #expect(harness.grid.lines[2].contains("‹"))
        #expect(harness.grid.cursor.map { $0.column < 80 } == true)
        harness.type(Array("\u{1B}[H".utf8))
        #expect(harness.grid.lines[2].contains("›"))
        #expect(harness.grid.lines[2].hasPrefix(" Search:  0123456789"))
    }

    @Test func aLongTypedRunArrivesWhole() {
        let harness = ShellHarness(tab: .search)
        let text = String(repeating: "東京 ", count: 1_000)
        harness.type(text)
        #expect(harness.inputLine?.text == text)
    }

    @Test func invalidUtf8AndControlCharactersAreDroppedNeverDrawn() {
        let harness = ShellHarness(tab: .weather)
        harness.type([0x50, 0xFF, 0xC3, 0x28, 0x61, 0x07, 0x00, 0xC2, 0x9B, 0x72, 0xE2, 0x80, 0xAE, 0x69, 0x73])
        #expect(harness.inputLine?.text == "P(aris")
        #expect(harness.grid.lines[2] == " Location:  P(aris")
    }

    @Test func pastedLineBreaksBecomeSpacesAndDoNotSubmit() {
        let harness = ShellHarness(tab: .weather)
        harness.type(Array("\u{1B}[200~Rich\r\nmond\tVA\u{1B}[201~".utf8))
        #expect(harness.inputLine?.text == "Rich mond VA")
        #expect(harness.screens[.weather]?.submitted == [])
    }
}
