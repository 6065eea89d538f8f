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
    public let isBusy: Output<Bool>
    private let drawn: Drawn<State>

    /// What the screen shows, and what the JSON document adds to it.
    private struct State {
        var screen = WeatherContent()
        var source = ""
        var asOf = ""
        var isSample = false
        var figures: WeatherFigures?
        var unit = TemperatureUnit.fahrenheit
    }

    /// Sample weather is what was asked for (`--offline`): it is no problem.
    private let sampleAsked: Bool

    /// Writes what `viewModel` shows; sample weather is a problem (there was no network) unless
    /// `sampleAsked`.
    public init(viewModel: WeatherViewModel, sampleAsked: Bool = false) {
        isBusy = viewModel.isBusy
        self.sampleAsked = sampleAsked
        drawn = Drawn(State(), needsDisplay: {})
        drawn.bindWeather(viewModel, at: \.screen)
        drawn.bind(viewModel.source, to: \.source)
        drawn.bind(viewModel.asOf, to: \.asOf)
        drawn.bind(viewModel.isSample, to: \.isSample)
        drawn.bind(viewModel.figures, to: \.figures)
        drawn.bind(viewModel.unit, to: \.unit)
    }

    /// The weather's first words when it is sample weather that was not asked for.
    package static let sampleProblem = "Live weather unavailable: no network, and no report of this place is kept"

    /// No real weather to show: the place is unknown (`Not found`), neither a live nor a kept
    /// report could be had (the screen's own words), or only sample weather could, and live
    /// weather was asked for.
    public var problem: String? {
        let state = drawn.state.screen
        if !state.summary.isEmpty, drawn.state.isSample, !sampleAsked {
            return Self.sampleProblem + "; the weather shown is sample data, not a forecast"
        }
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
            lines.append("")
            lines += PrintoutColumns(
                rows: state.forecast.map { ["\($0.weekday) \($0.date)", "\($0.icon) \($0.condition)", $0.low, $0.high] }, givingWay: 1
            ).lines(width: style.width)
        }
        if !state.sourceLine.isEmpty {
            lines += ["", state.sourceIsWarning ? style.warning(state.sourceLine) : style.dim(state.sourceLine)]
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The outputs as the JSON document holds them.
    public var document: Document {
        let state = drawn.state
        return Document(
            screen: state.screen, figures: state.figures, source: state.source, asOf: state.asOf, isSample: state.isSample,
            unit: state.unit, problem: problem)
    }
}
