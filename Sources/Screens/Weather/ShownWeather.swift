import Foundation
import Models

/// The weather the Weather screen shows, as the text of each part: derived from where the
/// lookup stands and the unit, empty while there is no weather to show.
struct ShownWeather: Equatable {
    /// What the weather shown depends on: it is worked out again only when this changes.
    struct Basis: Equatable {
        let phase: WeatherScreen.Phase
        let unit: TemperatureUnit
        let timeZone: TimeZone
        let glyphs: Glyphs

        init(_ weather: WeatherScreen) {
            phase = weather.phase
            unit = weather.unit
            timeZone = weather.timeZone
            glyphs = weather.glyphs
        }
    }

    var date = ""
    var icon = ""
    var summary = ""
    var forecastSummary = ""
    var details = ""
    var nextHours = ""
    var forecast: [ForecastRowViewModel] = []
    var source = ""
    /// `as of 09:40, 2 h ago` for a kept report; empty for a live one.
    var asOf = ""
    var isSample = false
    /// The same weather as numbers, for a script; nil while there is none.
    var figures: WeatherFigures?
    /// `Source: Open-Meteo`, with the age of a kept report: the last line of the screen.
    var sourceLine: String {
        guard !source.isEmpty else { return "" }
        return asOf.isEmpty ? "Source: \(source)" : "Source: \(source), \(asOf)"
    }
    /// Whether the source line warns: sample weather, or a kept report rather than a live one.
    var sourceIsWarning: Bool { isSample || !asOf.isEmpty }

    init(_ basis: Basis) {
        guard case .shown(let place, let weather, let at) = basis.phase else { return }
        var report = weather.report
        var keptAt: Date?
        if case .kept(let fetchedAt, _) = weather.freshness {
            keptAt = fetchedAt
            // Of a kept report's hours, only those to come.
            report = WeatherReport(
                current: report.current, daily: report.daily,
                hourly: report.hourly.filter { $0.time > at.addingTimeInterval(-3600) }, source: report.source)
            asOf = WeatherAge.asOf(fetchedAt, now: at, in: basis.timeZone)
        }
        let current = report.current
        let (unit, glyphs) = (basis.unit, basis.glyphs)
        date = WeatherFormat.day(of: current.date, inZone: place.timeZone)
        icon = glyphs.icon(for: current.condition)
        summary = "\(current.description) - \(unit.text(fromCelsius: current.temperatureCelsius, glyphs: glyphs))"
        forecastSummary = "Summary: \(current.description)"
        details = WeatherDetails.line(for: current, unit: unit, glyphs: glyphs)
        nextHours = WeatherDetails.nextHours(report.hourly, unit: unit, glyphs: glyphs)
        forecast = ForecastRowViewModel.rows(for: report.daily, unit: unit, glyphs: glyphs)
        source = WeatherFormat.text(for: report.source)
        isSample = report.source == .sample
        figures = WeatherFigures(report, unit: unit, keptAt: keptAt)
    }
}
