import Renderer
import Screens
import Testing

/// A draw reads what the bindings last delivered and changes no output: the one path runs from
/// view-model to screen, never back. Any output a view binds that changed during a draw would
/// ask for another frame, which these tests count.
@MainActor
struct DrawChangesNothingTests {
    @Test(arguments: Tab.allCases)
    func aDrawAsksForNoFrameOnAnyScreenAtAnySize(tab: Tab) async {
        let screens = EveryScreenHarness(tab: tab)
        await screens.settle()
        for size in [Size(columns: 100, rows: 30), Size(columns: 40, rows: 10), Size(columns: 40, rows: 12), Size(columns: 80, rows: 24)] {
            screens.harness.grid.resize(to: size)
            screens.harness.view.layout(size: size)  // the layout may change outputs: it is an input
            let requests = screens.harness.displayRequests
            screens.harness.draw()
            screens.harness.draw()
            #expect(screens.harness.displayRequests == requests, "a draw of \(tab) at \(size) changed an output")
        }
    }
}
