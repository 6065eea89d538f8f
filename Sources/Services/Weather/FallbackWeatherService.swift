import Foundation
import Models

/// Asks a live service first and, when the network cannot be reached, answers with another
/// (the embedded sample) instead. The report says where it came from, so the Weather screen shows
/// "Sample data (offline)" rather than passing the sample off as the forecast.
///
/// Only "no network" falls back; a rejected key, an error answer or an unreadable one is passed
/// on, so the user learns about it instead of silently seeing sample weather.
///
/// ```swift
/// func weather(at paris: Place) async throws {
///     let weather = FallbackWeatherService(primary: OpenMeteoWeatherService(http: CurlHTTPClient()),
///                                          fallback: SampleWeatherService())
///     try await weather.weather(at: paris).source   // .openMeteo, or .sample when offline
/// }
/// ```
public struct FallbackWeatherService: WeatherService {
    private let primary: any WeatherService
    private let fallback: any WeatherService

    /// Creates a service that asks `primary`, and `fallback` when `primary` finds no network.
    public init(primary: any WeatherService, fallback: any WeatherService) {
        self.primary = primary
        self.fallback = fallback
    }

    /// The primary's report, or the fallback's when the primary cannot reach the network.
    public func weather(at place: Place) async throws -> WeatherReport {
        try await WeatherHTTP.withFallback {
            try await primary.weather(at: place)
        } otherwise: {
            try await fallback.weather(at: place)
        }
    }
}

/// Asks a live geocoder first and, when the network cannot be reached, another (the embedded
/// gazetteer) instead; any other failure is passed on.
public struct FallbackGeocoder: Geocoder {
    private let primary: any Geocoder
    private let fallback: any Geocoder

    /// Creates a geocoder that asks `primary`, and `fallback` when `primary` finds no network.
    public init(primary: any Geocoder, fallback: any Geocoder) {
        self.primary = primary
        self.fallback = fallback
    }

    /// The primary's places, or the fallback's when the primary cannot reach the network.
    public func places(matching query: String, limit: Int) async throws -> [Place] {
        try await WeatherHTTP.withFallback {
            try await primary.places(matching: query, limit: limit)
        } otherwise: {
            try await fallback.places(matching: query, limit: limit)
        }
    }
}

// MARK: - Fetching (shared by the weather and geocoding services)

/// How the weather and geocoding services fetch and read an answer: what counts as "no network",
/// the largest body read, and errors turned into `WeatherServiceError` worded for the screen.
enum WeatherHTTP {
    /// The largest body read: 5 MB. A real answer is a few kilobytes.
    static let maximumBodySize = 5_000_000

    /// The transport failures that mean the network (or the server) cannot be reached.
    static let noNetworkCodes: Set<URLError.Code> = [
        .notConnectedToInternet, .cannotFindHost, .cannotConnectToHost, .timedOut,
        .networkConnectionLost, .dnsLookupFailed,
    ]

    /// The coldest and hottest air temperatures believed, in degrees Celsius; the records are
    /// about -89 °C and 57 °C. Anything else (or not a number) is an answer not to show.
    static let plausibleCelsius: ClosedRange<Double> = -100...70

    /// Whether `error` means the network cannot be reached.
    static func isNoNetwork(_ error: URLError) -> Bool {
        noNetworkCodes.contains(error.code)
    }

    /// What `primary` returns, or what `fallback` returns when `primary` finds no network.
    static func withFallback<Value>(_ primary: () async throws -> Value, otherwise fallback: () async throws -> Value) async throws -> Value
    {
        do {
            return try await primary()
        } catch let error as WeatherServiceError where error == .noNetwork {
            return try await fallback()
        } catch let error as URLError where isNoNetwork(error) {
            return try await fallback()
        }
    }

    /// Sends `request` through `http` and returns the body and the status code.
    ///
    /// Throws `.noNetwork` for the codes above, `CancellationError` when the task was cancelled,
    /// and `.failed` naming `source` for any other transport failure or a body over 5 MB.
    static func fetch(_ request: HTTPRequest, with http: any HTTPClient, from source: String) async throws
        -> (body: Data, status: Int)
    {
        let response: HTTPResponse
        do {
            response = try await http.get(request)
        } catch let error as WeatherServiceError {
            throw error
        } catch is CancellationError {
            throw CancellationError()
        } catch let error as URLError {
            if isNoNetwork(error) { throw WeatherServiceError.noNetwork }
            if error.code == .cancelled { throw CancellationError() }
            throw WeatherServiceError.failed("\(source) could not be reached (\(error.code.rawValue))")
        } catch HTTPClientError.bodyTooLarge {
            throw tooLarge(from: source)
        } catch {
            throw WeatherServiceError.failed("\(source) could not be reached: \(error.localizedDescription)")
        }
        guard response.body.count <= maximumBodySize else { throw tooLarge(from: source) }
        return (response.body, response.status)
    }

    /// An answer over 5 MB from `source`, whether the client or `fetch` found it so.
    private static func tooLarge(from source: String) -> WeatherServiceError {
        .failed("\(source) sent an answer too large to read (over 5 MB)")
    }

    /// Decodes `body` as `type`, or throws `.failed` saying `source` sent something unreadable.
    static func decode<T: Decodable>(_ type: T.Type, from body: Data, source: String) throws -> T {
        do {
            guard JSONNesting.isShallow(body) else { throw CocoaError(.coderReadCorrupt) }
            return try JSONDecoder().decode(type, from: body)
        } catch {
            throw WeatherServiceError.failed("\(source) sent an answer this program cannot read")
        }
    }

    /// `value` when it is a believable air temperature, else `.failed` naming `source`.
    static func checkedCelsius(_ value: Double, from source: String) throws -> Double {
        guard plausibleCelsius.contains(value) else {
            throw WeatherServiceError.failed("\(source) sent an impossible temperature")
        }
        return value
    }

    /// `value` written with at most four decimals (about 11 m), as the query string takes it.
    static func coordinate(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        var text = String(format: "%.4f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text == "-0" ? "0" : text
    }
}

// MARK: - Reading times (shared by the weather services)

/// Dates and times written as plain text with no offset, such as "2026-11-21",
/// "2026-11-21T14:15" (Open-Meteo, local time) or "2026-11-21 14:15" (Weatherbit, UTC), read by
/// hand: exact digits only, and every field in range.
enum LocalTimeText {
    /// The calendar day `text` names ("2026-11-21"), or nil when it is not one.
    static func day(_ text: String) -> CalendarDay? {
        let bytes = Array(text.utf8)
        guard bytes.count == 10 else { return nil }
        return day(in: bytes)
    }

    /// The moment the wall-clock time `text` ("2026-11-21T14:15", seconds optional, `T` or a
    /// space between) names in `zone`, or nil when it is not one.
    ///
    /// A time skipped by a daylight-saving change is taken as the moment after the change.
    static func date(_ text: String, in zone: TimeZone) -> Date? {
        let bytes = Array(text.utf8)
        guard bytes.count == 16 || bytes.count == 19, let day = day(in: bytes),
            bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: " "), bytes[13] == UInt8(ascii: ":"),
            let hour = number(bytes[11..<13]), let minute = number(bytes[14..<16]),
            hour < 24, minute < 60
        else { return nil }
        var second = 0
        if bytes.count == 19 {
            guard bytes[16] == UInt8(ascii: ":"), let seconds = number(bytes[17..<19]), seconds < 60 else { return nil }
            second = seconds
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let components = DateComponents(
            year: day.year, month: day.month, day: day.day,
            hour: hour, minute: minute, second: second)
        return calendar.date(from: components)
    }

    private static func day(in bytes: [UInt8]) -> CalendarDay? {
        guard bytes.count >= 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
            let year = number(bytes[0..<4]), let month = number(bytes[5..<7]), let day = number(bytes[8..<10]),
            year >= 1, (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year)
        else { return nil }
        return CalendarDay(year: year, month: month, day: day)
    }

    private static func number(_ digits: ArraySlice<UInt8>) -> Int? {
        var value = 0
        for digit in digits {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(digit) else { return nil }
            value = value * 10 + Int(digit - UInt8(ascii: "0"))
        }
        return value
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
