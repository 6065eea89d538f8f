import Foundation
import Models

/// Where the Weather screen's lookup stands (`WeatherScreen.phase`).
public enum WeatherPhase: Equatable, Sendable {
    /// A place being found (or the settings read): `Loading...`, nothing else.
    case lookingUp
    /// No place matched; or the geocoder failed.
    case notFound
    /// The place is known and its weather on its way.
    case fetching(Place)
    /// The place's weather, live or kept, as it came at `at`.
    case shown(Place, PlaceWeather, at: Date)
    /// The place is known but its weather could not be had.
    case unavailable(Place)

    /// The place the lookup found, if it found one.
    public var place: Place? {
        switch self {
        case .lookingUp, .notFound: nil
        case .fetching(let place), .shown(let place, _, _), .unavailable(let place): place
        }
    }
}

/// The work the Weather screen asks for.
public enum WeatherWork: Equatable, Sendable {
    /// The unit and place the last run kept (once, when the screen first shows).
    case readSettings
    /// The place a typed name names.
    case find(String)
    /// A place's weather.
    case fetch(Place)
    /// Places to suggest for the text typed.
    case suggest(String)
    /// A wait until the weather shown is due again.
    case wait(Duration)
    /// Keep the place shown for the next run.
    case keepPlace(Place)
    /// Keep the unit chosen for the next run.
    case keepUnit(TemperatureUnit)
}

/// The answer of a piece of the Weather screen's work.
public enum WeatherAnswer: Equatable, Sendable {
    case settings(WeatherSettings.Kept)
    case settingsUnread(String)
    case found(Place)
    /// Nothing is called `query`; `didYouMean` is the place the suggestions put first for it
    /// (a typo's: "Lodnon" is London), and `clock` the scheduler's reading when the answer came.
    case notFound(String, didYouMean: Place?, clock: Duration)
    case findFailed(String)
    /// The weather, when it came (`at`, for a kept report's age) and on the scheduler's clock.
    case weather(PlaceWeather, at: Date, clock: Duration)
    case weatherFailed(String, clock: Duration)
    case suggested([Place])
    case suggestFailed(String)
    case due
    case kept
    /// The place or unit could not be kept for the next run, for this reason.
    case notKept(String)
}

/// Something that happened to the Weather screen.
public enum WeatherEvent: Equatable, Sendable {
    /// The screen came into view, at `clock` on the scheduler's clock.
    case appeared(clock: Duration)
    case disappeared
    /// Ctrl-R or `r`: fetch the weather of the place shown again.
    case refreshAsked
    /// The input line's text changed.
    case edited(String)
    /// Up or Down moved the chosen suggestion by this many.
    case suggestionMoved(by: Int)
    /// A click on the suggestion at this index: chosen, then submitted.
    case suggestionPicked(Int)
    /// Enter, with the text typed.
    case submitted(String)
    case unitToggled
    case answered(WorkID, WeatherAnswer)
}
