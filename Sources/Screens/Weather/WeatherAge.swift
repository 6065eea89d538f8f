import Foundation
import Models

/// How old a kept report is, as the Weather screen says it beside the weather.
enum WeatherAge {
    /// `as of 09:40, 2 h ago`: when the report was fetched, on the clock of `zone` (the user's),
    /// and how long before `now`; the day is named when it is not today.
    static func asOf(_ fetchedAt: Date, now: Date, in zone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let parts = calendar.dateComponents([.month, .day, .hour, .minute], from: fetchedAt)
        let time = String(format: "%02d:%02d", parts.hour!, parts.minute!)
        let when = calendar.isDate(fetchedAt, inSameDayAs: now) ? time : "\(CalendarNames.shortMonth(parts.month!)) \(parts.day!), \(time)"
        let minutes = max(0, Int(now.timeIntervalSince(fetchedAt) / 60))
        let ago =
            switch minutes {
            case ..<1: "just now"
            case ..<60: "\(minutes) min ago"
            case ..<(48 * 60): "\(minutes / 60) h ago"
            default: "\(minutes / (24 * 60)) days ago"
            }
        return "as of \(when), \(ago)"
    }
}
