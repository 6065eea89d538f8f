import Models
import Testing

/// A movie service whose answers the test gives, one request at a time and in any order.
///
/// ```swift
/// viewModel.selectSegment(2)
/// let request = try await service.nextRequest()        // waits until the view-model asks
/// await service.answer(request, with: page)
/// ```
public actor ControlledMovieService: MovieService {
    /// What a request asked for.
    public enum Question: Equatable, Sendable {
        /// A page of a segment; the first unless said.
        case segment(Endpoint, page: Int = 1)
        /// A page of a search; the first unless said.
        case search(String, page: Int = 1)
        case details(Int)
    }

    /// A request waiting for its answer.
    public struct Request: Sendable {
        public let number: Int
        public let question: Question
    }

    private var waiting: [Int: CheckedContinuation<MoviePage, any Error>] = [:]
    private var unanswered: [Request] = []
    private var cancelled: Set<Int> = []
    private var count = 0
    /// Every question asked, in order.
    public private(set) var questions: [Question] = []

    /// Creates a service with nothing asked.
    public init() {}

    public func movies(for endpoint: Endpoint, page: Int) async throws -> MoviePage {
        try await ask(.segment(endpoint, page: page))
    }

    public func search(_ query: String, page: Int) async throws -> MoviePage {
        try await ask(.search(query, page: page))
    }

    /// No test sets up a film's details here: asking fails the test, naming the call, and
    /// throws, rather than passing the film off as its own details.
    public func details(of movie: Movie) async throws -> Movie {
        questions.append(.details(movie.id))
        Issue.record("ControlledMovieService.details(of: \(movie.title), id \(movie.id)) was asked, and no test sets it up")
        throw MovieServiceError.failed("details(of:) not set up")
    }

    /// Waits for the next request not yet handed out, and returns it; throws when none comes
    /// within 30 s.
    public func nextRequest() async throws -> Request {
        try await yieldUntil("a request to the service") { !unanswered.isEmpty }
        return unanswered.removeFirst()
    }

    /// Answers `request` with `page`.
    public func answer(_ request: Request, with page: MoviePage) {
        waiting.removeValue(forKey: request.number)?.resume(returning: page)
    }

    /// Answers `request` with `error`.
    public func fail(_ request: Request, with error: any Error) {
        waiting.removeValue(forKey: request.number)?.resume(throwing: error)
    }

    /// Waits until the task that asked `request` is cancelled, as a live service would notice,
    /// and returns true; false after about five seconds without.
    public func cancelledAnswer(to request: Request) async -> Bool {
        try? await yieldUntil("the request to be cancelled", within: .seconds(5)) { cancelled.contains(request.number) }
        return cancelled.contains(request.number)
    }

    /// Asks, and waits for the test's answer; a cancelled task is answered with `CancellationError`
    /// at once, as a live service ends its request, so that no task is left waiting for ever.
    private func ask(_ question: Question) async throws -> MoviePage {
        count += 1
        let number = count
        questions.append(question)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                waiting[number] = continuation
                unanswered.append(Request(number: number, question: question))
            }
        } onCancel: {
            Task { await self.cancel(number) }
        }
    }

    private func cancel(_ number: Int) {
        cancelled.insert(number)
        waiting.removeValue(forKey: number)?.resume(throwing: CancellationError())
    }
}

extension Movie {
    /// A film for tests: only the title and votes matter unless given.
    public static func sample(_ title: String, id: Int = 1, year: Int = 1977, average: Double = 7.9, votes: Int = 100) -> Movie {
        Movie(
            id: id, title: title, releaseDate: .year(year), voteAverage: average, voteCount: votes,
            overview: nil, runtimeMinutes: nil, genres: [], certification: nil)
    }
}
