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
        return WeatherViewModel(geocoder: geocoder, suggester: geocoder, service: service,
                                launchLocation: launchLocation, defaultUnit: defaultUnit, openPreferences: { preferences })
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
        #expect(weather.date.value == "Saturday, Nov 21")
        #expect(weather.summary.value == "Broken clouds - 72℉")
        #expect(weather.forecastSummary.value == "Summary: Rain")
        #expect(weather.icon.value == "☁")
        #expect(weather.source.value == "Open-Meteo")
        #expect(weather.forecast.value.count == 7)
        #expect(weather.forecast.value.first?.weekday == "Sat")
        #expect(weather.forecast.value.first?.low == "41℉")
        #expect(weather.forecast.value.first?.high == "54℉")
        #expect(weather.problem.value.isEmpty)
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
        #expect(next.locationName.value == "Paris, France")
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
        #expect(weather.locationName.value == "Paris, France")
        #expect(preferences.values["weather.place"] == KeptPlace.text(of: .paris))
    }

    @Test func aPlaceThatCouldNotBeKeptIsKeptWhenShownAgain() async {
        let weather = makeViewModel()
        weather.screenAppeared()
        await answer(weather)
        preferences.failure = InMemoryGameLibrary.Failure(description: "disk full")
        weather.changeLocation(to: "Paris")
        await answer(weather)
        #expect(weather.locationName.value == "Paris, France")
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
        #expect(weather.locationName.value == "Tokyo, Japan")
        #expect(weather.date.value == "Sunday, Nov 22")
    }

    @Test func theLaunchLocationWinsOverTheKeptOneWhichWinsOverTheDefault() async {
        preferences.values["weather.location"] = "Paris, France"
        let kept = makeViewModel()
        kept.screenAppeared()
        await answer(kept)
        #expect(kept.locationName.value == "Paris, France")

        let given = makeViewModel(launchLocation: "Richmond, VA")
        given.screenAppeared()
        await answer(given)
        #expect(given.locationName.value == "Richmond, VA")
        #expect(preferences.values["weather.location"] == "Richmond, VA")
    }

    @Test func changingThePlaceShowsLoadingAndNothingOfThePlaceBefore() async {
        let weather = makeViewModel()
        weather.screenAppeared()
        await answer(weather)
        let name = ValueRecorder(weather.locationName)
        let summary = ValueRecorder(weather.summary)
        weather.changeLocation(to: "  Paris ")
        #expect(weather.summary.value.isEmpty)
        #expect(weather.forecast.value.isEmpty)
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
        #expect(weather.locationName.value == "Not found")
        for output in [weather.date, weather.icon, weather.summary, weather.forecastSummary, weather.source] {
            #expect(output.value.isEmpty)
        }
        #expect(weather.forecast.value.isEmpty)
    }

    @Test func aServiceFailureKeepsThePlaceSaysWhyAndShowsNothingAsCurrent() async {
        let weather = makeViewModel()
        weather.screenAppeared()
        let request = await service.nextRequest()
        await service.fail(request, with: WeatherServiceError.noNetwork)
        await weather.lookupsFinished()
        #expect(weather.locationName.value == "McGaheysville, VA")
        #expect(weather.problem.value == "Weather unavailable: no network")
        #expect(weather.summary.value.isEmpty)
        #expect(weather.forecast.value.isEmpty)
    }

    @Test func aGeocoderFailureSaysWhy() async {
        let weather = makeViewModel()
        weather.screenAppeared()
        await answer(weather)
        geocoder.fail(with: WeatherServiceError.failed("Open-Meteo sent an unreadable answer"))
        weather.changeLocation(to: "Paris")
        await weather.lookupsFinished()
        #expect(weather.locationName.value == "Not found")
        #expect(weather.problem.value == "Place lookup failed: Open-Meteo sent an unreadable answer")
    }

    @Test func anEmptyPlaceAsksForOneAndKeepsWhatIsShown() async {
        let weather = makeViewModel()
        weather.screenAppeared()
        await answer(weather)
        weather.inputSubmitted("   ")
        #expect(weather.locationName.value == "McGaheysville, VA")
        #expect(weather.summary.value == "Broken clouds - 72℉")
        #expect(weather.problem.value == "Type a place, then Enter")
    }

    @Test func theUnitTogglesEveryTemperatureAndIsKept() async {
        let weather = makeViewModel()
        weather.screenAppeared()
        await answer(weather)
        weather.toggleUnit()
        #expect(weather.summary.value == "Broken clouds - 22℃")
        #expect(weather.forecast.value.first?.low == "5℃")
        #expect(preferences.values["weather.unit"] == "celsius")

        let next = makeViewModel()
        next.screenAppeared()
        await answer(next)
        #expect(next.unit.value == .celsius)
        #expect(next.summary.value == "Broken clouds - 22℃")
        next.toggleUnit()
        #expect(next.summary.value == "Broken clouds - 72℉")
    }

    @Test func theConfiguredUnitIsTheDefaultAndAUnitChosenInTheAppWinsOverIt() async {
        let weather = makeViewModel(defaultUnit: .celsius)
        weather.screenAppeared()
        await answer(weather)
        #expect(weather.summary.value == "Broken clouds - 22℃")
        #expect(preferences.values["weather.unit"] == nil, "a default is not a choice: nothing is kept")
        weather.toggleUnit()

        let next = makeViewModel(defaultUnit: .celsius)
        next.screenAppeared()
        await answer(next)
        #expect(next.unit.value == .fahrenheit)
        #expect(next.summary.value == "Broken clouds - 72℉")
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
        #expect(weather.locationName.value == "Paris, France")
        #expect(weather.summary.value == "Paris sky - 72℉")
        #expect(old.place == .mcGaheysville)
    }

    @Test func sampleWeatherSaysSo() async {
        let weather = makeViewModel()
        weather.screenAppeared()
        await answer(weather, with: .sample(source: .sample))
        #expect(weather.source.value == "Sample data (offline) — not a forecast")
        #expect(weather.isSample.value)
    }

    @Test func typingSuggestsPlacesAndUpDownPicksOneForEnter() async {
        let weather = makeViewModel()
        weather.screenAppeared()
        await answer(weather)
        weather.inputChanged("Rich")
        await weather.suggestionSearch?.value
        #expect(weather.suggestions.value == ["Richmond, VA", "Paris, Île-de-France, France"])
        #expect(weather.selectedSuggestion.value == nil)
        weather.moveSuggestion(by: 1)
        weather.moveSuggestion(by: 1)
        weather.moveSuggestion(by: 1)
        #expect(weather.selectedSuggestion.value == 1)
        weather.moveSuggestion(by: -1)
        weather.inputSubmitted("Rich")
        #expect(weather.suggestions.value.isEmpty)
        #expect(weather.takeInputLineRequest() == InputLineRequest(text: "Richmond, VA"))  // the line shows the place chosen
        await answer(weather)
        #expect(weather.locationName.value == "Richmond, VA")
        #expect(geocoder.queries == ["Rich"])  // only suggested: the chosen place is not looked up again
    }

    @Test func upAboveTheFirstSuggestionGoesBackToTheTypedText() async {
        let weather = makeViewModel()
        weather.inputChanged("Rich")
        await weather.suggestionSearch?.value
        weather.moveSuggestion(by: 1)
        weather.moveSuggestion(by: -1)
        #expect(weather.selectedSuggestion.value == nil)
        weather.inputChanged("")
        await weather.suggestionSearch?.value
        #expect(weather.suggestions.value.isEmpty)
    }

    @Test func unreadablePreferencesStillShowTheWeatherAndSaySo() async {
        preferences.failure = InMemoryGameLibrary.Failure(description: "disk I/O error")
        let weather = makeViewModel()
        weather.screenAppeared()
        await answer(weather)
        #expect(weather.locationName.value == "McGaheysville, VA")
        #expect(weather.problem.value == "Settings are not kept: disk I/O error")
    }

    @Test func aFailedReadOfTheSettingsNeverReplacesTheKeptPlace() async {
        preferences.values = ["weather.location": "Paris, France", "weather.place": KeptPlace.text(of: .paris) ?? ""]
        preferences.readFailure = InMemoryGameLibrary.Failure(description: "disk I/O error")
        let weather = makeViewModel()
        weather.screenAppeared()
        await answer(weather)
        #expect(weather.locationName.value == "McGaheysville, VA")
        #expect(preferences.values["weather.location"] == "Paris, France")
        #expect(preferences.values["weather.place"] == KeptPlace.text(of: .paris))
    }
}
