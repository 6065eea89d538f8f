import Binding
import Screens

/// Draws the Weather screen under the input line: the place and the day, the weather now, the
/// days ahead with a chart of their temperatures, and where the data comes from. While places
/// are suggested, their list covers the top of the screen.
@MainActor
public final class WeatherView: ScreenView {
    /// The width from which each forecast row has its temperature bar.
    static let chartMinimumWidth = 56

    private let viewModel: WeatherViewModel
    private let drawn: Drawn<State>

    /// Everything the screen draws, as the view-model's outputs last delivered it.
    private struct State {
        var locationName = ""
        var date = ""
        var icon = ""
        var summary = ""
        var forecastSummary = ""
        var details = ""
        var nextHours = ""
        var forecast: [ForecastRowViewModel] = []
        var sourceLine = ""
        var sourceIsWarning = false
        var problem = ""
        var suggestions: [String] = []
        var selectedSuggestion: Int?
    }

    public var isBusy: Output<Bool>? { viewModel.isBusy }

    /// Creates the view; `needsDisplay` is called whenever what it shows changes.
    public init(viewModel: WeatherViewModel, needsDisplay: @escaping @MainActor () -> Void) {
        self.viewModel = viewModel
        drawn = Drawn(State(), needsDisplay: needsDisplay)
        drawn.bind(viewModel.locationName, to: \.locationName)
        drawn.bind(viewModel.date, to: \.date)
        drawn.bind(viewModel.icon, to: \.icon)
        drawn.bind(viewModel.summary, to: \.summary)
        drawn.bind(viewModel.forecastSummary, to: \.forecastSummary)
        drawn.bind(viewModel.details, to: \.details)
        drawn.bind(viewModel.nextHours, to: \.nextHours)
        drawn.bind(viewModel.forecast, to: \.forecast)
        drawn.bind(viewModel.sourceLine, to: \.sourceLine)
        drawn.bind(viewModel.sourceIsWarning, to: \.sourceIsWarning)
        drawn.bind(viewModel.problem, to: \.problem)
        drawn.bind(viewModel.suggestions, to: \.suggestions)
        drawn.bind(viewModel.selectedSuggestion, to: \.selectedSuggestion)
    }

    public var inputLineUser: InputLineUser? { viewModel }
    public var keyScopes: [KeyScope] { [.weather, .weatherSuggestions, .weatherAnywhere] }

    public func perform(_ command: ScreenCommand) {
        switch command {
        case .up: viewModel.moveSuggestion(by: -1)
        case .down: viewModel.moveSuggestion(by: 1)
        case .toggleUnit: viewModel.toggleUnit()
        case .refresh: viewModel.refresh()
        default: break
        }
    }

    public func setVisible(_ visible: Bool) {
        if visible { viewModel.screenAppeared() } else { viewModel.screenDisappeared() }
    }

    public func draw(into surface: Surface, in rect: Rect) {
        guard rect.height > 0, rect.width > 2 else { return }
        let inner = Rect(row: rect.row, column: rect.column + 1, width: rect.width - 2, height: rect.height)
        let state = drawn.state
        var row = inner.row
        // The place, and the day at the right when both fit.
        let date = state.date
        let nameEnd = surface.draw(state.locationName, row: row, column: inner.column, width: inner.width, style: .title)
        let dateWidth = DisplayWidth.of(date)
        if !date.isEmpty, nameEnd + 2 + dateWidth <= inner.right {
            surface.draw(date, row: row, column: inner.right - dateWidth)
        }
        row += 1
        if !date.isEmpty, nameEnd + 2 + dateWidth > inner.right, row < inner.bottom {
            surface.draw(date, row: row, column: inner.column, width: inner.width)
            row += 1
        }
        var lines: [(String, Style)] = []
        if !state.summary.isEmpty { lines.append(("\(state.icon) \(state.summary)", .normal)) }
        if !state.forecastSummary.isEmpty { lines.append((state.forecastSummary, .dim)) }
        if !state.details.isEmpty { lines.append((state.details, .normal)) }
        if !state.nextHours.isEmpty { lines.append((state.nextHours, .normal)) }
        if !state.problem.isEmpty { lines.append((state.problem, .error)) }
        for (text, style) in lines where row < inner.bottom - 1 {
            surface.draw(text, row: row, column: inner.column, width: inner.width, style: style)
            row += 1
        }
        // The source keeps the last row, so that sample data is never shown without its label.
        let forecastEnd = state.sourceLine.isEmpty ? inner.bottom : inner.bottom - 1
        if !state.forecast.isEmpty, row + 1 < forecastEnd {
            drawForecast(into: surface, in: Rect(row: row + 1, column: inner.column, width: inner.width, height: forecastEnd - row - 1))
        }
        surface.draw(state.sourceLine, row: inner.bottom - 1, column: inner.column, width: inner.width,
                     style: state.sourceIsWarning ? .error : .dim)
        drawSuggestions(into: surface, in: rect)
    }

    private func drawForecast(into surface: Surface, in rect: Rect) {
        let rows = drawn.state.forecast
        let lowWidth = rows.map { DisplayWidth.of($0.low) }.max() ?? 0
        let highWidth = rows.map { DisplayWidth.of($0.high) }.max() ?? 0
        let conditionWidth = min(14, max(0, rect.width - 14 - lowWidth - highWidth))
        let fixed = 11 + 2 + conditionWidth + 1 + lowWidth + 1
        let chartWidth = rect.width >= Self.chartMinimumWidth ? rect.width - fixed - 1 - highWidth : 0
        for (offset, day) in rows.prefix(rect.height).enumerated() {
            let line = rect.row + offset
            var column = surface.draw("\(day.weekday) \(day.date)", row: line, column: rect.column, width: 10)
            column = rect.column + 11
            surface.draw(day.icon, row: line, column: column)
            if conditionWidth > 0 { surface.draw(day.condition, row: line, column: column + 2, width: conditionWidth) }
            column += 2 + conditionWidth + 1
            surface.draw(day.low, row: line, column: column + lowWidth - DisplayWidth.of(day.low))
            column += lowWidth + 1
            if chartWidth > 2 {
                let start = Int((day.span.lowerBound * Double(chartWidth - 1)).rounded())
                let end = Int((day.span.upperBound * Double(chartWidth - 1)).rounded())
                // Blank cells in reverse video: a solid bar at one byte a cell.
                surface.fill(row: line, column: column + start, count: end - start + 1, style: .bar)
                column += chartWidth + 1
            }
            surface.draw(day.high, row: line, column: column)
        }
    }

    private func drawSuggestions(into surface: Surface, in rect: Rect) {
        let suggestions = drawn.state.suggestions
        guard !suggestions.isEmpty else { return }
        let width = min(rect.width - 2, (suggestions.map { DisplayWidth.of($0) }.max() ?? 0) + 4)
        for (index, name) in suggestions.prefix(rect.height).enumerated() {
            let row = rect.row + index
            let isSelected = index == drawn.state.selectedSuggestion
            surface.fill(row: row, column: rect.column, count: rect.width)
            surface.fill(row: row, column: rect.column + 1, count: width, style: isSelected ? .selectedTab : .statusBar)
            surface.draw(isSelected ? "› \(name)" : "  \(name)", row: row, column: rect.column + 1, width: width,
                         style: isSelected ? .selectedTab : .statusBar)
            if isSelected { surface.focus = Position(row: row, column: rect.column + 1) }
            surface.mark(Rect(row: row, column: rect.column, width: rect.width, height: 1),
                         wheel: { [viewModel] in viewModel.moveSuggestion(by: $0.signum()) },
                         click: { [viewModel] _ in viewModel.pickSuggestion(at: index) })
        }
    }
}
