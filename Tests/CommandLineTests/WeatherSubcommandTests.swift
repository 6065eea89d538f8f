import Foundation
import Models
import Renderer
import Screens
import Services
import Testing
import TestSupport

/// `mvvm-tui weather`: the Weather screen's outputs in a shell.
@MainActor
struct WeatherSubcommandTests {
    /// The view-model the binary runs with `--offline`, run here on the same embedded data.
    private func offlineWeather(_ place: String?, unit: TemperatureUnit? = nil) async -> WeatherViewModel {
        let gazetteer = EmbeddedGazetteer.bundled()
        let weather = WeatherViewModel(
            geocoder: gazetteer, suggester: gazetteer, service: SampleWeatherService().keeping(),
            launchLocation: place, chosenUnit: unit,
            scheduler: TestScheduler(), now: Date.init, timeZone: .current, openPreferences: { InMemoryPreferences() })
        weather.screenAppeared()
        await untilIdle(weather.isBusy)
        return weather
    }

    /// The subcommand's answer and the view-model built here, from the same hour: the sample
    /// weather follows the clock's hour (the next 24 hours, today's date), so both are made
    /// again when the hour turned between them.
    private func printedAndOffline(_ arguments: [String], _ place: String, unit: TemperatureUnit? = nil) async throws
        -> (result: CommandResult, weather: WeatherViewModel)
    {
        while true {
            let hour = Calendar.current.dateComponents([.day, .hour], from: Date())
            let result = try await Subcommand().run(arguments)
            let weather = await offlineWeather(place, unit: unit)
            if Calendar.current.dateComponents([.day, .hour], from: Date()) == hour { return (result, weather) }
        }
    }

    @Test func theJSONHoldsTheViewModelsOutputsFieldByField() async throws {
        let (result, weather) = try await printedAndOffline(["weather", "Paris", "--offline", "--json"], "Paris")
        #expect(result.status == 0)
        #expect(result.error.isEmpty)
        let document = try Subcommand.decode(WeatherPrintout.Document.self, from: result.output)
        #expect(document.locationName == weather.locationName.current)
        #expect(document.locationName == "Paris, France")
        #expect(document.dateText == weather.date.current)
        #expect(document.icon == weather.icon.current)
        #expect(document.summary == weather.summary.current)
        #expect(document.forecastSummary == weather.forecastSummary.current)
        #expect(document.details == weather.details.current)
        #expect(document.nextHours == weather.nextHours.current)
        #expect(document.source == weather.source.current)
        #expect(document.source == "Sample data (offline) — not a forecast")
        #expect(document.asOf == weather.asOf.current)
        #expect(document.isSample == weather.isSample.current)
        #expect(document.problem == "", "sample weather is what --offline asks for")
        #expect(document.note == weather.problem.current)
        #expect(document.unit == "F")
        let figures = try #require(weather.figures.current)
        #expect(document.temperature == figures.temperature)
        #expect(document.summary.hasSuffix(" - \(figures.temperature)℉"))
        #expect(document.feelsLike == figures.feelsLike)
        #expect(document.windSpeed == figures.windSpeed)
        #expect(document.windDirection == figures.windDirection)
        #expect(document.rainChance == figures.rainChance)
        #expect(document.condition == figures.condition)
        #expect(document.hours.map(\.temperature) == figures.hours.map(\.temperature))
        let days = weather.forecast.current
        #expect(document.forecast.count == days.count)
        #expect(days.count == 7)
        for (printed, day) in zip(document.forecast, days) {
            #expect(printed.weekdayText == day.weekday)
            #expect(printed.dateText == day.date)
            #expect(printed.icon == day.icon)
            #expect(printed.conditionText == day.condition)
            #expect(printed.lowText == day.low)
            #expect(printed.highText == day.high)
            #expect(printed.lowText == "\(printed.low)℉")
            #expect(printed.highText == "\(printed.high)℉")
        }
        #expect(document.forecast.map(\.date) == figures.days.map(\.date))
    }

    @Test func theTextIsWhatTheScreenShowsLabelsIncludedWithoutColourIntoAPipe() async throws {
        let (result, weather) = try await printedAndOffline(["weather", "Paris", "--offline"], "Paris")
        #expect(result.status == 0)
        let lines = result.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(
            Array(lines.prefix(4)) == [
                "Paris, France", weather.date.current,
                "\(weather.icon.current) \(weather.summary.current)",
                "Summary: \(weather.summary.current.components(separatedBy: " - ")[0])",
            ])
        #expect(lines.contains(weather.details.current))
        #expect(lines.contains { $0.hasPrefix("\(weather.forecast.current[0].weekday) \(weather.forecast.current[0].date)") })
        #expect(lines.suffix(2) == ["Source: Sample data (offline) — not a forecast", ""])
        #expect(!result.output.contains("\u{1B}"))
    }

    @Test func theWordsAreJoinedAsTypedAndTheUnitIsChosen() async throws {
        let (result, weather) = try await printedAndOffline(
            ["weather", "New", "York", "--unit", "c", "--offline", "--json"], "New York",
            unit: .celsius)
        let document = try Subcommand.decode(WeatherPrintout.Document.self, from: result.output)
        #expect(document.locationName == weather.locationName.current)
        #expect(document.locationName.hasPrefix("New York"))
        #expect(document.summary.hasSuffix("℃"))
        #expect(document.unit == "C")
        #expect(document.windSpeedUnit == "km/h")
        #expect(document.forecast.allSatisfy { $0.highText == "\($0.high)℃" })
    }

    @Test func anUnknownPlaceSaysNotFoundOnStandardErrorAndExitsOne() async throws {
        let subcommand = try Subcommand()
        let text = try await subcommand.run(["weather", "Qqqxyzzy", "--offline"])
        #expect(text.status == 1)
        #expect(text.output.isEmpty)
        #expect(text.error == "mvvm-tui: Not found: Qqqxyzzy\n")
        let json = try await subcommand.run(["weather", "Qqqxyzzy", "--offline", "--json"])
        #expect(json.status == 1)
        #expect(try Subcommand.decode(WeatherPrintout.Document.self, from: json.output).locationName == "Not found")
    }

    @Test func aTypoIsNotFoundAndTheGazetteerSaysWhatWasMeant() async throws {
        let text = try await Subcommand().run(["weather", "Lodnon", "--offline"])
        #expect(text.status == 1)
        #expect(text.output.isEmpty)
        #expect(text.error == "mvvm-tui: Not found: Lodnon. Did you mean London, United Kingdom?\n")
    }

    @Test func anEmptyPlaceIsAskedForAsTheScreenAsksAndABadUnitIsBadUsage() async throws {
        let subcommand = try Subcommand()
        let empty = try await subcommand.run(["weather", " ", "--offline"])
        #expect(empty.status == 1)
        #expect(empty.error == "mvvm-tui: Type a place, then Enter\n")
        let badUnit = try await subcommand.run(["weather", "Paris", "--unit", "k"])
        #expect(badUnit.status == 64)
        #expect(badUnit.error.contains("'k' is invalid for '--unit <unit>'"))
    }

    @Test func aFreshDataDirectoryIsLeftEmpty() async throws {
        let subcommand = try Subcommand()
        let result = try await subcommand.run(["weather", "Paris", "--offline"])
        #expect(result.status == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: subcommand.dataDirectory).isEmpty)
    }

    @Test func theAppsPlaceIsShownAndNeitherItNorTheFileIsChanged() async throws {
        let subcommand = try Subcommand()
        let path = subcommand.dataDirectory + "/" + AppDatabase.fileName
        let preferences = SQLitePreferences(database: try AppDatabase(path: path))
        try preferences.set("Lisbon, Portugal", forKey: "weather.location")
        let files = { try [path, path + "-wal"].map { try Data(contentsOf: URL(fileURLWithPath: $0)) } }
        let before = try files()

        let kept = try await subcommand.run(["weather", "--offline", "--json"])
        #expect(try Subcommand.decode(WeatherPrintout.Document.self, from: kept.output).locationName == "Lisbon, Portugal")
        let other = try await subcommand.run(["weather", "Paris", "--unit", "c", "--offline"])
        #expect(other.output.hasPrefix("Paris, France\n"))

        #expect(try files() == before)
        #expect(try preferences.string(forKey: "weather.location") == "Lisbon, Portugal")
        #expect(try preferences.string(forKey: "weather.unit") == nil)
    }
}
