import Models
import Screens
import Testing
import TestSupport

/// The Weather screen's view-model: inputs in, the work it asks for answered by the test, whole
/// histories of its outputs out. Nothing of the view-model's is awaited.
@MainActor
struct WeatherViewModelTests {
    @Test func launchSaysLoadingThenTheOriginalsPlaceAskingNoGeocoder() {
        let screen = HeldWeather()
        let weather = screen.viewModel
        let name = ValueRecorder(weather.locationName)
        let summary = ValueRecorder(weather.summary)
        let busy = ValueRecorder(weather.isBusy)
        weather.screenAppeared()
        #expect(screen.work.asked == [.readSettings], "the settings are read first, on the runner's turn")
        screen.work.answer(.readSettings, with: .settings(.init()))
        #expect(screen.work.asked == [.readSettings, .keepPlace(.mcGaheysville), .fetch(.mcGaheysville)])
        screen.answerFetch(of: .mcGaheysville)
        #expect(name.values == ["Loading...", "McGaheysville, VA"])
        #expect(summary.values == ["", "Broken clouds - 72℉"])
        #expect(busy.values == [false, true, false])
        #expect(latest(weather.date) == "Saturday, Nov 21")
        #expect(latest(weather.forecastSummary) == "Summary: Broken clouds")
        #expect(latest(weather.icon) == "☁")
        #expect(latest(weather.source) == "Open-Meteo")
        #expect(latest(weather.forecast).map(\.weekday).first == "Sat")
        #expect(latest(weather.forecast).map { [$0.low, $0.high] }.first == ["41℉", "54℉"])
        #expect(latest(weather.forecast).count == 7)
        #expect(latest(weather.problem).isEmpty)
    }

    @Test func aKeptPlaceIsShownWithoutAGeocoder() {
        let screen = HeldWeather.shown(.init(name: "Paris, France", place: .paris))
        #expect(screen.work.asked == [.readSettings, .keepPlace(.paris), .fetch(.paris), .wait(WeatherViewModel.refreshInterval)])
        #expect(latest(screen.viewModel.locationName) == "Paris, France")
    }

    /// A place kept for another name (an earlier version kept only the name) or unreadable.
    @Test(arguments: [Place.richmondVA, nil])
    func aKeptPlaceThatIsNotTheKeptNameIsLookedUpByTheName(_ place: Place?) {
        let screen = HeldWeather()
        screen.viewModel.screenAppeared()
        screen.work.answer(.readSettings, with: .settings(.init(name: "Paris, France", place: place)))
        screen.work.expectHeldAtEnd([.find("Paris, France")])
    }

    @Test func theLaunchLocationWinsOverTheKeptPlace() {
        let screen = HeldWeather(launchLocation: "Richmond, VA")
        screen.viewModel.screenAppeared()
        screen.work.answer(.readSettings, with: .settings(.init(name: "Paris, France", place: .paris)))
        #expect(screen.work.pending == [.find("Richmond, VA")])
        screen.work.answer(.find("Richmond, VA"), with: .found(.richmondVA))
        #expect(screen.waiting == [.fetch(.richmondVA)])
        #expect(latest(screen.viewModel.locationName) == "Richmond, VA")
        screen.work.expectHeldAtEnd([.fetch(.richmondVA)])
    }

    @Test func unreadableSettingsStillShowTheWeatherAndSaySo() {
        let screen = HeldWeather()
        let problem = ValueRecorder(screen.viewModel.problem)
        screen.viewModel.screenAppeared()
        screen.work.answer(.readSettings, with: .settingsUnread("disk I/O error"))
        screen.answerFetch(of: .mcGaheysville)
        #expect(latest(screen.viewModel.locationName) == "McGaheysville, VA")
        #expect(problem.values == ["", "Settings are not kept: disk I/O error"])
    }

    @Test func theDateIsTheDayWhereThePlaceIs() {
        let screen = HeldWeather.shown(.init(place: .tokyo))  // 15:00 UTC on the 21st is 00:00 on the 22nd in Tokyo
        #expect(latest(screen.viewModel.locationName) == "Tokyo, Japan")
        #expect(latest(screen.viewModel.date) == "Sunday, Nov 22")
    }

    @Test func changingThePlaceShowsLoadingAndNothingOfThePlaceBefore() {
        let screen = HeldWeather.shown()
        let weather = screen.viewModel
        let name = ValueRecorder(weather.locationName)
        let summary = ValueRecorder(weather.summary)
        let forecast = ValueRecorder(weather.forecast)
        screen.submit("  Paris \t France ")
        screen.work.answer(.find("Paris France"), with: .found(.paris))
        screen.answerFetch(of: .paris, with: .sample(celsius: 10, description: "Light rain"))
        #expect(name.values == ["McGaheysville, VA", "Loading...", "Paris, France"])
        #expect(summary.values == ["Broken clouds - 72℉", "", "Light rain - 50℉"])
        #expect(forecast.values.map(\.count) == [7, 0, 7])
    }

    @Test func anUnknownPlaceKeepsTheWeatherShownAndSaysWhatWasMeant() {
        let screen = HeldWeather.shown()
        let weather = screen.viewModel
        let name = ValueRecorder(weather.locationName)
        let summary = ValueRecorder(weather.summary)
        let problem = ValueRecorder(weather.problem)
        let busy = ValueRecorder(weather.isBusy)
        screen.scheduler.advance(by: .seconds(60))
        screen.submit("Pariss")
        screen.work.answer(.find("Pariss"), with: .notFound("Pariss", didYouMean: .paris, clock: screen.scheduler.now))
        #expect(name.values == ["McGaheysville, VA", "Loading...", "McGaheysville, VA"])
        #expect(summary.values == ["Broken clouds - 72℉", "", "Broken clouds - 72℉"])
        #expect(problem.values == ["", "Not found: Pariss. Did you mean Paris, France?"])
        #expect(busy.values == [false, true, false])
        #expect(screen.waiting == [.wait(WeatherViewModel.refreshInterval - .seconds(60))], "due when it was")
        screen.work.expectHeldAtEnd([.wait(WeatherViewModel.refreshInterval - .seconds(60))])
    }

    @Test func anUnknownPlaceWithNothingShownSaysNotFoundNamingIt() {
        let screen = HeldWeather(launchLocation: "Nowhereville")
        let weather = screen.viewModel
        let name = ValueRecorder(weather.locationName)
        let problem = ValueRecorder(weather.problem)
        weather.screenAppeared()
        screen.work.answer(.readSettings, with: .settings(.init()))
        screen.work.answer(.find("Nowhereville"), with: .notFound("Nowhereville", didYouMean: nil, clock: .zero))
        #expect(name.values == ["Loading...", "Not found"])
        #expect(problem.values == ["", "Not found: Nowhereville"])
        for output in [weather.date, weather.icon, weather.summary, weather.forecastSummary, weather.source] {
            #expect(latest(output).isEmpty)
        }
        #expect(latest(weather.forecast).isEmpty)
    }

    @Test func aGeocoderFailureSaysWhy() {
        let screen = HeldWeather.shown()
        let name = ValueRecorder(screen.viewModel.locationName)
        let problem = ValueRecorder(screen.viewModel.problem)
        screen.submit("Paris")
        screen.work.answer(.find("Paris"), with: .findFailed("Open-Meteo sent an unreadable answer"))
        #expect(name.values == ["McGaheysville, VA", "Loading...", "Not found"])
        #expect(problem.values == ["", "Place lookup failed: Open-Meteo sent an unreadable answer"])
    }

    @Test func aServiceFailureKeepsThePlaceSaysWhyAndShowsNothingAsCurrent() {
        let screen = HeldWeather()
        let weather = screen.viewModel
        let name = ValueRecorder(weather.locationName)
        let problem = ValueRecorder(weather.problem)
        weather.screenAppeared()
        screen.work.answer(.readSettings, with: .settings(.init()))
        screen.failFetch(of: .mcGaheysville, with: "no network")
        #expect(name.values == ["Loading...", "McGaheysville, VA"])
        #expect(problem.values == ["", "Weather unavailable: no network"])
        #expect(latest(weather.summary).isEmpty)
        #expect(latest(weather.forecast).isEmpty)
    }

    @Test func anEmptyPlaceAsksForOneAndKeepsWhatIsShown() {
        let screen = HeldWeather.shown()
        let asked = screen.work.asked
        let (name, summary) = (ValueRecorder(screen.viewModel.locationName), ValueRecorder(screen.viewModel.summary))
        let problem = ValueRecorder(screen.viewModel.problem)
        type("   ", into: screen.viewModel)
        screen.viewModel.inputSubmitted()
        #expect(screen.work.asked == asked)
        #expect(name.values == ["McGaheysville, VA"])
        #expect(summary.values == ["Broken clouds - 72℉"])
        #expect(problem.values == ["", "Type a place, then Enter"])
    }

    @Test func theUnitTogglesEveryTemperatureAndIsKept() {
        let screen = HeldWeather.shown()
        let summary = ValueRecorder(screen.viewModel.summary)
        let lows = ValueRecorder(screen.viewModel.forecast)
        screen.viewModel.toggleUnit()
        screen.viewModel.toggleUnit()
        #expect(summary.values == ["Broken clouds - 72℉", "Broken clouds - 22℃", "Broken clouds - 72℉"])
        #expect(lows.values.map { $0.first?.low } == ["41℉", "5℃", "41℉"])
        #expect(screen.work.asked.suffix(2) == [.keepUnit(.celsius), .keepUnit(.fahrenheit)])
    }

    @Test func aPlaceOrUnitThatCannotBeKeptSaysSoBesideTheWeather() {
        let screen = HeldWeather(holdsKeeping: true)
        let problem = ValueRecorder(screen.viewModel.problem)
        screen.viewModel.screenAppeared()
        screen.work.answer(.readSettings, with: .settings(.init()))
        screen.work.answer(.keepPlace(.mcGaheysville), with: .notKept("disk full"))
        screen.answerFetch(of: .mcGaheysville)
        let summary = ValueRecorder(screen.viewModel.summary)
        screen.viewModel.toggleUnit()
        screen.work.answer(.keepUnit(.celsius), with: .notKept("disk full"))
        #expect(summary.values == ["Broken clouds - 72℉", "Broken clouds - 22℃"])
        #expect(problem.values == ["", "Settings are not kept: disk full"])
    }

    @Test func aKeptUnitWinsOverTheConfiguredOneAndAUnitChosenOnTheCommandLineOverBoth() {
        let kept = HeldWeather.shown(.init(unit: .fahrenheit), defaultUnit: .celsius)
        #expect(latest(kept.viewModel.summary) == "Broken clouds - 72℉")
        let configured = HeldWeather.shown(defaultUnit: .celsius)
        #expect(latest(configured.viewModel.summary) == "Broken clouds - 22℃")
        #expect(!configured.work.asked.contains(.keepUnit(.celsius)), "a default is not a choice: nothing is kept")
        let chosen = HeldWeather(chosenUnit: .celsius)
        chosen.viewModel.screenAppeared()
        chosen.work.answer(.readSettings, with: .settings(.init(unit: .fahrenheit)))
        #expect(latest(chosen.viewModel.unit) == .celsius)
        chosen.work.expectHeldAtEnd([.fetch(.mcGaheysville)])
    }

    @Test func aNewPlaceCancelsTheLookupItReplacesSoItsAnswerNeverShows() {
        let screen = HeldWeather()
        screen.viewModel.screenAppeared()
        screen.work.answer(.readSettings, with: .settings(.init()))
        let old = screen.work.id(ofAsked: 2)
        screen.submit("Paris")
        #expect(screen.work.asked[2] == .fetch(.mcGaheysville))
        #expect(screen.work.asked[3] == .suggest("Paris"))
        #expect(screen.work.cancelled == [screen.work.id(ofAsked: 3), old], "the suggestions for what was typed, then the lookup")
        #expect(!screen.work.isHeld(.fetch(.mcGaheysville)))
        screen.work.expectHeldAtEnd([.find("Paris")])
    }

    @Test func sampleWeatherSaysSo() {
        let screen = HeldWeather.shown(report: .sample(source: .sample))
        #expect(latest(screen.viewModel.source) == "Sample data (offline) — not a forecast")
        #expect(latest(screen.viewModel.isSample))
    }

    @Test func theFocusIsTheWeatherScreensOwnOutput() {
        let weather = HeldWeather().viewModel
        #expect(weather.focusesInputOnOpen)
        #expect(latest(weather.inputPrompt) == "Location")
        let focus = ValueRecorder(weather.inputLineIsFocused)
        weather.inputFocusChanged(true)
        weather.inputFocusChanged(false)
        #expect(focus.values == [false, true, false])
    }
}
