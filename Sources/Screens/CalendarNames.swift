/// English names of the days and months, as every screen writes dates, whatever the machine's
/// locale (a terminal program's output should not change language under the user's feet).
enum CalendarNames {
    /// Sunday first, as `CalendarDay.weekday` counts (1 is Sunday).
    static let weekdays = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
    /// January first.
    static let months = [
        "January", "February", "March", "April", "May", "June", "July", "August",
        "September", "October", "November", "December",
    ]

    /// `Saturday` for weekday 7.
    static func weekday(_ number: Int) -> String { weekdays[number - 1] }
    /// `November` for month 11.
    static func month(_ number: Int) -> String { months[number - 1] }
    /// `Nov` for month 11.
    static func shortMonth(_ number: Int) -> String { String(months[number - 1].prefix(3)) }
    /// `Nov 21, 2026` for month 11.
    static func shortDate(year: Int, month: Int, day: Int) -> String { "\(shortMonth(month)) \(day), \(year)" }
}
