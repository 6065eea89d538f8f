import Foundation
import Models

/// Made-up weather, embedded for when there is no network (or `--offline`): plausible for the
/// place's latitude and the month, the same every time for a place and a day, and always
/// labelled `.sample`, which the Weather screen shows as "Sample data (offline) — not a forecast".
///
/// Each calendar day at a place (in the place's time zone) gets its own weather from a
/// SplitMix64 generator seeded with the place's coordinates (to 0.01°) and that day, so a day
/// looks the same whichever day it is asked from. Temperatures follow a climate curve: an annual
/// mean and a seasonal swing by latitude (warm and steady near the equator, cold with a wide
/// swing near the poles), coldest in late January in the north and late July in the south, plus
/// one to three degrees of day-to-day noise. Rain below about 1 °C falls as snow.
///
/// The extras are made up too, fixed for the day: wind stronger in rain and storms, from any
/// direction; a chance of precipitation that suits the day's weather; feels-like colder in wind
/// when it is cold and warmer when it is hot. The next 24 hours follow a daily curve between
/// each day's low and high (coldest about 04:00, warmest about 16:00), eased from the current
/// temperature over the first hours so that the curve starts where "now" is.
///
/// ```swift
/// func weather(at oslo: Place) async throws {
///     let sample = SampleWeatherService(today: { Date() })
///     try await sample.weather(at: oslo).source   // .sample
/// }
/// ```
public struct SampleWeatherService: WeatherService {
    /// How many days the sample covers, today first.
    public static let dayCount = 7

    private let today: @Sendable () -> Date

    /// Creates a sample whose "today" is what `today` returns.
    public init(today: @escaping @Sendable () -> Date = { Date() }) {
        self.today = today
    }

    /// Sample weather for `place` today and the six days after; never fails.
    public func weather(at place: Place) async throws -> WeatherReport {
        let now = today()
        let calendar = Self.calendar(for: place)
        let latitude = place.latitude.isFinite ? min(max(place.latitude, -90), 90) : 0
        let longitude = place.longitude.isFinite ? min(max(place.longitude, -180), 180) : 0
        var daily: [DailyForecast] = []
        for offset in 0..<Self.dayCount {
            guard let date = calendar.date(byAdding: .day, value: offset, to: now) else { continue }
            let parts = calendar.dateComponents([.year, .month, .day], from: date)
            guard let year = parts.year, let month = parts.month, let day = parts.day else { continue }
            let dayOfYear = calendar.ordinality(of: .day, in: .year, for: date) ?? 1
            let calendarDay = CalendarDay(year: year, month: month, day: day)
            var generator = SplitMix64(seed: Self.seed(latitude, longitude, calendarDay))
            daily.append(Self.forecast(for: calendarDay, dayOfYear: dayOfYear, latitude: latitude, using: &generator))
        }
        guard let first = daily.first else {
            throw WeatherServiceError.failed("Sample weather could not be made for \(place.name)")
        }
        // Now is somewhere between the day's low and high, fixed for the day.
        var generator = SplitMix64(seed: Self.seed(latitude, longitude, first.date) ^ 0x6E6F_7721)
        let share = 0.35 + 0.5 * generator.nextUnit()
        let temperature = Self.rounded(first.lowCelsius + share * (first.highCelsius - first.lowCelsius))
        var extras = SplitMix64(seed: Self.seed(latitude, longitude, first.date) ^ 0x7769_6E64)
        let wind = Self.wind(for: first.condition, using: &extras)
        let current = Observation(
            date: now, temperatureCelsius: temperature, condition: first.condition,
            description: Self.words[first.condition] ?? "",
            windSpeedKmh: wind.speed, windDirectionDegrees: wind.direction,
            apparentTemperatureCelsius: Self.feelsLike(temperature, windKmh: wind.speed),
            precipitationChance: Self.chance(of: first.condition, roll: extras.nextUnit()))
        let hourly = Self.hours(from: now, current: temperature, days: daily, calendar: calendar)
        return WeatherReport(current: current, daily: daily, hourly: hourly, source: .sample)
    }

    // MARK: - Extras

    /// A wind speed in km/h (whole numbers) and the direction it blows from (in tens of degrees).
    private static func wind(for condition: Condition, using generator: inout SplitMix64)
        -> (speed: Double, direction: Double)
    {
        let stormy = condition == .rain || condition == .thunderstorm || condition == .snow
        let speed = (3 + 22 * generator.nextUnit() + (stormy ? 12 : 0)).rounded()
        let direction = (generator.nextUnit() * 36).rounded(.down) * 10
        return (speed, direction)
    }

    /// How warm `celsius` feels in a wind of `windKmh`: the wind chill of Environment Canada and
    /// the US weather service at 10 °C and below, a degree or two more in the heat, else the same.
    private static func feelsLike(_ celsius: Double, windKmh: Double) -> Double {
        if celsius <= 10 && windKmh > 4.8 {
            let v = pow(windKmh, 0.16)
            return rounded(13.12 + 0.6215 * celsius - 11.37 * v + 0.3965 * celsius * v)
        }
        return celsius >= 27 ? rounded(celsius + 0.1 * (celsius - 25)) : celsius
    }

    /// A chance of precipitation in percent, in fives, that suits `condition`.
    private static func chance(of condition: Condition, roll: Double) -> Int {
        let range: ClosedRange<Double> =
            switch condition {
            case .clear: 0...10
            case .partlyCloudy: 5...20
            case .cloudy: 15...40
            case .fog: 10...30
            case .drizzle: 50...80
            case .rain, .snow: 60...95
            case .thunderstorm: 70...100
            }
        return Int((range.lowerBound + roll * (range.upperBound - range.lowerBound)) / 5) * 5
    }

    /// The 24 hours from the start of the current one: each day's low at 04:00 and high at
    /// 16:00 on a cosine, plus the gap between `current` and that curve now, fading over 6 hours.
    private static func hours(
        from now: Date, current: Double, days: [DailyForecast],
        calendar: Calendar
    ) -> [HourlyTemperature] {
        guard let start = calendar.dateInterval(of: .hour, for: now)?.start else { return [] }
        func curve(at time: Date) -> Double? {
            let day = CalendarDay(containing: time, in: calendar.timeZone)
            let hour = calendar.component(.hour, from: time)
            guard let forecast = days.first(where: { $0.date == day }) else { return nil }
            let warmth = 0.5 - 0.5 * cos(2 * Double.pi * Double(hour - 4) / 24)
            return forecast.lowCelsius + warmth * (forecast.highCelsius - forecast.lowCelsius)
        }
        let gap = current - (curve(at: now) ?? current)
        return (0..<WeatherExtras.hourCount).compactMap { offset in
            let time = start.addingTimeInterval(Double(offset) * 3_600)
            guard let value = curve(at: time) else { return nil }
            let fade = max(0, 1 - Double(offset) / 6)
            return HourlyTemperature(time: time, temperatureCelsius: rounded(value + gap * fade))
        }
    }

    // MARK: - Climate

    /// Annual mean temperature and half the seasonal swing, in °C, by degrees from the equator.
    private static let climate: [(latitude: Double, mean: Double, swing: Double)] = [
        (0, 27, 1), (10, 27, 2), (20, 25, 5), (30, 20, 8), (40, 14, 10), (50, 9, 11),
        (60, 4, 11), (70, -4, 13), (80, -14, 14), (90, -22, 14),
    ]

    /// The weather of one day at `latitude`, drawn from `generator`.
    private static func forecast(
        for day: CalendarDay, dayOfYear: Int, latitude: Double,
        using generator: inout SplitMix64
    ) -> DailyForecast {
        let (mean, swing) = climate(at: abs(latitude))
        let coldestDay = latitude >= 0 ? 20.0 : 202.0
        let season = -swing * cos(2 * Double.pi * (Double(dayOfYear) - coldestDay) / 365.25)
        // Day-to-day noise: about ±1 °C in the steady tropics, ±3 °C where the seasons swing.
        let noise = 1 + 0.2 * min(swing, 10)
        let middle = mean + season + (generator.nextUnit() * 2 - 1) * noise
        let halfRange = 2.5 + 1.5 * generator.nextUnit()
        let high = rounded(middle + halfRange)
        let low = rounded(middle - halfRange)
        return DailyForecast(
            date: day, condition: condition(high: high, roll: generator.nextUnit()),
            lowCelsius: low, highCelsius: high)
    }

    private static func climate(at latitude: Double) -> (mean: Double, swing: Double) {
        for (lower, upper) in zip(climate, climate.dropFirst()) where latitude <= upper.latitude {
            let t = (latitude - lower.latitude) / (upper.latitude - lower.latitude)
            return (lower.mean + t * (upper.mean - lower.mean), lower.swing + t * (upper.swing - lower.swing))
        }
        return (climate[climate.count - 1].mean, climate[climate.count - 1].swing)
    }

    /// A condition for a day whose high is `high`, from a roll in 0..<1.
    private static func condition(high: Double, roll: Double) -> Condition {
        let drawn: Condition =
            switch roll {
            case ..<0.25: .clear
            case ..<0.50: .partlyCloudy
            case ..<0.68: .cloudy
            case ..<0.73: .fog
            case ..<0.80: .drizzle
            case ..<0.93: .rain
            default: .thunderstorm
            }
        let falls = drawn == .drizzle || drawn == .rain || drawn == .thunderstorm
        if falls && high <= 1 { return .snow }
        if drawn == .thunderstorm && high < 15 { return .rain }
        if drawn == .fog && high > 25 { return .cloudy }
        return drawn
    }

    private static let words: [Condition: String] = [
        .clear: "Clear sky", .partlyCloudy: "Partly cloudy", .cloudy: "Overcast", .fog: "Fog",
        .drizzle: "Light drizzle", .rain: "Rain", .snow: "Snow", .thunderstorm: "Thunderstorm",
    ]

    // MARK: - Private

    private static func calendar(for place: Place) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        let hoursEast = place.longitude.isFinite ? Int((min(max(place.longitude, -180), 180) / 15).rounded()) : 0
        if let zone = TimeZone(identifier: place.timeZone) ?? TimeZone(secondsFromGMT: hoursEast * 3_600) {
            calendar.timeZone = zone
        }
        return calendar
    }

    private static func rounded(_ celsius: Double) -> Double {
        (celsius * 10).rounded() / 10
    }

    /// FNV-1a over the coordinates in hundredths of a degree and the day.
    private static func seed(_ latitude: Double, _ longitude: Double, _ day: CalendarDay) -> UInt64 {
        let values = [
            Int64((latitude * 100).rounded()), Int64((longitude * 100).rounded()),
            Int64(day.year), Int64(day.month), Int64(day.day),
        ]
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for value in values {
            for shift in stride(from: 0, to: 64, by: 8) {
                hash = (hash ^ (UInt64(truncatingIfNeeded: value >> shift) & 0xFF)) &* 0x0000_0100_0000_01B3
            }
        }
        return hash
    }
}

// MARK: - SplitMix64

/// Steele, Lea and Flood's SplitMix64: a small, fast generator whose whole state is one seed.
private struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in 0..<1 with 53 random bits.
    mutating func nextUnit() -> Double {
        Double(next() >> 11) * 0x1.0p-53
    }
}
