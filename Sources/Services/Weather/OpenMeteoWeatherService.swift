import Foundation
import Models

/// The current weather, the next 24 hours and a seven-day forecast from the Open-Meteo forecast
/// API, which needs no key, in one request: `GET {base}/v1/forecast?latitude=…&longitude=…
/// &current=temperature_2m,weather_code,apparent_temperature,wind_speed_10m,wind_direction_10m,
/// precipitation_probability&hourly=temperature_2m&daily=weather_code,temperature_2m_max,
/// temperature_2m_min&timezone=…&forecast_days=7&forecast_hours=25&wind_speed_unit=kmh`.
///
/// Times come back as local wall-clock text in the requested time zone (the place's own, or
/// `auto` when the place has no valid one) and are read by hand in that zone; days stay calendar
/// days. Weather codes are WMO codes, mapped by `weather(forWMOCode:)`. `forecast_hours` makes
/// the hourly series start at the current hour; 25 of them leave a spare should the current
/// hour turn while the answer is on its way, and the 24 from the current hour are kept
/// (`WeatherExtras.nextHours`). Wind, feels-like and the chance of precipitation missing from
/// an answer (or out of range) are nil, so an answer recorded before they were asked for reads.
///
/// ```swift
/// func weather(at paris: Place) async throws {
///     let service = OpenMeteoWeatherService(http: CurlHTTPClient())
///     let report = try await service.weather(at: paris)
///     report.current.description   // "Partly cloudy"
///     report.daily.count           // 7
/// }
/// ```
public struct OpenMeteoWeatherService: WeatherService {
    /// Where the public API lives.
    public static let defaultBase = "https://api.open-meteo.com"
    /// How many days of forecast are asked for.
    public static let forecastDays = 7
    /// How many hours of temperature are asked for, the current hour first: one more than the
    /// 24 kept.
    public static let forecastHours = 25

    private static let source = "Open-Meteo"
    private let http: any HTTPClient
    private let base: String

    /// Creates a service that sends its requests through `http` to `base`.
    public init(http: any HTTPClient, base: String = OpenMeteoWeatherService.defaultBase) {
        self.http = http
        self.base = base
    }

    /// The weather now, for the next 24 hours and for the next seven days at `place`.
    public func weather(at place: Place) async throws -> WeatherReport {
        let zone = TimeZone(identifier: place.timeZone)
        let request = try request(for: place, zone: zone)
        let (body, status) = try await WeatherHTTP.fetch(request, with: http, from: Self.source)
        guard status == 200 else {
            let reason = (try? JSONDecoder().decode(ErrorBody.self, from: body))?.reason
            throw WeatherServiceError.failed(reason.map { "Open-Meteo: \($0)" } ?? "Open-Meteo answered HTTP \(status)")
        }
        let forecast = try WeatherHTTP.decode(Forecast.self, from: body, source: Self.source)
        return try report(from: forecast, zone: zone)
    }

    // MARK: - Request

    private func request(for place: Place, zone: TimeZone?) throws -> HTTPRequest {
        guard (-90...90).contains(place.latitude), (-180...180).contains(place.longitude) else {
            throw WeatherServiceError.failed("\(place.name) has no valid coordinates")
        }
        guard var components = URLComponents(string: base + "/v1/forecast") else {
            throw WeatherServiceError.failed("The Open-Meteo address \(base) is not valid")
        }
        components.queryItems = [
            URLQueryItem(name: "latitude", value: WeatherHTTP.coordinate(place.latitude)),
            URLQueryItem(name: "longitude", value: WeatherHTTP.coordinate(place.longitude)),
            URLQueryItem(name: "current", value: Self.currentFields),
            URLQueryItem(name: "hourly", value: "temperature_2m"),
            URLQueryItem(name: "daily", value: "weather_code,temperature_2m_max,temperature_2m_min"),
            URLQueryItem(name: "timezone", value: zone == nil ? "auto" : place.timeZone),
            URLQueryItem(name: "forecast_days", value: String(Self.forecastDays)),
            URLQueryItem(name: "forecast_hours", value: String(Self.forecastHours)),
            URLQueryItem(name: "wind_speed_unit", value: "kmh"),
        ]
        guard let url = components.url else {
            throw WeatherServiceError.failed("The Open-Meteo address \(base) is not valid")
        }
        return HTTPRequest(url: url)
    }

    /// The current values asked for: the two the report needs, then the extras.
    private static let currentFields =
        "temperature_2m,weather_code,apparent_temperature,wind_speed_10m,"
        + "wind_direction_10m,precipitation_probability"

    // MARK: - Reading the answer

    private func report(from forecast: Forecast, zone requested: TimeZone?) throws -> WeatherReport {
        guard let current = forecast.current else {
            throw WeatherServiceError.failed("Open-Meteo sent no current weather")
        }
        // The zone the times are written in: the one asked for, else the one the API chose.
        let zone =
            requested
            ?? forecast.timezone.flatMap(TimeZone.init(identifier:))
            ?? forecast.utcOffsetSeconds.flatMap(TimeZone.init(secondsFromGMT:))
            ?? TimeZone(secondsFromGMT: 0)
        guard let zone, let date = LocalTimeText.date(current.time, in: zone) else {
            throw WeatherServiceError.failed("Open-Meteo sent a time this program cannot read")
        }
        guard let now = Self.weather(forWMOCode: current.weatherCode) else {
            throw WeatherServiceError.failed("Open-Meteo sent an unknown weather code \(current.weatherCode)")
        }
        let temperature = try WeatherHTTP.checkedCelsius(current.temperature, from: Self.source)
        let observation = Observation(
            date: date, temperatureCelsius: temperature, condition: now.condition, description: now.description,
            windSpeedKmh: WeatherExtras.windKmh(current.windSpeed),
            windDirectionDegrees: WeatherExtras.direction(current.windDirection),
            apparentTemperatureCelsius: WeatherExtras.apparentCelsius(current.apparentTemperature),
            precipitationChance: WeatherExtras.chance(current.precipitationProbability))
        let hours = WeatherExtras.nextHours(try hours(from: forecast.hourly, in: zone), from: date, in: zone)
        return WeatherReport(
            current: observation, daily: try days(from: forecast.daily), hourly: hours,
            source: .openMeteo)
    }

    /// Every hour with a temperature (an hour whose value is `null` is left out).
    private func hours(from hourly: Forecast.Hourly?, in zone: TimeZone) throws -> [HourlyTemperature] {
        guard let hourly else { return [] }
        return try zip(hourly.time, hourly.temperature).compactMap { text, value in
            guard let value else { return nil }
            guard let time = LocalTimeText.date(text, in: zone) else {
                throw WeatherServiceError.failed("Open-Meteo sent a time this program cannot read")
            }
            return HourlyTemperature(time: time, temperatureCelsius: try WeatherHTTP.checkedCelsius(value, from: Self.source))
        }
    }

    /// The days that are complete (a day with a missing value is left out), at most seven.
    private func days(from daily: Forecast.Daily?) throws -> [DailyForecast] {
        guard let daily else { return [] }
        let count = min(daily.time.count, daily.weatherCode.count, daily.high.count, daily.low.count)
        var days: [DailyForecast] = []
        for index in 0..<count {
            guard let code = daily.weatherCode[index], let high = daily.high[index], let low = daily.low[index],
                let weather = Self.weather(forWMOCode: code)
            else { continue }
            guard let day = LocalTimeText.day(daily.time[index]) else {
                throw WeatherServiceError.failed("Open-Meteo sent a day this program cannot read")
            }
            days.append(
                DailyForecast(
                    date: day, condition: weather.condition,
                    lowCelsius: try WeatherHTTP.checkedCelsius(low, from: Self.source),
                    highCelsius: try WeatherHTTP.checkedCelsius(high, from: Self.source)))
            if days.count == Self.forecastDays { break }
        }
        return days
    }
}

// MARK: - WMO weather codes

extension OpenMeteoWeatherService {
    /// The condition and words for a WMO weather code as Open-Meteo uses them; nil when unknown.
    ///
    /// 0 clear; 1, 2 partly cloudy; 3 cloudy; 45, 48 fog; 51–57 drizzle; 61–67 and 80–82 rain;
    /// 71–77 and 85, 86 snow; 95–99 thunderstorm.
    public static func weather(forWMOCode code: Int) -> (condition: Condition, description: String)? {
        switch code {
        case 0: (.clear, "Clear sky")
        case 1: (.partlyCloudy, "Mainly clear")
        case 2: (.partlyCloudy, "Partly cloudy")
        case 3: (.cloudy, "Overcast")
        case 45: (.fog, "Fog")
        case 48: (.fog, "Freezing fog")
        case 51: (.drizzle, "Light drizzle")
        case 53: (.drizzle, "Drizzle")
        case 55: (.drizzle, "Heavy drizzle")
        case 56: (.drizzle, "Light freezing drizzle")
        case 57: (.drizzle, "Heavy freezing drizzle")
        case 51...57: (.drizzle, "Drizzle")
        case 61: (.rain, "Light rain")
        case 63: (.rain, "Rain")
        case 65: (.rain, "Heavy rain")
        case 66: (.rain, "Light freezing rain")
        case 67: (.rain, "Heavy freezing rain")
        case 61...67: (.rain, "Rain")
        case 71: (.snow, "Light snow")
        case 73: (.snow, "Snow")
        case 75: (.snow, "Heavy snow")
        case 77: (.snow, "Snow grains")
        case 71...77: (.snow, "Snow")
        case 80: (.rain, "Light rain showers")
        case 81: (.rain, "Rain showers")
        case 82: (.rain, "Violent rain showers")
        case 85: (.snow, "Light snow showers")
        case 86: (.snow, "Heavy snow showers")
        case 95: (.thunderstorm, "Thunderstorm")
        case 96: (.thunderstorm, "Thunderstorm with light hail")
        case 99: (.thunderstorm, "Thunderstorm with heavy hail")
        case 95...99: (.thunderstorm, "Thunderstorm")
        default: nil
        }
    }
}

// MARK: - Wire format

/// The parts of a forecast answer that are read; everything else is ignored.
private struct Forecast: Decodable {
    let timezone: String?
    let utcOffsetSeconds: Int?
    let current: Current?
    let hourly: Hourly?
    let daily: Daily?

    /// The extras are optional: an answer recorded before they were asked for has none.
    struct Current: Decodable {
        let time: String
        let temperature: Double
        let weatherCode: Int
        let apparentTemperature: Double?
        let windSpeed: Double?
        let windDirection: Double?
        let precipitationProbability: Double?

        enum CodingKeys: String, CodingKey {
            case time, temperature = "temperature_2m", weatherCode = "weather_code"
            case apparentTemperature = "apparent_temperature", windSpeed = "wind_speed_10m"
            case windDirection = "wind_direction_10m", precipitationProbability = "precipitation_probability"
        }
    }

    /// Parallel arrays, one entry per hour.
    struct Hourly: Decodable {
        let time: [String]
        let temperature: [Double?]

        enum CodingKeys: String, CodingKey {
            case time, temperature = "temperature_2m"
        }
    }

    /// Parallel arrays, one entry per day; a value the model lacks is `null`.
    struct Daily: Decodable {
        let time: [String]
        let weatherCode: [Int?]
        let high: [Double?]
        let low: [Double?]

        enum CodingKeys: String, CodingKey {
            case time, weatherCode = "weather_code", high = "temperature_2m_max", low = "temperature_2m_min"
        }
    }

    enum CodingKeys: String, CodingKey {
        case timezone, utcOffsetSeconds = "utc_offset_seconds", current, hourly, daily
    }
}

/// Open-Meteo's error answer: `{"error": true, "reason": "…"}`.
private struct ErrorBody: Decodable {
    let reason: String
}
