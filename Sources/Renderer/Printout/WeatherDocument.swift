import Foundation
import Screens

extension WeatherPrintout {
    /// The JSON document (Docs/CommandLine.md, "weather"): the weather as numbers in `unit`, dates
    /// in ISO 8601, beside the texts the screen shows (the keys ending in `Text`, and `summary`,
    /// `details`, `nextHours`). `problem` is empty exactly when the program exits 0.
    public struct Document: Codable, Equatable, Sendable {
        public var version = DocumentVersion.current
        public var locationName: String
        /// Why there is no real weather to give: empty with a result.
        public var problem: String
        /// What the screen says beside the weather shown (why a kept report shows); empty otherwise.
        public var note: String
        public var isSample: Bool
        public var source: String
        public var asOf: String
        /// `F` or `C`.
        public var unit: String
        public var temperature: Int?
        public var feelsLike: Int?
        public var windSpeed: Int?
        public var windSpeedUnit: String
        public var windDirection: Int?
        public var rainChance: Int?
        public var condition: String?
        public var observedAt: Date?
        public var keptAt: Date?
        public var dateText: String
        public var icon: String
        public var summary: String
        public var forecastSummary: String
        public var details: String
        public var nextHours: String
        public var hours: [Hour]
        public var forecast: [Day]

        /// One hour of `hours`.
        public struct Hour: Codable, Equatable, Sendable {
            public var time: Date
            public var temperature: Int
        }

        /// One day of `forecast`: its figures, and the row the screen shows.
        public struct Day: Codable, Equatable, Sendable {
            /// `2026-11-25`.
            public var date: String
            public var condition: String
            public var low: Int
            public var high: Int
            public var weekdayText: String
            public var dateText: String
            public var icon: String
            public var conditionText: String
            public var lowText: String
            public var highText: String
        }
    }
}

extension WeatherPrintout.Document {
    /// The document of what `screen` shows and `figures` holds; `problem` is the printout's.
    init(
        screen: WeatherContent, figures: WeatherFigures?, source: String, asOf: String, isSample: Bool, unit: TemperatureUnit,
        problem: String?
    ) {
        locationName = screen.locationName
        self.problem = problem ?? ""
        note = self.problem.contains(screen.problem) ? "" : screen.problem
        (self.isSample, self.source, self.asOf) = (isSample, source, asOf)
        self.unit = figures?.unit ?? (unit == .fahrenheit ? "F" : "C")
        (temperature, feelsLike, windSpeed) = (figures?.temperature, figures?.feelsLike, figures?.windSpeed)
        windSpeedUnit = figures?.windSpeedUnit ?? (unit == .fahrenheit ? "mph" : "km/h")
        (windDirection, rainChance, condition) = (figures?.windDirection, figures?.rainChance, figures?.condition)
        (observedAt, keptAt) = (figures?.observedAt, figures?.keptAt)
        (dateText, icon, summary, forecastSummary) = (screen.date, screen.icon, screen.summary, screen.forecastSummary)
        (details, nextHours) = (screen.details, screen.nextHours)
        hours = figures?.hours.map { Hour(time: $0.time, temperature: $0.temperature) } ?? []
        let days = figures?.days ?? []
        forecast = zip(days, screen.forecast).map { day, row in
            Day(
                date: day.date, condition: day.condition, low: day.low, high: day.high, weekdayText: row.weekday,
                dateText: row.date, icon: row.icon, conditionText: row.condition, lowText: row.low, highText: row.high)
        }
    }
}
