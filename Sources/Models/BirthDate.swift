import Foundation

/// A birthday as a day on the calendar: year, month and day, never a moment in time, so no time
/// zone can move it to the day before.
///
/// The year may be unknown: an address book can say "15 April" alone (vCard's `BDAY:--0415`).
/// Such a date is written `--04-15`, as ISO 8601 writes a day without a year.
///
/// ```swift
/// BirthDate("1815-12-10")            // 10 December 1815
/// BirthDate("--04-15")?.year         // nil
/// BirthDate("2023-02-29")            // nil: 2023 has no 29 February
/// BirthDate(year: 1815, month: 12, day: 10)?.description   // "1815-12-10"
/// ```
public struct BirthDate: Hashable, Sendable {
    /// The year, 1 to 9999; nil when it is not known.
    public let year: Int?
    /// The month, 1 (January) to 12.
    public let month: Int
    /// The day of the month, 1 to 31.
    public let day: Int

    /// Creates the date, or nil when the calendar has no such day: a month outside 1–12, a day
    /// the month does not have, a year outside 1–9999. Without a year, 29 February is allowed.
    public init?(year: Int?, month: Int, day: Int) {
        if let year, !(1...9999).contains(year) { return nil }
        guard (1...12).contains(month), (1...Self.days(inMonth: month, ofYear: year)).contains(day) else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Reads `YYYY-MM-DD`, or `--MM-DD` for a date without a year, strictly: exactly those digits
    /// and hyphens, and a day the calendar has. Anything else is nil.
    public init?(_ text: some StringProtocol) {
        let bytes = Array(text.utf8)
        guard bytes.count == 10 || bytes.count == 7 else { return nil }
        let hyphen = UInt8(ascii: "-")
        let yearLength = bytes.count - 6
        guard bytes[yearLength] == hyphen, bytes[yearLength + 3] == hyphen,
            let month = Self.number(bytes[(yearLength + 1)..<(yearLength + 3)]),
            let day = Self.number(bytes[(yearLength + 4)...])
        else { return nil }
        if yearLength == 1 {
            guard bytes[0] == hyphen else { return nil }
            self.init(year: nil, month: month, day: day)
        } else {
            guard let year = Self.number(bytes[0..<4]) else { return nil }
            self.init(year: year, month: month, day: day)
        }
    }

    /// How many days `month` has in `year`; 29 for February when the year is not known.
    public static func days(inMonth month: Int, ofYear year: Int?) -> Int {
        switch month {
        case 2: (year.map(isLeapYear) ?? true) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Whether `year` has a 29 February in the Gregorian calendar.
    public static func isLeapYear(_ year: Int) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    /// The value of `digits`, all ASCII digits; nil if any is not.
    static func number(_ digits: some Collection<UInt8>) -> Int? {
        var value = 0
        for byte in digits {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return digits.isEmpty ? nil : value
    }
}

// MARK: - Comparable

extension BirthDate: Comparable {
    /// Whether this date comes first: by year, then month, then day; a date without a year comes
    /// before every date with one.
    public static func < (lhs: BirthDate, rhs: BirthDate) -> Bool {
        (lhs.year ?? 0, lhs.month, lhs.day) < (rhs.year ?? 0, rhs.month, rhs.day)
    }
}

// MARK: - CustomStringConvertible

extension BirthDate: CustomStringConvertible {
    /// The date as `YYYY-MM-DD`, or `--MM-DD` without a year: the form `init(_:)` reads.
    public var description: String {
        let monthAndDay = "\(Self.twoDigits(month))-\(Self.twoDigits(day))"
        guard let year else { return "--" + monthAndDay }
        let digits = String(year)
        return String(repeating: "0", count: 4 - digits.count) + digits + "-" + monthAndDay
    }

    private static func twoDigits(_ value: Int) -> String {
        value < 10 ? "0\(value)" : String(value)
    }
}
