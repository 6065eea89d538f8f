import Foundation
import GRDB
import Models

/// What the program keeps at hand of the film database (Scripts/make-catalogue.py writes it and
/// describes its table): every film's id from most votes to fewest and the folded titles and
/// ratings in that order, which `TitleSearch` scans; a film's other fields stay in the database and are read
/// for the films a page shows.
struct CatalogTitles: Sendable {
    /// The database format this program reads (`PRAGMA user_version`).
    static let format = 1
    /// The genre names, in the order of their letters in the `genres` column.
    static let genres: [(letter: Character, name: String)] = [
        ("A", "Action"), ("N", "Animation"), ("C", "Comedy"), ("D", "Drama"), ("M", "Documentary"),
        ("R", "Romance"), ("S", "Short"),
    ]

    /// How many films there are.
    let count: Int
    /// Film ids (1, 2, 3... in the database; a film's index in `titles` is its id - 1) from most
    /// votes to fewest, ties by id.
    let byVotes: [Int64]
    /// The folded titles in `byVotes` order, for searching.
    let titles: TitleSearch

    /// Reads every film's id, votes, title and rating from `db`.
    init(_ db: Database) throws {
        var films: [(id: Int64, votes: Int64)] = []
        var ratings: [UInt8] = []
        var titleBytes: [UInt8] = []
        var starts: [UInt32] = [0]
        let rows = try Row.fetchCursor(db, sql: "SELECT id, votes, title, rating FROM film ORDER BY id")
        while let row = try rows.next() {
            films.append((row[0], row[1]))
            guard films[films.count - 1].id == Int64(films.count) else {
                throw ResourceDatabase<Self>.Problem(description: "the films are not numbered 1, 2, 3...")
            }
            guard let title = row[2] as String?, !title.isEmpty else {
                throw ResourceDatabase<Self>.Problem(description: "film \(films.count) has no title")
            }
            titleBytes.append(contentsOf: title.utf8)
            ratings.append(UInt8(clamping: row[3] as Int))
            starts.append(UInt32(titleBytes.count))
        }
        let order = films.indices.sorted { a, b in
            films[a].votes != films[b].votes ? films[a].votes > films[b].votes : a < b
        }
        count = films.count
        byVotes = order.map { films[$0].id }
        titles = TitleSearch(titleBytes: titleBytes, starts: starts, ratings: ratings, order: order.map(UInt32.init))
    }

    // MARK: - Films

    /// The films with ids `ids`, in that order, read from `db`.
    static func films(_ ids: some Collection<Int64>, in db: Database) throws -> [Movie] {
        guard !ids.isEmpty else { return [] }
        let marks = ids.map { _ in "?" }.joined(separator: ",")
        var found: [Int64: Movie] = [:]
        let rows = try Row.fetchCursor(
            db, sql: "SELECT id, title, year, minutes, rating, votes, mpaa, genres FROM film WHERE id IN (\(marks))",
            arguments: StatementArguments(Array(ids)))
        while let row = try rows.next() {
            let id: Int64 = row[0], rating: Int = row[4], genres: String = row[7]
            found[id] = Movie(
                id: Int(id),
                title: row[1],
                releaseDate: .year(row[2]),
                voteAverage: Double(rating) / 10,
                voteCount: row[5],
                overview: nil,
                runtimeMinutes: row[3],
                genres: Self.genres.filter { genres.contains($0.letter) }.map(\.name),
                certification: row[6]
            )
        }
        return ids.compactMap { found[$0] }
    }
}
