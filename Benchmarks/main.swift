// In-process benchmarks: `make bench` builds them in release mode and runs them.
//
// Each prints its figure next to its budget. The run fails (exit 1) only when a figure is over
// its budget by a clear margin (half again), so a busy machine does not fail it by a hair;
// Dynamic delivery is budgeted at 5 µs: a frame carries a few dozen updates, far under 1 ms;
// figures close to a budget are marked so a person looks.
import Binding
import Foundation
import Models
import Renderer
import Screens
import Services

struct Figure {
    let name: String
    let value: Double
    let unit: String
    let budget: Double?
}

/// The median of `runs` timings of `body`, in milliseconds.
func milliseconds(runs: Int = 15, _ body: () throws -> Void) rethrows -> Double {
    var samples: [Double] = []
    let clock = ContinuousClock()
    for _ in 0..<runs {
        let start = clock.now
        try body()
        let elapsed = start.duration(to: clock.now)
        samples.append(Double(elapsed.components.seconds) * 1e3 + Double(elapsed.components.attoseconds) / 1e15)
    }
    return samples.sorted()[samples.count / 2]
}

@MainActor
func bindingFigures() -> [Figure] {
    var figures: [Figure] = []
    for listeners in [1, 10] {
        let dynamic = Dynamic(0)
        var sum = 0
        let tokens = (0..<listeners).map { _ in dynamic.bind { sum &+= $0 } }
        let perValue = milliseconds { for value in 0..<10_000 { dynamic.value = value } } / 10_000 * 1e3
        figures.append(Figure(name: "Dynamic: one value to \(listeners) listener\(listeners == 1 ? "" : "s")", value: perValue, unit: "µs", budget: 5))
        _ = (tokens, sum)
    }
    let reentrant = Dynamic(0)
    let token = reentrant.bind { value in if value % 2 == 1 { reentrant.value = value + 1 } }
    let perPair = milliseconds { for value in stride(from: 1, to: 20_000, by: 2) { reentrant.value = value } } / 10_000 * 1e3
    figures.append(Figure(name: "Dynamic: a value set from inside a listener", value: perPair, unit: "µs", budget: 5))
    _ = token
    return figures
}

func catalogueFigures() throws -> [Figure] {
    let clock = ContinuousClock()
    let catalogue = EmbeddedMovieCatalog.bundled()
    let start = clock.now
    let films = try catalogue.load()
    let load = start.duration(to: clock.now)
    var figures = [Figure(name: "catalogue: first load of \(films) films", value: Double(load.components.attoseconds) / 1e15 + Double(load.components.seconds) * 1e3, unit: "ms", budget: 200)]
    for query in ["s", "st", "star", "star wars", "the", "love", "zzzz", String(repeating: "x", count: 5_000)] {
        let time = try milliseconds { _ = try catalogue.searchNow(query) }
        let label = query.count > 20 ? "a \(query.count)-character query" : "“\(query)”"
        figures.append(Figure(name: "catalogue: search \(label)", value: time, unit: "ms", budget: 2))
    }
    return figures
}

@MainActor
func drawingFigures() -> [Figure] {
    let grid = GridSurface(size: Size(columns: 100, rows: 30))
    var screens: [Tab: ScreenView] = [:]
    for tab in Tab.allCases { screens[tab] = UnbuiltScreenView(viewModel: UnbuiltScreenViewModel(tab: tab), needsDisplay: {}) }
    let shell = ShellView(shell: ShellViewModel(initialTab: .movies), screens: screens, needsDisplay: {}, onQuit: {})
    let time = milliseconds(runs: 101) { shell.draw(into: grid) }
    return [Figure(name: "drawing the shell into a 100x30 grid", value: time, unit: "ms", budget: 1)]
}

@MainActor
func run() throws -> Int32 {
    let figures = bindingFigures() + drawingFigures() + (try catalogueFigures()) + (try gazetteerFigures())
    var failed = false
    let nameWidth = figures.map(\.name.count).max() ?? 0
    print("mvvm-tui benchmarks (release build, medians); over budget by half again fails")
    for figure in figures {
        let verdict: String
        if let budget = figure.budget {
            verdict = figure.value > budget * 1.5 ? "FAIL" : (figure.value > budget ? "near" : "ok")
            failed = failed || verdict == "FAIL"
        } else {
            verdict = "info"
        }
        let budget = figure.budget.map { "≤ \($0.formatted()) \(figure.unit)" } ?? "-"
        print(figure.name.padding(toLength: nameWidth + 2, withPad: " ", startingAt: 0)
              + String(format: "%10.4f %@", figure.value, figure.unit).padding(toLength: 16, withPad: " ", startingAt: 0)
              + budget.padding(toLength: 14, withPad: " ", startingAt: 0) + verdict)
    }
    return failed ? 1 : 0
}

exit(try MainActor.assumeIsolated { try run() })
