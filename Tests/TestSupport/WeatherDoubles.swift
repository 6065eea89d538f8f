import Foundation
import Models
import Testing

/// A geocoder that knows the places it is given, by exact (case-insensitive) query, and can be
/// told to fail. A query it was not given records a test failure: a test that means a place to
/// be unknown says so (`nowhere`), and one that types at random says that it knows nowhere else
/// (`knowsNothingElse`).
public final class ListGeocoder: Geocoder, @unchecked Sendable {
    private let lock = NSLock()
    private var places: [String: [Place]]
    private var failure: (any Error)?
    private var asked: [String] = []
    private let knowsNothingElse: Bool

    /// Creates a geocoder that answers each key of `places` with its value, and each of `nowhere`
    /// with none; any other query with none too when `knowsNothingElse`, else with a failure of
    /// the test.
    public init(_ places: [String: [Place]], nowhere: [String] = [], knowsNothingElse: Bool = false) {
        self.places = Dictionary(
            uniqueKeysWithValues: places.map { ($0.key.lowercased(), $0.value) }
                + nowhere.map { ($0.lowercased(), []) })
        self.knowsNothingElse = knowsNothingElse
    }

    /// Every query asked, in order.
    public var queries: [String] { lock.withLock { asked } }

    /// From now on every lookup throws `error` (nil: answers again).
    public func fail(with error: (any Error)?) {
        lock.withLock { failure = error }
    }

    public func places(matching query: String, limit: Int) async throws -> [Place] {
        try lock.withLock {
            asked.append(query)
            if let failure { throw failure }
            guard let found = places[query.lowercased()] else {
                if knowsNothingElse { return [] }
                Issue.record("the geocoder was asked for “\(query)”, which the test did not set up")
                return []
            }
            return Array(found.prefix(limit))
        }
    }
}

/// A weather service whose answers the test gives, one request at a time and in any order.
public actor ControlledWeatherService: WeatherService {
    /// A request waiting for its answer.
    public struct Request: Sendable {
        public let number: Int
        public let place: Place
    }

    private var waiting: [Int: CheckedContinuation<WeatherReport, any Error>] = [:]
    private var unanswered: [Request] = []
    private var count = 0

    /// Creates a service with nothing asked.
    public init() {}

    /// How many requests came, answered or not.
    public var requestCount: Int { count }

    public func weather(at place: Place) async throws -> WeatherReport {
        count += 1
        let number = count
        return try await withCheckedThrowingContinuation { continuation in
            waiting[number] = continuation
            unanswered.append(Request(number: number, place: place))
        }
    }

    /// Waits for the next request not yet handed out, and returns it; throws when none comes
    /// within 30 s.
    public func nextRequest() async throws -> Request {
        try await yieldUntil("a request to the service") { !unanswered.isEmpty }
        return unanswered.removeFirst()
    }

    /// Answers `request` with `report`.
    public func answer(_ request: Request, with report: WeatherReport) {
        waiting.removeValue(forKey: request.number)?.resume(returning: report)
    }

    /// Answers `request` with `error`.
    public func fail(_ request: Request, with error: any Error) {
        waiting.removeValue(forKey: request.number)?.resume(throwing: error)
    }
}

/// Preferences in memory; they can be told to fail.
public final class InMemoryPreferences: PreferencesStore {
    /// What is kept.
    public var values: [String: String]
    /// When set, every read and write throws it.
    public var failure: (any Error)?
    /// When set, every read throws it.
    public var readFailure: (any Error)?

    /// Creates preferences holding `values`.
    public init(_ values: [String: String] = [:]) {
        self.values = values
    }

    public func string(forKey key: String) throws -> String? {
        if let failure = failure ?? readFailure { throw failure }
        return values[key]
    }

    public func set(_ value: String?, forKey key: String) throws {
        if let failure { throw failure }
        values[key] = value
    }
}

extension Place {
    /// Paris, France.
    public static let paris = Place(
        name: "Paris", region: "Île-de-France", regionCode: "11", country: "France",
        countryCode: "FR", latitude: 48.85, longitude: 2.35,
        timeZone: "Europe/Paris", population: 2_138_551)
    /// Richmond, Virginia.
    public static let richmondVA = Place(
        name: "Richmond", region: "Virginia", regionCode: "VA", country: "United States",
        countryCode: "US", latitude: 37.55, longitude: -77.46,
        timeZone: "America/New_York", population: 226_610)
    /// Tokyo, Japan.
    public static let tokyo = Place(
        name: "Tokyo", region: "Tokyo", regionCode: "40", country: "Japan",
        countryCode: "JP", latitude: 35.69, longitude: 139.69,
        timeZone: "Asia/Tokyo", population: 8_336_599)
}

extension WeatherReport {
    /// A report for tests: 22.2 ℃ (72 ℉) and broken clouds on Saturday 21 November 2026 at
    /// 15:00 UTC, and a week from that day.
    public static func sample(
        celsius: Double = 22.2, description: String = "Broken clouds",
        source: WeatherSource = .openMeteo, days: Int = 7
    ) -> WeatherReport {
        let noon = Date(timeIntervalSince1970: 1_795_273_200)  // 2026-11-21T15:00:00Z
        let daily = (0..<days).map { offset in
            DailyForecast(
                date: CalendarDay(year: 2026, month: 11, day: 21 + offset),
                condition: offset == 0 ? .rain : .partlyCloudy,
                lowCelsius: 5 + Double(offset), highCelsius: 12 + Double(offset))
        }
        return WeatherReport(
            current: Observation(
                date: noon, temperatureCelsius: celsius, condition: .partlyCloudy,
                description: description),
            daily: daily, source: source)
    }
}

extension WeatherService {
    /// This service with each place's last real report kept in `preferences` (dated by `now`),
    /// as the app composes it for the Weather screen.
    @MainActor
    public func keeping(in preferences: (any PreferencesStore)? = nil, now: @escaping () -> Date = Date.init) -> KeptWeatherService {
        KeptWeatherService(live: self, preferences: { preferences }, now: now)
    }
}

/// A weather service that answers every place at once with the test report.
public struct SampleReportService: WeatherService {
    public init() {}

    public func weather(at place: Place) async throws -> WeatherReport { .sample() }
}

extension Date {
    /// The time a test's screens take for now: 09:40 UTC on the day of the sample report.
    public static let testNow = Date(timeIntervalSince1970: 1_795_254_000)
}

extension TimeZone {
    /// The user's time zone in the tests: UTC, so that no machine's zone changes what they see.
    public static let testZone = TimeZone(identifier: "UTC")!
}
