import Foundation
import Models

/// The weather the screen shows, as numbers in the unit shown rather than as text: what a script
/// reads from `mvvm-tui weather --json`. Temperatures are whole degrees, as the screen rounds them;
/// what the report lacks is nil.
public struct WeatherFigures: Equatable, Sendable {
    /// `F` or `C`: the unit of every temperature here.
    public let unit: String
    /// The air temperature now.
    public let temperature: Int
    /// How warm it feels.
    public let feelsLike: Int?
    /// The wind's speed, in `windSpeedUnit`.
    public let windSpeed: Int?
    /// `mph` with ℉, `km/h` with ℃.
    public let windSpeedUnit: String
    /// Where the wind blows from, in whole degrees clockwise from north.
    public let windDirection: Int?
    /// The chance of rain, 0 to 100.
    public let rainChance: Int?
    /// `clear`, `partlyCloudy`, `cloudy`, `fog`, `drizzle`, `rain`, `snow` or `thunderstorm`.
    public let condition: String
    /// When the weather was observed.
    public let observedAt: Date
    /// When a kept report was fetched; nil for a live one and for sample weather.
    public let keptAt: Date?
    /// The next hours' temperatures, the current hour first.
    public let hours: [Hour]
    /// The days ahead, today first.
    public let days: [Day]

    /// One hour of `hours`.
    public struct Hour: Equatable, Sendable {
        /// The start of the hour.
        public let time: Date
        /// The temperature expected then.
        public let temperature: Int
    }

    /// One day of `days`.
    public struct Day: Equatable, Sendable {
        /// The day on the place's calendar, in ISO 8601: `2026-11-25`.
        public let date: String
        /// As `WeatherFigures.condition`.
        public let condition: String
        /// The day's lowest temperature.
        public let low: Int
        /// The day's highest temperature.
        public let high: Int
    }

    /// The figures of `report` in `unit`; `keptAt` when it is a kept one.
    init(_ report: WeatherReport, unit: TemperatureUnit, keptAt: Date?) {
        let whole = { (celsius: Double) in Int(unit.value(fromCelsius: celsius).rounded()) + 0 }
        let current = report.current
        self.unit = unit == .fahrenheit ? "F" : "C"
        temperature = whole(current.temperatureCelsius)
        feelsLike = current.apparentTemperatureCelsius.map(whole)
        windSpeed = current.windSpeedKmh.map { Int((unit == .fahrenheit ? $0 / 1.609344 : $0).rounded()) }
        windSpeedUnit = unit == .fahrenheit ? "mph" : "km/h"
        windDirection = current.windDirectionDegrees.map { Int($0.rounded()) % 360 }
        rainChance = current.precipitationChance
        condition = current.condition.rawValue
        observedAt = current.date
        self.keptAt = keptAt
        hours = report.hourly.prefix(24).map { Hour(time: $0.time, temperature: whole($0.temperatureCelsius)) }
        days = report.daily.map { day in
            Day(
                date: String(format: "%04d-%02d-%02d", day.date.year, day.date.month, day.date.day),
                condition: day.condition.rawValue, low: whole(day.lowCelsius), high: whole(day.highCelsius))
        }
    }
}
