import Foundation
import Models

/// The current weather and the week ahead from Weatherbit, the source of the original weather
/// app, used when the user sets `WEATHERBIT_API_KEY`: two requests sent together,
/// `GET {base}/v2.0/current?lat=…&lon=…&key=…&units=M` and
/// `GET {base}/v2.0/forecast/daily?lat=…&lon=…&key=…&units=M&days=7`.
///
/// The current answer decides: when it fails, the report fails (a key it refuses — HTTP 401 or
/// 403, or an error body about the key — is `.rejectedKey`). When only the daily one fails, the
/// current weather is kept with an empty week, as before the week was asked for. Its own words
/// ("Broken clouds") are kept as the description; its codes are mapped by `condition(forCode:)`.
/// Wind comes in m/s (`units=M`) and is given in km/h; the chance of precipitation is today's
/// `pop` from the daily answer, since the current one has none. `hourly` stays empty: Weatherbit's
/// hourly forecast (`/v2.0/forecast/hourly`) is on its paid plans only, and the key may be a free one.
///
/// ```swift
/// func weather(at richmond: Place) async throws {
///     if let weatherbit = WeatherbitWeatherService(environment: ProcessInfo.processInfo.environment,
///                                                  http: CurlHTTPClient()) {
///         try await weatherbit.weather(at: richmond).current.description   // "Broken clouds"
///     }
/// }
/// ```
public struct WeatherbitWeatherService: WeatherService {
    /// Where the public API lives.
    public static let defaultBase = "https://api.weatherbit.io"
    /// The environment variable that holds the key.
    public static let keyVariable = "WEATHERBIT_API_KEY"

    private static let source = "Weatherbit"
    private let apiKey: String
    private let http: any HTTPClient
    private let base: String

    /// Creates a service that asks with `apiKey`, through `http`, at `base`.
    public init(apiKey: String, http: any HTTPClient, base: String = WeatherbitWeatherService.defaultBase) {
        self.apiKey = apiKey
        self.http = http
        self.base = base
    }

    /// Creates a service with the key in `WEATHERBIT_API_KEY`; nil when it is unset or blank.
    public init?(
        environment: [String: String], http: any HTTPClient,
        base: String = WeatherbitWeatherService.defaultBase
    ) {
        guard let key = environment[Self.keyVariable]?.trimmingCharacters(in: .whitespacesAndNewlines),
            !key.isEmpty
        else { return nil }
        self.init(apiKey: key, http: http, base: base)
    }

    /// The weather now at `place` and, when Weatherbit's daily forecast answers, the week ahead.
    public func weather(at place: Place) async throws -> WeatherReport {
        let currentRequest = try request(for: place, path: "/v2.0/current")
        let dailyRequest = try request(
            for: place, path: "/v2.0/forecast/daily",
            extra: [URLQueryItem(name: "days", value: String(Self.forecastDays))])
        async let week = self.week(with: dailyRequest)
        let (answer, errorText) = try await data(Answer.self, for: currentRequest)
        guard let entry = answer.data?.first else {
            throw WeatherServiceError.failed(errorText.map { "Weatherbit: \($0)" } ?? "Weatherbit sent no observation")
        }
        let days = try await week
        let observation = try Self.observation(from: entry, week: days, zone: TimeZone(identifier: place.timeZone))
        return WeatherReport(current: observation, daily: days.compactMap(\.forecast), source: .weatherbit)
    }

    /// How many days of forecast are asked for.
    public static let forecastDays = 7

    // MARK: - Requests

    /// The answer to `request` read as `type` with the error text beside it if any, or the error
    /// it means.
    private func data<T: Decodable>(_ type: T.Type, for request: HTTPRequest) async throws
        -> (value: T, errorText: String?)
    {
        let (body, status) = try await WeatherHTTP.fetch(request, with: http, from: Self.source)
        let errorText = (try? JSONDecoder().decode(ErrorBody.self, from: body))?.error
        if status == 401 || status == 403 || errorText.map(Self.isAboutTheKey) == true {
            throw WeatherServiceError.rejectedKey
        }
        guard status == 200 else {
            let reason = errorText.map { "Weatherbit: \($0)" }
            throw WeatherServiceError.failed(reason ?? "Weatherbit answered HTTP \(status)")
        }
        return (try WeatherHTTP.decode(type, from: body, source: Self.source), errorText)
    }

    /// The days of the daily forecast, today first, at most seven with those incomplete left
    /// out; none when the request fails in any way but being cancelled, since the current
    /// weather is worth showing without them.
    private func week(with request: HTTPRequest) async throws -> [Day] {
        do {
            let days = try await data(DailyAnswer.self, for: request).value.data ?? []
            return Array(days.compactMap(Self.day(from:)).prefix(Self.forecastDays))
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            try Task.checkCancellation()
            return []
        }
    }

    private func request(for place: Place, path: String, extra: [URLQueryItem] = []) throws -> HTTPRequest {
        guard (-90...90).contains(place.latitude), (-180...180).contains(place.longitude) else {
            throw WeatherServiceError.failed("\(place.name) has no valid coordinates")
        }
        guard var components = URLComponents(string: base + path) else {
            throw WeatherServiceError.failed("The Weatherbit address \(base) is not valid")
        }
        components.queryItems =
            [
                URLQueryItem(name: "lat", value: WeatherHTTP.coordinate(place.latitude)),
                URLQueryItem(name: "lon", value: WeatherHTTP.coordinate(place.longitude)),
                URLQueryItem(name: "key", value: apiKey),
                URLQueryItem(name: "units", value: "M"),
            ] + extra
        // URLComponents leaves "+" alone, which a server may read as a space: keep it literal.
        components.percentEncodedQuery = components.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B")
        guard let url = components.url else {
            throw WeatherServiceError.failed("The Weatherbit address \(base) is not valid")
        }
        return HTTPRequest(url: url)
    }

    // MARK: - Reading the answer

    /// The current weather in `entry`, with the chance of precipitation of its day in `week` (on
    /// the calendar of `zone`, the place's; the first day's when the place has no valid zone).
    private static func observation(from entry: Answer.Entry, week: [Day], zone: TimeZone?) throws -> Observation {
        guard let temperature = entry.temp else {
            throw WeatherServiceError.failed("Weatherbit sent no temperature")
        }
        guard let code = entry.weather?.code, let condition = condition(forCode: code) else {
            throw WeatherServiceError.failed("Weatherbit sent an unknown weather code")
        }
        let date: Date
        if let ts = entry.ts, ts.isFinite, abs(ts) < 1e11 {
            date = Date(timeIntervalSince1970: ts)
        } else if let text = entry.obTime, let zone = TimeZone(secondsFromGMT: 0),
            let parsed = LocalTimeText.date(text, in: zone)
        {
            date = parsed  // "ob_time" is UTC
        } else {
            throw WeatherServiceError.failed("Weatherbit sent no observation time")
        }
        let given = entry.weather?.description?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        var chance = week.first?.pop
        if let zone {
            let today = CalendarDay(containing: date, in: zone)
            chance = week.first { $0.date == today }?.pop
        }
        return Observation(
            date: date, temperatureCelsius: try WeatherHTTP.checkedCelsius(temperature, from: source),
            condition: condition, description: given.isEmpty ? condition.words : given,
            windSpeedKmh: WeatherExtras.windKmh(metresPerSecond: entry.windSpd),
            windDirectionDegrees: WeatherExtras.direction(entry.windDir),
            apparentTemperatureCelsius: WeatherExtras.apparentCelsius(entry.appTemp),
            precipitationChance: WeatherExtras.chance(chance))
    }

    /// A day of the daily answer with its chance of precipitation; its forecast is nil when the
    /// day lacks a value or has one this program does not believe. Nil when it names no day.
    private static func day(from entry: DailyAnswer.Entry) -> Day? {
        guard let text = entry.validDate, let date = LocalTimeText.day(text) else { return nil }
        var forecast: DailyForecast?
        if let code = entry.weather?.code, let condition = condition(forCode: code),
            let low = entry.minTemp, let high = entry.maxTemp,
            WeatherHTTP.plausibleCelsius.contains(low), WeatherHTTP.plausibleCelsius.contains(high)
        {
            forecast = DailyForecast(date: date, condition: condition, lowCelsius: low, highCelsius: high)
        }
        return Day(date: date, forecast: forecast, pop: entry.pop)
    }

    /// One day of the week read: the forecast shown, and the chance kept for today's observation.
    private struct Day {
        let date: CalendarDay
        let forecast: DailyForecast?
        let pop: Double?
    }

    /// Whether an error body is about the key ("API key not valid, or not yet activated.").
    private static func isAboutTheKey(_ text: String) -> Bool {
        text.range(of: "key", options: .caseInsensitive) != nil
    }
}

// MARK: - Weatherbit weather codes

extension WeatherbitWeatherService {
    /// The condition for a Weatherbit weather code; nil when unknown.
    ///
    /// 2xx thunderstorm, 3xx drizzle, 5xx rain (and 900, "unknown precipitation"), 6xx snow,
    /// 7xx fog or haze, 800 clear, 801–802 partly cloudy, 803–804 cloudy.
    public static func condition(forCode code: Int) -> Condition? {
        switch code {
        case 200...299: .thunderstorm
        case 300...399: .drizzle
        case 500...599, 900: .rain
        case 600...699: .snow
        case 700...799: .fog
        case 800: .clear
        case 801, 802: .partlyCloudy
        case 803, 804: .cloudy
        default: nil
        }
    }
}

// MARK: - Wire format

/// The parts of a current-weather answer that are read; everything else is ignored.
private struct Answer: Decodable {
    let data: [Entry]?

    struct Entry: Decodable {
        let temp: Double?
        let ts: Double?
        let obTime: String?
        let weather: Weather?
        let windSpd: Double?
        let windDir: Double?
        let appTemp: Double?

        enum CodingKeys: String, CodingKey {
            case temp, ts, obTime = "ob_time", weather, windSpd = "wind_spd", windDir = "wind_dir", appTemp = "app_temp"
        }
    }

    struct Weather: Decodable {
        let code: Int?
        let description: String?

        enum CodingKeys: String, CodingKey {
            case code, description
        }

        /// The code comes as a number in current answers and as a string ("803") in older ones.
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            if let number = try? container.decodeIfPresent(Int.self, forKey: .code) {
                code = number
            } else {
                code = (try? container.decodeIfPresent(String.self, forKey: .code)).flatMap { Int($0) }
            }
            description = try? container.decodeIfPresent(String.self, forKey: .description)
        }
    }
}

/// The parts of a daily-forecast answer that are read: one entry per day, today first.
private struct DailyAnswer: Decodable {
    let data: [Entry]?

    struct Entry: Decodable {
        /// The day on the place's own calendar, "2026-06-12".
        let validDate: String?
        let maxTemp: Double?
        let minTemp: Double?
        /// The chance of precipitation, 0 to 100.
        let pop: Double?
        let weather: Answer.Weather?

        enum CodingKeys: String, CodingKey {
            case validDate = "valid_date", maxTemp = "max_temp", minTemp = "min_temp", pop, weather
        }
    }
}

/// Weatherbit's error answer: `{"error": "API key not valid, or not yet activated."}`.
private struct ErrorBody: Decodable {
    let error: String
}
