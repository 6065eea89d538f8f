import Models

/// How the Weather screen writes what a report adds to the weather now: how warm it feels, the
/// wind, the chance of rain, and the next 24 hours as a line of Braille dots (neutral width: no
/// terminal draws them two columns wide, as some draw block elements), or of ASCII (`Glyphs`).
enum WeatherDetails {
    /// `Feels like 19℃ · Wind 14 km/h NW · Rain 20%`, wind in mph with ℉; the parts the report
    /// lacks are left out, and the line is empty when it lacks them all.
    static func line(for observation: Observation, unit: TemperatureUnit, glyphs: Glyphs) -> String {
        var parts: [String] = []
        if let feels = observation.apparentTemperatureCelsius {
            parts.append("Feels like \(unit.text(fromCelsius: feels, glyphs: glyphs))")
        }
        if let speed = observation.windSpeedKmh {
            let value = Int((unit == .fahrenheit ? speed / 1.609344 : speed).rounded())
            let from = observation.windDirectionDegrees.map { " \(compass($0))" } ?? ""
            parts.append("Wind \(value) \(unit == .fahrenheit ? "mph" : "km/h")\(value == 0 ? "" : from)")
        }
        if let chance = observation.precipitationChance {
            parts.append("Rain \(chance)%")
        }
        return parts.joined(separator: " · ")
    }

    /// `Next 24 h ⣀⣤⣶⣿… 5℃–12℃` (`_-=#… 5C–12C` in ASCII): each hour a column as high as its
    /// temperature within the day's range, then the range; empty without hours.
    static func nextHours(_ hours: [HourlyTemperature], unit: TemperatureUnit, glyphs: Glyphs) -> String {
        let temperatures = hours.prefix(24).map(\.temperatureCelsius)
        guard let low = temperatures.min(), let high = temperatures.max() else { return "" }
        let levels = glyphs.levels
        let dots = temperatures.map { temperature in
            high > low ? levels[min(3, Int((temperature - low) / (high - low) * 4))] : levels[1]
        }
        let range = "\(unit.text(fromCelsius: low, glyphs: glyphs))–\(unit.text(fromCelsius: high, glyphs: glyphs))"
        return "Next 24 h \(String(dots)) \(range)"
    }

    /// `NW`: the nearest of the eight points of the compass to `degrees` from north.
    static func compass(_ degrees: Double) -> String {
        let points = ["N", "NE", "E", "SE", "S", "SW", "W", "NW"]
        let index = Int((degrees.truncatingRemainder(dividingBy: 360) + 360 + 22.5) / 45) % 8
        return points[index]
    }
}
