import Renderer
import Screens
import Testing
import TestSupport

/// The terminal's cursor follows the user's attention: hidden on the chosen row of the list that
/// has the focus (where screen readers and braille displays look), shown at the caret while the
/// input line has the focus.
@MainActor
struct FocusTests {
    /// The cell of the chosen row's mark, `›`, on screen.
    private func chosenMark(_ harness: ShellHarness) -> Position? {
        for (row, line) in harness.grid.lines.enumerated() {
            if let index = line.firstIndex(of: "›") { return Position(row: row, column: line.distance(from: line.startIndex, to: index)) }
        }
        return nil
    }

    @Test(arguments: [Tab.movies, .people, .scoreboard])
    func theHiddenCursorSitsOnTheChosenRowAndFollowsIt(tab: Tab) async {
        let screens = EveryScreenHarness(tab: tab)
        await screens.settle()
        let harness = screens.harness
        for key in [Key.down, .down, .up] {
            harness.press(key)
            harness.draw()
            #expect(harness.grid.cursor == nil)
            #expect(harness.grid.focus != nil)
            #expect(harness.grid.focus == chosenMark(harness), "after \(key) on \(tab)")
        }
    }

    @Test func theCaretWinsWhileTheInputLineHasTheFocus() async {
        let screens = EveryScreenHarness(tab: .search)
        let harness = screens.harness
        harness.type("star")
        await screens.settle(advancingBy: .seconds(1))
        #expect(harness.grid.cursor != nil)
        harness.press(.escape)
        harness.draw()
        #expect(harness.grid.cursor == nil)
        #expect(harness.grid.focus == chosenMark(harness))
    }
}
