import Foundation
import Models
import Screens
import Testing
import TestSupport

/// A Weather screen whose work the test holds: it reads what the screen asked for and answers it.
@MainActor
struct HeldWeather {
    let work: HeldWork<WeatherScreen.Work, WeatherScreen.Answer>
    let scheduler = TestScheduler()
    let viewModel: WeatherViewModel

    /// The keeping of the place and the unit is answered `.kept` at once unless `holdsKeeping`;
    /// the wait for the next refresh, the screen at rest, may be held when the test ends.
    init(
        launchLocation: String? = nil, defaultUnit: TemperatureUnit = .fahrenheit, chosenUnit: TemperatureUnit? = nil,
        holdsKeeping: Bool = false, glyphs: Glyphs = .unicode
    ) {
        work = HeldWork(
            answerAtOnce: { work in
                switch work {
                case .keepPlace, .keepUnit: holdsKeeping ? nil : .kept
                default: nil
                }
            },
            leftAtRest: { $0 == .wait(WeatherViewModel.refreshInterval) })
        viewModel = WeatherViewModel(
            WeatherScreen(
                launchLocation: launchLocation, defaultUnit: defaultUnit,
                chosenUnit: chosenUnit, timeZone: .testZone, glyphs: glyphs),
            runner: work, scheduler: scheduler)
    }

    /// The work held that the screen waits on: all but the keeping of the place and the unit,
    /// which nothing waits on.
    var waiting: [WeatherScreen.Work] {
        work.pending.filter {
            switch $0 {
            case .keepPlace, .keepUnit: false
            default: true
            }
        }
    }

    /// The screen shown, its settings answered with `kept` (nothing kept when nil), and the
    /// weather of the place it then fetches with `report`.
    static func shown(
        _ kept: WeatherSettings.Kept = .init(), report: WeatherReport = .sample(),
        defaultUnit: TemperatureUnit = .fahrenheit
    ) -> HeldWeather {
        let screen = HeldWeather(defaultUnit: defaultUnit)
        screen.viewModel.screenAppeared()
        screen.work.answer(.readSettings, with: .settings(kept))
        screen.answerFetch(of: kept.place ?? .mcGaheysville, with: report)
        return screen
    }

    /// Types `text` in the input line and presses Enter, as a user names a place.
    func submit(_ text: String) {
        viewModel.inputLineEdited(.insert(text))
        viewModel.inputSubmitted()
    }

    /// Answers the fetch of `place` with a live `report`, fetched at the test's now.
    func answerFetch(of place: Place, with report: WeatherReport = .sample()) {
        answerFetch(of: place, with: PlaceWeather(report: report, freshness: .live))
    }

    func answerFetch(of place: Place, with weather: PlaceWeather, at: Date = .testNow) {
        work.answer(.fetch(place), with: .weather(weather, at: at, clock: scheduler.now))
    }

    func failFetch(of place: Place, with message: String) {
        work.answer(.fetch(place), with: .weatherFailed(message, clock: scheduler.now))
    }
}
