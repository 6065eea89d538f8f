import Models
import Testing

/// A movie service that answers at once from a fixed list of films, for drawing tests; each
/// segment is one page. A film's details come from `details`, set up by the test; asking for
/// any other's fails the test, naming the call.
public struct ImmediateMovieService: MovieService {
    private let films: [Movie]
    private let details: [Int: Movie]

    /// Creates a service over `films`, with `details` the details it gives, by film.
    public init(films: [Movie], details: [Movie] = []) {
        self.films = films
        self.details = Dictionary(details.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    public func movies(for endpoint: Endpoint, page: Int) async throws -> MoviePage {
        if endpoint == .upcoming { throw MovieServiceError.needsAPIKey("Upcoming films need TMDb: set TMDB_API_KEY") }
        return MoviePage(movies: page == 1 ? films : [], totalResults: films.count)
    }

    public func search(_ query: String, page: Int) async throws -> MoviePage {
        let found = films.filter { $0.title.localizedCaseInsensitiveContains(query) }
        return MoviePage(movies: page == 1 ? found : [], totalResults: found.count)
    }

    public func details(of movie: Movie) async throws -> Movie {
        guard let found = details[movie.id] else {
            Issue.record("ImmediateMovieService.details(of: \(movie.title), id \(movie.id)) was asked, and no test set it up")
            throw MovieServiceError.failed("details(of:) not set up")
        }
        return found
    }
}
