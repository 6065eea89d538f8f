import Foundation
import Models
import Screens
import Testing
import TestSupport

/// What the Weather screen tells beside the summary: feels-like, wind, the chance of rain, and
/// the next 24 hours as a line of dots.
@MainActor
struct WeatherDetailsTests {
    private func shown(_ current: Observation, hourly: [Double] = [], unit: TemperatureUnit) -> WeatherViewModel {
        let hours = hourly.enumerated().map {
            HourlyTemperature(
                time: current.date.addingTimeInterval(Double($0.offset) * 3600),
                temperatureCelsius: $0.element)
        }
        let report = WeatherReport(current: current, daily: [], hourly: hours, source: .openMeteo)
        return HeldWeather.shown(report: report, defaultUnit: unit).viewModel
    }

    private func observation(feels: Double? = nil, wind: Double? = nil, from direction: Double? = nil, rain: Int? = nil) -> Observation {
        Observation(
            date: Date(timeIntervalSince1970: 1_795_273_200), temperatureCelsius: 10, condition: .cloudy,
            description: "Cloudy", windSpeedKmh: wind, windDirectionDegrees: direction,
            apparentTemperatureCelsius: feels, precipitationChance: rain)
    }

    @Test func windIsInKilometresAnHourWithCelsiusAndMilesWithFahrenheit() {
        let celsius = shown(observation(feels: 7.6, wind: 14.2, from: 310, rain: 20), unit: .celsius)
        #expect(latest(celsius.details) == "Feels like 8℃ · Wind 14 km/h NW · Rain 20%")
        celsius.toggleUnit()
        #expect(latest(celsius.details) == "Feels like 46℉ · Wind 9 mph NW · Rain 20%")
    }

    @Test func noChanceAndACertainChanceOfRainAndCalm() {
        #expect(latest(shown(observation(wind: 0, from: 90, rain: 0), unit: .celsius).details) == "Wind 0 km/h · Rain 0%")
        #expect(latest(shown(observation(rain: 100), unit: .celsius).details) == "Rain 100%")
    }

    @Test func feelsLikeBelowZeroAndAReportWithoutExtrasSaysNothing() {
        #expect(latest(shown(observation(feels: -4.4, wind: 30, from: 0), unit: .celsius).details) == "Feels like -4℃ · Wind 30 km/h N")
        #expect(latest(shown(observation(feels: -0.2), unit: .celsius).details) == "Feels like 0℃")
        #expect(latest(shown(observation(), unit: .celsius).details).isEmpty)
    }

    @Test func theNextHoursAreALineOfDotsWithTheirRange() {
        let hours = (0..<24).map { 5 + 7 * sin(Double($0) / 24 * .pi) }
        let weather = shown(observation(), hourly: hours, unit: .celsius)
        let line = latest(weather.nextHours)
        #expect(line.hasPrefix("Next 24 h ⣀"))
        #expect(line.hasSuffix(" 5℃–12℃"))
        #expect(line.contains("⣿"))
        #expect(line.count == "Next 24 h ".count + 24 + " 5℃–12℃".count)
        #expect(line.utf8.count < 200)
        #expect(latest(shown(observation(), unit: .celsius).nextHours).isEmpty)
    }
}
