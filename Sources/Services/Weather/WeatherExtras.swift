import Foundation
import Models

/// How the weather services read the values beside the temperature — wind, feels-like, the
/// chance of rain — and choose the next 24 hours from an hourly forecast.
///
/// The extras are read leniently: one that is missing, not a number or out of range is left nil
/// and the rest of the report is kept, since the screen can do without it. (A temperature the
/// report cannot do without fails the answer instead: `WeatherHTTP.checkedCelsius`.)
enum WeatherExtras {
    /// How many hours of temperature a report carries.
    static let hourCount = 24

    /// The wind speeds believed, in km/h: calm to above the strongest gust measured (408 km/h).
    static let plausibleWindKmh: ClosedRange<Double> = 0...500

    /// The apparent temperatures believed, in °C: a wind chill or a heat index goes further than
    /// the air temperature itself.
    static let plausibleApparentCelsius: ClosedRange<Double> = -120...90

    /// `kmh` when it is a believable wind speed in km/h, else nil.
    static func windKmh(_ kmh: Double?) -> Double? {
        guard let kmh, plausibleWindKmh.contains(kmh) else { return nil }
        return kmh
    }

    /// A wind speed given in metres per second (Weatherbit's metric unit), in km/h; nil when it
    /// is not believable.
    static func windKmh(metresPerSecond: Double?) -> Double? {
        guard let metresPerSecond, metresPerSecond.isFinite else { return nil }
        return windKmh((metresPerSecond * 3.6 * 10).rounded() / 10)
    }

    /// A direction in degrees from north, 0 up to but not including 360 (360 is north, 0); nil
    /// when it is not a compass direction.
    static func direction(_ degrees: Double?) -> Double? {
        guard let degrees, (0...360).contains(degrees) else { return nil }
        return degrees == 360 ? 0 : degrees
    }

    /// `celsius` when it is a believable apparent temperature, else nil.
    static func apparentCelsius(_ celsius: Double?) -> Double? {
        guard let celsius, plausibleApparentCelsius.contains(celsius) else { return nil }
        return celsius
    }

    /// A chance in percent, rounded to a whole number; nil outside 0...100.
    static func chance(_ percent: Double?) -> Int? {
        guard let percent, (0...100).contains(percent) else { return nil }
        return Int(percent.rounded())
    }

    /// The hours of `hours` from the start of the hour `now` falls in (on the clock of `zone`)
    /// to 24 hours later, in order, at most 24; hours before it are dropped, so an answer that
    /// starts at midnight gives the same hours as one that starts now.
    static func nextHours(_ hours: [HourlyTemperature], from now: Date, in zone: TimeZone) -> [HourlyTemperature] {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let start = calendar.dateInterval(of: .hour, for: now)?.start ?? now
        let end = start.addingTimeInterval(Double(hourCount) * 3_600)
        let chosen = hours.filter { $0.time >= start && $0.time < end }.sorted { $0.time < $1.time }
        return Array(chosen.prefix(hourCount))
    }
}
