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

    @Test func theFiguresAreTheWeatherShownAsNumbersInItsUnit() {
        let weather = shown(observation(feels: 7.6, wind: 14.2, from: 310.4, rain: 20), hourly: [10.4, 11.6], unit: .celsius)
        let figures = ValueRecorder(weather.figures)
        weather.toggleUnit()
        #expect(figures.values.map { $0?.unit } == ["C", "F"])
        #expect(figures.values.map { $0?.temperature } == [10, 50])
        #expect(figures.values.map { $0?.feelsLike } == [8, 46])
        #expect(figures.values.map { $0?.windSpeed } == [14, 9])
        #expect(figures.values.map { $0?.windSpeedUnit } == ["km/h", "mph"])
        #expect(figures.values.map { $0?.windDirection } == [310, 310])
        #expect(figures.values.map { $0?.rainChance } == [20, 20])
        #expect(figures.values.map { $0?.hours.map(\.temperature) } == [[10, 12], [51, 53]])
        #expect(figures.values.map { $0?.condition } == ["cloudy", "cloudy"])
        #expect(
            figures.values.map { $0?.observedAt } == [
                Date(timeIntervalSince1970: 1_795_273_200), Date(timeIntervalSince1970: 1_795_273_200),
            ])
        #expect(figures.values.map { $0?.keptAt } == [nil, nil])
        #expect(latest(shown(observation(), unit: .celsius).figures)?.feelsLike == nil)
    }

    @Test func theDaysFiguresAreISODatesAndWholeDegrees() {
        let days = latest(HeldWeather.shown(report: .sample(days: 2), defaultUnit: .celsius).viewModel.figures)?.days
        #expect(days?.map(\.date) == ["2026-11-21", "2026-11-22"])
        #expect(days?.map(\.low) == [5, 6])
        #expect(days?.map(\.high) == [12, 13])
        #expect(days?.map(\.condition) == ["rain", "partlyCloudy"])
    }
}
