import Models

/// One day of the Weather screen's forecast, written out, with where its bar sits on the
/// week's temperature chart.
public struct ForecastRowViewModel: Equatable, Sendable {
    /// `Sat`.
    public let weekday: String
    /// `Nov 21`.
    public let date: String
    /// The kind of weather's glyph.
    public let icon: String
    /// `Partly cloudy`.
    public let condition: String
    /// `41℉`.
    public let low: String
    /// `55℉`.
    public let high: String
    /// Where the day's low and high sit between the week's lowest low (0) and highest high (1),
    /// for the chart the renderer draws.
    public let span: ClosedRange<Double>

    /// A row as the screen shows it; `span` is where the day's low and high sit on the week's scale.
    public init(weekday: String, date: String, icon: String, condition: String, low: String, high: String, span: ClosedRange<Double>) {
        (self.weekday, self.date, self.icon, self.condition) = (weekday, date, icon, condition)
        (self.low, self.high, self.span) = (low, high, span)
    }

    /// Rows for `days`, temperatures in `unit`, bars on the week's own scale, symbols of `glyphs`.
    static func rows(for days: [DailyForecast], unit: TemperatureUnit, glyphs: Glyphs) -> [ForecastRowViewModel] {
        guard let coldest = days.map(\.lowCelsius).min(), let warmest = days.map(\.highCelsius).max() else { return [] }
        let range = warmest - coldest
        let position = { (celsius: Double) in range > 0 ? (celsius - coldest) / range : 0.5 }
        return days.map { day in
            ForecastRowViewModel(
                weekday: WeatherFormat.shortWeekday(of: day.date),
                date: WeatherFormat.monthAndDay(of: day.date),
                icon: glyphs.icon(for: day.condition),
                condition: day.condition.words,
                low: unit.text(fromCelsius: day.lowCelsius, glyphs: glyphs),
                high: unit.text(fromCelsius: day.highCelsius, glyphs: glyphs),
                span: position(min(day.lowCelsius, day.highCelsius))...position(max(day.lowCelsius, day.highCelsius))
            )
        }
    }
}
