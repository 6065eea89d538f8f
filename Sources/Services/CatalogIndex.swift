import Foundation
import Models

/// The catalogue once loaded: one column per field, and the folded titles that searches scan.
///
/// Films are kept in columns, not as `Movie` values: the columns take 2.1 MB (and the search
/// arrays 1.7 MB), where 58,788 `Movie`s would take 7.5 MB before their strings. A `Movie` is made
/// only for a film a page shows. A film's index is its line after the comments, from 0; its id is
/// index + 1.
final class CatalogIndex: Sendable {
    /// The genre names, in the order of their letters in the file and their bits in `genreBits`.
    static let genres: [(letter: UInt8, name: String)] = [
        (UInt8(ascii: "A"), "Action"), (UInt8(ascii: "N"), "Animation"), (UInt8(ascii: "C"), "Comedy"),
        (UInt8(ascii: "D"), "Drama"), (UInt8(ascii: "M"), "Documentary"), (UInt8(ascii: "R"), "Romance"),
        (UInt8(ascii: "S"), "Short"),
    ]

    /// How many films there are.
    let count: Int
    /// Film indices from most votes to fewest, ties by id.
    let byVotes: [UInt32]
    /// The folded titles in `byVotes` order, for searching.
    let titles: TitleSearch
    /// The latest year of release, or nil when there are no films.
    let latestYear: Int?

    private let titleBytes: [UInt8]
    private let titleStarts: [UInt32]
    private let years: [UInt16]
    private let minutes: [UInt16]
    private let ratingTenths: [UInt8]
    private let votes: [UInt32]
    private let genreBits: [UInt8]
    private let certificationCodes: [UInt8]
    /// The certifications met, indexed by code; code 0 is none.
    private let certifications: [String]

    /// Reads the catalogue file: comment lines starting with `#` at the top, then one film per
    /// line, `year, minutes, rating, votes, mpaa, genres, title`, separated by tabs.
    init(tsv data: Data, source: URL) throws(EmbeddedMovieCatalog.LoadError) {
        var columns = Columns()
        let failure: String? = data.withUnsafeBytes { raw in
            columns.parse(raw.bindMemory(to: UInt8.self))
        }
        if let failure {
            throw EmbeddedMovieCatalog.LoadError(description: "The film catalogue \(source.path) is damaged: \(failure)")
        }
        count = columns.years.count
        titleBytes = columns.titleBytes
        titleStarts = columns.titleStarts
        years = columns.years
        minutes = columns.minutes
        ratingTenths = columns.ratingTenths
        votes = columns.votes
        genreBits = columns.genreBits
        certificationCodes = columns.certificationCodes
        certifications = columns.certifications
        latestYear = columns.years.max().map(Int.init)

        let votes = columns.votes
        byVotes = (0..<UInt32(columns.years.count)).sorted { a, b in
            votes[Int(a)] != votes[Int(b)] ? votes[Int(a)] > votes[Int(b)] : a < b
        }
        titles = TitleSearch(titleBytes: columns.titleBytes, starts: columns.titleStarts, order: byVotes)
    }

    // MARK: - Films

    /// The year film `index` was released.
    func year(of index: UInt32) -> Int {
        Int(years[Int(index)])
    }

    /// The film at `index`, made from the columns.
    func movie(at index: UInt32) -> Movie {
        let i = Int(index)
        let title = String(decoding: titleBytes[Int(titleStarts[i])..<Int(titleStarts[i + 1])], as: UTF8.self)
        let code = Int(certificationCodes[i])
        return Movie(
            id: i + 1,
            title: title,
            releaseDate: .year(Int(years[i])),
            voteAverage: Double(ratingTenths[i]) / 10,
            voteCount: Int(votes[i]),
            overview: nil,
            runtimeMinutes: Int(minutes[i]),
            genres: Self.genres.indices.compactMap { genreBits[i] & (1 << $0) != 0 ? Self.genres[$0].name : nil },
            certification: code == 0 ? nil : certifications[code]
        )
    }

    /// A page of the films at `indices`, out of `total`.
    func page(_ indices: some Sequence<UInt32>, total: Int, note: String? = nil) -> MoviePage {
        MoviePage(movies: indices.map(movie(at:)), totalResults: total, note: note)
    }

    /// Films with at least `minimumVotes` votes, highest rating first, ties by votes, then id.
    func topRated(minimumVotes: Int) -> [UInt32] {
        byVotes
            .filter { votes[Int($0)] >= minimumVotes }
            .sorted { a, b in
                ratingTenths[Int(a)] != ratingTenths[Int(b)]
                    ? ratingTenths[Int(a)] > ratingTenths[Int(b)]
                    : votes[Int(a)] != votes[Int(b)] ? votes[Int(a)] > votes[Int(b)] : a < b
            }
    }
}

// MARK: - Parsing

/// The columns as they are read, line by line.
private struct Columns {
    var titleBytes: [UInt8] = []
    var titleStarts: [UInt32] = [0]
    var years: [UInt16] = []
    var minutes: [UInt16] = []
    var ratingTenths: [UInt8] = []
    var votes: [UInt32] = []
    var genreBits: [UInt8] = []
    var certificationCodes: [UInt8] = []
    var certifications: [String] = [""]

    private static let tab = UInt8(ascii: "\t")
    private static let newline = UInt8(ascii: "\n")

    /// Reads every line of `bytes`; returns what is wrong, or nil when all is well.
    mutating func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        let estimate = bytes.count / 32
        years.reserveCapacity(estimate)
        minutes.reserveCapacity(estimate)
        ratingTenths.reserveCapacity(estimate)
        votes.reserveCapacity(estimate)
        genreBits.reserveCapacity(estimate)
        certificationCodes.reserveCapacity(estimate)
        titleStarts.reserveCapacity(estimate + 1)
        titleBytes.reserveCapacity(bytes.count)  // an upper bound: no copy while growing
        var position = 0
        var lineNumber = 0
        var inHeader = true
        while position < bytes.count {
            lineNumber += 1
            var end = position
            while end < bytes.count, bytes[end] != Self.newline { end += 1 }
            var line = UnsafeBufferPointer(rebasing: bytes[position..<end])
            position = end + 1
            if line.last == UInt8(ascii: "\r") { line = UnsafeBufferPointer(rebasing: line.dropLast()) }
            if inHeader, line.first == UInt8(ascii: "#") { continue }
            inHeader = false
            if let problem = parseFilm(line) { return "line \(lineNumber): \(problem)" }
        }
        return nil
    }

    private mutating func parseFilm(_ line: UnsafeBufferPointer<UInt8>) -> String? {
        var fields: [UnsafeBufferPointer<UInt8>] = []
        fields.reserveCapacity(7)
        var start = 0
        for i in line.indices where line[i] == Self.tab && fields.count < 6 {
            fields.append(UnsafeBufferPointer(rebasing: line[start..<i]))
            start = i + 1
        }
        fields.append(UnsafeBufferPointer(rebasing: line[start...]))
        guard fields.count == 7 else { return "\(fields.count) fields, not 7 (year, minutes, rating, votes, mpaa, genres, title)" }
        guard let year = Self.number(fields[0]), year <= UInt16.max else { return "the year is not a number" }
        guard let length = Self.number(fields[1]), length <= UInt16.max else { return "the length is not a number of minutes" }
        guard let rating = Self.tenths(fields[2]) else { return "the rating is not 0.0–10.0 with one decimal" }
        guard let count = Self.number(fields[3]), count <= UInt32.max else { return "the votes are not a number" }
        guard let genres = Self.genreBits(fields[5]) else { return "the genres are not letters of ANCDMRS" }
        guard let code = certificationCode(fields[4]) else { return "too many kinds of certification" }
        let title = fields[6]
        guard !title.isEmpty else { return "the title is empty" }
        guard title.allSatisfy({ $0 < 0x80 }) || String(validating: title, as: UTF8.self) != nil else {
            return "the title is not UTF-8"
        }
        years.append(UInt16(year))
        minutes.append(UInt16(length))
        ratingTenths.append(rating)
        votes.append(UInt32(count))
        genreBits.append(genres)
        certificationCodes.append(code)
        titleBytes.append(contentsOf: title)
        titleStarts.append(UInt32(titleBytes.count))
        return nil
    }

    /// The code of certification `field`, adding it when new; 0 for none, nil when over 255 kinds.
    private mutating func certificationCode(_ field: UnsafeBufferPointer<UInt8>) -> UInt8? {
        if field.isEmpty { return 0 }
        let name = String(decoding: field, as: UTF8.self)
        if let code = certifications.firstIndex(of: name) { return UInt8(code) }
        guard certifications.count <= UInt8.max else { return nil }
        certifications.append(name)
        return UInt8(certifications.count - 1)
    }

    private static func number(_ field: UnsafeBufferPointer<UInt8>) -> Int? {
        guard !field.isEmpty, field.count <= 10 else { return nil }
        var value = 0
        for byte in field {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }

    /// "6.4" as 64.
    private static func tenths(_ field: UnsafeBufferPointer<UInt8>) -> UInt8? {
        guard field.count >= 3, field[field.count - 2] == UInt8(ascii: "."),
              let whole = number(UnsafeBufferPointer(rebasing: field.dropLast(2))),
              let decimal = number(UnsafeBufferPointer(rebasing: field.suffix(1))),
              whole * 10 + decimal <= 100 else { return nil }
        return UInt8(whole * 10 + decimal)
    }

    private static func genreBits(_ field: UnsafeBufferPointer<UInt8>) -> UInt8? {
        var bits: UInt8 = 0
        for letter in field {
            guard let bit = CatalogIndex.genres.firstIndex(where: { $0.letter == letter }) else { return nil }
            bits |= 1 << bit
        }
        return bits
    }
}
