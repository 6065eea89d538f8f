import Foundation
import Models
import Services
import Testing

// MARK: - Sample

struct SampleWeatherServiceTests {
    @Test func theSampleIsTheSameForTheSamePlaceAndDay() async throws {
        let morning = try date(2026, 1, 10, hour: 7, in: "Europe/Oslo")
        let evening = try date(2026, 1, 10, hour: 22, in: "Europe/Oslo")
        let first = try await SampleWeatherService(today: { morning }).weather(at: Places.oslo)
        let second = try await SampleWeatherService(today: { evening }).weather(at: Places.oslo)
        #expect(first.daily == second.daily)
        #expect(first.current.temperatureCelsius == second.current.temperatureCelsius)
        #expect(first.current.condition == second.current.condition)
        #expect(try await SampleWeatherService(today: { morning }).weather(at: Places.oslo) == first)
    }

    @Test func theSampleDiffersAcrossDays() async throws {
        let saturday = try date(2026, 1, 10, hour: 12, in: "Europe/Oslo")
        let sunday = try date(2026, 1, 11, hour: 12, in: "Europe/Oslo")
        let first = try await SampleWeatherService(today: { saturday }).weather(at: Places.oslo)
        let second = try await SampleWeatherService(today: { sunday }).weather(at: Places.oslo)
        #expect(first.daily != second.daily)
        #expect(first.current.temperatureCelsius != second.current.temperatureCelsius)
        // A day looks the same when asked from the day before.
        #expect(Array(first.daily.dropFirst()) == Array(second.daily.prefix(6)))
    }

    @Test func theSampleIsLabelledSampleAndStartsOnTheLocalDay() async throws {
        // 23:30 UTC on 9 January is already 10 January in Oslo.
        let now = try date(2026, 1, 9, hour: 23, minute: 30, in: "UTC")
        let report = try await SampleWeatherService(today: { now }).weather(at: Places.oslo)
        #expect(report.source == .sample)
        #expect(report.current.date == now)
        #expect(report.daily.map(\.date) == (10...16).map { CalendarDay(year: 2026, month: 1, day: $0) })
        #expect(report.daily.allSatisfy { $0.lowCelsius <= $0.highCelsius })
    }

    @Test func theSampleIsColderInOsloInJanuaryThanInSingapore() async throws {
        let january = try date(2026, 1, 15, hour: 12, in: "UTC")
        let sample = SampleWeatherService(today: { january })
        let oslo = try await sample.weather(at: Places.oslo)
        let singapore = try await sample.weather(at: Places.singapore)
        #expect(oslo.current.temperatureCelsius < singapore.current.temperatureCelsius)
        #expect(oslo.daily.map(\.highCelsius).max() ?? 99 < singapore.daily.map(\.lowCelsius).min() ?? -99)
    }

    @Test func theSampleIsWarmerInOsloInJulyThanInJanuary() async throws {
        let midJanuary = try date(2026, 1, 15, hour: 12, in: "UTC")
        let midJuly = try date(2026, 7, 15, hour: 12, in: "UTC")
        let january = try await SampleWeatherService(today: { midJanuary }).weather(at: Places.oslo)
        let july = try await SampleWeatherService(today: { midJuly }).weather(at: Places.oslo)
        #expect(january.daily.map(\.highCelsius).max() ?? 99 < july.daily.map(\.lowCelsius).min() ?? -99)
    }
}

// MARK: - Fallback

struct FallbackWeatherServiceTests {
    @Test func noNetworkFallsBackToTheSample() async throws {
        let now = try date(2026, 1, 15, hour: 12, in: "UTC")
        let offline = OpenMeteoWeatherService(http: CannedHTTPClient(error: URLError(.notConnectedToInternet)))
        let service = FallbackWeatherService(primary: offline, fallback: SampleWeatherService(today: { now }))
        let report = try await service.weather(at: Places.oslo)
        #expect(report.source == .sample)
        #expect(try await SampleWeatherService(today: { now }).weather(at: Places.oslo) == report)
    }

    @Test func otherErrorsArePassedOn() async throws {
        let fallback = SampleWeatherService()
        for error in [WeatherServiceError.rejectedKey, .failed("Weatherbit: too many requests")] {
            let service = FallbackWeatherService(primary: FailingWeatherService(error: error), fallback: fallback)
            await #expect(throws: error) { try await service.weather(at: Places.oslo) }
        }
    }

    @Test func anAnswerFromThePrimaryIsKept() async throws {
        let online = OpenMeteoWeatherService(http: CannedHTTPClient(fixture: "open-meteo-forecast"))
        let unused = FailingWeatherService(error: .failed("not asked"))
        let service = FallbackWeatherService(primary: online, fallback: unused)
        #expect(try await service.weather(at: Places.paris).source == .openMeteo)
    }
}

struct FallbackGeocoderTests {
    @Test func noNetworkFallsBackToTheGazetteer() async throws {
        let offline = OpenMeteoGeocoder(http: CannedHTTPClient(error: URLError(.cannotFindHost)))
        let geocoder = FallbackGeocoder(primary: offline, fallback: EmbeddedGazetteer.bundled())
        let places = try await geocoder.places(matching: "Paris, France", limit: 1)
        #expect(places.map(\.countryCode) == ["FR"])
    }

    @Test func anUnreadableAnswerIsPassedOn() async throws {
        let broken = OpenMeteoGeocoder(http: CannedHTTPClient(body: Data("{".utf8)))
        let geocoder = FallbackGeocoder(primary: broken, fallback: EmbeddedGazetteer.bundled())
        await #expect(throws: WeatherServiceError.self) { try await geocoder.places(matching: "Paris", limit: 1) }
    }
}

// MARK: - Sample: the extras and the hours

struct SampleWeatherExtrasTests {
    @Test func theSampleHasWindARainChanceAndFeelsLike() async throws {
        let now = try date(2026, 1, 10, hour: 7, in: "Europe/Oslo")
        let current = try await SampleWeatherService(today: { now }).weather(at: Places.oslo).current
        let wind = try #require(current.windSpeedKmh)
        #expect((0...60).contains(wind))
        #expect((0..<360).contains(try #require(current.windDirectionDegrees)))
        #expect((0...100).contains(try #require(current.precipitationChance)))
        // Oslo in January is cold; in any wind it feels colder still.
        let feelsLike = try #require(current.apparentTemperatureCelsius)
        #expect(wind > 4.8 ? feelsLike < current.temperatureCelsius : feelsLike == current.temperatureCelsius)
    }

    @Test func theSampleHas24HoursFromTheCurrentHourStartingAtNow() async throws {
        let now = try date(2026, 7, 15, hour: 22, in: "Europe/Oslo")
        let report = try await SampleWeatherService(today: { now }).weather(at: Places.oslo)
        #expect(report.hourly.map(\.time) == (0..<24).map { now.addingTimeInterval(Double($0) * 3_600) })
        #expect(report.hourly.first?.temperatureCelsius == report.current.temperatureCelsius)
        let lowest = report.daily.prefix(2).map(\.lowCelsius).min() ?? 0
        let highest = report.daily.prefix(2).map(\.highCelsius).max() ?? 0
        #expect(report.hourly.dropFirst(6).allSatisfy { (lowest...highest).contains($0.temperatureCelsius) })
    }

    @Test func theSampleExtrasAreTheSameAllDay() async throws {
        let morning = try date(2026, 1, 10, hour: 7, minute: 30, in: "Europe/Oslo")
        let evening = try date(2026, 1, 10, hour: 22, in: "Europe/Oslo")
        let first = try await SampleWeatherService(today: { morning }).weather(at: Places.oslo).current
        let second = try await SampleWeatherService(today: { evening }).weather(at: Places.oslo).current
        #expect(first.windSpeedKmh == second.windSpeedKmh)
        #expect(first.windDirectionDegrees == second.windDirectionDegrees)
        #expect(first.precipitationChance == second.precipitationChance)
        #expect(first.apparentTemperatureCelsius == second.apparentTemperatureCelsius)
    }
}
