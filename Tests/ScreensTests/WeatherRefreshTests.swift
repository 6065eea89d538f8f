import Models
import Screens
import Testing
import TestSupport

/// The Weather screen fetches its report again: on a key, every 30 minutes while it shows, and
/// at once when it shows again after that long; a hidden screen runs no timer.
@MainActor
struct WeatherRefreshTests {
    let geocoder = ListGeocoder(["Paris": [.paris]])
    let service = ControlledWeatherService()
    let scheduler = TestScheduler()

    /// A screen shown with the original's place and its weather answered.
    private func shownWeather(preferences: InMemoryPreferences = InMemoryPreferences()) async -> WeatherViewModel {
        let weather = WeatherViewModel(geocoder: geocoder, suggester: geocoder, service: service.keeping(in: preferences), scheduler: scheduler,
                                       now: { .testNow }, timeZone: .testZone, openPreferences: { preferences })
        weather.screenAppeared()
        await answerNext(weather)
        return weather
    }

    private func answerNext(_ weather: WeatherViewModel, with report: WeatherReport = .sample()) async {
        let request = await service.nextRequest()
        await service.answer(request, with: report)
        await weather.lookupsFinished()
    }

    @Test func refreshSaysLoadingAndFetchesThePlaceShownAgainWithoutTheGeocoder() async {
        let weather = await shownWeather()
        let name = ValueRecorder(weather.locationName)
        weather.refresh()
        #expect(latest(weather.summary).isEmpty)
        let request = await service.nextRequest()
        #expect(request.place == .mcGaheysville)
        await service.answer(request, with: .sample())
        await weather.lookupsFinished()
        #expect(name.values == ["McGaheysville, VA", "Loading...", "McGaheysville, VA"])
        #expect(latest(weather.summary) == "Broken clouds - 72℉")
        #expect(geocoder.queries.isEmpty)
    }

    @Test func whileTheScreenShowsTheWeatherIsFetchedAgainEvery30Minutes() async {
        let weather = await shownWeather()
        #expect(scheduler.waitingCount == 1)
        scheduler.advance(by: .seconds(29 * 60))
        #expect(await service.requestCount == 1)
        scheduler.advance(by: .seconds(60))
        await answerNext(weather)
        #expect(await service.requestCount == 2)
        scheduler.advance(by: .seconds(30 * 60))
        await answerNext(weather)
        #expect(await service.requestCount == 3)
    }

    @Test func aFailedFetchIsTriedAgainAfter30Minutes() async {
        let weather = await shownWeather()
        weather.refresh()
        await service.fail(await service.nextRequest(), with: WeatherServiceError.noNetwork)
        await weather.lookupsFinished()
        #expect(latest(weather.problem) == "Weather unavailable: no network")
        scheduler.advance(by: WeatherViewModel.refreshInterval)
        await answerNext(weather)
        #expect(latest(weather.problem).isEmpty)
    }

    @Test func aFailedRefreshWithNothingKeptLeavesTheReportItReplaced() async {
        let broken = InMemoryPreferences()
        broken.failure = WeatherServiceError.failed("the disk is full")
        let weather = await shownWeather(preferences: broken)  // nothing can be kept
        weather.refresh()
        await service.fail(await service.nextRequest(), with: WeatherServiceError.failed("the server answered 503"))
        await weather.lookupsFinished()
        #expect(latest(weather.summary) == "Broken clouds - 72℉")
        #expect(latest(weather.asOf).hasSuffix(", just now"))
        #expect(latest(weather.problem) == "Weather unavailable: the server answered 503")
    }

    @Test func aHiddenScreenRunsNoTimerAndFetchesOnlyWhenShownStale() async {
        let weather = await shownWeather()
        weather.screenDisappeared()
        #expect(scheduler.waitingCount == 0)
        scheduler.advance(by: .seconds(10 * 60))
        weather.screenAppeared()  // 10 minutes old: kept, refreshed 20 minutes on
        #expect(scheduler.waitingCount == 1)
        weather.screenDisappeared()
        scheduler.advance(by: .seconds(3 * 60 * 60))
        #expect(await service.requestCount == 1)
        weather.screenAppeared()  // over 30 minutes old: fetched at once
        await answerNext(weather)
        #expect(await service.requestCount == 2)
    }

    @Test func aRefreshAskedWhileAPlaceIsLookedUpIsLeftToTheLookup() async {
        let weather = await shownWeather()
        weather.changeLocation(to: "Paris")
        weather.refresh()
        let request = await service.nextRequest()
        #expect(request.place == .paris)
        await service.answer(request, with: .sample())
        await weather.lookupsFinished()
        #expect(await service.requestCount == 2)
    }
}
