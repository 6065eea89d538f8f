import Models
import Renderer
import Screens
import Testing
import TestSupport

@MainActor
@Suite struct WeatherViewTests {
    let geocoder = ListGeocoder(["McGaheysville, VA": [.mcGaheysville], "Par": [.paris, .richmondVA]], nowhere: ["u"])
    let service = ControlledWeatherService()
    let preferences = InMemoryPreferences()

    /// The shell on the Weather tab, its first place shown with `report`.
    private func harness(
        size: Size, report: WeatherReport = .sample(), glyphs: Glyphs = .unicode
    ) async throws -> (ShellHarness, WeatherViewModel) {
        let preferences = self.preferences
        let weather = WeatherViewModel(
            geocoder: geocoder, suggester: geocoder, service: service.keeping(in: preferences), scheduler: TestScheduler(),
            now: { .testNow }, timeZone: .testZone, glyphs: glyphs, openPreferences: { preferences })
        let harness = ShellHarness(tab: .weather, size: size, weather: weather)
        let request = try await service.nextRequest()
        await service.answer(request, with: report)
        await untilIdle(weather.isBusy)
        harness.draw()
        return (harness, weather)
    }

    @Test(arguments: [Size(columns: 80, rows: 24), Size(columns: 40, rows: 10)])
    func weatherScreen(size: Size) async throws {
        let (harness, _) = try await harness(size: size)
        #expect(harness.grid.text == (try Snapshot.expected(harness.grid.text, named: "weather-\(size)")))
    }

    @Test(arguments: [Size(columns: 80, rows: 24), Size(columns: 40, rows: 10)])
    func weatherScreenInASCII(size: Size) async throws {
        let (harness, _) = try await harness(size: size, glyphs: .ascii)
        #expect(harness.grid.text == (try Snapshot.expected(harness.grid.text, named: "weather-ascii-\(size)")))
        let symbols = "℉℃☀☁☂❄☈≋"
        #expect(!harness.grid.text.unicodeScalars.contains { symbols.unicodeScalars.contains($0) || (0x2800...0x28FF).contains($0.value) })
    }

    @Test func theChartDrawsEachDaysSpanOnTheWeeksScale() async throws {
        let (harness, _) = try await harness(size: Size(columns: 80, rows: 24))
        let bars = (8...14).map { harness.grid.text(inRow: $0, style: .bar).count }
        #expect(bars.allSatisfy { $0 > 10 })
        #expect(harness.grid.text(inRow: 8, style: .bar).count == harness.grid.text(inRow: 14, style: .bar).count)
    }

    @Test func sampleDataIsLabelledOnTheLastRowEvenWhenSmall() async throws {
        let (harness, _) = try await harness(size: Size(columns: 40, rows: 10), report: .sample(source: .sample))
        #expect(harness.grid.lines[7...8].joined().contains("Source: Sample data (offline)"))
        #expect(harness.grid.lines[8].contains("forecast"), "the label whole, over the last rows")
        #expect(harness.grid.lines[4].contains("McGaheysville, VA"))
    }

    @Test func suggestionsShowUnderTheInputLineAndUpDownChooseOne() async throws {
        let (harness, weather) = try await harness(size: Size(columns: 80, rows: 24))
        harness.type("Par")
        await until(weather.suggestions) { !$0.isEmpty }
        harness.press(.down)
        #expect(harness.grid.lines[4].contains("› Paris, Île-de-France, France"))
        #expect(harness.grid.lines[5].contains("  Richmond, VA"))
        #expect(harness.grid.text(inRow: 4, style: .selectedTab).contains("Paris"))
        harness.press(.enter)
        #expect(latest(weather.locationName) == "Paris, France", "a place chosen is known: its name shows while its weather comes")
        #expect(latest(weather.summary).isEmpty)
        #expect(!harness.grid.text.contains("Richmond"))
    }

    @Test func oneFrameAfterManyChangesInOneTurnShowsTheLast() async throws {
        let (harness, weather) = try await harness(size: Size(columns: 80, rows: 24))
        harness.type("Par")
        await until(weather.suggestions) { !$0.isEmpty }
        weather.toggleUnit()
        weather.toggleUnit()
        weather.toggleUnit()
        weather.moveSuggestion(by: 1)
        weather.moveSuggestion(by: 1)
        weather.moveSuggestion(by: -1)
        harness.draw()
        #expect(harness.grid.lines[4].contains("› Paris, Île-de-France, France"))
        #expect(harness.grid.lines[5].contains("  Richmond, VA"))
        #expect(harness.grid.lines[8].contains("Sat Nov 21 ☂ Rain"))
        #expect(harness.grid.lines[8].contains("5℃"))
        #expect(!harness.grid.lines[8].contains("℉"))
    }

    @Test func uTypesInTheInputLineAndTogglesTheUnitOutsideIt() async throws {
        let (harness, weather) = try await harness(size: Size(columns: 80, rows: 24))
        harness.type("u")
        #expect(latest(weather.unit) == .fahrenheit)
        #expect(harness.inputLine?.text == "u")
        harness.press(.escape)
        harness.type("u")
        #expect(latest(weather.unit) == .celsius)
        #expect(harness.grid.text.contains("Broken clouds - 22℃"))
        #expect(harness.grid.lines.last?.contains("u ℉/℃") == true)
    }
}
