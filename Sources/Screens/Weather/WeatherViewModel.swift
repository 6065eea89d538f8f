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
/// ```swift
/// let weather = WeatherViewModel(geocoder: gazetteer, suggester: gazetteer,
///                                service: KeptWeatherService(live: sample, preferences: { preferences }, now: Date.init),
///                                scheduler: MainQueueScheduler(), now: Date.init, timeZone: .current,
///                                openPreferences: { preferences })
/// let name = weather.locationName.bindAndFire { print($0) }   // "Loading..."
/// weather.screenAppeared()          // then "McGaheysville, VA", or the last place shown
/// let summary = weather.summary.bindAndFire { print($0) }     // "Broken clouds - 72℉" once shown
/// ```
@MainActor
public final class WeatherViewModel {
    /// The name while a place is looked up.
    public static let loading = "Loading..."
    /// The name when the geocoder knows no such place.
    public static let notFound = "Not found"
    /// The most suggestions shown while typing.
    public static let suggestionLimit = 5
    /// How old a report may grow on screen before it is fetched again.
    public static let refreshInterval: Duration = .seconds(30 * 60)
    static let locationKey = "weather.location"
    static let placeKey = "weather.place"
    static let unitKey = "weather.unit"

    // MARK: - Outputs

    /// `Loading...`, the place (`Richmond, VA`, `Paris, France`), or `Not found`.
    public var locationName: Output<String> { _locationName.output }
    /// `Saturday, Nov 21`, the day of the observation where the place is.
    public var date: Output<String> { _date.output }
    /// A glyph for the kind of weather.
    public var icon: Output<String> { _icon.output }
    /// `Broken clouds - 72℉`.
    public var summary: Output<String> { _summary.output }
    /// `Summary: Broken clouds`: the weather now, in the source's words, as the original says it.
    public var forecastSummary: Output<String> { _forecastSummary.output }
    /// `Feels like 19℃ · Wind 14 km/h NW · Rain 20%`: what the report tells beside the summary.
    public var details: Output<String> { _details.output }
    /// `Next 24 h ⣀⣤⣶⣿… 5℃–12℃`: the coming hours' temperatures as a line of dots; empty without them.
    public var nextHours: Output<String> { _nextHours.output }
    /// The days ahead, today first.
    public var forecast: Output<[ForecastRowViewModel]> { _forecast.output }
    /// `Open-Meteo`, `Weatherbit` or `Sample data (offline) — not a forecast`.
    public var source: Output<String> { _source.output }
    /// `as of 09:40, 2 h ago` when the report shown is the last one kept, not a live one; empty
    /// when it is live.
    public var asOf: Output<String> { _asOf.output }
    /// Whether the weather shown is made up (the screen marks it).
    public var isSample: Output<Bool> { _isSample.output }
    /// What went wrong, such as `Weather unavailable: no network`; empty when nothing did.
    public var problem: Output<String> { _problem.output }
    /// Places matching what is being typed, at most five.
    public var suggestions: Output<[String]> { _suggestions.output }
    /// The suggestion Up and Down have chosen; nil while the typed text stands.
    public var selectedSuggestion: Output<Int?> { _selectedSuggestion.output }
    /// The unit temperatures are shown in.
    public var unit: Output<TemperatureUnit> { _unit.output }
    /// Whether a place is being looked up or its weather fetched: the screen's spinner turns,
    /// and a shell's `mvvm-tui weather` prints when it falls.
    public var isBusy: Output<Bool> { _isBusy.output }

    // MARK: - State

    private let _locationName = Dynamic(WeatherViewModel.loading)
    private let _date = Dynamic("")
    private let _icon = Dynamic("")
    private let _summary = Dynamic("")
    private let _forecastSummary = Dynamic("")
    private let _details = Dynamic("")
    private let _nextHours = Dynamic("")
    private let _forecast = Dynamic<[ForecastRowViewModel]>([])
    private let _source = Dynamic("")
    private let _isSample = Dynamic(false)
    private let _asOf = Dynamic("")
    private let _problem = Dynamic("")
    private let _suggestions = Dynamic<[String]>([])
    private let _selectedSuggestion = Dynamic<Int?>(nil)
    private let _unit: Dynamic<TemperatureUnit>
    private let _isBusy = Dynamic(false)

    private let geocoder: any Geocoder
    private let suggester: any Geocoder
    private let service: any PlaceWeatherService
    private let launchLocation: String?
    private let chosenUnit: TemperatureUnit?
    private let scheduler: any Scheduler
    private let now: () -> Date
    private let timeZone: TimeZone
    private let openPreferences: @MainActor () throws -> any PreferencesStore
    private var preferences: (any PreferencesStore)?
    private var hasAppeared = false
    private var isVisible = false
    /// The place the last lookup found, whose weather shows or could not be fetched.
    private var lookedUpPlace: Place?
    /// When its weather was fetched (or failed to be), on the scheduler's clock; nil while a
    /// lookup runs.
    private var fetchedAt: Duration?
    private var refreshTimer: ScheduledAction?
    private var place: Place?
    /// The place the preferences hold, so that showing it again writes nothing.
    private var keptPlace: Place?
    private var report: WeatherReport?
    private var suggestedPlaces: [Place] = []
    private var lookupGeneration = 0
    private var suggestionGeneration = 0
    private let _inputLine = Dynamic(InputLine())
    private let _inputLineIsFocused = Dynamic(false)

    /// The lookup under way, for tests to await.
    public private(set) var lookup: Task<Void, Never>?
    /// Waits until no lookup is under way: the launch's, then the one it started, and so on.
    public func lookupsFinished() async {
        var finished: Task<Void, Never>?
        while let task = lookup, task != finished {
            await task.value
            finished = task
        }
    }

    /// The suggestion search under way, for tests to await.
    public private(set) var suggestionSearch: Task<Void, Never>?

    /// Creates the screen. `geocoder` finds the place typed; `suggester` (the embedded gazetteer,
    /// fast and offline) suggests places while typing; `service` gives the weather, live or kept.
    /// `launchLocation` (`--location`) wins over the place kept from the last run.
    /// `defaultUnit` (the config file's) shows until the user chooses one with `toggleUnit`, which
    /// is kept and wins from then on; `chosenUnit` (`mvvm-tui weather --unit c`) wins over both.
    /// `openPreferences` is called once, when the screen first appears.
    /// `scheduler` times the refreshes; `now` and `timeZone` (the user's) give a kept report's age.
    public init(geocoder: any Geocoder, suggester: any Geocoder, service: any PlaceWeatherService,
                launchLocation: String? = nil, defaultUnit: TemperatureUnit = .fahrenheit, chosenUnit: TemperatureUnit? = nil,
                scheduler: any Scheduler, now: @escaping () -> Date, timeZone: TimeZone,
                openPreferences: @escaping @MainActor () throws -> any PreferencesStore) {
        _unit = Dynamic(chosenUnit ?? defaultUnit)
        self.geocoder = geocoder
        self.suggester = suggester
        self.service = service
        self.launchLocation = launchLocation
        self.chosenUnit = chosenUnit
        self.scheduler = scheduler
        self.now = now
        self.timeZone = timeZone
        self.openPreferences = openPreferences
    }

    // MARK: - Inputs

    /// The screen came into view: the first time, it reads the kept unit and place and shows
    /// the place's weather: `--location` is looked up, a kept place or the original's is known
    /// already, a kept name without its place (kept by an earlier version) is looked up. That
    /// starts on the main actor's next turn, so the screen's first frame (`Loading...`) never
    /// waits for the database. After that, a report older than `refreshInterval` is fetched
    /// again at once, and a younger one when it reaches that age.
    public func screenAppeared() {
        isVisible = true
        guard hasAppeared else {
            hasAppeared = true
            _isBusy.change(to: true)
            lookup = Task { [weak self] in
                guard let self else { return }
                launch()
                if lookupGeneration == 0 { _isBusy.change(to: false) }  // it asked for nothing
            }
            return
        }
        scheduleRefresh()
    }

    /// The screen went out of view: no refresh runs until it shows again.
    public func screenDisappeared() {
        isVisible = false
        refreshTimer?.cancel()
        refreshTimer = nil
    }

    /// Fetches the weather of the place found last again (Ctrl-R, `r`, and every
    /// `refreshInterval` while the screen shows). Does nothing while a lookup runs.
    /// A failed refresh shows the place's last real report (the service keeps it).
    public func refresh() {
        guard let place = lookedUpPlace, fetchedAt != nil else { return }
        look { place }
    }

    /// Arms the refresh timer for when the weather shown reaches `refreshInterval`, or
    /// refreshes now when it has; only while the screen shows.
    private func scheduleRefresh() {
        refreshTimer?.cancel()
        refreshTimer = nil
        guard isVisible, let fetchedAt, lookedUpPlace != nil else { return }
        let age = scheduler.now - fetchedAt
        guard age < Self.refreshInterval else { return refresh() }
        refreshTimer = scheduler.schedule(after: Self.refreshInterval - age) { [weak self] in self?.refresh() }
    }

    private func launch() {
        do {
            let preferences = try openPreferences()
            self.preferences = preferences
            if let kept = try preferences.string(forKey: Self.unitKey).flatMap(TemperatureUnit.init(rawValue:)) {
                _unit.value = kept
            }
            if let chosenUnit { _unit.value = chosenUnit }
            if let launchLocation { return changeLocation(to: launchLocation) }
            let name = try preferences.string(forKey: Self.locationKey)
            let kept = try preferences.string(forKey: Self.placeKey).flatMap(KeptPlace.place(from:))
            if let name, kept.map(WeatherFormat.name(of:)) != name { return changeLocation(to: name) }
            keptPlace = kept
            let place = kept ?? .mcGaheysville
            look { place }
        } catch {
            if let launchLocation {
                changeLocation(to: launchLocation)
            } else {
                keptPlace = .mcGaheysville  // shown, not kept: it would replace the place the settings hold
                look { .mcGaheysville }
            }
            _problem.value = "Settings are not kept: \(error)"
        }
    }

    /// Looks up the place `text` names and shows its weather.
    public func changeLocation(to text: String) {
        let query = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        guard !query.isEmpty else {
            _problem.change(to: "Type a place, then Enter")
            return
        }
        clearSuggestions()
        let geocoder = self.geocoder
        look { try await geocoder.places(matching: query, limit: 1).first }
    }

    /// Moves the chosen suggestion down (1) or up (-1); above the first is the typed text.
    public func moveSuggestion(by offset: Int) {
        guard !_suggestions.value.isEmpty else { return }
        let next = (_selectedSuggestion.value ?? -1) + offset
        _selectedSuggestion.change(to: next < 0 ? nil : min(next, _suggestions.value.count - 1))
    }

    /// Shows temperatures in the other unit, and keeps the choice.
    public func toggleUnit() {
        _unit.value = _unit.value.toggled
        try? preferences?.set(_unit.value.rawValue, forKey: Self.unitKey)
        if let report, let place { show(report, at: place, asOf: _asOf.value) }
    }

    // MARK: - Looking up

    /// Says `Loading...`, clears what was shown, then runs `find` and shows the weather of the
    /// place it returns, unless a newer lookup has started meanwhile.
    private func look(_ find: @escaping @Sendable () async throws -> Place?) {
        lookupGeneration += 1
        let request = lookupGeneration
        lookup?.cancel()
        lookedUpPlace = nil
        fetchedAt = nil
        refreshTimer?.cancel()
        refreshTimer = nil
        _locationName.change(to: Self.loading)
        clearWeather()
        _problem.change(to: "")
        _isBusy.change(to: true)
        let service = self.service
        lookup = Task { [weak self] in
            defer {
                if let self, request == lookupGeneration { _isBusy.change(to: false) }
            }
            let found: Place?
            do {
                found = try await find()
            } catch {
                guard let self, request == lookupGeneration, !(error is CancellationError) else { return }
                _locationName.change(to: Self.notFound)
                _problem.change(to: "Place lookup failed: \(Self.message(for: error))")
                return
            }
            guard let self, request == lookupGeneration else { return }
            guard let place = found else {
                _locationName.change(to: Self.notFound)
                return
            }
            _locationName.change(to: WeatherFormat.name(of: place))
            keep(place)
            lookedUpPlace = place
            do {
                let weather = try await service.weather(at: place)
                guard request == lookupGeneration else { return }
                show(weather, at: place)
            } catch {
                guard request == lookupGeneration, !(error is CancellationError) else { return }
                _problem.change(to: "Weather unavailable: \(Self.message(for: error))")
            }
            fetchedAt = scheduler.now
            scheduleRefresh()
        }
    }

    /// Keeps `place` for the next launch, whole when it can be, unless it is kept already; a
    /// write that fails is tried again with the next place shown.
    private func keep(_ place: Place) {
        guard place != keptPlace, let preferences else { return }
        do {
            try preferences.set(WeatherFormat.name(of: place), forKey: Self.locationKey)
            try preferences.set(KeptPlace.text(of: place), forKey: Self.placeKey)
            keptPlace = place
        } catch {}
    }

    /// Shows the weather the service gave: a kept report with its age, of its hours only those
    /// to come, and why it is not live.
    private func show(_ weather: PlaceWeather, at place: Place) {
        guard case .kept(let fetchedAt, let reason) = weather.freshness else { return show(weather.report, at: place) }
        let now = self.now()
        let report = weather.report
        let hours = report.hourly.filter { $0.time > now.addingTimeInterval(-3600) }
        show(WeatherReport(current: report.current, daily: report.daily, hourly: hours, source: report.source),
             at: place, asOf: WeatherAge.asOf(fetchedAt, now: now, in: timeZone))
        let problem = switch reason {
        case .offline: "Live weather unavailable: offline"
        case .failed(let message): "Weather unavailable: \(message)"
        }
        _problem.change(to: problem)
    }

    private func show(_ report: WeatherReport, at place: Place, asOf: String = "") {
        self.report = report
        self.place = place
        _asOf.change(to: asOf)
        let current = report.current
        _date.change(to: WeatherFormat.day(of: current.date, inZone: place.timeZone))
        _icon.change(to: WeatherFormat.glyph(for: current.condition))
        _summary.change(to: "\(current.description) - \(_unit.value.text(fromCelsius: current.temperatureCelsius))")
        _forecastSummary.change(to: "Summary: \(current.description)")
        _details.change(to: WeatherDetails.line(for: current, unit: _unit.value))
        _nextHours.change(to: WeatherDetails.nextHours(report.hourly, unit: _unit.value))
        _forecast.change(to: ForecastRowViewModel.rows(for: report.daily, unit: _unit.value))
        _source.change(to: WeatherFormat.text(for: report.source))
        _isSample.change(to: report.source == .sample)
    }

    private func clearWeather() {
        report = nil
        place = nil
        for output in [_date, _icon, _summary, _forecastSummary, _details, _nextHours, _source, _asOf] { output.change(to: "") }
        _forecast.change(to: [])
        _isSample.change(to: false)
    }

    private static func message(for error: any Error) -> String {
        KeptWeatherService.message(for: error)
    }

    // MARK: - Suggestions

    private func suggest(for text: String) {
        suggestionGeneration += 1
        let request = suggestionGeneration
        let query = text.trimmingCharacters(in: .whitespaces)
        guard !query.isEmpty else {
            clearSuggestions()
            return
        }
        let suggester = self.suggester
        suggestionSearch = Task { [weak self] in
            let places: [Place]
            do {
                places = try await suggester.places(matching: query, limit: Self.suggestionLimit)
            } catch {
                // The gazetteer cannot be read: say so, naming its file, instead of suggesting nothing.
                guard let self, request == suggestionGeneration, !(error is CancellationError) else { return }
                clearSuggestions()
                _problem.change(to: Self.message(for: error))
                return
            }
            guard let self, request == suggestionGeneration else { return }
            suggestedPlaces = places
            _selectedSuggestion.change(to: nil)
            _suggestions.change(to: places.map(WeatherFormat.suggestion(for:)))
        }
    }

    private func clearSuggestions() {
        suggestionGeneration += 1
        suggestedPlaces = []
        _selectedSuggestion.change(to: nil)
        _suggestions.change(to: [])
    }
}

// MARK: - InputLineUser

extension WeatherViewModel: InputLineUser {
    public var inputPrompt: Output<String> { Dynamic("Location").output }
    public var inputLine: Output<InputLine> { _inputLine.output }
    public var inputLineIsFocused: Output<Bool> { _inputLineIsFocused.output }

    /// Places matching the text are suggested as it changes.
    public func inputLineEdited(_ edit: InputLineEdit) {
        _inputLine.apply(edit) { suggest(for: $0) }
    }

    public func inputFocusChanged(_ focused: Bool) {
        _inputLineIsFocused.change(to: focused)
    }

    /// Looks up the suggested place at `index`, as Enter does on the selected one (a click on it).
    public func pickSuggestion(at index: Int) {
        guard suggestedPlaces.indices.contains(index) else { return }
        _selectedSuggestion.change(to: index)
        inputSubmitted()
    }

    /// Enter: the chosen suggestion's place, whose name the line then shows, when Up or Down
    /// chose one; else the place the text names.
    public func inputSubmitted() {
        guard let index = _selectedSuggestion.value, suggestedPlaces.indices.contains(index) else {
            changeLocation(to: _inputLine.value.text)
            return
        }
        let place = suggestedPlaces[index]
        _inputLine.change(to: InputLine(text: _suggestions.value[index]))
        clearSuggestions()
        look { place }
    }
}
