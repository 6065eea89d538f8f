import Screens

/// What the Weather screen draws, under the input line: the place and the day, the weather now,
/// the days ahead with a chart of their temperatures, and where the data comes from. While
/// places are suggested, their list covers the top of the screen. `WeatherView` fills it from
/// the view-model's outputs, one field each; a test fills it by hand.
///
/// ```swift
/// let grid = GridSurface(size: Size(columns: 80, rows: 24))
/// var weather = WeatherContent()
/// weather.locationName = "Paris, France"
/// weather.summary = "Broken clouds - 12℃"
/// weather.draw(into: grid, in: Rect(row: 4, column: 0, width: 80, height: 19))
/// ```
public struct WeatherContent: Equatable, Sendable {
    /// The width from which each forecast row has its temperature bar.
    static let chartMinimumWidth = 56

    public var locationName = ""
    public var date = ""
    public var icon = ""
    public var summary = ""
    public var forecastSummary = ""
    public var details = ""
    public var nextHours = ""
    public var forecast: [ForecastRowViewModel] = []
    public var sourceLine = ""
    public var sourceIsWarning = false
    public var problem = ""
    /// What the user's refresh says: `Refreshing…`, then how it ended.
    public var refreshNews = ""
    public var suggestions: [String] = []
    public var selectedSuggestion: Int?

    public init() {}

    /// Draws the screen inside `rect`.
    @MainActor
    public func draw(into surface: Surface, in rect: Rect) {
        guard rect.height > 0, rect.width > 2 else { return }
        let inner = Rect(row: rect.row, column: rect.column + 1, width: rect.width - 2, height: rect.height)
        var row = inner.row
        // The place, and the day at the right when both fit.
        let date = date
        let nameEnd = surface.draw(locationName, row: row, column: inner.column, width: inner.width, style: .title)
        let dateWidth = DisplayWidth.of(date)
        if !date.isEmpty, nameEnd + 2 + dateWidth <= inner.right {
            surface.draw(date, row: row, column: inner.right - dateWidth)
        }
        row += 1
        if !date.isEmpty, nameEnd + 2 + dateWidth > inner.right, row < inner.bottom {
            surface.draw(date, row: row, column: inner.column, width: inner.width)
            row += 1
        }
        // What went wrong comes first, whole: on a small screen it is what must not be cut. What
        // a refresh says is read whole too. The source keeps the last rows, whole, so that sample
        // data is never shown without its label.
        let source = Message(sourceLine, style: sourceIsWarning ? .error : .dim)
        let sourceRows = min(source.lines(width: inner.width).count, max(1, inner.bottom - row - 1))
        let sourceRow = inner.bottom - sourceRows
        row += Message.draw(
            [Message(problem, style: .error), Message(refreshNews, style: .dim)], into: surface,
            in: Rect(row: row, column: inner.column, width: inner.width, height: sourceRow - row))
        var lines: [(String, Style)] = []
        if !summary.isEmpty { lines.append(("\(icon) \(summary)", .normal)) }
        if !forecastSummary.isEmpty { lines.append((forecastSummary, .dim)) }
        if !details.isEmpty { lines.append((details, .normal)) }
        if !nextHours.isEmpty { lines.append((nextHours, .normal)) }
        for (text, style) in lines where row < sourceRow {
            surface.draw(text, row: row, column: inner.column, width: inner.width, style: style)
            row += 1
        }
        if !forecast.isEmpty, row + 1 < sourceRow {
            drawForecast(into: surface, in: Rect(row: row + 1, column: inner.column, width: inner.width, height: sourceRow - row - 1))
        }
        source.draw(into: surface, in: Rect(row: sourceRow, column: inner.column, width: inner.width, height: sourceRows))
        drawSuggestions(into: surface, in: rect)
    }

    @MainActor
    private func drawForecast(into surface: Surface, in rect: Rect) {
        let rows = forecast
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

    @MainActor
    private func drawSuggestions(into surface: Surface, in rect: Rect) {
        guard !suggestions.isEmpty else { return }
        let width = min(rect.width - 2, (suggestions.map { DisplayWidth.of($0) }.max() ?? 0) + 4)
        for (index, name) in suggestions.prefix(rect.height).enumerated() {
            let row = rect.row + index
            let isSelected = index == selectedSuggestion
            surface.fill(row: row, column: rect.column, count: rect.width)
            surface.fill(row: row, column: rect.column + 1, count: width, style: isSelected ? .selectedTab : .statusBar)
            surface.draw(
                isSelected ? "› \(name)" : "  \(name)", row: row, column: rect.column + 1, width: width,
                style: isSelected ? .selectedTab : .statusBar)
            if isSelected { surface.focus = Position(row: row, column: rect.column + 1) }
        }
        surface.markList(
            in: Rect(row: rect.row, column: rect.column, width: rect.width, height: min(rect.height, suggestions.count)),
            first: 0, count: suggestions.count, choose: WeatherView.Action.pickSuggestion)
    }
}
