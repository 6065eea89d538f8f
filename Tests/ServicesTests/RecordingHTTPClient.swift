import Foundation
import Services

/// curl with a hand on the traffic, for the CardDAV tests against real servers: it keeps every
/// request the client sent and the answer the client got, and may put a `Rewrite` between the
/// client and the server, which changes one thing (a request's file name, an answer's header, a
/// report cut in parts) and passes the rest through, so that a server's quirk is met in real
/// traffic.
///
/// ```swift
/// let client = RecordingHTTPClient()
/// client.rewrite = { request, pass in
///     let answer = try await pass(request)
///     return HTTPResponse(status: answer.status, body: answer.body, etag: nil, url: answer.url)  // no ETag
/// }
/// let api = try CardDAVPeopleAPI(server: book, credentials: credentials, client: client)
/// client.requests.filter { $0.method == .report }.count
/// ```
final class RecordingHTTPClient: HTTPClient, @unchecked Sendable {
    /// What sits between the client and the server: given the client's request and `pass`,
    /// which sends a request to the server through curl, it gives the answer the client gets.
    typealias Rewrite =
        @Sendable (_ request: HTTPRequest, _ pass: @Sendable (HTTPRequest) async throws -> HTTPResponse) async throws -> HTTPResponse

    private let curl = CurlHTTPClient(maximumBodySize: CardDAVPeopleAPI.maximumBodySize)
    private let lock = NSLock()
    private var sent: [HTTPRequest] = []  // guarded by `lock`
    private var answered: [(request: HTTPRequest, response: HTTPResponse)] = []  // guarded by `lock`
    private var rewriting: Rewrite?  // guarded by `lock`

    /// Creates a client that passes everything through unchanged until given a `rewrite`.
    init(rewrite: Rewrite? = nil) {
        rewriting = rewrite
    }

    /// What sits between the client and the server from the next request on; nil passes
    /// every request and answer through unchanged.
    var rewrite: Rewrite? {
        get { lock.withLock { rewriting } }
        set { lock.withLock { rewriting = newValue } }
    }

    /// How many requests the client sent, answered or not.
    var count: Int { lock.withLock { sent.count } }

    /// The requests the client sent, in order, as it sent them (before any rewrite).
    var requests: [HTTPRequest] { lock.withLock { sent } }

    /// Each request answered, as the client sent it, with the answer it got (after any rewrite).
    var exchanges: [(request: HTTPRequest, response: HTTPResponse)] { lock.withLock { answered } }

    /// Forgets what was sent and answered so far.
    func forget() {
        lock.withLock {
            sent = []
            answered = []
        }
    }

    func get(_ request: HTTPRequest) async throws -> HTTPResponse {
        try await send(request)
    }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let rewrite = lock.withLock {
            sent.append(request)
            return rewriting
        }
        let curl = self.curl
        let pass: @Sendable (HTTPRequest) async throws -> HTTPResponse = { try await curl.send($0) }
        let response = if let rewrite { try await rewrite(request, pass) } else { try await pass(request) }
        lock.withLock { answered.append((request, response)) }
        return response
    }

    /// Sends `requests` through curl's batch (one process, `inFlight` at a time) when nothing is
    /// rewritten, recording each as the single `send(_:)` does; through `send(_:)`, one after the
    /// other, when something is.
    func send(
        _ requests: [HTTPRequest], inFlight: Int,
        answer: (_ index: Int, _ result: Result<HTTPResponse, any Error>) async throws -> Void
    ) async throws {
        let rewrite = lock.withLock {
            if rewriting == nil { sent += requests }
            return rewriting
        }
        guard rewrite == nil else { return try await sendOneByOne(requests, answer: answer) }
        try await curl.send(requests, inFlight: inFlight) { index, result in
            if case .success(let response) = result { lock.withLock { answered.append((requests[index], response)) } }
            try await answer(index, result)
        }
    }
}

extension HTTPRequest {
    /// The body as text (UTF-8); empty when there is none.
    var text: String {
        String(decoding: body ?? Data(), as: UTF8.self)
    }
}
