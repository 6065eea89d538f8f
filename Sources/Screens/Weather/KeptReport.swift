import Foundation
import Models

/// The last real report of a place, kept in the preferences with the time it was fetched, so
/// that offline, or when a fetch fails, the Weather screen shows it with its age rather than
/// sample weather.
///
/// ```swift
/// KeptReport(report: report, fetchedAt: Date()).keep(for: paris, in: preferences)
/// KeptReport.read(for: paris, from: preferences)?.fetchedAt
/// ```
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

    /// `as of 09:40, 2 h ago`: when it was fetched, on the clock of `zone` (the user's), and how
    /// long before `now`; the day is named when it is not today.
    func age(at now: Date, in zone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let parts = calendar.dateComponents([.month, .day, .hour, .minute], from: fetchedAt)
        let time = String(format: "%02d:%02d", parts.hour!, parts.minute!)
        let when = calendar.isDate(fetchedAt, inSameDayAs: now) ? time : "\(CalendarNames.shortMonth(parts.month!)) \(parts.day!), \(time)"
        let minutes = max(0, Int(now.timeIntervalSince(fetchedAt) / 60))
        let ago = switch minutes {
        case ..<1: "just now"
        case ..<60: "\(minutes) min ago"
        case ..<(48 * 60): "\(minutes / 60) h ago"
        default: "\(minutes / (24 * 60)) days ago"
        }
        return "as of \(when), \(ago)"
    }
}
