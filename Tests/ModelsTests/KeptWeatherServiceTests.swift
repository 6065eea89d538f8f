import Foundation
import Models
import Testing
import TestSupport

/// The weather cache, alone: a real report is kept and shown live; offline or failing, the
/// place's last real report shows with when it was fetched and why; sample weather only for a
/// place never fetched.
@MainActor
struct KeptWeatherServiceTests {
    /// A live service that gives the answers it is handed, in order.
    final class Scripted: WeatherService, @unchecked Sendable {
        var answers: [Result<WeatherReport, WeatherServiceError>] = []
        func weather(at place: Place) async throws -> WeatherReport {
            try answers.removeFirst().get()
        }
    }

    let live = Scripted()
    let preferences = InMemoryPreferences()
    var clock = Date(timeIntervalSince1970: 1_795_254_000)
    static let real = WeatherReport.sample(description: "Broken clouds")
    static let made = WeatherReport.sample(celsius: 30, description: "Made up", source: .sample)

    private func service(preferences: (any PreferencesStore)?) -> KeptWeatherService {
        KeptWeatherService(live: live, preferences: { preferences }, now: { [clock] in clock })
    }

    @Test func aRealReportIsShownLiveAndKeptWithItsTime() async throws {
        live.answers = [.success(Self.real), .success(Self.made), .failure(.noNetwork)]
        let weather = service(preferences: preferences)
        #expect(try await weather.weather(at: .paris) == PlaceWeather(report: Self.real, freshness: .live))
        #expect(
            try await weather.weather(at: .paris)
                == PlaceWeather(report: Self.real, freshness: .kept(fetchedAt: clock, because: .offline)))
        #expect(
            try await weather.weather(at: .paris)
                == PlaceWeather(report: Self.real, freshness: .kept(fetchedAt: clock, because: .failed("no network"))))
        #expect(preferences.values.keys.contains { $0.hasPrefix("weather.report.Paris|FR|") })
    }

    @Test func aPlaceNeverFetchedGetsSampleWeatherOfflineAndTheFailureFailing() async throws {
        live.answers = [.success(Self.made), .failure(.rejectedKey)]
        let weather = service(preferences: preferences)
        #expect(try await weather.weather(at: .paris) == PlaceWeather(report: Self.made, freshness: .sample))
        await #expect(throws: WeatherServiceError.rejectedKey) { try await weather.weather(at: .paris) }
        #expect(preferences.values.isEmpty, "sample weather is never kept")
    }

    @Test func theReportKeptByAnEarlierRunShowsAndAnotherPlacesDoesNot() async throws {
        live.answers = [.success(Self.real)]
        _ = try await service(preferences: preferences).weather(at: .paris)
        live.answers = [.success(Self.made), .success(Self.made)]
        let nextRun = service(preferences: preferences)
        #expect(try await nextRun.weather(at: .paris).freshness == .kept(fetchedAt: clock, because: .offline))
        #expect(try await nextRun.weather(at: .richmondVA).freshness == .sample)
    }

    @Test func withoutPreferencesTheReportsOfThisRunAreKeptInMemory() async throws {
        live.answers = [.success(Self.real), .failure(.noNetwork)]
        let weather = service(preferences: nil)
        _ = try await weather.weather(at: .paris)
        #expect(try await weather.weather(at: .paris).freshness == .kept(fetchedAt: clock, because: .failed("no network")))
    }

    @Test func thePreferencesAreAskedForOnceWhenFirstNeeded() async throws {
        var asked = 0
        let weather = KeptWeatherService(
            live: live,
            preferences: { [preferences] in
                asked += 1; return preferences
            }, now: Date.init)
        #expect(asked == 0)
        live.answers = [.success(Self.real), .success(Self.real)]
        _ = try await weather.weather(at: .paris)
        _ = try await weather.weather(at: .paris)
        #expect(asked == 1)
    }
}
