import Foundation
import Models

/// The current weather from Weatherbit, the source of the original weather app, used when the
/// user sets `WEATHERBIT_API_KEY`: `GET {base}/v2.0/current?lat=…&lon=…&key=…&units=M`.
///
/// Weatherbit's current-weather endpoint gives no forecast, so `daily` is empty. Its own words
/// ("Broken clouds") are kept as the description; its codes are mapped by `condition(forCode:)`.
/// A key it refuses (HTTP 401 or 403, or an error body about the key) is `.rejectedKey`.
///
/// ```swift
/// if let weatherbit = WeatherbitWeatherService(environment: ProcessInfo.processInfo.environment,
///                                              http: CurlHTTPClient()) {
///     try await weatherbit.weather(at: richmond).current.description   // "Broken clouds"
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
    public init?(environment: [String: String], http: any HTTPClient,
                 base: String = WeatherbitWeatherService.defaultBase) {
        guard let key = environment[Self.keyVariable]?.trimmingCharacters(in: .whitespacesAndNewlines),
              !key.isEmpty else { return nil }
        self.init(apiKey: key, http: http, base: base)
    }

    /// The weather now at `place`; Weatherbit's current endpoint has no forecast days.
    public func weather(at place: Place) async throws -> WeatherReport {
        let (body, status) = try await WeatherHTTP.fetch(try request(for: place), with: http, from: Self.source)
        let errorText = (try? JSONDecoder().decode(ErrorBody.self, from: body))?.error
        if status == 401 || status == 403 || errorText.map(Self.isAboutTheKey) == true {
            throw WeatherServiceError.rejectedKey
        }
        guard status == 200 else {
            let reason = errorText.map { "Weatherbit: \($0)" }
            throw WeatherServiceError.failed(reason ?? "Weatherbit answered HTTP \(status)")
        }
        let answer = try WeatherHTTP.decode(Answer.self, from: body, source: Self.source)
        guard let observation = answer.data?.first else {
            throw WeatherServiceError.failed(errorText.map { "Weatherbit: \($0)" } ?? "Weatherbit sent no observation")
        }
        return WeatherReport(current: try Self.observation(from: observation), daily: [], source: .weatherbit)
    }

    // MARK: - Request

    private func request(for place: Place) throws -> HTTPRequest {
        guard (-90...90).contains(place.latitude), (-180...180).contains(place.longitude) else {
            throw WeatherServiceError.failed("\(place.name) has no valid coordinates")
        }
        guard var components = URLComponents(string: base + "/v2.0/current") else {
            throw WeatherServiceError.failed("The Weatherbit address \(base) is not valid")
        }
        components.queryItems = [
            URLQueryItem(name: "lat", value: WeatherHTTP.coordinate(place.latitude)),
            URLQueryItem(name: "lon", value: WeatherHTTP.coordinate(place.longitude)),
            URLQueryItem(name: "key", value: apiKey),
            URLQueryItem(name: "units", value: "M"),
        ]
        // URLComponents leaves "+" alone, which a server may read as a space: keep it literal.
        components.percentEncodedQuery = components.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B")
        guard let url = components.url else {
            throw WeatherServiceError.failed("The Weatherbit address \(base) is not valid")
        }
        return HTTPRequest(url: url)
    }

    // MARK: - Reading the answer

    private static func observation(from entry: Answer.Entry) throws -> Observation {
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
                  let parsed = LocalTimeText.date(text, in: zone) {
            date = parsed  // "ob_time" is UTC
        } else {
            throw WeatherServiceError.failed("Weatherbit sent no observation time")
        }
        let given = entry.weather?.description?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        return Observation(date: date, temperatureCelsius: try WeatherHTTP.checkedCelsius(temperature, from: source),
                           condition: condition, description: given.isEmpty ? condition.words : given)
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

        enum CodingKeys: String, CodingKey {
            case temp, ts, obTime = "ob_time", weather
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

/// Weatherbit's error answer: `{"error": "API key not valid, or not yet activated."}`.
private struct ErrorBody: Decodable {
    let error: String
}
