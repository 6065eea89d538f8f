import Binding
import Models
import Renderer
import Screens
import Testing
import TestSupport

/// The Weather screen written for a shell: written when the busy output falls, from the outputs alone.
@MainActor
@Suite struct WeatherPrintoutTests {
    let geocoder = ListGeocoder(["Paris": [.paris]], nowhere: ["Atlantis"])
    let service = ControlledWeatherService()

    private func weather(_ place: String) -> WeatherViewModel {
        WeatherViewModel(
            geocoder: geocoder, suggester: geocoder, service: service.keeping(), launchLocation: place,
            scheduler: TestScheduler(), now: { .testNow }, timeZone: .testZone, openPreferences: { InMemoryPreferences() })
    }

    @Test func itIsWrittenOnceWhenTheLookupAndTheFetchAreDoneNotBefore() async throws {
        let weather = weather("Paris")
        let printout = WeatherPrintout(viewModel: weather)
        weather.screenAppeared()
        var written: [String] = []
        let token = printout.whenIdle { written.append(printout.text(style: .plain)) }
        let request = try await service.nextRequest()
        #expect(written.isEmpty, "the place is found but its weather not fetched yet")
        await service.answer(request, with: .sample())
        await untilIdle(weather.isBusy)
        #expect(written.count == 1)
        #expect(written.first?.hasPrefix("Paris, France\n") == true)
        #expect(printout.problem == nil)
        weather.refresh()
        await service.answer(try await service.nextRequest(), with: .sample())
        await untilIdle(weather.isBusy)
        #expect(written.count == 1)
        token.cancel()
    }

    @Test func colourOnlyWhenAskedAndTheProblemIsTheScreensWords() async throws {
        let weather = weather("Atlantis")
        let printout = WeatherPrintout(viewModel: weather)
        weather.screenAppeared()
        await untilIdle(weather.isBusy)
        #expect(printout.problem == "Not found: Atlantis")
        #expect(printout.document.locationName == "Not found")

        let paris = self.weather("Paris")
        let shown = WeatherPrintout(viewModel: paris)
        paris.screenAppeared()
        await service.answer(try await service.nextRequest(), with: .sample(source: .sample))
        await untilIdle(paris.isBusy)
        #expect(!shown.text(style: .plain).contains("\u{1B}["))
        let coloured = shown.text(style: TextStyle(usesColor: true))
        #expect(coloured.hasPrefix("\u{1B}[1mParis, France\u{1B}[0m\n"))
        #expect(coloured.contains("\u{1B}[31mSource: Sample data (offline) — not a forecast\u{1B}[0m"))
    }
}
