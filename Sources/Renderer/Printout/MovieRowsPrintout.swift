import Screens

/// One film of a printout's JSON `rows` (Docs/CommandLine.md, "film"): its figures, and the
/// texts the row view-model writes.
public struct MovieRowDocument: Codable, Equatable, Sendable {
    public var id: Int
    public var title: String
    /// `1977-05-25`, or `1977`; left out when unknown.
    public var releaseDate: String?
    public var releaseDateText: String
    /// 0 to 10, to one decimal.
    public var rating: Double
    public var ratingText: String
    public var voteCount: Int
    public var overview: String

    init(_ row: MovieRowViewModel) {
        (id, title, releaseDate, releaseDateText) = (row.id, row.title, row.releaseDay, row.releaseDate)
        (rating, ratingText, voteCount, overview) = (row.averageValue, row.rating, row.voteCount, row.overview)
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

    /// One line a row: `Title (date)` padded to the widest, cut with `…` to leave room in
    /// `width` columns, two spaces, the average.
    static func lines(_ rows: [MovieRowViewModel], width: Int) -> [String] {
        PrintoutColumns(rows: rows.map { [$0.listTitle, $0.averageRating] }, givingWay: 0).lines(width: width)
    }
}
