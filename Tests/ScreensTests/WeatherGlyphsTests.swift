import Foundation
import Models
import Screens
import Testing
import TestSupport

/// The Weather screen written with ASCII `Glyphs`, for a console whose font has no Braille, no
/// weather symbols and no `℃`: the same outputs, every symbol one that any font has.
@MainActor
struct WeatherGlyphsTests {
    private static let report: WeatherReport = {
        let now = Date(timeIntervalSince1970: 1_795_273_200)
        let current = Observation(
            date: now, temperatureCelsius: 10, condition: .partlyCloudy, description: "Partly cloudy",
            apparentTemperatureCelsius: 7.6)
        let daily = [
            DailyForecast(date: CalendarDay(year: 2026, month: 11, day: 21), condition: .rain, lowCelsius: 5, highCelsius: 12),
            DailyForecast(date: CalendarDay(year: 2026, month: 11, day: 22), condition: .snow, lowCelsius: -1, highCelsius: 3),
            DailyForecast(date: CalendarDay(year: 2026, month: 11, day: 23), condition: .fog, lowCelsius: 2, highCelsius: 6),
        ]
        let hourly = [4.0, 6, 8, 10].enumerated().map {
            HourlyTemperature(time: now.addingTimeInterval(Double($0.offset) * 3600), temperatureCelsius: $0.element)
        }
        return WeatherReport(current: current, daily: daily, hourly: hourly, source: .openMeteo)
    }()

    @Test func everySymbolIsASCIIAndTheUnitIsALetter() {
        let screen = HeldWeather(defaultUnit: .celsius, glyphs: .ascii)
        let weather = screen.viewModel
        let (icon, summary, details, nextHours) = (
            ValueRecorder(weather.icon), ValueRecorder(weather.summary), ValueRecorder(weather.details), ValueRecorder(weather.nextHours)
        )
        let forecast = ValueRecorder(weather.forecast)
        weather.screenAppeared()
        screen.work.answer(.readSettings, with: .settings(.init()))
        screen.answerFetch(of: .mcGaheysville, with: Self.report)
        weather.toggleUnit()
        #expect(icon.values == ["", "~"])
        #expect(summary.values == ["", "Partly cloudy - 10C", "Partly cloudy - 50F"])
        #expect(details.values == ["", "Feels like 8C", "Feels like 46F"])
        #expect(nextHours.values == ["", "Next 24 h _-=# 4C–10C", "Next 24 h _-=# 39F–50F"])
        #expect(forecast.values.count == 3)
        #expect(forecast.values.last?.map(\.icon) == ["/", "*", "="])
        #expect(forecast.values.last?.map { "\($0.low) \($0.high)" } == ["41F 54F", "30F 37F", "36F 43F"])
        let written = [summary, details, nextHours].flatMap(\.values) + icon.values
        #expect(written.allSatisfy { $0.unicodeScalars.allSatisfy { $0.isASCII || $0 == "–" } })
    }

    @Test func theFullSymbolsAreTheDefault() {
        let screen = HeldWeather(defaultUnit: .celsius)
        screen.viewModel.screenAppeared()
        screen.work.answer(.readSettings, with: .settings(.init()))
        screen.answerFetch(of: .mcGaheysville, with: Self.report)
        #expect(latest(screen.viewModel.icon) == "☁")
        #expect(latest(screen.viewModel.nextHours) == "Next 24 h ⣀⣤⣶⣿ 4℃–10℃")
        #expect(latest(screen.viewModel.forecast).map(\.icon) == ["☂", "❄", "≋"])
    }

    @Test(arguments: Condition.allCases)
    func eachConditionHasAnASCIIIconOneColumnWide(condition: Condition) {
        let icon = Glyphs.ascii.icon(for: condition)
        #expect(icon.count == 1 && icon.unicodeScalars.allSatisfy(\.isASCII))
        #expect(Glyphs.ascii.spinner.allSatisfy(\.isASCII) && Glyphs.ascii.levels.allSatisfy(\.isASCII))
    }
}
