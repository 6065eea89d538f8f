import Renderer
import Screens
import Testing

/// The Weather screen drawn from a value built by hand: one value, one block of lines, per case.
@MainActor
struct WeatherContentTests {
    nonisolated static let big = ContentDrawing.region(80, 24, inputLine: true)
    nonisolated static let small = ContentDrawing.region(40, 10, inputLine: true)

    static var paris: WeatherContent {
        var weather = WeatherContent()
        weather.locationName = "Paris, France"
        weather.date = "Thursday, Nov 26"
        weather.icon = "☁"
        weather.summary = "Broken clouds - 12℃"
        weather.forecastSummary = "Summary: Broken clouds"
        weather.details = "Feels like 10℃ · Wind 14 km/h NW"
        weather.forecast = [
            ForecastRowViewModel(
                weekday: "Thu", date: "Nov 26", icon: "☁", condition: "Broken clouds", low: "8℃", high: "12℃", span: 0.25...0.5),
            ForecastRowViewModel(weekday: "Fri", date: "Nov 27", icon: "☀", condition: "Clear sky", low: "6℃", high: "14℃", span: 0...1),
        ]
        weather.sourceLine = "Source: Open-Meteo"
        return weather
    }

    @Test func aReportAt80x24() {
        let drawing = ContentDrawing(Self.big) { Self.paris.draw(into: $0, in: $1) }
        #expect(
            drawing.lines == [
                " Paris, France                                                 Thursday, Nov 26",
                " ☁ Broken clouds - 12℃",
                " Summary: Broken clouds",
                " Feels like 10℃ · Wind 14 km/h NW",
                "",
                " Thu Nov 26 ☁ Broken clouds  8℃                                             12℃",
                " Fri Nov 27 ☀ Clear sky      6℃                                             14℃",
            ] + Array(repeating: "", count: 11) + [
                " Source: Open-Meteo"
            ])
    }

    @Test func aReportAtTheMinimumSizeKeepsTheSourceOnTheLastRow() {
        let drawing = ContentDrawing(Self.small) { Self.paris.draw(into: $0, in: $1) }
        #expect(
            drawing.lines == [
                " Paris, France         Thursday, Nov 26",
                " ☁ Broken clouds - 12℃",
                " Summary: Broken clouds",
                " Feels like 10℃ · Wind 14 km/h NW",
                " Source: Open-Meteo",
            ])
    }

    @Test func whileAPlaceIsLookedUpOnlyItsWordShows() {
        var weather = WeatherContent()
        weather.locationName = "Loading..."
        #expect(ContentDrawing(Self.small) { weather.draw(into: $0, in: $1) }.lines == [" Loading..."])
    }

    @Test func anUnknownPlaceSaysSoAndTheProblemIsAnError() {
        var weather = WeatherContent()
        weather.locationName = "Not found"
        weather.problem = "No place called Atlantis"
        let drawing = ContentDrawing(Self.big) { weather.draw(into: $0, in: $1) }
        #expect(drawing.lines == [" Not found", " No place called Atlantis"])
        #expect(drawing.grid.text(inRow: 1, style: .error) == "No place called Atlantis")
    }

    @Test func aKeptReportOfflineWarnsOnItsSourceLine() {
        var weather = Self.paris
        weather.sourceLine = "Source: Open-Meteo, as of 09:40, 2 h ago"
        weather.sourceIsWarning = true
        weather.problem = "Weather unavailable: no network"
        let drawing = ContentDrawing(Self.small) { weather.draw(into: $0, in: $1) }
        #expect(
            drawing.lines == [
                " Paris, France         Thursday, Nov 26",
                " Weather unavailable: no network",
                " ☁ Broken clouds - 12℃",
                " Source: Open-Meteo, as of 09:40, 2 h",
                " ago",
            ])
        #expect(
            drawing.grid.text(inRow: Self.small.rows - 2, style: .error) == "Source: Open-Meteo, as of 09:40, 2 h",
            "the source whole on the last rows, before the details")
    }

    @Test func aLongWideNameIsCutAtTheEdgeAndTheDayGoesUnderIt() {
        var weather = Self.paris
        weather.locationName = "東京都千代田区丸の内一丁目, 東京都, 日本"
        let drawing = ContentDrawing(Self.small) { weather.draw(into: $0, in: $1) }
        #expect(
            drawing.lines == [
                " 東京都千代田区丸の内一丁目, 東京都,…",
                " Thursday, Nov 26",
                " ☁ Broken clouds - 12℃",
                " Summary: Broken clouds",
                " Source: Open-Meteo",
            ])
    }

    @Test func suggestionsCoverTheTopAndEachAsksToBePicked() {
        var weather = Self.paris
        weather.suggestions = ["Paris, Île-de-France, France", "Richmond, VA"]
        weather.selectedSuggestion = 1
        let drawing = ContentDrawing(Self.big) { weather.draw(into: $0, in: $1) }
        #expect(
            Array(drawing.lines.prefix(3)) == [
                "   Paris, Île-de-France, France",
                " › Richmond, VA",
                " Summary: Broken clouds",
            ])
        #expect(drawing.grid.focus == Position(row: 1, column: 1))
        let clicks = drawing.grid.mouseTargets.compactMap { target -> WeatherView.Action? in
            if case .screen(let action) = target.click { action as? WeatherView.Action } else { nil }
        }
        #expect(clicks == [.pickSuggestion(0), .pickSuggestion(1)])
        #expect(drawing.grid.mouseTargets.contains { $0.scrolls && $0.rect.height == 2 })
    }
}
