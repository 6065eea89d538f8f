import Binding
import Screens

/// The Weather screen written for a shell (`mvvm-tui weather Paris`): what the screen shows,
/// labels included, from the same outputs.
///
/// ```
/// Paris, France
/// Wednesday, Nov 25
/// ☁ Overcast - 49℉
/// Summary: Overcast
/// Feels like 44℉ · Wind 9 mph SW · Rain 20%
///
/// Wed Nov 25  ☁ Overcast       41℉  50℉
/// …
/// Source: Open-Meteo
/// ```
@MainActor
public final class WeatherPrintout: Printout {
    /// The JSON document: one key per output, named as the view-model names it.
    public struct Document: Codable, Equatable, Sendable {
        public var locationName: String
        public var date: String
        public var icon: String
        public var summary: String
        public var forecastSummary: String
        public var details: String
        public var nextHours: String
        public var forecast: [Day]
        public var source: String
        public var asOf: String
        public var isSample: Bool
        public var problem: String
        public var unit: String

        /// One day of `forecast`.
        public struct Day: Codable, Equatable, Sendable {
            public var weekday: String
            public var date: String
            public var icon: String
            public var condition: String
            public var low: String
            public var high: String
        }
    }

    public let isBusy: Output<Bool>
    private let drawn: Drawn<State>

    /// What the screen shows, and what the JSON document adds to it.
    private struct State {
        var screen = WeatherContent()
        var source = ""
        var asOf = ""
        var isSample = false
        var unit = TemperatureUnit.fahrenheit
    }

    public init(viewModel: WeatherViewModel) {
        isBusy = viewModel.isBusy
        drawn = Drawn(State(), needsDisplay: {})
        drawn.bindWeather(viewModel, at: \.screen)
        drawn.bind(viewModel.source, to: \.source)
        drawn.bind(viewModel.asOf, to: \.asOf)
        drawn.bind(viewModel.isSample, to: \.isSample)
        drawn.bind(viewModel.unit, to: \.unit)
    }

    /// No weather to show: the place is unknown (`Not found`), or neither a live nor a kept report
    /// could be had; the screen's own words.
    public var problem: String? {
        let state = drawn.state.screen
        guard state.summary.isEmpty else { return nil }
        if state.locationName == WeatherViewModel.notFound {
            // The lookup's own words name the place (`Not found: Lodnon. Did you mean London, United Kingdom?`).
            if state.problem.hasPrefix(WeatherViewModel.notFound) { return state.problem }
            return state.problem.isEmpty ? WeatherViewModel.notFound : "\(WeatherViewModel.notFound): \(state.problem)"
        }
        return state.problem.isEmpty ? "No weather for \(state.locationName)" : state.problem
    }

    public func text(style: TextStyle) -> String {
        let state = drawn.state.screen
        var lines = [style.bold(state.locationName), state.date, "\(state.icon) \(state.summary)", state.forecastSummary]
        lines += [state.details, state.nextHours].filter { !$0.isEmpty }
        if !state.problem.isEmpty { lines.append(style.warning(state.problem)) }
        if !state.forecast.isEmpty {
            let widest = { (text: (ForecastRowViewModel) -> String) in state.forecast.map { DisplayWidth.of(text($0)) }.max() ?? 0 }
            let (dayWidth, conditionWidth, lowWidth) = (widest { "\($0.weekday) \($0.date)" }, widest(\.condition), widest(\.low))
            lines.append("")
            lines += state.forecast.map { day in
                "\(day.weekday) \(day.date)".padded(toColumns: dayWidth)
                    + " \(day.icon) \(day.condition.padded(toColumns: conditionWidth))  "
                    + "\(day.low.padded(toColumns: lowWidth))  \(day.high)"
            }
        }
        if !state.sourceLine.isEmpty {
            lines += ["", state.sourceIsWarning ? style.warning(state.sourceLine) : style.dim(state.sourceLine)]
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The outputs as the JSON document holds them.
    public var document: Document {
        let (state, screen) = (drawn.state, drawn.state.screen)
        return Document(
            locationName: screen.locationName, date: screen.date, icon: screen.icon, summary: screen.summary,
            forecastSummary: screen.forecastSummary, details: screen.details, nextHours: screen.nextHours,
            forecast: screen.forecast.map {
                Document.Day(weekday: $0.weekday, date: $0.date, icon: $0.icon, condition: $0.condition, low: $0.low, high: $0.high)
            },
            source: state.source, asOf: state.asOf, isSample: state.isSample, problem: screen.problem,
            unit: state.unit.rawValue
        )
    }
}
