import Foundation
import Models

/// The Weather screen as a value: the place and its weather (or why there is none), the unit,
/// the suggestions for what is typed, and the work under way. Its transitions are plain
/// functions of the state and an event; they name the work to do (read the settings, find a
/// place, fetch its weather, wait for the next refresh) and never do it. The clock's readings
/// come in the events and answers.
///
/// ```swift
/// var weather = WeatherScreen(timeZone: .current)
/// let orders = weather.handle(.appeared(clock: .zero))   // [.start(.readSettings, as: work 1)]
/// guard case .start(_, let work1) = orders.first else { return }
/// weather.handle(.answered(work1, .settings(.init())))  // [.start(.fetch(.mcGaheysville), as: work 2)]
/// weather.phase                                         // .fetching(.mcGaheysville)
/// ```
public struct WeatherScreen: ScreenState {
    /// How old the weather shown may grow before it is fetched again.
    public static let refreshInterval: Duration = .seconds(30 * 60)

    public typealias Phase = WeatherPhase
    public typealias Work = WeatherWork
    public typealias Answer = WeatherAnswer
    public typealias Event = WeatherEvent

    public private(set) var phase = Phase.lookingUp
    public private(set) var unit: TemperatureUnit
    /// What went wrong last, such as `Weather unavailable: no network`; empty when nothing did.
    public private(set) var problem = ""
    /// What the user's refresh (`r`) says: `Refreshing…` while it runs, then how it ended, or
    /// why it could not run; empty otherwise.
    public internal(set) var refreshNews = ""
    /// The places suggested for the text typed, and the one Up and Down chose.
    public private(set) var suggestions: [Place] = []
    public private(set) var chosenSuggestion: Int?
    /// The lookup step under way (reading the settings, finding, fetching), if any.
    public private(set) var lookup: WorkID?
    /// The user's time zone, in which a kept report's time is told.
    public let timeZone: TimeZone
    /// The symbols the weather is written with: the full ones, or ASCII for a console's font.
    public let glyphs: Glyphs
    private let launchLocation: String?
    private let chosenUnit: TemperatureUnit?
    private var hasAppeared = false
    private var isVisible = false
    private var suggestion: WorkID?
    private var timer: WorkID?
    /// When the weather shown came (or failed to), on the scheduler's clock.
    private var fetchedAt: Duration?
    /// Whether the fetch under way is the user's refresh, whose end `refreshNews` tells.
    var isRefreshAsked = false
    /// The weather shown when a typed name began to be looked up, shown again if nothing has
    /// that name.
    private var shownBefore: ShownBefore?
    var lastWork = WorkID.none

    /// `launchLocation` (`--location`) wins over the kept place; `chosenUnit` (`--unit`) wins over
    /// the kept unit, which wins over `defaultUnit` (the config file's). The weather is written
    /// with `glyphs`.
    public init(
        launchLocation: String? = nil, defaultUnit: TemperatureUnit = .fahrenheit,
        chosenUnit: TemperatureUnit? = nil, timeZone: TimeZone, glyphs: Glyphs = .unicode
    ) {
        self.launchLocation = launchLocation
        self.chosenUnit = chosenUnit
        self.unit = chosenUnit ?? defaultUnit
        self.timeZone = timeZone
        self.glyphs = glyphs
    }

    /// The suggestion Up and Down chose, if any.
    public var chosenPlace: Place? { chosenSuggestion.map { suggestions[$0] } }

    public static func event(answering id: WorkID, with answer: Answer) -> Event { .answered(id, answer) }

    /// Moves the state on by `event`, and names the work it calls for. A new lookup cancels the
    /// one it replaces; an answer to any work but the latest of its kind is dropped.
    public mutating func handle(_ event: Event) -> [WorkOrder<Work>] {
        switch event {
        case .appeared(let clock):
            isVisible = true
            guard hasAppeared else {
                hasAppeared = true
                return start(.readSettings, as: \.lookup)
            }
            return refreshWhenDue(at: clock)
        case .disappeared:
            isVisible = false
            return stop(\.timer)
        case .refreshAsked:
            return refreshAsked()
        case .edited(let text):
            let query = text.trimmingCharacters(in: .whitespaces)
            guard !query.isEmpty else { return clearSuggestions() }
            return stop(\.suggestion) + start(.suggest(query), as: \.suggestion)
        case .suggestionMoved(let offset):
            guard !suggestions.isEmpty else { return [] }
            let next = (chosenSuggestion ?? -1) + offset
            chosenSuggestion = next < 0 ? nil : min(next, suggestions.count - 1)
            return []
        case .suggestionPicked(let index):
            guard suggestions.indices.contains(index) else { return [] }
            chosenSuggestion = index
            return handle(.submitted(""))
        case .submitted(let text):
            guard let place = chosenPlace else { return find(text) }
            return clearSuggestions() + show(place)
        case .unitToggled:
            unit = unit.toggled
            return [.start(.keepUnit(unit), as: nextWork())]
        case .answered(let id, let answer):
            return handle(answer, of: id)
        }
    }

    // MARK: - Answers

    private mutating func handle(_ answer: Answer, of id: WorkID) -> [WorkOrder<Work>] {
        switch answer {
        case .kept:
            return []
        case .notKept(let message):
            // Said beside what the lookup says, whenever it comes: the next run will not have it.
            let said = "Settings are not kept: \(message)"
            if !problem.contains(said) { problem = problem.isEmpty ? said : problem + "; " + said }
            return []
        case .due where id == timer:
            timer = nil
            return refresh()
        case .suggested(let places) where id == suggestion:
            suggestion = nil
            suggestions = places
            chosenSuggestion = nil
            return []
        case .suggestFailed(let message) where id == suggestion:
            suggestion = nil
            problem = message  // the gazetteer cannot be read: its file is named
            return clearSuggestions()
        case _ where id != lookup:
            return []
        case .settings(let kept):
            lookup = nil
            unit = chosenUnit ?? kept.unit ?? unit
            if let launchLocation { return find(launchLocation) }
            if let name = kept.name, kept.place.map(WeatherFormat.name(of:)) != name { return find(name) }
            return show(kept.place ?? .mcGaheysville)
        case .settingsUnread(let message):
            lookup = nil
            let orders = launchLocation.map { find($0) } ?? show(.mcGaheysville)
            problem = "Settings are not kept: \(message)"
            return orders
        case .found(let place):
            lookup = nil
            let problem = self.problem  // said when the lookup began (settings not kept): it stays
            defer { self.problem = problem }
            return show(place)
        case .notFound(let query, let likely, let clock):
            lookup = nil
            problem = "Not found: \(query)" + (likely.map { ". Did you mean \(WeatherFormat.name(of: $0))?" } ?? "")
            guard let before = shownBefore else {
                phase = .notFound
                return []
            }
            // The weather shown before the name was looked up shows again, due when it was.
            (phase, fetchedAt, shownBefore) = (before.phase, before.fetchedAt, nil)
            return refreshWhenDue(at: clock)
        case .findFailed(let message):
            lookup = nil
            shownBefore = nil
            phase = .notFound
            problem = "Place lookup failed: \(message)"
            return []
        case .weather(let weather, let at, let clock):
            guard let place = phase.place else { return [] }
            phase = .shown(place, weather, at: at)
            if isRefreshAsked { refreshNews = WeatherFormat.refreshed(weather, at: at, in: timeZone) }
            if case .kept(_, let reason) = weather.freshness {
                problem =
                    switch reason {
                    case .offline: "Live weather unavailable: offline"
                    case .failed(let message): "Weather unavailable: \(message)"
                    }
            }
            return fetched(at: clock)
        case .weatherFailed(let message, let clock):
            guard let place = phase.place else { return [] }
            phase = .unavailable(place)
            problem = "Weather unavailable: \(message)"
            if isRefreshAsked { refreshNews = "Not refreshed: \(message)" }
            return fetched(at: clock)
        case .due, .suggested, .suggestFailed:
            return []  // an answer of work that is no longer the latest of its kind
        }
    }

    // MARK: - Lookups

    /// Finds the place `text` names (its spaces folded) and shows its weather; the weather shown
    /// until then comes back if nothing has that name.
    private mutating func find(_ text: String) -> [WorkOrder<Work>] {
        let query = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        guard !query.isEmpty else {
            problem = "Type a place, then Enter"
            return []
        }
        if let fetchedAt, phase.place != nil { shownBefore = ShownBefore(phase: phase, fetchedAt: fetchedAt) }
        return clearSuggestions() + beginLookup(.lookingUp) + start(.find(query), as: \.lookup)
    }

    /// Shows `place` with nothing of the place before, keeps it for the next run, and fetches its
    /// weather.
    private mutating func show(_ place: Place) -> [WorkOrder<Work>] {
        shownBefore = nil
        return beginLookup(.fetching(place)) + [.start(.keepPlace(place), as: nextWork())] + start(.fetch(place), as: \.lookup)
    }

    /// Fetches the weather of the place shown again; nothing while a lookup runs.
    mutating func refresh() -> [WorkOrder<Work>] {
        guard lookup == nil, fetchedAt != nil, let place = phase.place else { return [] }
        return show(place)
    }

    private mutating func beginLookup(_ phase: Phase) -> [WorkOrder<Work>] {
        self.phase = phase
        problem = ""
        refreshNews = ""
        isRefreshAsked = false
        fetchedAt = nil
        return stop(\.lookup) + stop(\.timer)
    }

    /// The weather came, or failed to, at `clock`: the next refresh is due an interval later.
    private mutating func fetched(at clock: Duration) -> [WorkOrder<Work>] {
        lookup = nil
        fetchedAt = clock
        isRefreshAsked = false
        return refreshWhenDue(at: clock)
    }

    /// Waits for the weather shown to come due, or refreshes now when it is; only while the
    /// screen shows.
    private mutating func refreshWhenDue(at clock: Duration) -> [WorkOrder<Work>] {
        let stopping = stop(\.timer)
        guard isVisible, lookup == nil, let fetchedAt, phase.place != nil else { return stopping }
        let age = clock - fetchedAt
        guard age < Self.refreshInterval else { return stopping + refresh() }
        return stopping + start(.wait(Self.refreshInterval - age), as: \.timer)
    }

    private mutating func clearSuggestions() -> [WorkOrder<Work>] {
        suggestions = []
        chosenSuggestion = nil
        return stop(\.suggestion)
    }

    /// The weather shown when a name began to be looked up, and when it came.
    private struct ShownBefore: Equatable, Sendable {
        let phase: Phase
        let fetchedAt: Duration
    }
}
