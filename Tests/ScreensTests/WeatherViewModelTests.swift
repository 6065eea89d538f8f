import Models
import Screens
import Testing
import TestSupport

@MainActor
struct WeatherViewModelTests {
    let geocoder = ListGeocoder([
        "McGaheysville, VA": [.mcGaheysville], "Paris": [.paris], "Richmond, VA": [.richmondVA],
        "Paris, France": [.paris], "東京": [.tokyo], "Rich": [.richmondVA, .paris],
    ])
    let service = ControlledWeatherService()
    let preferences = InMemoryPreferences()

    private func makeViewModel(launchLocation: String? = nil, defaultUnit: TemperatureUnit = .fahrenheit) -> WeatherViewModel {
        let preferences = self.preferences
        return WeatherViewModel(geocoder: geocoder, suggester: geocoder, service: service.keeping(in: preferences),
                                launchLocation: launchLocation, defaultUnit: defaultUnit,
                                scheduler: TestScheduler(), now: { .testNow }, timeZone: .testZone, openPreferences: { preferences })
    }

    /// Answers the next weather request with `report` and waits for the screen to show it.
    private func answer(_ weather: WeatherViewModel, with report: WeatherReport = .sample()) async {
        let request = await service.nextRequest()
        await service.answer(request, with: report)
        await weather.lookupsFinished()
    }

    @Test func launchSaysLoadingThenTheOriginalsPlace() async {
        let weather = makeViewModel()
        let name = ValueRecorder(weather.locationName)
        weather.screenAppeared()
        await answer(weather)
        #expect(name.values == ["Loading...", "McGaheysville, VA"])
        #expect(latest(weather.date) == "Saturday, Nov 21")
        #expect(latest(weather.summary) == "Broken clouds - 72℉")
        #expect(latest(weather.forecastSummary) == "Summary: Broken clouds")
        #expect(latest(weather.icon) == "☁")
        #expect(latest(weather.source) == "Open-Meteo")
        #expect(latest(weather.forecast).count == 7)
        #expect(latest(weather.forecast).first?.weekday == "Sat")
        #expect(latest(weather.forecast).first?.low == "41℉")
        #expect(latest(weather.forecast).first?.high == "54℉")
        #expect(latest(weather.problem).isEmpty)
    }

    @Test func theOriginalsPlaceIsKnownSoTheFirstLaunchAsksNoGeocoder() async {
        let weather = makeViewModel()
        weather.screenAppeared()
        let request = await service.nextRequest()
        #expect(request.place == .mcGaheysville)
        #expect(geocoder.queries.isEmpty)
        await service.answer(request, with: .sample())
        await weather.lookupsFinished()
    }

    @Test func aPlaceShownIsKeptWholeSoTheNextLaunchAsksNoGeocoder() async {
        let first = makeViewModel()
        first.screenAppeared()
        await answer(first)
        first.changeLocation(to: "Paris")
        await answer(first)
        #expect(geocoder.queries == ["Paris"])

        let next = makeViewModel()
        next.screenAppeared()
        let request = await service.nextRequest()
        #expect(request.place == .paris)
        #expect(geocoder.queries == ["Paris"])
        await service.answer(request, with: .sample())
        await next.lookupsFinished()
        #expect(latest(next.locationName) == "Paris, France")
    }

    /// A place kept for another name (an earlier version kept only the name) or damaged.
    @Test(arguments: [KeptPlace.text(of: .richmondVA), "Paris\tnot a place"])
    func aKeptPlaceThatCannotBeShownIsLookedUpByTheKeptName(_ keptPlace: String?) async {
        preferences.values["weather.place"] = keptPlace
        preferences.values["weather.location"] = "Paris, France"
        let weather = makeViewModel()
        weather.screenAppeared()
        await answer(weather)
        #expect(geocoder.queries == ["Paris, France"])
        #expect(latest(weather.locationName) == "Paris, France")
        #expect(preferences.values["weather.place"] == KeptPlace.text(of: .paris))
    }

    @Test func aPlaceThatCouldNotBeKeptIsKeptWhenShownAgain() async {
        let weather = makeViewModel()
        weather.screenAppeared()
        await answer(weather)
        preferences.failure = InMemoryGameLibrary.Failure(description: "disk full")
        weather.changeLocation(to: "Paris")
        await answer(weather)
        #expect(latest(weather.locationName) == "Paris, France")
        preferences.failure = nil
        #expect(preferences.values["weather.place"] == KeptPlace.text(of: .mcGaheysville))
        weather.changeLocation(to: "Paris")
        await answer(weather)
        #expect(preferences.values["weather.place"] == KeptPlace.text(of: .paris))
    }

    @Test func theDateIsTheDayWhereThePlaceIs() async {
        let weather = makeViewModel(launchLocation: "東京")
        weather.screenAppeared()
        await answer(weather)  // 15:00 UTC on the 21st is 00:00 on the 22nd in Tokyo
        #expect(latest(weather.locationName) == "Tokyo, Japan")
        #expect(latest(weather.date) == "Sunday, Nov 22")
    }

    @Test func theLaunchLocationWinsOverTheKeptOneWhichWinsOverTheDefault() async {
        preferences.values["weather.location"] = "Paris, France"
        let kept = makeViewModel()
        kept.screenAppeared()
        await answer(kept)
        #expect(latest(kept.locationName) == "Paris, France")

        let given = makeViewModel(launchLocation: "Richmond, VA")
        given.screenAppeared()
        await answer(given)
        #expect(latest(given.locationName) == "Richmond, VA")
        #expect(preferences.values["weather.location"] == "Richmond, VA")
    }

    @Test func changingThePlaceShowsLoadingAndNothingOfThePlaceBefore() async {
        let weather = makeViewModel()
        weather.screenAppeared()
        await answer(weather)
        let name = ValueRecorder(weather.locationName)
        let summary = ValueRecorder(weather.summary)
        weather.changeLocation(to: "  Paris ")
        #expect(latest(weather.summary).isEmpty)
        #expect(latest(weather.forecast).isEmpty)
        await answer(weather, with: .sample(celsius: 10, description: "Light rain"))
        #expect(name.values == ["McGaheysville, VA", "Loading...", "Paris, France"])
        #expect(summary.values == ["Broken clouds - 72℉", "", "Light rain - 50℉"])
        #expect(geocoder.queries.last == "Paris")
    }

    @Test func anUnknownPlaceSaysNotFoundAndClearsEverythingElse() async {
        let weather = makeViewModel()
        weather.screenAppeared()
        await answer(weather)
        weather.changeLocation(to: "Xyzzyville")
        await weather.lookupsFinished()
        #expect(latest(weather.locationName) == "Not found")
        for output in [weather.date, weather.icon, weather.summary, weather.forecastSummary, weather.source] {
            #expect(latest(output).isEmpty)
        }
        #expect(latest(weather.forecast).isEmpty)
    }

    @Test func aServiceFailureKeepsThePlaceSaysWhyAndShowsNothingAsCurrent() async {
        let weather = makeViewModel()
        weather.screenAppeared()
        let request = await service.nextRequest()
        await service.fail(request, with: WeatherServiceError.noNetwork)
        await weather.lookupsFinished()
        #expect(latest(weather.locationName) == "McGaheysville, VA")
        #expect(latest(weather.problem) == "Weather unavailable: no network")
        #expect(latest(weather.summary).isEmpty)
        #expect(latest(weather.forecast).isEmpty)
    }

    @Test func aGeocoderFailureSaysWhy() async {
        let weather = makeViewModel()
        weather.screenAppeared()
        await answer(weather)
        geocoder.fail(with: WeatherServiceError.failed("Open-Meteo sent an unreadable answer"))
        weather.changeLocation(to: "Paris")
        await weather.lookupsFinished()
        #expect(latest(weather.locationName) == "Not found")
        #expect(latest(weather.problem) == "Place lookup failed: Open-Meteo sent an unreadable answer")
    }

    @Test func anEmptyPlaceAsksForOneAndKeepsWhatIsShown() async {
        let weather = makeViewModel()
        weather.screenAppeared()
        await answer(weather)
        type("   ", into: weather)
        weather.inputSubmitted()
        #expect(latest(weather.locationName) == "McGaheysville, VA")
        #expect(latest(weather.summary) == "Broken clouds - 72℉")
        #expect(latest(weather.problem) == "Type a place, then Enter")
    }

    @Test func theUnitTogglesEveryTemperatureAndIsKept() async {
        let weather = makeViewModel()
        weather.screenAppeared()
        await answer(weather)
        weather.toggleUnit()
        #expect(latest(weather.summary) == "Broken clouds - 22℃")
        #expect(latest(weather.forecast).first?.low == "5℃")
        #expect(preferences.values["weather.unit"] == "celsius")

        let next = makeViewModel()
        next.screenAppeared()
        await answer(next)
        #expect(latest(next.unit) == .celsius)
        #expect(latest(next.summary) == "Broken clouds - 22℃")
        next.toggleUnit()
        #expect(latest(next.summary) == "Broken clouds - 72℉")
    }

    @Test func theConfiguredUnitIsTheDefaultAndAUnitChosenInTheAppWinsOverIt() async {
        let weather = makeViewModel(defaultUnit: .celsius)
        weather.screenAppeared()
        await answer(weather)
        #expect(latest(weather.summary) == "Broken clouds - 22℃")
        #expect(preferences.values["weather.unit"] == nil, "a default is not a choice: nothing is kept")
        weather.toggleUnit()

        let next = makeViewModel(defaultUnit: .celsius)
        next.screenAppeared()
        await answer(next)
        #expect(latest(next.unit) == .fahrenheit)
        #expect(latest(next.summary) == "Broken clouds - 72℉")
    }

    @Test func aSlowAnswerForAnOldPlaceNeverOverwritesANewerOne() async {
        let weather = makeViewModel()
        weather.screenAppeared()
        let old = await service.nextRequest()
        weather.changeLocation(to: "Paris")
        let new = await service.nextRequest()
        await service.answer(new, with: .sample(description: "Paris sky"))
        await weather.lookupsFinished()
        await service.answer(old, with: .sample(description: "Old sky"))
        for _ in 0..<20 { await Task.yield() }
        #expect(latest(weather.locationName) == "Paris, France")
        #expect(latest(weather.summary) == "Paris sky - 72℉")
        #expect(old.place == .mcGaheysville)
    }

    @Test func sampleWeatherSaysSo() async {
        let weather = makeViewModel()
        weather.screenAppeared()
        await answer(weather, with: .sample(source: .sample))
        #expect(latest(weather.source) == "Sample data (offline) — not a forecast")
        #expect(latest(weather.isSample))
    }

    @Test func typingSuggestsPlacesAndUpDownPicksOneForEnter() async {
        let weather = makeViewModel()
        weather.screenAppeared()
        await answer(weather)
        type("Rich", into: weather)
        await weather.suggestionSearch?.value
        #expect(latest(weather.suggestions) == ["Richmond, VA", "Paris, Île-de-France, France"])
        #expect(latest(weather.selectedSuggestion) == nil)
        weather.moveSuggestion(by: 1)
        weather.moveSuggestion(by: 1)
        weather.moveSuggestion(by: 1)
        #expect(latest(weather.selectedSuggestion) == 1)
        weather.moveSuggestion(by: -1)
        weather.inputSubmitted()
        #expect(latest(weather.suggestions).isEmpty)
        #expect(latest(weather.inputLine) == InputLine(text: "Richmond, VA"))  // the line shows the place chosen
        #expect(latest(weather.inputLine).cursor == 12)
        await answer(weather)
        #expect(latest(weather.locationName) == "Richmond, VA")
        #expect(geocoder.queries == ["Rich"])  // only suggested: the chosen place is not looked up again
    }

    /// A gazetteer that cannot be read says so, naming its file, while the places typed are
    /// suggested: the message is the suggester's error as it gives it.
    @Test func aSuggesterThatCannotReadItsDataNamesTheFileInTheProblem() async {
        struct Unreadable: Error, CustomStringConvertible {
            var description: String { "The gazetteer gazetteer.sqlite in /data is damaged: file is not a database" }
        }
        let weather = makeViewModel()
        weather.screenAppeared()
        await answer(weather)
        geocoder.fail(with: Unreadable())
        type("Ri", into: weather)
        await weather.suggestionSearch?.value
        #expect(latest(weather.suggestions).isEmpty)
        #expect(latest(weather.problem) == "The gazetteer gazetteer.sqlite in /data is damaged: file is not a database")
    }

    @Test func upAboveTheFirstSuggestionGoesBackToTheTypedText() async {
        let weather = makeViewModel()
        type("Rich", into: weather)
        await weather.suggestionSearch?.value
        weather.moveSuggestion(by: 1)
        weather.moveSuggestion(by: -1)
        #expect(latest(weather.selectedSuggestion) == nil)
        edit(weather, .deleteToStart)
        await weather.suggestionSearch?.value
        #expect(latest(weather.suggestions).isEmpty)
    }

    @Test func typingEditsTheLineAndEnterLooksUpTheTextTyped() async {
        let weather = makeViewModel()
        weather.screenAppeared()
        await answer(weather)
        let line = ValueRecorder(weather.inputLine)
        type("Pars", into: weather)
        edit(weather, .moveLeft, .insert("i"))
        #expect(line.values.map(\.text) == ["", "Pars", "Pars", "Paris"])
        #expect(line.values.map(\.cursor) == [0, 4, 3, 4])
        edit(weather, .moveEnd)
        weather.inputSubmitted()
        await answer(weather)
        #expect(latest(weather.locationName) == "Paris, France")
        #expect(latest(weather.inputLine) == InputLine(text: "Paris"))  // the text typed stays
        #expect(geocoder.queries.last == "Paris")
    }

    @Test func theFocusIsTheWeatherScreensOwnOutput() {
        let weather = makeViewModel()
        #expect(weather.focusesInputOnOpen)
        #expect(latest(weather.inputPrompt) == "Location")
        let focus = ValueRecorder(weather.inputLineIsFocused)
        weather.inputFocusChanged(true)
        weather.inputFocusChanged(false)
        #expect(focus.values == [false, true, false])
    }

    @Test func unreadablePreferencesStillShowTheWeatherAndSaySo() async {
        preferences.failure = InMemoryGameLibrary.Failure(description: "disk I/O error")
        let weather = makeViewModel()
        weather.screenAppeared()
        await answer(weather)
        #expect(latest(weather.locationName) == "McGaheysville, VA")
        #expect(latest(weather.problem) == "Settings are not kept: disk I/O error")
    }

    @Test func aFailedReadOfTheSettingsNeverReplacesTheKeptPlace() async {
        preferences.values = ["weather.location": "Paris, France", "weather.place": KeptPlace.text(of: .paris) ?? ""]
        preferences.readFailure = InMemoryGameLibrary.Failure(description: "disk I/O error")
        let weather = makeViewModel()
        weather.screenAppeared()
        await answer(weather)
        #expect(latest(weather.locationName) == "McGaheysville, VA")
        #expect(preferences.values["weather.location"] == "Paris, France")
        #expect(preferences.values["weather.place"] == KeptPlace.text(of: .paris))
    }
}
