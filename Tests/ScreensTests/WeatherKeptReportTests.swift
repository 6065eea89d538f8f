import Foundation
import Models
import Screens
import Testing
import TestSupport

/// A kept report (the service's answer when the live one cannot be had) shows with its age and
/// the reason; of its hours, only those to come. The service's policy has its own tests
/// (`KeptWeatherServiceTests`).
@MainActor
struct WeatherKeptReportTests {
    /// The sample report kept at 09:40 UTC, shown `later` seconds on.
    private func shownKept(
        because reason: PlaceWeather.KeptReason, later: TimeInterval,
        report: WeatherReport = .sample()
    ) -> HeldWeather {
        let screen = HeldWeather()
        screen.viewModel.screenAppeared()
        screen.work.answer(.readSettings, with: .settings(.init()))
        screen.answerFetch(
            of: .mcGaheysville, with: PlaceWeather(report: report, freshness: .kept(fetchedAt: .testNow, because: reason)),
            at: .testNow + later)
        return screen
    }

    @Test func offlineTheLastRealReportShowsWithItsAge() {
        let weather = shownKept(because: .offline, later: 2 * 3600 + 5 * 60).viewModel
        #expect(latest(weather.summary) == "Broken clouds - 72℉")
        #expect(latest(weather.source) == "Open-Meteo")
        #expect(!latest(weather.isSample))
        #expect(latest(weather.asOf) == "as of 09:40, 2 h ago")
        #expect(latest(weather.problem) == "Live weather unavailable: offline")
        #expect(latest(weather.figures)?.keptAt == .testNow, "a script reads when the kept report was fetched")
        #expect(latest(weather.figures)?.temperature == 72)
    }

    @Test func aFailedFetchShowsTheLastRealReportAndWhy() {
        let weather = shownKept(because: .failed("Weatherbit rejected the API key"), later: 25 * 60).viewModel
        #expect(latest(weather.asOf) == "as of 09:40, 25 min ago")
        #expect(latest(weather.problem) == "Weather unavailable: Weatherbit rejected the API key")
    }

    @Test func aReportDaysOldNamesItsDay() {
        let weather = shownKept(because: .offline, later: 3 * 24 * 3600).viewModel
        #expect(latest(weather.asOf) == "as of Nov 21, 09:40, 3 days ago")
    }

    @Test func ofAKeptReportsHoursOnlyThoseToComeAreDrawn() {
        let sample = WeatherReport.sample()
        let hours = (0..<24).map { HourlyTemperature(time: Date.testNow + Double($0) * 3600, temperatureCelsius: Double($0)) }
        let report = WeatherReport(current: sample.current, daily: sample.daily, hourly: hours, source: .openMeteo)
        let weather = shownKept(because: .offline, later: 22 * 3600, report: report).viewModel
        #expect(latest(weather.nextHours).hasSuffix(" ⣀⣿ 72℉–73℉"), "hours 22 and 23 only: \(latest(weather.nextHours))")
    }

    @Test func aLiveReportShowsNoAge() {
        let weather = HeldWeather.shown().viewModel
        #expect(latest(weather.asOf).isEmpty)
        #expect(latest(weather.figures)?.keptAt == nil)
    }

    @Test func theUnitChangedOnAKeptReportKeepsItsAge() {
        let weather = shownKept(because: .offline, later: 0).viewModel
        weather.toggleUnit()
        #expect(latest(weather.summary) == "Broken clouds - 22℃")
        #expect(latest(weather.asOf) == "as of 09:40, just now")
    }
}
