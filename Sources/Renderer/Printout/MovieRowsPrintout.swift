import Screens

/// One film of a printout's JSON `rows`: the row view-model's fields, named as it names them.
public struct MovieRowDocument: Codable, Equatable, Sendable {
    public var id: Int
    public var title: String
    public var releaseDate: String
    public var rating: String
    public var averageRating: String
    public var overview: String

    init(_ row: MovieRowViewModel) {
        id = row.id
        title = row.title
        releaseDate = row.releaseDate
        rating = row.rating
        averageRating = row.averageRating
        overview = row.overview
    }
}

/// Films as the Movies and Search printouts write them, one a line, as the list shows them: the
/// title with its date, then the average, aligned.
///
/// ```
/// The Shawshank Redemption (1994)  9.1
/// The Matrix (1999)                8.5
/// ```
enum MovieRowsText {
    /// `1 film`, `20 films`.
    static func count(_ value: Int, _ noun: String) -> String {
        "\(value) \(noun)\(value == 1 ? "" : "s")"
    }

    /// One line a row: `Title (date)` padded to the widest, two spaces, the average.
    static func lines(_ rows: [MovieRowViewModel]) -> [String] {
        let titles = rows.map(\.listTitle)
        let width = titles.map(DisplayWidth.of).max() ?? 0
        return zip(titles, rows).map { title, row in title.padded(toColumns: width) + "  " + row.averageRating }
    }
}
