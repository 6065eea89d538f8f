import Renderer
import Screens
import Testing
import TestSupport

/// Storms of random keys and resizes on every screen, drawn into the grid through the real
/// decoder, shell, views and view-models: nothing crashes, nothing but printable text is drawn,
/// the frame keeps its tab bar and status line, and the program still answers `?` afterwards.
@MainActor
@Suite struct HostileInputTests {
    @Test(arguments: Tab.allCases)
    func tenThousandRandomKeysLeaveTheScreenWholeAndHelpStillOpens(tab: Tab) async {
        let screens = EveryScreenHarness(tab: tab)
        let harness = screens.harness
        var keys = HostileKeys(seed: 0xC0FFEE ^ UInt64(Tab.allCases.firstIndex(of: tab)!))
        let storm = keys.keys(count: 10_000)
        var random = SplitMix64(seed: 7)
        var start = 0
        var chunks = 0
        while start < storm.count {
            let end = min(storm.count, start + Int.random(in: 1...16, using: &random))
            harness.type(storm[start..<end].flatMap { $0 })
            start = end
            chunks += 1
            if latest(harness.shell.selectedTab) != tab {
                harness.shell.selectTab(tab)
                harness.draw()
            }
            if chunks % 40 == 0 { await screens.settle(advancingBy: .milliseconds(Int.random(in: 0...3_000, using: &random))) }
            guard Self.expectWhole(harness.grid, tab: tab, after: "key \(start)") else { return }
        }
        await screens.settle()
        harness.type([0x1B])
        harness.type("?")
        #expect(latest(harness.shell.isHelpVisible), "Esc then ? did not open the help on \(tab)")
        #expect(harness.grid.text.contains(" Keys "), "\(harness.grid.text)")
    }

    @Test(arguments: Tab.allCases)
    func twoHundredRandomResizesEndInTheLayoutOfTheLastSize(tab: Tab) async {
        let screens = EveryScreenHarness(tab: tab)
        let harness = screens.harness
        var random = SplitMix64(seed: 0x51_2E ^ UInt64(Tab.allCases.firstIndex(of: tab)!))
        for count in 1...200 {
            // The last size fits the shell, so that its whole layout can be compared.
            let size =
                count == 200
                ? Size(columns: Int.random(in: 40...300, using: &random), rows: Int.random(in: 10...100, using: &random))
                : Size(columns: Int.random(in: 1...300, using: &random), rows: Int.random(in: 1...100, using: &random))
            harness.resize(to: size)
            if count % 20 == 0 { await screens.settle() }
            guard Self.expectWhole(harness.grid, tab: tab, after: "resize \(count) to \(size)") else { return }
        }
        await screens.settle()
        let fresh = GridSurface(size: harness.grid.size)
        harness.view.draw(into: fresh)
        #expect(harness.grid.text == fresh.text, "the last resize left something of an earlier size")
    }

    /// After a 100 KB paste in the input line, each key still edits, searches and draws promptly.
    @Test(arguments: [Tab.weather, .search])
    func keysTypedAfterAHugePasteInTheInputLineAreAnsweredPromptly(tab: Tab) async {
        let screens = EveryScreenHarness(tab: tab)
        let harness = screens.harness
        harness.type(HostileKeys.paste)
        let start = ContinuousClock.now
        for key in "typing on" { harness.type(String(key)) }
        await screens.settle(advancingBy: .seconds(1))
        // A hang guard: alone this takes a fraction of a second; in the full run, other suites can hold
        // every test thread for tens of seconds. Speed itself: make perf.
        #expect(ContinuousClock.now - start < .seconds(90), "each key after the paste took seconds")
        #expect(harness.inputLine?.text.hasSuffix("typing on") == true)
        #expect(Self.expectWhole(harness.grid, tab: tab, after: "the paste"))
    }

    // MARK: - What a whole screen is

    /// Checks that `grid` holds only printable text no wider than a row, and that it is either
    /// the shell's frame (the tab bar with `tab` open on row 0, the status line on the last row)
    /// or, below the minimum size, says the terminal is too small; false when it does not.
    private static func expectWhole(_ grid: GridSurface, tab: Tab, after what: String) -> Bool {
        let size = grid.size
        let lines = grid.lines
        for (row, line) in lines.enumerated() {
            let bad = line.unicodeScalars.filter(isGarbage)
            guard bad.isEmpty, DisplayWidth.of(line) <= size.columns else {
                Issue.record("after \(what), row \(row) of \(size) is \(line.debugDescription)")
                return false
            }
        }
        if size.fits(ShellView.minimumSize) {
            let statusStyles = Set((0..<size.columns).map { grid.style(row: size.rows - 1, column: $0) })
            guard withoutSpinner(lines[0]) == tabBar(tab, columns: size.columns), statusStyles.isSubset(of: [.statusBar, .key]) else {
                Issue.record("after \(what), the frame is broken:\n\(grid.text)")
                return false
            }
        } else if size.columns >= 18, size.rows >= 3, !lines.contains(where: { $0.contains("Terminal too small") }) {
            Issue.record("after \(what), \(size) does not say it is too small:\n\(grid.text)")
            return false
        }
        return true
    }

    private static var tabBars: [String: String] = [:]

    /// The tab bar without the spinner and the busy screens' names at its right end.
    private static func withoutSpinner(_ line: String) -> String {
        guard let spinner = line.firstIndex(where: { "⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏".contains($0) }) else { return line }
        var bar = line[..<spinner]
        while bar.last == " " { bar = bar.dropLast() }
        return String(bar)
    }

    /// The tab bar with `tab` open, `columns` wide, as a shell with nothing else draws it.
    private static func tabBar(_ tab: Tab, columns: Int) -> String {
        let key = "\(tab) \(columns)"
        if let known = tabBars[key] { return known }
        let bare = ShellHarness(tab: tab, size: Size(columns: columns, rows: ShellView.minimumSize.rows))
        bare.draw()
        tabBars[key] = bare.grid.lines[0]
        return bare.grid.lines[0]
    }

    /// Control characters, the replacement character (never typed in a storm, so only ever a
    /// sign of bytes misread) and the bidirectional overrides, which would reorder what follows.
    private static func isGarbage(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0xFFFD, 0x2028...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}
