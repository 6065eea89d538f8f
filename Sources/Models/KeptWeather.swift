import Foundation

/// A place's weather as the Weather screen is to show it: the report, and how fresh it is.
public struct PlaceWeather: Equatable, Sendable {
    /// How fresh a report is.
    public enum Freshness: Equatable, Sendable {
        /// Fetched just now from a live service.
        case live
        /// The place's last real report, fetched at `fetchedAt`, shown because the live one could
        /// not be had.
        case kept(fetchedAt: Date, because: KeptReason)
        /// Made-up weather for a place never fetched, the network out of reach: never a forecast.
        case sample
    }

    /// Why a kept report shows rather than a live one.
    public enum KeptReason: Equatable, Sendable {
        /// The live service could not be reached, and answered with sample weather.
        case offline
        /// The live service failed, in these words.
        case failed(String)
    }

    public let report: WeatherReport
    public let freshness: Freshness

    public init(report: WeatherReport, freshness: Freshness) {
        self.report = report
        self.freshness = freshness
    }
}

/// Where the Weather screen gets a place's weather: the live service, with what to show when
/// it cannot answer decided here rather than by the screen.
@MainActor
public protocol PlaceWeatherService: AnyObject {
    /// The weather at `place`, live or kept; throws, in words, when there is neither.
    func weather(at place: Place) async throws -> PlaceWeather
}

/// The live weather service with each place's last real report kept beside it: a real report is
/// kept (in the preferences, with the time it was fetched) and shown live; when the service is
/// out of reach (it answers with sample weather) or fails, the place's last real report shows
/// with its time and the reason; sample weather only for a place never fetched.
///
/// ```swift
/// func show(_ paris: Place, openMeteo: any WeatherService, preferences: any PreferencesStore) async throws {
///     let weather = KeptWeatherService(live: openMeteo, preferences: { preferences }, now: Date.init)
///     try await weather.weather(at: paris).freshness   // .live, or .kept(fetchedAt:because:) offline
/// }
/// ```
@MainActor
public final class KeptWeatherService: PlaceWeatherService {
    private let live: any WeatherService
    private let openPreferences: () -> (any PreferencesStore)?
    private let now: () -> Date
    /// The preferences, once opened (at the first report kept or looked for).
    private var opened: (any PreferencesStore)??
    /// The real reports of this run, by place: what shows when the preferences cannot keep them.
    private var inMemory: [String: KeptReport] = [:]

    /// Keeps `live`'s real reports in the preferences `preferences` gives, asked once, when first
    /// needed (none: in memory alone), dated by `now`.
    public init(live: any WeatherService, preferences: @escaping () -> (any PreferencesStore)?, now: @escaping () -> Date) {
        self.live = live
        self.openPreferences = preferences
        self.now = now
    }

    public func weather(at place: Place) async throws -> PlaceWeather {
        let report: WeatherReport
        do {
            report = try await live.weather(at: place)
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            guard let kept = kept(for: place) else { throw error }
            return PlaceWeather(
                report: kept.report, freshness: .kept(fetchedAt: kept.fetchedAt, because: .failed(Self.message(for: error))))
        }
        guard report.source == .sample else {
            keep(KeptReport(report: report, fetchedAt: now()), for: place)
            return PlaceWeather(report: report, freshness: .live)
        }
        guard let kept = kept(for: place) else { return PlaceWeather(report: report, freshness: .sample) }
        return PlaceWeather(report: kept.report, freshness: .kept(fetchedAt: kept.fetchedAt, because: .offline))
    }

    /// What a failure says: the service's own words.
    public static func message(for error: any Error) -> String {
        (error as? WeatherServiceError)?.message ?? "\(error)"
    }

    // MARK: - Keeping

    private func preferences() -> (any PreferencesStore)? {
        if let opened { return opened }
        let preferences = openPreferences()
        opened = .some(preferences)
        return preferences
    }

    private func kept(for place: Place) -> KeptReport? {
        KeptReport.read(for: place, from: preferences()) ?? inMemory[KeptReport.key(for: place)]
    }

    private func keep(_ report: KeptReport, for place: Place) {
        inMemory[KeptReport.key(for: place)] = report
        report.keep(for: place, in: preferences())
    }
}

/// The last real report of a place, kept in the preferences with the time it was fetched.
struct KeptReport: Codable, Equatable {
    /// The report as the service gave it.
    let report: WeatherReport
    /// When it was fetched.
    let fetchedAt: Date

    /// The preference key of `place`'s report: its name and where it is, so that two places of
    /// one name are kept apart.
    static func key(for place: Place) -> String {
        "weather.report.\(place.name)|\(place.countryCode)|\(place.latitude)|\(place.longitude)"
    }

    /// The report kept for `place`; nil when none is, or what is kept cannot be read.
    static func read(for place: Place, from preferences: (any PreferencesStore)?) -> KeptReport? {
        guard let text = try? preferences?.string(forKey: key(for: place)) else { return nil }
        return try? JSONDecoder().decode(KeptReport.self, from: Data(text.utf8))
    }

    /// Keeps the report for `place`, in place of the one kept before; a failed write is let go
    /// (the next real report tries again).
    func keep(for place: Place, in preferences: (any PreferencesStore)?) {
        guard let data = try? JSONEncoder().encode(self) else { return }
        try? preferences?.set(String(decoding: data, as: UTF8.self), forKey: Self.key(for: place))
    }
}
