import Foundation
import Models

/// How TMDb knows who asks: a v3 API key or a read access token, both from the account's API page.
public enum TMDbCredential: Equatable, Sendable {
    /// A v3 API key, sent as the `api_key` query item.
    case apiKey(String)
    /// A read access token, sent as `Authorization: Bearer <token>`.
    case readAccessToken(String)

    /// The credential the environment holds: `TMDB_READ_ACCESS_TOKEN` if set, else `TMDB_API_KEY`;
    /// nil when neither has a value (blank values count as unset).
    public static func from(environment: [String: String]) -> TMDbCredential? {
        func value(_ name: String) -> String? {
            let text = environment[name]?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
            return text.isEmpty ? nil : text
        }
        if let token = value("TMDB_READ_ACCESS_TOKEN") { return .readAccessToken(token) }
        if let key = value("TMDB_API_KEY") { return .apiKey(key) }
        return nil
    }
}

/// Films from The Movie Database (TMDb) v3 API: the four segments page by page, search and details.
///
/// ```swift
/// func search(withKey key: String) async throws {
///     let service = TMDbMovieService(credential: .apiKey(key))
///     let page = try await service.search("star wars")
///     page.movies.first?.releaseDate   // .day(year: 1977, month: 5, day: 25)
/// }
/// ```
public final class TMDbMovieService: MovieService, Sendable {
    /// The last page of a list TMDb serves, whatever its `total_pages` says.
    public static let lastPage = 500
    /// The largest answer read, in bytes; a TMDb page is about 20 KB, so more is not TMDb.
    public static let maximumBodySize = 5 * 1024 * 1024
    /// TMDb's fixed list of movie genres, by the ids that list entries carry in `genre_ids`.
    public static let genreNames: [Int: String] = [
        28: "Action", 12: "Adventure", 16: "Animation", 35: "Comedy", 80: "Crime", 99: "Documentary",
        18: "Drama", 10751: "Family", 14: "Fantasy", 36: "History", 27: "Horror", 10402: "Music",
        9648: "Mystery", 10749: "Romance", 878: "Science Fiction", 10770: "TV Movie", 53: "Thriller",
        10752: "War", 37: "Western",
    ]

    private let credential: TMDbCredential
    private let baseURL: URL
    private let client: any HTTPClient
    private let timeout: Duration
    private let language: String

    /// Creates a service that asks TMDb at `baseURL` with `credential`, through `client` (by default
    /// a `CurlHTTPClient`), giving up on a request after `timeout`, for titles and overviews in
    /// `language` (see `language(environment:)`).
    public init(
        credential: TMDbCredential, baseURL: URL = URL(string: "https://api.themoviedb.org/3")!,
        client: (any HTTPClient)? = nil, timeout: Duration = .seconds(10),
        language: String = TMDbMovieService.defaultLanguage
    ) {
        self.credential = credential
        self.language = language
        self.baseURL = baseURL
        self.client = client ?? CurlHTTPClient(maximumBodySize: Self.maximumBodySize)
        self.timeout = timeout
    }

    // MARK: - MovieService

    /// Page `page` of `endpoint`, in the service's language; more pages follow while `page` is
    /// below TMDb's `total_pages` and `lastPage`.
    public func movies(for endpoint: Endpoint, page: Int) async throws -> MoviePage {
        let body = try await fetch(path: endpoint.path, query: [("language", language), ("page", String(page))])
        return try Self.page(from: body, number: page)
    }

    /// Page `page` of the films whose titles match `query`, in TMDb's own order, adult films left
    /// out; more pages follow while `page` is below TMDb's `total_pages` and `lastPage`. A blank
    /// query matches nothing and asks nothing.
    public func search(_ query: String, page: Int) async throws -> MoviePage {
        let query = query.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !query.isEmpty else { return MoviePage(movies: [], totalResults: 0) }
        let body = try await fetch(
            path: "search/movie",
            query: [
                ("query", query), ("include_adult", "false"), ("language", language), ("page", String(page)),
            ])
        return try Self.page(from: body, number: page)
    }

    /// `movie` with TMDb's details added: runtime and genre names, and the latest overview,
    /// date and votes; what the details leave out stays as `movie` had it.
    public func details(of movie: Movie) async throws -> Movie {
        let body = try await fetch(path: "movie/\(movie.id)", query: [("language", language)])
        let details = try Self.decode(DetailsBody.self, from: body)
        let runtime = details.runtime.flatMap { $0 > 0 ? $0 : nil }
        let genres = details.genres?.compactMap { $0.value?.name }.filter { !$0.isEmpty }
        return Movie(
            id: movie.id,
            title: details.title ?? movie.title,
            releaseDate: details.releaseDate.flatMap(Self.releaseDate(from:)) ?? movie.releaseDate,
            voteAverage: details.voteAverage.map(Self.rating(from:)) ?? movie.voteAverage,
            voteCount: details.voteCount.map { max($0, 0) } ?? movie.voteCount,
            overview: details.overview.flatMap { $0.isEmpty ? nil : $0 } ?? movie.overview,
            runtimeMinutes: runtime ?? movie.runtimeMinutes,
            genres: genres ?? movie.genres,
            certification: movie.certification
        )
    }

    // MARK: - Asking

    /// The body of TMDb's answer to a GET of `path` with `query`, or the error a person can act on.
    private func fetch(path: String, query: [(String, String)]) async throws -> Data {
        let response: HTTPResponse
        do {
            response = try await client.get(request(path: path, query: query))
        } catch let error as URLError {
            throw Self.failure(for: error)
        } catch let error as CancellationError {
            throw error
        } catch HTTPClientError.bodyTooLarge {
            throw Self.tooLarge
        } catch let error as HTTPClientError {
            throw MovieServiceError.failed("TMDb could not be reached: \(error)")
        } catch {
            throw MovieServiceError.failed("TMDb could not be reached")
        }
        let data = response.body
        guard data.count <= Self.maximumBodySize else { throw Self.tooLarge }
        switch response.status {
        case 200..<300:
            return data
        case 401:
            throw MovieServiceError.rejectedKey
        case let status:
            let reason = Self.statusMessage(in: data).map { ": \($0)" } ?? ""
            throw MovieServiceError.failed("TMDb answered \(status)\(reason)")
        }
    }

    /// An answer over `maximumBodySize`, whether the client or this service found it so.
    private static let tooLarge = MovieServiceError.failed("TMDb sent an answer too large to read (over 5 MB)")

    /// The GET request for `path` under the base URL, with `query` and the credential.
    private func request(path: String, query: [(String, String)]) -> HTTPRequest {
        var items = query
        if case .apiKey(let key) = credential { items.append(("api_key", key)) }
        let url = baseURL.appendingPathComponent(path)
        var components = URLComponents(url: url, resolvingAgainstBaseURL: true)
        components?.percentEncodedQuery =
            items
            .map { "\(Self.percentEncoded($0.0))=\(Self.percentEncoded($0.1))" }
            .joined(separator: "&")
        var headers = ["Accept": "application/json"]
        if case .readAccessToken(let token) = credential {
            headers["Authorization"] = "Bearer \(token)"
        }
        return HTTPRequest(url: components?.url ?? url, headers: headers, timeout: timeout)
    }

    /// The characters a query item keeps as they are (RFC 3986 unreserved); all else is escaped,
    /// so `&`, `=`, `+` and spaces in a title cannot change the query.
    private static let unreserved = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    private static func percentEncoded(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
    }

    /// What a transport failure means to the user: offline for the network's faults, a reason otherwise.
    private static func failure(for error: URLError) -> any Error {
        switch error.code {
        case .notConnectedToInternet, .cannotFindHost, .cannotConnectToHost, .timedOut, .networkConnectionLost,
            .dnsLookupFailed, .internationalRoamingOff, .dataNotAllowed, .callIsActive:
            MovieServiceError.noNetwork
        case .cancelled:
            CancellationError()
        default:
            MovieServiceError.failed("TMDb could not be reached (URL error \(error.code.rawValue))")
        }
    }

    // MARK: - Reading answers

    private static func decode<Body: Decodable>(_ type: Body.Type, from data: Data) throws -> Body {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        guard JSONNesting.isShallow(data), let body = try? decoder.decode(type, from: data) else { throw unreadable }
        return body
    }

    private static let unreadable = MovieServiceError.failed("TMDb sent an answer this program cannot read")

    /// Page `number` of films; entries TMDb sent without an id or title are left out, but a page
    /// of nothing else is unreadable. More pages follow while `number` is below `total_pages`
    /// (and `lastPage`).
    private static func page(from data: Data, number: Int) throws -> MoviePage {
        let body = try decode(PageBody.self, from: data)
        let movies = body.results.compactMap { $0.value.map(movie(from:)) }
        guard !movies.isEmpty || body.results.isEmpty else { throw unreadable }
        let pages = min(body.totalPages ?? 0, lastPage)
        return MoviePage(
            movies: movies, totalResults: max(body.totalResults ?? 0, movies.count),
            hasMorePages: number < pages)
    }

    private static func movie(from entry: ListEntry) -> Movie {
        Movie(
            id: entry.id,
            title: entry.title,
            releaseDate: entry.releaseDate.flatMap(releaseDate(from:)),
            voteAverage: entry.voteAverage.map(rating(from:)) ?? 0,
            voteCount: max(entry.voteCount ?? 0, 0),
            overview: entry.overview.flatMap { $0.isEmpty ? nil : $0 },
            genres: (entry.genreIds ?? []).compactMap { genreNames[$0] }
        )
    }

    /// A rating held to 0–10, as the screens expect.
    private static func rating(from value: Double) -> Double {
        value.isFinite ? min(max(value, 0), 10) : 0
    }

    /// The date in a strict `yyyy-MM-dd` (year, then month 01–12, then a day that month has);
    /// nil for anything else, such as TMDb's `""` for a film with no date yet.
    private static func releaseDate(from text: String) -> ReleaseDate? {
        let bytes = Array(text.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for byte in bytes[range] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
            year >= 1, (1...12).contains(month)
        else { return nil }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
        return (1...days).contains(day) ? .day(year: year, month: month, day: day) : nil
    }

    /// TMDb's `status_message`, made fit for one line of the screen; nil when there is none.
    private static func statusMessage(in data: Data) -> String? {
        guard let message = (try? decode(StatusBody.self, from: data))?.statusMessage else { return nil }
        let line = message.components(separatedBy: .controlCharacters).joined(separator: " ")
            .trimmingCharacters(in: .whitespaces)
        guard !line.isEmpty else { return nil }
        return line.count > 200 ? String(line.prefix(200)) + "…" : line
    }
}

// MARK: - TMDb's JSON

private struct PageBody: Decodable {
    let results: [Lossy<ListEntry>]
    let totalResults: Int?
    let totalPages: Int?
}

private struct ListEntry: Decodable {
    let id: Int
    let title: String
    let releaseDate: String?
    let voteAverage: Double?
    let voteCount: Int?
    let overview: String?
    let genreIds: [Int]?
}

private struct DetailsBody: Decodable {
    struct Genre: Decodable { let name: String }

    let title: String?
    let releaseDate: String?
    let voteAverage: Double?
    let voteCount: Int?
    let overview: String?
    let runtime: Int?
    let genres: [Lossy<Genre>]?
}

private struct StatusBody: Decodable {
    let statusMessage: String?
}

// MARK: - Endpoint paths

extension Endpoint {
    /// The segment's path under TMDb's v3 base URL.
    fileprivate var path: String {
        switch self {
        case .nowPlaying: "movie/now_playing"
        case .popular: "movie/popular"
        case .upcoming: "movie/upcoming"
        case .topRated: "movie/top_rated"
        }
    }
}
