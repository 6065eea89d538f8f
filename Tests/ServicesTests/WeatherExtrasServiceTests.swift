import Foundation
import Models
import Services
import Testing

// MARK: - Open-Meteo: wind, feels-like, precipitation and the next 24 hours

struct OpenMeteoWeatherExtrasTests {
    /// 14:00 on 21 November 2026 in Paris (UTC+1), the hour the recorded answer was asked in.
    private let twoPM = Date(timeIntervalSince1970: 1_795_266_000)

    private func report(fixture: String = "open-meteo-forecast-extras") async throws -> WeatherReport {
        try await OpenMeteoWeatherService(http: CannedHTTPClient(fixture: fixture)).weather(at: Places.paris)
    }

    private func report(body: String) async throws -> WeatherReport {
        try await OpenMeteoWeatherService(http: CannedHTTPClient(body: Data(body.utf8))).weather(at: Places.paris)
    }

    @Test func windFeelsLikeAndTheChanceOfPrecipitationAreRead() async throws {
        let current = try await report().current
        #expect(current.windSpeedKmh == 14.8)
        #expect(current.windDirectionDegrees == 242)
        #expect(current.apparentTemperatureCelsius == 6.8)
        #expect(current.precipitationChance == 35)
        #expect(current.temperatureCelsius == 9.4)
    }

    @Test func theNext24HoursStartAtTheCurrentHour() async throws {
        let hourly = try await report().hourly
        #expect(hourly.count == 24)
        #expect(hourly.map(\.time) == (0..<24).map { twoPM.addingTimeInterval(Double($0) * 3_600) })
        #expect(
            hourly.map(\.temperatureCelsius) == [
                9.4, 9.1, 8.3, 7.2, 6.5, 6.0, 5.6, 5.3, 5.0, 4.8, 4.7, 4.6,
                4.4, 4.3, 4.5, 4.9, 5.2, 5.6, 5.9, 6.6, 7.4, 8.3, 9.0, 9.5,
            ])
    }

    @Test func anAnswerWhoseHoursStartAtMidnightGivesTheHoursFromTheCurrentHour() async throws {
        // 48 hours from midnight (as without forecast_hours), 14:00 missing, the temperature the hour's number.
        let times = (0..<48).map { String(format: "\"2026-11-%02d T%02d:00\"", 21 + $0 / 24, $0 % 24) }
            .map { $0.replacingOccurrences(of: " ", with: "") }
        let values = (0..<48).map { $0 == 15 ? "null" : String($0) }
        let report = try await report(
            body: """
                {"utc_offset_seconds": 3600,
                 "current": {"time": "2026-11-21T14:45", "temperature_2m": 9.4, "weather_code": 2},
                 "hourly": {"time": [\(times.joined(separator: ","))], "temperature_2m": [\(values.joined(separator: ","))]}}
                """)
        #expect(report.hourly.first?.time == twoPM)
        #expect(report.hourly.map(\.temperatureCelsius) == (14..<38).filter { $0 != 15 }.map(Double.init))
        #expect(report.hourly.last?.time == twoPM.addingTimeInterval(23 * 3_600))
    }

    @Test func anAnswerRecordedBeforeTheExtrasStillReads() async throws {
        let report = try await report(fixture: "open-meteo-forecast")
        #expect(report.current.temperatureCelsius == 9.4)
        #expect(report.current.windSpeedKmh == nil)
        #expect(report.current.windDirectionDegrees == nil)
        #expect(report.current.apparentTemperatureCelsius == nil)
        #expect(report.current.precipitationChance == nil)
        #expect(report.hourly.isEmpty)
        #expect(report.daily.count == 7)
    }

    @Test func extrasOutOfRangeAreLeftOutAndTheReportKept() async throws {
        let report = try await report(
            body: """
                {"utc_offset_seconds": 3600,
                 "current": {"time": "2026-11-21T14:15", "temperature_2m": 9.4, "weather_code": 2,
                             "apparent_temperature": 1e308, "wind_speed_10m": -3, "wind_direction_10m": 400,
                             "precipitation_probability": 140}}
                """)
        #expect(report.current.temperatureCelsius == 9.4)
        #expect(report.current.windSpeedKmh == nil && report.current.windDirectionDegrees == nil)
        #expect(report.current.apparentTemperatureCelsius == nil && report.current.precipitationChance == nil)
    }

    @Test func aNorthWindOf360DegreesIsZeroAndAZeroChanceIsKept() async throws {
        let current = try await report(
            body: """
                {"utc_offset_seconds": 3600,
                 "current": {"time": "2026-11-21T14:15", "temperature_2m": -4.2, "weather_code": 0,
                             "apparent_temperature": -9.7, "wind_speed_10m": 0, "wind_direction_10m": 360,
                             "precipitation_probability": 0}}
                """
        ).current
        #expect(current.windDirectionDegrees == 0)
        #expect(current.windSpeedKmh == 0)
        #expect(current.apparentTemperatureCelsius == -9.7)
        #expect(current.precipitationChance == 0)
    }

    @Test func anUnreadableHourOrAnImpossibleHourlyTemperatureFailsTheAnswer() async throws {
        let current = #""current": {"time": "2026-11-21T14:15", "temperature_2m": 9.4, "weather_code": 2}"#
        for hourly in [
            #"{"time": ["2026-11-21T25:00"], "temperature_2m": [1]}"#,
            #"{"time": ["2026-11-21T15:00"], "temperature_2m": [1000]}"#,
        ] {
            let service = OpenMeteoWeatherService(
                http: CannedHTTPClient(body: Data(("{" + current + #", "hourly": "# + hourly + "}").utf8)))
            let error = await #expect(throws: WeatherServiceError.self) { try await service.weather(at: Places.paris) }
            #expect(error?.isFailure == true, "\(hourly)")
        }
    }
}

// MARK: - Weatherbit: the week from the daily endpoint

struct WeatherbitDailyTests {
    private static let current = CannedHTTPClient.Answer.success((loadFixture("weatherbit-current"), 200))
    private static let daily = CannedHTTPClient.Answer.success((loadFixture("weatherbit-daily"), 200))

    private func report(daily: CannedHTTPClient.Answer) async throws -> WeatherReport {
        let http = CannedHTTPClient(byPath: ["/v2.0/current": Self.current, "/v2.0/forecast/daily": daily])
        return try await WeatherbitWeatherService(apiKey: "k", http: http).weather(at: Places.richmond)
    }

    @Test func theWeekComesFromTheDailyEndpoint() async throws {
        let report = try await report(daily: Self.daily)
        #expect(report.daily.map(\.date) == (12...18).map { CalendarDay(year: 2026, month: 6, day: $0) })
        #expect(report.daily.map(\.condition) == [.cloudy, .rain, .thunderstorm, .partlyCloudy, .clear, .cloudy, .rain])
        #expect(report.daily.map(\.lowCelsius) == [21.4, 20.8, 21.0, 19.7, 20.3, 21.9, 20.1])
        #expect(report.daily.map(\.highCelsius) == [31.2, 27.9, 29.5, 30.6, 32.4, 28.1, 26.3])
        #expect(report.hourly.isEmpty)  // Weatherbit's hourly forecast is a paid plan's
        #expect(report.source == .weatherbit)
    }

    @Test func theCurrentWindIsInKmhAndTheChanceIsTodaysPop() async throws {
        let current = try await report(daily: Self.daily).current
        #expect(current.temperatureCelsius == 24.6)
        #expect(current.windSpeedKmh == 11.2)  // 3.1 m/s
        #expect(current.windDirectionDegrees == 225)
        #expect(current.apparentTemperatureCelsius == 24.3)
        #expect(current.precipitationChance == 20)  // 12 June, the day it is in Richmond
    }

    @Test func theDailyRequestAsksForSevenDaysWithTheKeyInMetricUnits() async throws {
        let http = CannedHTTPClient(byPath: ["/v2.0/current": Self.current, "/v2.0/forecast/daily": Self.daily])
        _ = try await WeatherbitWeatherService(apiKey: "a+b/c", http: http).weather(at: Places.richmond)
        let request = try #require(await http.request(for: "/v2.0/forecast/daily"))
        #expect(request.url.host == "api.weatherbit.io")
        #expect(
            try queryDictionary(of: request) == [
                "lat": "37.5538", "lon": "-77.4603", "key": "a+b/c", "units": "M", "days": "7",
            ])
        #expect(await http.requests.count == 2)
    }

    @Test(arguments: [
        CannedHTTPClient.Answer.success((Data(#"{"error": "Your API key does not allow access to this endpoint."}"#.utf8), 403)),
        .success((Data(#"{"error": "Rate limit reached."}"#.utf8), 429)),
        .success((Data("<html>Bad gateway</html>".utf8), 502)),
        .success((Data("{".utf8), 200)),
        .success((Data(#"{"data": [{"valid_date": "2026-06-12"}]}"#.utf8), 200)),
        .failure(URLError(.timedOut)),
        .failure(URLError(.badServerResponse)),
    ])
    func whenOnlyTheDailyRequestFailsTheCurrentWeatherIsKeptWithAnEmptyWeek(daily: CannedHTTPClient.Answer) async throws {
        let report = try await report(daily: daily)
        #expect(report.current.temperatureCelsius == 24.6)
        #expect(report.current.windSpeedKmh == 11.2)
        #expect(report.current.precipitationChance == nil)
        #expect(report.daily.isEmpty)
    }

    @Test func whenTheCurrentRequestFailsTheReportFailsWhateverTheDailyOneSays() async throws {
        let refused = CannedHTTPClient.Answer.success((loadFixture("weatherbit-error"), 403))
        let http = CannedHTTPClient(byPath: ["/v2.0/current": refused, "/v2.0/forecast/daily": Self.daily])
        let service = WeatherbitWeatherService(apiKey: "bad", http: http)
        await #expect(throws: WeatherServiceError.rejectedKey) { try await service.weather(at: Places.richmond) }
    }

    @Test func aDayWithAMissingOrImpossibleValueIsLeftOut() async throws {
        let body = #"""
            {"data": [{"valid_date": "2026-06-12", "max_temp": 31.2, "min_temp": 21.4, "pop": 20,
                       "weather": {"code": 803, "description": "Broken clouds"}},
                      {"valid_date": "2026-06-13", "max_temp": 27.9, "pop": 70, "weather": {"code": 500}},
                      {"valid_date": "2026-06-14", "max_temp": 900, "min_temp": 21, "weather": {"code": 202}},
                      {"valid_date": "2026-06-15", "max_temp": 30.6, "min_temp": 19.7, "weather": {"code": 801}}]}
            """#
        let report = try await report(daily: .success((Data(body.utf8), 200)))
        #expect(report.daily.map(\.date.day) == [12, 15])
        #expect(report.current.precipitationChance == 20)
    }
}
