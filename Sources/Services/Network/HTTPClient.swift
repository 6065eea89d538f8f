import Foundation

// No Foundation networking module here, nor anywhere in the program: on Linux it links libcurl and some
// thirty libraries more, loaded at every start although the network is seldom used. HTTP goes
// through the `curl` program instead, started for each request.

/// One request: which method, where, with which headers and body, and how long it may take in all.
///
/// ```swift
/// let url = URL(string: "https://dav.example.org/ada/contacts/")!
/// let json = Data(#"{"name": "Ada"}"#.utf8)
/// let request = HTTPRequest(url: url, headers: ["Accept": "application/json"], timeout: .seconds(5))
/// let post = HTTPRequest(url: url, method: .post, headers: ["Content-Type": "application/json"], body: json)
/// ```
public struct HTTPRequest: Equatable, Sendable {
    /// The address asked; `http` or `https` only.
    public var url: URL
    /// GET or POST.
    public var method: HTTPMethod
    /// The headers sent, by name. A name or value holding CR, LF or NUL is refused before sending.
    /// A POST says its body's type here, as `Content-Type`.
    public var headers: [String: String]
    /// What a POST sends, byte for byte; nil sends nothing. A GET sends no body.
    public var body: Data?
    /// The longest the whole exchange may take, connecting included.
    public var timeout: Duration
    /// The user and password sent with HTTP Basic authentication; nil sends none.
    public var credentials: HTTPCredentials?
    /// A file of certificate authorities (PEM) trusted for `https` instead of the system's: a
    /// private CA, or a server's own self-signed certificate. Nil trusts the system's.
    public var certificateAuthorities: String?

    /// Creates a request of `url` with `method`, `headers` and `body`, given up after `timeout`,
    /// signed in with `credentials` when given, trusting `certificateAuthorities` when given.
    public init(
        url: URL, method: HTTPMethod = .get, headers: [String: String] = [:], body: Data? = nil,
        timeout: Duration = .seconds(10), credentials: HTTPCredentials? = nil,
        certificateAuthorities: String? = nil
    ) {
        self.url = url
        self.method = method
        self.headers = headers
        self.body = body
        self.timeout = timeout
        self.credentials = credentials
        self.certificateAuthorities = certificateAuthorities
    }
}

/// A user and password for HTTP Basic authentication. Its description names the user only, so
/// that printing a request never shows the password.
public struct HTTPCredentials: Equatable, Sendable, CustomStringConvertible {
    /// The user name.
    public var user: String
    /// The password.
    public var password: String

    /// Creates credentials of `user` with `password`.
    public init(user: String, password: String) {
        self.user = user
        self.password = password
    }

    /// The user, and the password hidden.
    public var description: String { "\(user):••••" }
}

/// The HTTP methods the program sends: the web's two, and those of WebDAV and CardDAV.
public enum HTTPMethod: String, Equatable, Sendable {
    /// Asks for something; sends no body.
    case get = "GET"
    /// Sends the request's body.
    case post = "POST"
    /// Stores the request's body at the URL (a vCard in an address book).
    case put = "PUT"
    /// Removes what is at the URL; sends no body.
    case delete = "DELETE"
    /// Asks for properties of the URL and, with `Depth: 1`, of what it holds (WebDAV, RFC 4918).
    case propfind = "PROPFIND"
    /// Asks a report of a collection: changes since a token, or cards by href (RFC 3253, 6352, 6578).
    case report = "REPORT"

    /// Whether a request of this method sends its body.
    public var sendsBody: Bool {
        self != .get && self != .delete
    }
}

/// What came back: the HTTP status, the headers a client of the program reads, and the body,
/// whatever the status.
public struct HTTPResponse: Equatable, Sendable {
    /// The HTTP status code, such as 200 or 401.
    public let status: Int
    /// The body, possibly empty.
    public let body: Data
    /// The `ETag` header, as sent (quotes included); nil when there was none.
    public let etag: String?
    /// Where the answer came from after any redirect; nil when not known.
    public let url: URL?
    /// The `Location` header of an answer that is no redirect, as sent: where a server that
    /// names what it stores itself put it (201 Created); nil when there was none.
    public let location: String?

    /// Creates a response of `status` with `body`, and the `etag`, final `url` and `location`
    /// when known.
    public init(status: Int, body: Data, etag: String? = nil, url: URL? = nil, location: String? = nil) {
        self.status = status
        self.body = body
        self.etag = etag
        self.url = url
        self.location = location
    }
}

/// Sends a request and hands back what came back: the seam every live web client goes
/// through, so that tests can answer in its place.
///
/// ```swift
/// let url = URL(string: "https://api.open-meteo.com/v1/forecast?latitude=48.85&longitude=2.35")!
/// let client: any HTTPClient = CurlHTTPClient()
/// let response = try await client.get(HTTPRequest(url: url, timeout: .seconds(5)))
/// response.status   // 200
/// ```
public protocol HTTPClient: Sendable {
    /// Sends the GET `request` and returns the status and body, whatever the status.
    ///
    /// A failure to reach the server is thrown as a `URLError` with the nearest code
    /// (`.cannotFindHost`, `.cannotConnectToHost`, `.timedOut`, `.networkConnectionLost`, …);
    /// a failure of the client itself as an `HTTPClientError`; cancellation as `CancellationError`.
    func get(_ request: HTTPRequest) async throws -> HTTPResponse
    /// Sends `request` with its method and body, and answers and fails as `get(_:)` does.
    func send(_ request: HTTPRequest) async throws -> HTTPResponse
    /// Sends `requests`, at most `inFlight` at a time where the client can, sharing connections
    /// where it can, and hands each one's answer or failure to `answer` with its index, as it
    /// comes (not in order). A failure of one request is that request's; the others go on.
    /// Throws only when the task is cancelled, `answer` throws, or the client cannot run at all.
    func send(
        _ requests: [HTTPRequest], inFlight: Int,
        answer: (_ index: Int, _ result: Result<HTTPResponse, any Error>) async throws -> Void
    ) async throws
}

extension HTTPClient {
    /// Sends a GET through `get(_:)`; a client that only knows GET refuses any other method with
    /// `HTTPClientError.unsupportedMethod`, before sending anything.
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        guard request.method == .get else { throw HTTPClientError.unsupportedMethod(request.method) }
        return try await get(request)
    }

    /// Sends `requests` one after the other through `send(_:)`, in order: a client that knows no
    /// better has one request in flight whatever `inFlight` says.
    public func send(
        _ requests: [HTTPRequest], inFlight: Int,
        answer: (_ index: Int, _ result: Result<HTTPResponse, any Error>) async throws -> Void
    ) async throws {
        try await sendOneByOne(requests, answer: answer)
    }

    /// Sends `requests` one after the other through `send(_:)`, in order, handing each answer or
    /// failure to `answer`; cancellation is thrown.
    public func sendOneByOne(
        _ requests: [HTTPRequest], answer: (_ index: Int, _ result: Result<HTTPResponse, any Error>) async throws -> Void
    ) async throws {
        for (index, request) in requests.enumerated() {
            let result: Result<HTTPResponse, any Error>
            do {
                result = .success(try await send(request))
            } catch is CancellationError {
                throw CancellationError()
            } catch {
                result = .failure(error)
            }
            try await answer(index, result)
        }
    }
}

/// A failure of the HTTP client rather than of the network.
public enum HTTPClientError: Error, Equatable, Sendable, CustomStringConvertible, LocalizedError {
    /// The `curl` program is not installed (not on `PATH`, or not at the path given).
    case curlNotInstalled
    /// The body is longer than the client reads, `limit` bytes.
    case bodyTooLarge(limit: Int)
    /// The header `name` (or its value) holds CR, LF or NUL, or the name is not an HTTP token;
    /// refused before anything was sent.
    case invalidHeader(name: String)
    /// The client cannot send requests of this method.
    case unsupportedMethod(HTTPMethod)
    /// The user name holds a colon, or the user, password or URL a line break or NUL: refused
    /// before anything was sent.
    case invalidCredentials
    /// The body holds a NUL byte, which a request sent with others cannot carry.
    case invalidBody

    /// The failure in words.
    public var description: String {
        switch self {
        case .curlNotInstalled: "curl is not installed"
        case .bodyTooLarge(let limit): "the answer is larger than \(limit) bytes"
        case .invalidHeader(let name): "the \(name.debugDescription) header cannot be sent as it is"
        case .unsupportedMethod(let method): "this client cannot send a \(method.rawValue) request"
        case .invalidCredentials: "the user name, password or address cannot be sent as it is"
        case .invalidBody: "the body holds a NUL byte and cannot be sent with other requests"
        }
    }

    /// The failure in words, for `localizedDescription`.
    public var errorDescription: String? { description }
}
