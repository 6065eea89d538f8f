import Foundation
import Models

/// The unit the Weather screen shows temperatures in.
public enum TemperatureUnit: String, Sendable, CaseIterable {
    case fahrenheit, celsius

    /// The other unit.
    public var toggled: TemperatureUnit {
        self == .fahrenheit ? .celsius : .fahrenheit
    }

    /// `celsius` in this unit, unrounded.
    public func value(fromCelsius celsius: Double) -> Double {
        switch self {
        case .fahrenheit: celsius * 9 / 5 + 32
        case .celsius: celsius
        }
    }

    /// `celsius` in this unit as a whole number with its sign in `glyphs`: `72℉`, `-3℃` (never
    /// `-0℃`), or `72F`.
    public func text(fromCelsius celsius: Double, glyphs: Glyphs) -> String {
        glyphs.temperature(value(fromCelsius: celsius), in: self)
    }
}

/// How the Weather screen writes places, days and kinds of weather.
enum WeatherFormat {

    /// `Richmond, VA` for a place in the United States with a state code, `Paris, France` elsewhere.
    static func name(of place: Place) -> String {
        if place.countryCode == "US", let code = place.regionCode, !code.isEmpty {
            return "\(place.name), \(code)"
        }
        return place.country.isEmpty ? place.name : "\(place.name), \(place.country)"
    }

    /// How a suggestion names `place`: as `name(of:)` does in the United States, and with the
    /// region as well elsewhere (`Paris, Île-de-France, France`), so that namesakes differ.
    static func suggestion(for place: Place) -> String {
        guard place.countryCode != "US", let region = place.region, !region.isEmpty, region != place.name else {
            return name(of: place)
        }
        return "\(place.name), \(region), \(place.country)"
    }

    /// `Saturday, Nov 21`: the day `date` falls on where the place is (`zone`, an IANA name;
    /// UTC when the name is unknown). English names, whatever the machine's locale.
    static func day(of date: Date, inZone zone: String) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: zone) ?? TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.weekday, .month, .day], from: date)
        return "\(CalendarNames.weekday(parts.weekday!)), \(CalendarNames.shortMonth(parts.month!)) \(parts.day!)"
    }

    /// `Sat`: the short name of `day`'s weekday.
    static func shortWeekday(of day: CalendarDay) -> String {
        String(CalendarNames.weekday(day.weekday).prefix(3))
    }

    /// `Nov 21`.
    static func monthAndDay(of day: CalendarDay) -> String {
        "\(CalendarNames.shortMonth(day.month)) \(day.day)"
    }

    /// What the source line says about `source`.
    static func text(for source: WeatherSource) -> String {
        switch source {
        case .openMeteo: "Open-Meteo"
        case .weatherbit: "Weatherbit"
        case .sample: "Sample data (offline) — not a forecast"
        }
    }

    /// How the user's refresh ended, from what the service answered at `at`: `Refreshed: live
    /// weather from Open-Meteo`, or the kept report or the sample that shows instead, and why.
    static func refreshed(_ weather: PlaceWeather, at: Date, in zone: TimeZone) -> String {
        switch weather.freshness {
        case .live: "Refreshed: live weather from \(text(for: weather.report.source))"
        case .kept(let fetchedAt, .offline): "Not refreshed (offline): the report \(WeatherAge.asOf(fetchedAt, now: at, in: zone)) shows"
        case .kept(let fetchedAt, .failed(let message)):
            "Not refreshed (\(message)): the report \(WeatherAge.asOf(fetchedAt, now: at, in: zone)) shows"
        case .sample: "Not refreshed (offline): no report of this place is kept, so sample weather shows"
        }
    }
}
