import Foundation
import Models
import Screens
import Testing
import TestSupport

/// The last real report of a place is kept: offline, or when a fetch fails, it shows with its
/// age and the reason, never sample weather for a place already fetched.
@MainActor
final class WeatherKeptReportTests {
    let geocoder = ListGeocoder(["Paris": [.paris]])
    let service = ControlledWeatherService()
    let preferences = InMemoryPreferences()
    /// 09:40 UTC on the day of the sample report.
    var clock = Date(timeIntervalSince1970: 1_795_254_000)
    static let utc = TimeZone(identifier: "UTC")!

    /// A new screen (as at the next launch) on the same preferences, shown and answered.
    private func shown(answer: (ControlledWeatherService.Request) async -> Void) async -> WeatherViewModel {
        let preferences = self.preferences
        let weather = WeatherViewModel(geocoder: geocoder, suggester: geocoder, service: service.keeping(in: preferences, now: { [unowned self] in clock }),
                                       scheduler: TestScheduler(), now: { [unowned self] in clock }, timeZone: Self.utc, openPreferences: { preferences })
        weather.screenAppeared()
        await answer(await service.nextRequest())
        await weather.lookupsFinished()
        return weather
    }

    @Test func offlineTheLastRealReportShowsWithItsAgeNotSampleWeather() async {
        _ = await shown { await service.answer($0, with: .sample(description: "Broken clouds")) }
        clock += 2 * 3600 + 5 * 60
        let offline = await shown { await service.answer($0, with: .sample(celsius: 30, description: "Made up", source: .sample)) }
        #expect(latest(offline.summary) == "Broken clouds - 72℉")
        #expect(latest(offline.source) == "Open-Meteo")
        #expect(!latest(offline.isSample))
        #expect(latest(offline.asOf) == "as of 09:40, 2 h ago")
        #expect(latest(offline.problem) == "Live weather unavailable: offline")
    }

    @Test func aFailedFetchShowsTheLastRealReportAndWhy() async {
        _ = await shown { await service.answer($0, with: .sample(description: "Broken clouds")) }
        clock += 25 * 60
        let failed = await shown { await service.fail($0, with: WeatherServiceError.rejectedKey) }
        #expect(latest(failed.summary) == "Broken clouds - 72℉")
        #expect(latest(failed.asOf) == "as of 09:40, 25 min ago")
        #expect(latest(failed.problem) == "Weather unavailable: Weatherbit rejected the API key")
    }

    @Test func aPlaceNeverFetchedShowsSampleWeatherLabelledAsSuch() async {
        let offline = await shown { await service.answer($0, with: .sample(source: .sample)) }
        #expect(latest(offline.isSample))
        #expect(latest(offline.asOf).isEmpty)
        #expect(latest(offline.problem).isEmpty)
    }

    @Test func aNewRealReportReplacesTheOneKeptAndShowsAsLive() async {
        _ = await shown { await service.answer($0, with: .sample(description: "Broken clouds")) }
        clock += 3600
        let live = await shown { await service.answer($0, with: .sample(description: "Light rain")) }
        #expect(latest(live.asOf).isEmpty)
        clock += 3 * 24 * 3600
        let offline = await shown { await service.fail($0, with: WeatherServiceError.noNetwork) }
        #expect(latest(offline.summary) == "Light rain - 72℉")
        #expect(latest(offline.asOf) == "as of Nov 21, 10:40, 3 days ago")
    }

    @Test func theUnitChangedOnAKeptReportKeepsItsAge() async {
        _ = await shown { await service.answer($0, with: .sample()) }
        let offline = await shown { await service.fail($0, with: WeatherServiceError.noNetwork) }
        offline.toggleUnit()
        #expect(latest(offline.summary) == "Broken clouds - 22℃")
        #expect(latest(offline.asOf) == "as of 09:40, just now")
    }
}
