import Foundation
import Models
import Services
import Testing
import TestSupport

// MARK: - Open-Meteo forecast

struct OpenMeteoWeatherServiceTests {
    /// The forecast fixture read for Paris.
    private func parisForecast() async throws -> WeatherReport {
        try await OpenMeteoWeatherService(http: CannedHTTPClient(fixture: "open-meteo-forecast")).weather(at: Places.paris)
    }

    @Test func forecastDecodesTheCurrentWeather() async throws {
        let report = try await parisForecast()
        #expect(report.current.temperatureCelsius == 9.4)
        #expect(report.current.condition == .partlyCloudy)
        #expect(report.current.description == "Partly cloudy")
        #expect(report.source == .openMeteo)
    }

    @Test func forecastReadsTheLocalTimeInThePlacesZone() async throws {
        let report = try await parisForecast()
        // "2026-11-21T14:15" in Paris (UTC+1 in November) is 13:15 UTC.
        #expect(report.current.date == Date(timeIntervalSince1970: 1_795_266_900))
    }

    @Test func forecastDecodesSevenCalendarDaysWithLowsAndHighs() async throws {
        let report = try await parisForecast()
        #expect(report.daily.map(\.date) == (21...27).map { CalendarDay(year: 2026, month: 11, day: $0) })
        #expect(report.daily.map(\.condition) == [.partlyCloudy, .rain, .cloudy, .rain, .fog, .clear, .snow])
        #expect(report.daily.map(\.lowCelsius) == [4.3, 5.1, 3.7, 2.9, 0.8, -1.6, -2.4])
        #expect(report.daily.map(\.highCelsius) == [10.8, 9.6, 8.1, 7.4, 6.2, 5.9, 2.3])
        #expect(report.daily.first?.date.weekday == 7)  // 21 November 2026 is a Saturday
    }

    @Test func forecastRequestNamesThePlaceItsZoneAndTheFields() async throws {
        let http = CannedHTTPClient(fixture: "open-meteo-forecast")
        _ = try await OpenMeteoWeatherService(http: http).weather(at: Places.paris)
        let request = try #require(await http.requests.first)
        #expect(request.url.host == "api.open-meteo.com")
        #expect(request.url.path == "/v1/forecast")
        #expect(
            try queryDictionary(of: request) == [
                "latitude": "48.8534", "longitude": "2.3488",
                "current": "temperature_2m,weather_code,apparent_temperature,wind_speed_10m,wind_direction_10m,"
                    + "precipitation_probability",
                "hourly": "temperature_2m", "daily": "weather_code,temperature_2m_max,temperature_2m_min",
                "timezone": "Europe/Paris", "forecast_days": "7", "forecast_hours": "25", "wind_speed_unit": "kmh",
            ])
        #expect(request.headers.isEmpty)
        #expect(request.timeout == .seconds(10))
    }

    @Test func aPlaceWithoutATimeZoneAsksForAutoAndReadsTheZoneTheAnswerNames() async throws {
        let http = CannedHTTPClient(fixture: "open-meteo-forecast")
        let somewhere = Place(
            name: "Paris", region: nil, regionCode: nil, country: "France", countryCode: "FR",
            latitude: 48.85341, longitude: 2.3488, timeZone: "", population: 0)
        let report = try await OpenMeteoWeatherService(http: http).weather(at: somewhere)
        #expect(try queryDictionary(of: await http.requests.first)["timezone"] == "auto")
        #expect(report.current.date == Date(timeIntervalSince1970: 1_795_266_900))
    }

    @Test func wmoCodesMapToConditionsAndWords() {
        let table = OpenMeteoWeatherService.weather(forWMOCode:)
        #expect(table(0)?.condition == .clear)
        #expect(table(0)?.description == "Clear sky")
        #expect(table(1)?.condition == .partlyCloudy)
        #expect(table(3)?.condition == .cloudy)
        #expect(table(3)?.description == "Overcast")
        #expect(table(48)?.condition == .fog)
        #expect(table(51)?.description == "Light drizzle")
        #expect(table(57)?.condition == .drizzle)
        #expect(table(65)?.description == "Heavy rain")
        #expect(table(82)?.condition == .rain)
        #expect(table(77)?.condition == .snow)
        #expect(table(86)?.condition == .snow)
        #expect(table(96)?.condition == .thunderstorm)
        #expect(table(4) == nil && table(100) == nil && table(-1) == nil)
    }

    @Test func anErrorAnswerIsFailedWithItsReason() async throws {
        let body = #"{"error": true, "reason": "Latitude must be in range of -90 to 90°. Given: 91.0."}"#
        let service = OpenMeteoWeatherService(http: CannedHTTPClient(status: 400, body: Data(body.utf8)))
        let expected = WeatherServiceError.failed("Open-Meteo: Latitude must be in range of -90 to 90°. Given: 91.0.")
        await #expect(throws: expected) { try await service.weather(at: Places.paris) }
    }

    @Test func aDayWithAMissingValueIsLeftOut() async throws {
        let body = #"""
            {"utc_offset_seconds": 3600, "current": {"time": "2026-11-21T14:15", "temperature_2m": 9.4, "weather_code": 2},
             "daily": {"time": ["2026-11-21", "2026-11-22"], "weather_code": [2, null],
                       "temperature_2m_max": [10.8, 9.6], "temperature_2m_min": [4.3, 5.1]}}
            """#
        let service = OpenMeteoWeatherService(http: CannedHTTPClient(body: Data(body.utf8)))
        let report = try await service.weather(at: Places.paris)
        #expect(report.daily.map(\.date) == [CalendarDay(year: 2026, month: 11, day: 21)])
    }

    @Test func hostileAnswersAreFailuresNotCrashes() async throws {
        let current = #""current": {"time": "2026-11-21T14:15", "temperature_2m": 9.4, "weather_code": 2}"#
        let bodies = [
            "", "[]", "null", #"{"current": 1}"#, "{" + String(repeating: "[", count: 10_000),
            #"{"current": {"time": "2026-13-45T99:99", "temperature_2m": 1, "weather_code": 0}}"#,
            #"{"current": {"time": "2026-11-21T14:15", "temperature_2m": 1e308, "weather_code": 0}}"#,
            #"{"current": {"time": "2026-11-21T14:15", "temperature_2m": 1, "weather_code": 1e30}}"#,
            #"{"current": {"time": "2026-11-21T14:15", "temperature_2m": 1, "weather_code": 1234}}"#,
            #"{"current": {"time": "２０２６-11-21T14:15", "temperature_2m": 1, "weather_code": 0}}"#,
            "{" + current + #", "daily": {"time": ["2026-02-30"], "weather_code": [0], "#
                + #""temperature_2m_max": [1], "temperature_2m_min": [0]}}"#,
        ]
        for body in bodies {
            let service = OpenMeteoWeatherService(http: CannedHTTPClient(body: Data(body.utf8)))
            let error = await #expect(throws: WeatherServiceError.self) { try await service.weather(at: Places.paris) }
            #expect(error?.isFailure == true, "\(body.prefix(80))")
        }
    }

    @Test func aBodyOverFiveMegabytesIsRefused() async throws {
        let service = OpenMeteoWeatherService(http: CannedHTTPClient(body: Data(repeating: 0x20, count: 5_000_001)))
        await #expect(throws: WeatherServiceError.failed("Open-Meteo sent an answer too large to read (over 5 MB)")) {
            try await service.weather(at: Places.paris)
        }
    }
}

// MARK: - Open-Meteo geocoding

struct OpenMeteoGeocoderTests {
    @Test func geocodingDecodesPlaces() async throws {
        let places = try await OpenMeteoGeocoder(http: CannedHTTPClient(fixture: "open-meteo-geocoding-paris"))
            .places(matching: "Paris", limit: 10)
        #expect(places.count == 5)
        #expect(
            places.first
                == Place(
                    name: "Paris", region: "Île-de-France", regionCode: nil, country: "France",
                    countryCode: "FR", latitude: 48.85341, longitude: 2.3488,
                    timeZone: "Europe/Paris", population: 2_138_551))
        #expect(places.dropFirst().first?.region == "Texas")
        #expect(places.dropFirst().first?.regionCode == "TX")
    }

    @Test func geocodingRequestAsksForTheNameInEnglishAsJSON() async throws {
        let http = CannedHTTPClient(fixture: "open-meteo-geocoding-paris")
        let places = try await OpenMeteoGeocoder(http: http).places(matching: "  Paris ", limit: 3)
        let request = try #require(await http.requests.first)
        #expect(request.url.host == "geocoding-api.open-meteo.com")
        #expect(request.url.path == "/v1/search")
        #expect(try queryDictionary(of: request) == ["name": "Paris", "count": "3", "language": "en", "format": "json"])
        #expect(places.count == 3)
    }

    @Test func anAnswerWithoutResultsFindsNothing() async throws {
        let places = try await OpenMeteoGeocoder(http: CannedHTTPClient(fixture: "open-meteo-geocoding-empty"))
            .places(matching: "Xyzzyville", limit: 5)
        #expect(places.isEmpty)
    }

    @Test func richmondVAAsksForRichmondAndKeepsOnlyVirginia() async throws {
        let http = CannedHTTPClient(fixture: "open-meteo-geocoding-richmond")
        let places = try await OpenMeteoGeocoder(http: http).places(matching: "Richmond, VA", limit: 5)
        let query = try queryDictionary(of: await http.requests.first)
        #expect(query["name"] == "Richmond")
        #expect(query["count"] == "100")
        #expect(places.map(\.region) == ["Virginia"])
        #expect(places.first?.regionCode == "VA")
        #expect(places.first?.timeZone == "America/New_York")
    }

    @Test func richmondCAPutsCaliforniaBeforeCanada() async throws {
        let places = try await OpenMeteoGeocoder(http: CannedHTTPClient(fixture: "open-meteo-geocoding-richmond"))
            .places(matching: "richmond, ca", limit: 5)
        #expect(places.map(\.region) == ["California", "British Columbia"])
    }

    @Test func aQualifierThatFitsNothingFindsNothing() async throws {
        let places = try await OpenMeteoGeocoder(http: CannedHTTPClient(fixture: "open-meteo-geocoding-richmond"))
            .places(matching: "Richmond, Narnia", limit: 5)
        #expect(places.isEmpty)
    }

    @Test func anEmptyQueryAsksNothing() async throws {
        let http = CannedHTTPClient(fixture: "open-meteo-geocoding-paris")
        let places = try await OpenMeteoGeocoder(http: http).places(matching: " , VA", limit: 5)
        #expect(places.isEmpty)
        #expect(await http.requests.isEmpty)
    }
}

// MARK: - Weatherbit

struct WeatherbitWeatherServiceTests {
    @Test func weatherbitDecodesTheCurrentWeatherWithItsOwnWords() async throws {
        // Every request, the daily one included, gets the current answer: no day in it is read.
        let service = WeatherbitWeatherService(apiKey: "k", http: CannedHTTPClient(fixture: "weatherbit-current"))
        let report = try await service.weather(at: Places.richmond)
        #expect(
            report.current
                == Observation(
                    date: Date(timeIntervalSince1970: 1_781_287_200),
                    temperatureCelsius: 24.6, condition: .cloudy,
                    description: "Broken clouds", windSpeedKmh: 11.2,
                    windDirectionDegrees: 225, apparentTemperatureCelsius: 24.3))
        #expect(report.daily.isEmpty)
        #expect(report.hourly.isEmpty)
        #expect(report.source == .weatherbit)
    }

    @Test func weatherbitRequestCarriesTheKeyAndMetricUnits() async throws {
        let http = CannedHTTPClient(fixture: "weatherbit-current")
        _ = try await WeatherbitWeatherService(apiKey: "a+b/c", http: http).weather(at: Places.richmond)
        let request = try #require(await http.request(for: "/v2.0/current"))
        #expect(request.url.host == "api.weatherbit.io")
        #expect(try queryDictionary(of: request) == ["lat": "37.5538", "lon": "-77.4603", "key": "a+b/c", "units": "M"])
    }

    @Test func theObservationTimeIsReadWhenThereIsNoTimestamp() async throws {
        let body = #"""
            {"data": [{"temp": 3, "ob_time": "2026-06-12 18:00", "weather": {"code": "600", "description": "Light snow"}}]}
            """#
        let report = try await WeatherbitWeatherService(apiKey: "k", http: CannedHTTPClient(body: Data(body.utf8)))
            .weather(at: Places.richmond)
        #expect(report.current.date == Date(timeIntervalSince1970: 1_781_287_200))
        #expect(report.current.condition == .snow)
    }

    @Test func theErrorBodyWithForbiddenIsRejectedKey() async throws {
        let http = CannedHTTPClient(status: 403, fixture: "weatherbit-error")
        let service = WeatherbitWeatherService(apiKey: "bad", http: http)
        await #expect(throws: WeatherServiceError.rejectedKey) { try await service.weather(at: Places.richmond) }
    }

    @Test func unauthorizedIsRejectedKey() async throws {
        let service = WeatherbitWeatherService(apiKey: "bad", http: CannedHTTPClient(status: 401, body: Data()))
        await #expect(throws: WeatherServiceError.rejectedKey) { try await service.weather(at: Places.richmond) }
    }

    @Test func anAnswerWithoutDataIsFailed() async throws {
        let service = WeatherbitWeatherService(apiKey: "k", http: CannedHTTPClient(body: Data(#"{"count": 0}"#.utf8)))
        await #expect(throws: WeatherServiceError.failed("Weatherbit sent no observation")) {
            try await service.weather(at: Places.richmond)
        }
    }

    @Test func weatherbitCodesMapToConditions() {
        let table = WeatherbitWeatherService.condition(forCode:)
        #expect(
            [201, 302, 502, 900, 601, 741, 800, 801, 802, 803, 804].map(table) == [
                .thunderstorm, .drizzle, .rain, .rain, .snow, .fog, .clear, .partlyCloudy, .partlyCloudy, .cloudy, .cloudy,
            ])
        #expect(table(100) == nil && table(805) == nil)
    }

    @Test func theKeyComesFromWEATHERBIT_API_KEY() {
        let http = CannedHTTPClient(body: Data())
        #expect(WeatherbitWeatherService(environment: [:], http: http) == nil)
        #expect(WeatherbitWeatherService(environment: ["WEATHERBIT_API_KEY": "  "], http: http) == nil)
        #expect(WeatherbitWeatherService(environment: ["WEATHERBIT_API_KEY": "abc"], http: http) != nil)
    }
}

// MARK: - No network

struct NoNetworkTests {
    @Test(arguments: [
        URLError.Code.notConnectedToInternet, .cannotFindHost, .cannotConnectToHost, .timedOut,
        .networkConnectionLost, .dnsLookupFailed,
    ])
    func connectionFailuresAreNoNetwork(code: URLError.Code) async throws {
        let http = CannedHTTPClient(error: URLError(code))
        await #expect(throws: WeatherServiceError.noNetwork) {
            try await OpenMeteoWeatherService(http: http).weather(at: Places.paris)
        }
        await #expect(throws: WeatherServiceError.noNetwork) {
            try await OpenMeteoGeocoder(http: http).places(matching: "Paris", limit: 1)
        }
        await #expect(throws: WeatherServiceError.noNetwork) {
            try await WeatherbitWeatherService(apiKey: "k", http: http).weather(at: Places.paris)
        }
    }

    @Test func aForecastIsFetchedFromARealServerThroughCurl() async throws {
        let server = try LoopbackHTTPServer(replies: [.answer(status: 200, body: loadFixture("open-meteo-forecast"))])
        defer { server.stop() }
        let service = OpenMeteoWeatherService(http: CurlHTTPClient(), base: server.baseURL.absoluteString)
        let report = try await service.weather(at: Places.paris)
        #expect(report.current.temperatureCelsius == 9.4)
        #expect(server.requests.first?.hasPrefix("GET /v1/forecast?latitude=48.8534&longitude=2.3488&") == true)
    }

    @Test func aRefusedConnectionThroughCurlIsNoNetworkEverywhere() async throws {
        let nowhere = try LoopbackHTTPServer.refusingPort()
        defer { nowhere.close() }
        let base = "http://127.0.0.1:\(nowhere.port)"
        let http = CurlHTTPClient()
        await #expect(throws: WeatherServiceError.noNetwork) {
            try await OpenMeteoWeatherService(http: http, base: base).weather(at: Places.paris)
        }
        await #expect(throws: WeatherServiceError.noNetwork) {
            try await OpenMeteoGeocoder(http: http, base: base).places(matching: "Paris", limit: 1)
        }
        await #expect(throws: WeatherServiceError.noNetwork) {
            try await WeatherbitWeatherService(apiKey: "k", http: http, base: base).weather(at: Places.paris)
        }
    }

    @Test func aBodyTooLargeForCurlIsRefusedAsTooLarge() async throws {
        let server = try LoopbackHTTPServer(replies: [.answer(status: 200, body: Data(repeating: 0x20, count: 2_000))])
        defer { server.stop() }
        let service = OpenMeteoWeatherService(
            http: CurlHTTPClient(maximumBodySize: 1_000),
            base: server.baseURL.absoluteString)
        await #expect(throws: WeatherServiceError.failed("Open-Meteo sent an answer too large to read (over 5 MB)")) {
            try await service.weather(at: Places.paris)
        }
    }

    @Test func curlMissingIsFailedSayingSo() async throws {
        let service = OpenMeteoWeatherService(http: CurlHTTPClient(curl: "/nonexistent/curl"))
        await #expect(throws: WeatherServiceError.failed("Open-Meteo could not be reached: curl is not installed")) {
            try await service.weather(at: Places.paris)
        }
    }

    @Test func otherTransportFailuresAreFailedNotNoNetwork() async throws {
        let service = OpenMeteoWeatherService(http: CannedHTTPClient(error: URLError(.badServerResponse)))
        let error = await #expect(throws: WeatherServiceError.self) { try await service.weather(at: Places.paris) }
        #expect(error?.isFailure == true)
    }
}
