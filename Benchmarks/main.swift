// In-process benchmarks: `make bench` builds them in release mode and runs them.
//
// Each prints its figure next to its budget, set on the reference machine, and that budget held on
// this one: times how much longer the calibration workload takes here (Calibration.swift). The
// run fails (exit 1) only when a figure is over its budget here by a clear margin (half again);
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

/// Returns once `busy` is false: the screen's work is shown.
@MainActor
func untilIdle(_ busy: Output<Bool>) async {
    var isBusy = true
    let token = busy.bindAndFire { isBusy = $0 }
    while isBusy { await Task.yield() }
    token.cancel()
}

@MainActor
func bindingFigures() -> [Figure] {
    var figures: [Figure] = []
    for listeners in [1, 10] {
        let dynamic = Dynamic(0)
        var sum = 0
        let tokens = (0..<listeners).map { _ in dynamic.bind { sum &+= $0 } }
        let perValue = milliseconds { for value in 0..<10_000 { dynamic.value = value } } / 10_000 * 1e3
        figures.append(
            Figure(name: "Dynamic: one value to \(listeners) listener\(listeners == 1 ? "" : "s")", value: perValue, unit: "µs", budget: 5))
        _ = (tokens, sum)
    }
    let reentrant = Dynamic(0)
    let token = reentrant.bind { value in if value % 2 == 1 { reentrant.value = value + 1 } }
    let perPair = milliseconds { for value in stride(from: 1, to: 20_000, by: 2) { reentrant.value = value } } / 10_000 * 1e3
    figures.append(Figure(name: "Dynamic: a value set from inside a listener", value: perPair, unit: "µs", budget: 5))
    _ = token
    return figures
}

/// Drawing the whole screen of each tab into a 100x30 grid, every screen on real data: the
/// embedded catalogue and gazetteer, sample weather, a game and 1,000 people in SQLite.
@MainActor
func drawingFigures() async throws -> [Figure] {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("mvvm-tui-bench-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let database = try AppDatabase(path: directory.appendingPathComponent(AppDatabase.fileName).path)
    try SQLitePeopleStore(database: database).merge(syntheticPeople(count: 1_000, seed: 1))
    let scheduler = MainQueueScheduler()
    let catalogue = EmbeddedMovieCatalog.bundled()
    let gazetteer = EmbeddedGazetteer.bundled()

    let weather = WeatherViewModel(
        geocoder: gazetteer, suggester: gazetteer.suggestions,
        service: KeptWeatherService(live: SampleWeatherService(), preferences: { SQLitePreferences(database: database) }, now: Date.init),
        scheduler: scheduler, now: Date.init, timeZone: .current,
        openPreferences: { SQLitePreferences(database: database) })
    weather.screenAppeared()
    await untilIdle(weather.isBusy)
    let movies = MovieListViewModel(service: catalogue)
    movies.screenAppeared()
    await untilIdle(movies.isBusy)
    let search = MovieSearchViewModel(service: catalogue, scheduler: scheduler)
    search.inputLineEdited(.insert("star"))
    await untilIdle(search.isBusy)
    let scoreboard = GameScoreboardViewModel(
        openLibrary: { SQLiteGameLibrary(database: database) }, scheduler: scheduler,
        today: Date.init, timeZone: .current)
    let people = PeopleListViewModel(
        runners: .live(
            openStore: { SQLitePeopleStore(database: database) }, api: nil, files: LocalTextFiles(), background: PeopleWorkQueue(),
            now: Date.init, birthdayWindow: PeopleListViewModel.defaultBirthdayWindow, birthdaysRead: 20, retryScheduler: nil),
        openPreferences: { SQLitePreferences(database: database) }, today: { CalendarDay(year: 2026, month: 11, day: 22) })
    let screens: [Tab: any ScreenView] = [
        .weather: WeatherView(viewModel: weather, needsDisplay: {}),
        .movies: MoviesView(viewModel: movies, needsDisplay: {}),
        .search: SearchView(viewModel: search, needsDisplay: {}),
        .scoreboard: ScoreboardView(viewModel: scoreboard, needsDisplay: {}),
        .people: PeopleView(viewModel: people, needsDisplay: {}),
    ]
    let grid = GridSurface(size: Size(columns: 100, rows: 30))
    let shells = Tab.allCases.map { tab in
        (tab, ShellView(shell: ShellViewModel(initialTab: tab), screens: screens, needsDisplay: {}, onQuit: {}))
    }
    let inGrid = shells.map { tab, shell in
        shell.layout(size: grid.size)
        shell.draw(into: grid)
        let time = milliseconds(runs: 101) { shell.draw(into: grid) }
        return Figure(name: "drawing \(tab.title) into a 100x30 grid", value: time, unit: "ms", budget: 1)
    }
    return inGrid + (try pseudoTerminalFigures(shells: shells))
}

/// The People screen's reads on a database of 100,000 people in a temporary file, and an import.
@MainActor
func peopleFigures() throws -> [Figure] {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("mvvm-tui-bench-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let store = SQLitePeopleStore(database: try AppDatabase(path: directory.appendingPathComponent(AppDatabase.fileName).path))
    try store.merge(syntheticPeople(count: 100_000, seed: 1))
    let rows = 40
    func screen(_ filter: String, _ order: PersonSortOrder, offset: Int = 0) throws {
        _ = try store.count(matching: filter)
        _ = try store.people(matching: filter, sortedBy: order, offset: offset, limit: rows)
    }
    var figures = [
        Figure(
            name: "people: count and first page of 100,000", value: try milliseconds { try screen("", .lastName) }, unit: "ms", budget: 10),
        Figure(
            name: "people: page at offset 99,000",
            value: try milliseconds {
                _ = try store.people(matching: "", sortedBy: .lastName, offset: 99_000, limit: rows)
            }, unit: "ms", budget: 5),
        Figure(
            name: "people: sort toggle, count and first page", value: try milliseconds { try screen("", .firstName) }, unit: "ms",
            budget: 200),
    ]
    for filter in ["a", "ann", "zzz"] {
        figures.append(
            Figure(
                name: "people: filter keystroke “\(filter)”, count and page", value: try milliseconds { try screen(filter, .lastName) },
                unit: "ms", budget: 20))
    }
    // What a save in the form does among 100,000 people: the write, then the list's read again.
    var added = 0
    figures.append(
        Figure(
            name: "people: add one person (one transaction)",
            value: try milliseconds {
                added += 1
                try store.add(Person(id: "bench-\(added)", firstName: "Form\(added)", lastName: "Perf"))
            }, unit: "ms", budget: 5))
    guard var edited = try store.people(matching: "", sortedBy: .lastName, offset: 500, limit: 1).first else { return figures }
    figures.append(
        Figure(
            name: "people: edit one person (one transaction)",
            value: try milliseconds {
                edited.firstName += "e"
                try store.update(edited, at: Date())
            }, unit: "ms", budget: 5))
    figures.append(
        Figure(
            name: "people: counts and page at once (the list after a write)",
            value: try milliseconds {
                _ = try store.page(matching: "", sortedBy: .lastName, limit: rows) { _ in 0 }
            }, unit: "ms", budget: 5))
    figures.append(
        Figure(
            name: "people: birthdays within a week, all of them",
            value: try milliseconds {
                _ = try store.birthdays(within: 7)
            }, unit: "ms", budget: nil))
    figures.append(
        Figure(
            name: "people: birthdays within a week, the first 20 (the screen's)",
            value: try milliseconds {
                _ = try store.birthdays(within: 7, limit: 20)
            }, unit: "ms", budget: 2))
    figures.append(
        Figure(
            name: "people: what waits in the outbox (the header after a write)",
            value: try milliseconds {
                _ = try store.outboxStatus()
                _ = try store.pendingDeletes()
            }, unit: "ms", budget: 2))
    figures.append(try formSaveFigure(store: store))
    let cards = VCard.text(for: syntheticPeople(count: 10_000, seed: 2))
    figures.append(
        Figure(
            name: "people: read 10,000 vCards", value: milliseconds(runs: 3) { _ = VCard.people(from: cards) },
            unit: "ms", budget: nil))
    var seed: UInt64 = 2
    let importing = try milliseconds(runs: 3) {
        seed += 1
        let text = VCard.text(for: syntheticPeople(count: 10_000, seed: seed))
        // As the import does it: the last card of each id, merged with what is kept (ImportMerge).
        let read = VCard.people(from: text).keepingTheLastOfEachID()
        _ = try store.importPeople(
            read.people, cards: Dictionary(uniqueKeysWithValues: zip(read.people.map(\.id), read.cards)),
            replacing: false, writing: true)
    }
    figures.append(Figure(name: "people: import 10,000 vCards (read, one transaction)", value: importing, unit: "ms", budget: 2_000))
    return figures
}

/// A save in the People form among 100,000 people, as Enter on its last field does it: the
/// person committed, the list and the header read again, the news said.
@MainActor
func formSaveFigure(store: SQLitePeopleStore) throws -> Figure {
    let people = PeopleListViewModel(
        runners: .live(
            openStore: { store }, api: nil, files: LocalTextFiles(), background: PeopleWorkQueue(), now: Date.init,
            birthdayWindow: PeopleListViewModel.defaultBirthdayWindow, birthdaysRead: 20, retryScheduler: nil),
        openPreferences: { InMemoryPreferencesForBench() }, today: { CalendarDay(year: 2026, month: 11, day: 22) })
    people.setVisibleRowCount(25)
    people.screenAppeared()
    var number = 0
    let time = milliseconds {
        number += 1
        people.prompt.startAdding()
        for text in ["", "Form\(number)", "Perf", "", ""] {
            people.prompt.inputLineEdited(.insert(text))
            people.prompt.nextField()
        }
        people.prompt.nextField()  // the last field: saves
    }
    return Figure(name: "people: a person added through the form among 100,000 (six fields, the save)", value: time, unit: "ms", budget: 5)
}

/// Preferences in memory: the benchmark keeps no order.
final class InMemoryPreferencesForBench: PreferencesStore {
    private var values: [String: String] = [:]
    func string(forKey key: String) throws -> String? { values[key] }
    func set(_ value: String?, forKey key: String) throws { values[key] = value }
}

/// `count` people with names drawn from short lists (so that many share a name) and birthdays,
/// the same for the same `seed`.
func syntheticPeople(count: Int, seed: UInt64) -> [Person] {
    let first = [
        "Ada", "Grace", "Alan", "Ann", "Anna", "Zoë", "Émile", "John", "Mary", "Li", "太郎", "Olga", "Pierre", "Fatima", "Kwame", "Sven",
    ]
    let last = ["Lovelace", "Hopper", "Turing", "Smith", "Müller", "García", "東京", "Nakamura", "O'Brien", "Ivanova", "Okafor", "Dubois"]
    var state = seed &* 0x9E37_79B9_7F4A_7C15
    func next(_ bound: Int) -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int((state >> 33) % UInt64(bound))
    }
    return (0..<count).map { index in
        Person(
            salutation: next(10) == 0 ? "Dr." : nil, firstName: first[next(first.count)],
            lastName: last[next(last.count)] + (next(4) == 0 ? "" : "-\(next(1_000))"),
            birthday: BirthDate(year: next(5) == 0 ? nil : 1920 + next(100), month: 1 + next(12), day: 1 + next(28)))
    }
}

@MainActor
func run(drawing: [Figure], calibratedFirst: Double) throws -> Int32 {
    let between = Calibration.wallMilliseconds()
    let figures = bindingFigures() + drawing + (try catalogueFigures()) + (try gazetteerFigures()) + (try peopleFigures())
    // Measured before the figures, between them and after them, and the median kept: a machine
    // that slowed or sped up for a moment is held to neither extreme.
    let calibration = [calibratedFirst, between, Calibration.wallMilliseconds()].sorted()[1]
    let scale = calibration / Calibration.referenceMilliseconds
    var failed = false
    let nameWidth = figures.map(\.name.count).max() ?? 0
    print("mvvm-tui benchmarks (release build, medians); over budget by half again fails")
    print(
        String(
            format: "calibration: %.1f ms here, %.1f ms on the reference machine; each budget is held x %.2f",
            calibration, Calibration.referenceMilliseconds, scale))
    for figure in figures {
        let verdict: String
        // Bytes do not depend on the machine's speed.
        let here = figure.budget.map { figure.unit == "B" ? $0 : $0 * scale }
        if let here {
            verdict = figure.value > here * 1.5 ? "FAIL" : (figure.value > here ? "near" : "ok")
            failed = failed || verdict == "FAIL"
        } else {
            verdict = "info"
        }
        let budget = figure.budget.map { "≤ \($0.formatted()) \(figure.unit)" } ?? "-"
        let budgetHere = here.map { String(format: "≤ %.4g", $0) } ?? "-"
        print(
            figure.name.padding(toLength: nameWidth + 2, withPad: " ", startingAt: 0)
                + String(format: "%10.4f %@", figure.value, figure.unit).padding(toLength: 16, withPad: " ", startingAt: 0)
                + budget.padding(toLength: 14, withPad: " ", startingAt: 0)
                + budgetHere.padding(toLength: 12, withPad: " ", startingAt: 0) + verdict)
    }
    return failed ? 1 : 0
}

/// `mvvm-tui-bench --people-database DIR [COUNT]` writes a database of COUNT (100,000) synthetic
/// people into DIR for `make perf`, and exits.
func makePeopleDatabase(arguments: [String]) throws -> Int32 {
    guard let directory = arguments.first else {
        print("usage: mvvm-tui-bench --people-database DIR [COUNT]")
        return 2
    }
    let count = arguments.dropFirst().first.flatMap { Int($0) } ?? 100_000
    let store = SQLitePeopleStore(database: try AppDatabase(path: directory + "/" + AppDatabase.fileName))
    try store.merge(syntheticPeople(count: count, seed: 1))
    print("\(count) people in \(directory)/\(AppDatabase.fileName)")
    return 0
}

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "--people-database" {
    exit(try makePeopleDatabase(arguments: Array(arguments.dropFirst())))
}
// `mvvm-tui-bench --calibrate-cpu`: the calibration's CPU time in ms, for Scripts/sync-cpu.py.
if arguments.first == "--calibrate-cpu" {
    print(String(format: "%.3f", Calibration.cpuMilliseconds()))
    exit(0)
}
let calibratedFirst = Calibration.wallMilliseconds()
let drawing = try await drawingFigures()
exit(try await MainActor.run { try run(drawing: drawing, calibratedFirst: calibratedFirst) })
