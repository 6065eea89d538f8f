import Binding
import Foundation
import Models

/// The Weather screen: a place typed in the input line, found by the geocoder, and its weather.
///
/// Every output is text ready to draw. While a place is looked up the name says `Loading...`
/// and nothing of the place before stays on screen; an answer for a place asked for earlier
/// never replaces a newer one. While the screen shows, the weather is fetched again every
/// 30 minutes; hidden, no timer runs, and coming back to a report older than that fetches it
/// again at once. What shows when the live service cannot answer is the weather service's to
/// decide (`KeptWeatherService`: the place's last real report, or sample weather for a place never
/// fetched); the screen shows a kept report with its age (`asOf`) and the reason.
///
/// What the screen shows is one value, `WeatherScreen`, whose transitions name the work to do;
/// this view-model applies them, hands the work to its runner, and derives every output from
/// the one value. The input line is kept apart, as it changes on every keystroke.
///
/// ```swift
/// func show(keepingIn preferences: any PreferencesStore) {
///     let gazetteer = EmbeddedGazetteer.bundled()
///     let service = KeptWeatherService(live: SampleWeatherService(), preferences: { preferences }, now: Date.init)
///     let weather = WeatherViewModel(geocoder: gazetteer, suggester: gazetteer, service: service,
///                                    scheduler: MainQueueScheduler(), now: Date.init, timeZone: .current,
///                                    openPreferences: { preferences })
///     let name = weather.locationName.bindAndFire { print($0) }   // "Loading..."
///     weather.screenAppeared()          // then "McGaheysville, VA", or the last place shown
///     let summary = weather.summary.bindAndFire { print($0) }     // "Broken clouds - 72℉" once shown
/// }
/// ```
@MainActor
public final class WeatherViewModel {
    /// The name while a place is looked up.
    public static let loading = ScreenWords.loading
    /// The name when the geocoder knows no such place.
    public static let notFound = "Not found"
    /// The most suggestions shown while typing.
    public static let suggestionLimit = 5
    /// How old a report may grow on screen before it is fetched again.
    public static let refreshInterval = WeatherScreen.refreshInterval

    // MARK: - Outputs

    /// `Loading...`, the place (`Richmond, VA`, `Paris, France`), or `Not found`.
    public let locationName: Output<String>
    /// `Saturday, Nov 21`, the day of the observation where the place is.
    public let date: Output<String>
    /// A glyph for the kind of weather.
    public let icon: Output<String>
    /// `Broken clouds - 72℉`.
    public let summary: Output<String>
    /// `Summary: Broken clouds`: the weather now, in the source's words, as the original says it.
    public let forecastSummary: Output<String>
    /// `Feels like 19℃ · Wind 14 km/h NW · Rain 20%`: what the report tells beside the summary.
    public let details: Output<String>
    /// `Next 24 h ⣀⣤⣶⣿… 5℃–12℃`: the coming hours' temperatures as a line of dots; empty without them.
    public let nextHours: Output<String>
    /// The days ahead, today first.
    public let forecast: Output<[ForecastRowViewModel]>
    /// `Open-Meteo`, `Weatherbit` or `Sample data (offline) — not a forecast`.
    public let source: Output<String>
    /// `as of 09:40, 2 h ago` when the report shown is the last one kept, not a live one; empty
    /// when it is live.
    public let asOf: Output<String>
    /// Whether the weather shown is made up (the screen marks it).
    public let isSample: Output<Bool>
    /// The weather shown as numbers in the unit shown (`mvvm-tui weather --json`); nil while
    /// there is none.
    public let figures: Output<WeatherFigures?>
    /// `Source: Open-Meteo`, or `Source: Open-Meteo, as of 09:40, 2 h ago` for a kept report:
    /// the line the screen and the printout end with; empty while there is no weather.
    public let sourceLine: Output<String>
    /// Whether `sourceLine` warns (sample weather, or a kept report): it shows as a problem does.
    public let sourceIsWarning: Output<Bool>
    /// What went wrong, such as `Weather unavailable: no network`; empty when nothing did.
    public let problem: Output<String>
    /// What the user's refresh says: `Refreshing…`, then how it ended (`Refreshed: live weather
    /// from Open-Meteo`, the kept report or the sample that shows, and why); empty otherwise.
    public let refreshNews: Output<String>
    /// Places matching what is being typed, at most five.
    public let suggestions: Output<[String]>
    /// The suggestion Up and Down have chosen; nil while the typed text stands.
    public let selectedSuggestion: Output<Int?>
    /// The unit temperatures are shown in.
    public let unit: Output<TemperatureUnit>
    /// Whether a place is being looked up or its weather fetched: the screen's spinner turns,
    /// and a shell's `mvvm-tui weather` prints when it falls.
    public let isBusy: Output<Bool>

    // MARK: - State

    private let machine: ScreenMachine<WeatherScreen>
    private let scheduler: any Scheduler
    private let _inputLine = Dynamic(InputLine())
    private let _inputLineIsFocused = Dynamic(false)

    /// Creates the screen with its live runner. `geocoder` finds the place typed; `suggester`
    /// (the embedded gazetteer, fast and offline) suggests places while typing; `service` gives
    /// the weather, live or kept. `launchLocation` (`--location`) wins over the place kept from
    /// the last run. `defaultUnit` (the config file's) shows until the user chooses one with
    /// `toggleUnit`, which is kept and wins from then on; `chosenUnit` (`mvvm-tui weather --unit c`)
    /// wins over both. `openPreferences` is called once, when the screen first appears.
    /// `scheduler` times the refreshes; `now` and `timeZone` (the user's) give a kept report's age.
    /// `glyphs` are the symbols the weather is written with (ASCII for a console's font).
    public convenience init(
        geocoder: any Geocoder, suggester: any Geocoder, service: any PlaceWeatherService,
        launchLocation: String? = nil, defaultUnit: TemperatureUnit = .fahrenheit,
        chosenUnit: TemperatureUnit? = nil,
        scheduler: any Scheduler, now: @escaping () -> Date, timeZone: TimeZone, glyphs: Glyphs = .unicode,
        openPreferences: @escaping @MainActor () throws -> any PreferencesStore
    ) {
        let runner = WeatherRunner(
            geocoder: geocoder, suggester: suggester, service: service,
            settings: WeatherSettings(open: openPreferences), scheduler: scheduler, now: now)
        self.init(
            WeatherScreen(
                launchLocation: launchLocation, defaultUnit: defaultUnit, chosenUnit: chosenUnit, timeZone: timeZone, glyphs: glyphs),
            runner: runner, scheduler: scheduler)
    }

    /// Creates the screen from `weather` whose work `runner` runs; `scheduler` is the clock read
    /// when the screen appears.
    public init(_ weather: WeatherScreen, runner: any WorkRunner<WeatherScreen.Work, WeatherScreen.Answer>, scheduler: any Scheduler) {
        machine = ScreenMachine(weather, runner: runner)
        self.scheduler = scheduler
        let state = machine.state
        locationName =
            state.map { $0.phase.place.map(WeatherFormat.name(of:)) ?? ($0.phase == .notFound ? Self.notFound : Self.loading) }
            .distinct().output
        // The weather shown changes with a lookup or the unit, not with each suggestion.
        let shown = state.map(ShownWeather.Basis.init).distinct().map(ShownWeather.init)
        date = shown.map(\.date).distinct().output
        icon = shown.map(\.icon).distinct().output
        summary = shown.map(\.summary).distinct().output
        forecastSummary = shown.map(\.forecastSummary).distinct().output
        details = shown.map(\.details).distinct().output
        nextHours = shown.map(\.nextHours).distinct().output
        forecast = shown.map(\.forecast).distinct().output
        source = shown.map(\.source).distinct().output
        asOf = shown.map(\.asOf).distinct().output
        isSample = shown.map(\.isSample).distinct().output
        figures = shown.map(\.figures).distinct().output
        sourceLine = shown.map(\.sourceLine).distinct().output
        sourceIsWarning = shown.map(\.sourceIsWarning).distinct().output
        problem = state.map(\.problem).distinct().output
        refreshNews = state.map(\.refreshNews).distinct().output
        suggestions = state.map { $0.suggestions.map(WeatherFormat.suggestion(for:)) }.distinct().output
        selectedSuggestion = state.map(\.chosenSuggestion).distinct().output
        unit = state.map(\.unit).distinct().output
        isBusy = state.map { $0.lookup != nil }.distinct().output
    }

    // MARK: - Inputs

    /// The screen came into view: the first time, it reads the kept unit and place and shows
    /// the place's weather: `--location` is looked up, a kept place or the original's is known
    /// already, a kept name without its place (kept by an earlier version) is looked up. The
    /// settings are read on the main actor's next turn, so the screen's first frame
    /// (`Loading...`) never waits for the database. After that, a report older than
    /// `refreshInterval` is fetched again at once, and a younger one when it reaches that age.
    public func screenAppeared() {
        machine.send(.appeared(clock: scheduler.now))
    }

    /// The screen went out of view: no refresh runs until it shows again.
    public func screenDisappeared() {
        machine.send(.disappeared)
    }

    /// Fetches the weather of the place found last again (Ctrl-R, `r`, and every
    /// `refreshInterval` while the screen shows). Does nothing while a lookup runs.
    /// A failed refresh shows the place's last real report (the service keeps it).
    public func refresh() {
        machine.send(.refreshAsked)
    }

    /// Moves the chosen suggestion down (1) or up (-1); above the first is the typed text.
    public func moveSuggestion(by offset: Int) {
        machine.send(.suggestionMoved(by: offset))
    }

    /// Shows temperatures in the other unit, and keeps the choice.
    public func toggleUnit() {
        machine.send(.unitToggled)
    }
}

// MARK: - InputLineUser

extension WeatherViewModel: InputLineUser {
    public var inputPrompt: Output<String> { Dynamic("Location").output }
    public var inputLine: Output<InputLine> { _inputLine.output }
    public var inputLineIsFocused: Output<Bool> { _inputLineIsFocused.output }

    /// Places matching the text are suggested as it changes.
    public func inputLineEdited(_ edit: InputLineEdit) {
        _inputLine.apply(edit) { machine.send(.edited($0)) }
    }

    public func inputFocusChanged(_ focused: Bool) {
        _inputLineIsFocused.change(to: focused)
    }

    /// Looks up the suggested place at `index`, as Enter does on the selected one (a click on it).
    public func pickSuggestion(at index: Int) {
        guard machine.state.value.suggestions.indices.contains(index) else { return }
        showInLine(machine.state.value.suggestions[index])
        machine.send(.suggestionPicked(index))
    }

    /// Enter: the chosen suggestion's place, whose name the line then shows, when Up or Down
    /// chose one; else the place the text names.
    public func inputSubmitted() {
        if let place = machine.state.value.chosenPlace { showInLine(place) }
        machine.send(.submitted(_inputLine.value.text))
    }

    private func showInLine(_ place: Place) {
        _inputLine.change(to: InputLine(text: WeatherFormat.suggestion(for: place)))
    }
}
