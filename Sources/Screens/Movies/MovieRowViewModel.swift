import Foundation
import Models

/// One film as a list row and the detail pane show it, every text already formatted.
///
/// ```swift
/// let starWars = Movie(id: 11, title: "Star Wars", releaseDate: .day(year: 1977, month: 5, day: 25), voteAverage: 8.2, voteCount: 21_000)
/// let row = MovieRowViewModel(movie: starWars)
/// row.releaseDate   // "May 25, 1977"
/// row.rating        // "★★★★★★★★☆☆ 8.2"
/// ```
public struct MovieRowViewModel: Equatable, Sendable {
    /// The film's identifier in its service.
    public let id: Int
    public let title: String
    /// `Nov 21, 2026`; the year alone when only the year is known; empty when unknown.
    public let releaseDate: String
    /// `Int(voteAverage)` stars filled of ten, then the average: `★★★★★★★☆☆☆ 7.9`.
    public let rating: String
    /// The average alone, for a list row: `7.9`.
    public let averageRating: String
    /// TMDb's overview; for the catalogue, what it knows: `1977 · 121 min · Action · 142,000 votes`.
    public let overview: String
    /// The release date in ISO 8601 for a script: `1977-05-25`, or `1977` when only the year is
    /// known; nil when unknown.
    public let releaseDay: String?
    /// The average rating, 0 to 10, to one decimal, as `averageRating` writes it.
    public let averageValue: Double
    /// How many votes the average is of.
    public let voteCount: Int

    /// The title with its date, as a list shows it: `Star Wars (1977)`.
    public var listTitle: String { releaseDate.isEmpty ? title : "\(title) (\(releaseDate))" }

    /// Formats `movie`.
    public init(movie: Movie) {
        id = movie.id
        title = movie.title
        releaseDate = Self.releaseDate(movie.releaseDate)
        rating = Self.rating(movie.voteAverage)
        averageRating = Self.average(movie.voteAverage)
        overview = movie.overview.flatMap { $0.isEmpty ? nil : $0 } ?? Self.facts(movie)
        releaseDay = Self.isoDate(movie.releaseDate)
        averageValue = Double(averageRating) ?? 0
        voteCount = movie.voteCount
    }

    // MARK: - Formatting

    static func releaseDate(_ date: ReleaseDate?) -> String {
        switch date {
        case .day(let year, let month, let day):
            guard (1...12).contains(month) else { return "\(year)" }
            return CalendarNames.shortDate(year: year, month: month, day: day)
        case .year(let year): return "\(year)"
        case nil: return ""
        }
    }

    static func isoDate(_ date: ReleaseDate?) -> String? {
        switch date {
        case .day(let year, let month, let day) where (1...12).contains(month):
            String(format: "%04d-%02d-%02d", year, month, day)
        case .day(let year, _, _), .year(let year): String(format: "%04d", year)
        case nil: nil
        }
    }

    static func rating(_ average: Double) -> String {
        let filled = min(10, max(0, Int(average.isFinite ? average : 0)))
        let stars = String(repeating: "★", count: filled) + String(repeating: "☆", count: 10 - filled)
        return "\(stars) \(Self.average(average))"
    }

    static func average(_ average: Double) -> String {
        String(format: "%.1f", min(10, max(0, average.isFinite ? average : 0)))
    }

    static func facts(_ movie: Movie) -> String {
        var facts: [String] = []
        if let year = movie.releaseDate?.year { facts.append("\(year)") }
        if let minutes = movie.runtimeMinutes, minutes > 0 { facts.append("\(minutes) min") }
        if !movie.genres.isEmpty { facts.append(movie.genres.joined(separator: ", ")) }
        facts.append(count(movie.voteCount, "vote"))
        if let certification = movie.certification, !certification.isEmpty { facts.append("rated \(certification)") }
        return facts.joined(separator: " · ")
    }

    /// `1 vote`, `1,234 votes`, `1,234 matches`.
    static func count(_ value: Int, _ noun: String) -> String {
        "\(value.grouped) \(noun)\(value == 1 ? "" : (noun.hasSuffix("ch") ? "es" : "s"))"
    }
}
