import Foundation

/// What the sky is doing, in the few kinds the Weather screen tells apart.
///
/// Each source has its own finer codes (WMO codes for Open-Meteo, Weatherbit's own); the services
/// map them onto these cases and keep the source's words in `Observation.description`.
public enum Condition: String, Sendable, CaseIterable, Codable {
    /// No clouds to speak of.
    case clear
    /// Some sun, some clouds.
    case partlyCloudy
    /// Overcast or mostly cloudy.
    case cloudy
    /// Fog, mist or haze.
    case fog
    /// Drizzle, freezing drizzle included.
    case drizzle
    /// Rain or rain showers, freezing rain included.
    case rain
    /// Snow, sleet, snow grains or snow showers.
    case snow
    /// Thunder, with or without hail.
    case thunderstorm

    /// The kind of weather in a few words, such as "Partly cloudy", for when a source has no
    /// words of its own and for the days of a forecast.
    public var words: String {
        switch self {
        case .clear: "Clear sky"
        case .partlyCloudy: "Partly cloudy"
        case .cloudy: "Cloudy"
        case .fog: "Fog"
        case .drizzle: "Drizzle"
        case .rain: "Rain"
        case .snow: "Snow"
        case .thunderstorm: "Thunderstorm"
        }
    }
}

// MARK: - Observation and forecast

/// The weather at a place at one moment. Temperatures are in degrees Celsius.
///
/// Wind, feels-like and the chance of rain are optional: a source (or an answer recorded before
/// they were asked for) may not give them, and then they are nil rather than made up.
public struct Observation: Equatable, Sendable, Codable {
    /// When the weather was observed (or, for sample data, when the sample was made).
    public let date: Date
    /// The air temperature in degrees Celsius.
    public let temperatureCelsius: Double
    /// The kind of weather.
    public let condition: Condition
    /// The source's own words for it, such as "Broken clouds" or "Light rain".
    public let description: String
    /// The wind speed 10 m above the ground, in kilometres per hour.
    public let windSpeedKmh: Double?
    /// Where the wind blows from, in degrees clockwise from north (0 north, 90 east, 270 west).
    public let windDirectionDegrees: Double?
    /// How warm it feels (the apparent temperature), in degrees Celsius.
    public let apparentTemperatureCelsius: Double?
    /// The chance of rain, snow or any precipitation, 0 to 100 %, for the current hour or (when
    /// the source only forecasts days) for today.
    public let precipitationChance: Int?

    /// Creates an observation; the values a source does not give stay nil.
    public init(
        date: Date, temperatureCelsius: Double, condition: Condition, description: String,
        windSpeedKmh: Double? = nil, windDirectionDegrees: Double? = nil,
        apparentTemperatureCelsius: Double? = nil, precipitationChance: Int? = nil
    ) {
        self.date = date
        self.temperatureCelsius = temperatureCelsius
        self.condition = condition
        self.description = description
        self.windSpeedKmh = windSpeedKmh
        self.windDirectionDegrees = windDirectionDegrees
        self.apparentTemperatureCelsius = apparentTemperatureCelsius
        self.precipitationChance = precipitationChance
    }
}

/// The temperature expected at the start of one hour, for the next 24 hours' sparkline.
public struct HourlyTemperature: Equatable, Sendable, Codable {
    /// The start of the hour.
    public let time: Date
    /// The air temperature expected then, in degrees Celsius.
    public let temperatureCelsius: Double

    /// Creates an hour's temperature.
    public init(time: Date, temperatureCelsius: Double) {
        self.time = time
        self.temperatureCelsius = temperatureCelsius
    }
}

/// A day on the calendar where the place is, with no time of day and no time zone.
public struct CalendarDay: Equatable, Hashable, Comparable, Sendable, Codable {
    /// The year, such as 2026.
    public let year: Int
    /// The month, 1 (January) to 12.
    public let month: Int
    /// The day of the month, 1 to 31.
    public let day: Int

    /// Creates a calendar day; the numbers are taken as given.
    public init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// The day of the week in the Gregorian calendar, 1 (Sunday) to 7 (Saturday).
    public var weekday: Int {
        // Zeller's congruence, shifted so that Sunday is 1.
        let shiftedMonth = month < 3 ? month + 12 : month
        let shiftedYear = month < 3 ? year - 1 : year
        let century = shiftedYear.floorDivided(by: 100)
        let yearOfCentury = shiftedYear - century * 100
        let h =
            day + (13 * (shiftedMonth + 1)) / 5 + yearOfCentury + yearOfCentury / 4
            + century.floorDivided(by: 4) + 5 * century
        let saturdayIsZero = ((h % 7) + 7) % 7
        return saturdayIsZero == 0 ? 7 : saturdayIsZero
    }

    /// The day `date` falls on, on the calendar of `timeZone`.
    public init(containing date: Date, in timeZone: TimeZone) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        self.init(year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1)
    }

    /// The day it is now on the calendar of `timeZone` (the machine's by default).
    public static func today(in timeZone: TimeZone = .current) -> CalendarDay {
        CalendarDay(containing: Date(), in: timeZone)
    }

    /// The day after this one.
    public var next: CalendarDay {
        let length =
            switch month {
            case 2: BirthDate.isLeapYear(year) ? 29 : 28
            case 4, 6, 9, 11: 30
            default: 31
            }
        if day < length { return CalendarDay(year: year, month: month, day: day + 1) }
        return month == 12 ? CalendarDay(year: year + 1, month: 1, day: 1) : CalendarDay(year: year, month: month + 1, day: 1)
    }

    /// Whether this day comes before `other`.
    public static func < (lhs: CalendarDay, rhs: CalendarDay) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }
}

/// What one day is expected to bring: its weather and its lowest and highest temperatures.
public struct DailyForecast: Equatable, Sendable, Codable {
    /// The day, on the place's own calendar.
    public let date: CalendarDay
    /// The day's main kind of weather.
    public let condition: Condition
    /// The day's lowest temperature in degrees Celsius.
    public let lowCelsius: Double
    /// The day's highest temperature in degrees Celsius.
    public let highCelsius: Double

    /// Creates a day's forecast.
    public init(date: CalendarDay, condition: Condition, lowCelsius: Double, highCelsius: Double) {
        self.date = date
        self.condition = condition
        self.lowCelsius = lowCelsius
        self.highCelsius = highCelsius
    }
}

// MARK: - Report

/// Where a weather report came from, which the Weather screen always shows.
///
/// Stored (as JSON, with the report) by its raw value: "openMeteo", "weatherbit", "sample".
public enum WeatherSource: String, Equatable, Sendable, Codable {
    /// The Open-Meteo forecast API.
    case openMeteo
    /// The Weatherbit current-weather and daily-forecast APIs (with the user's key).
    case weatherbit
    /// Made-up, plausible weather for when there is no network: never a forecast.
    case sample
}

/// The current weather at a place and, when the source gives them, a forecast of the days ahead
/// and the temperature hour by hour for the next 24 hours.
///
/// Codable with the synthesized conformance, so that a real report can be kept and shown again
/// offline; every type inside it is Codable too.
public struct WeatherReport: Equatable, Sendable, Codable {
    /// The weather now.
    public let current: Observation
    /// Up to seven days, today first; empty when the source gives only the current weather.
    public let daily: [DailyForecast]
    /// The next 24 hours, the current hour first; empty when the source has no hourly forecast.
    public let hourly: [HourlyTemperature]
    /// Where the report came from.
    public let source: WeatherSource

    /// Creates a report.
    public init(
        current: Observation, daily: [DailyForecast], hourly: [HourlyTemperature] = [],
        source: WeatherSource
    ) {
        self.current = current
        self.daily = daily
        self.hourly = hourly
        self.source = source
    }
}

// MARK: - Service

/// Finds the weather at a place.
public protocol WeatherService: Sendable {
    /// The weather at `place` now, and the days ahead when the source has them.
    func weather(at place: Place) async throws -> WeatherReport
}

/// Why a weather (or geocoding) service gave no answer, in words a person can act on.
public enum WeatherServiceError: Error, Equatable, Sendable {
    /// The service could not be reached: no connection, no DNS, or it timed out.
    case noNetwork
    /// Weatherbit refused the API key (HTTP 401 or 403).
    case rejectedKey
    /// Anything else, already worded for the screen.
    case failed(String)

    /// What the Weather screen says about it.
    public var message: String {
        switch self {
        case .noNetwork: "no network"
        case .rejectedKey: "Weatherbit rejected the API key"
        case .failed(let message): message
        }
    }
}

// MARK: - Private

extension Int {
    /// Division rounding toward negative infinity, so years before 0 still give the right weekday.
    fileprivate func floorDivided(by divisor: Int) -> Int {
        let quotient = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }
}
