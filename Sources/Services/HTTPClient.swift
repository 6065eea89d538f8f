import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sends a GET request and hands back what came back: the seam every live web client goes
/// through, so that tests can answer in its place.
///
/// ```swift
/// let client: any HTTPClient = URLSessionHTTPClient(timeout: .seconds(5))
/// let (body, response) = try await client.get(URLRequest(url: url))
/// response.statusCode   // 200
/// ```
public protocol HTTPClient: Sendable {
    /// Sends `request` and returns the body and the HTTP response, whatever its status; a failure
    /// to reach the server is thrown as the transport threw it (a `URLError` for `URLSession`).
    func get(_ request: URLRequest) async throws -> (Data, HTTPURLResponse)
}

/// An `HTTPClient` over its own ephemeral `URLSession`: no cookies, no cache, no credentials
/// kept between requests, and a time limit on every request.
public struct URLSessionHTTPClient: HTTPClient {
    /// The session every request goes through; ephemeral, owned by this client.
    private let session: URLSession

    /// Creates a client whose requests fail with `URLError.timedOut` when the server stays
    /// silent for `timeout`.
    public init(timeout: Duration = .seconds(10)) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout.timeInterval
        configuration.timeoutIntervalForResource = max(timeout.timeInterval * 3, 30)
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        configuration.httpCookieStorage = nil
        self.session = URLSession(configuration: configuration)
    }

    /// Sends `request` as a GET and returns the body and the HTTP response.
    public func get(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        var request = request
        request.httpMethod = "GET"
        let (data, response) = try await session.data(for: request)
        guard let http = response as? HTTPURLResponse else {
            throw URLError(.badServerResponse)
        }
        return (data, http)
    }
}

// MARK: - Duration

extension Duration {
    /// The duration in seconds, as `URLRequest` and `URLSessionConfiguration` take it.
    var timeInterval: TimeInterval {
        let (seconds, attoseconds) = components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }
}
