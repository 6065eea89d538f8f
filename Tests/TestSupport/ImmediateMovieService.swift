import Models

/// A movie service that answers at once from a fixed list of films, for drawing tests; each
/// segment is one page.
public struct ImmediateMovieService: MovieService {
    private let films: [Movie]

    /// Creates a service over `films`.
    public init(films: [Movie]) {
        self.films = films
    }

    public func movies(for endpoint: Endpoint, page: Int) async throws -> MoviePage {
        if endpoint == .upcoming { throw MovieServiceError.needsAPIKey("Upcoming films need TMDb: set TMDB_API_KEY") }
        return MoviePage(movies: page == 1 ? films : [], totalResults: films.count)
    }

    public func search(_ query: String) async throws -> MoviePage {
        let found = films.filter { $0.title.localizedCaseInsensitiveContains(query) }
        return MoviePage(movies: found, totalResults: found.count)
    }

    public func details(of movie: Movie) async throws -> Movie { movie }
}
