import Binding
import Foundation

/// An `HTTPClient` that runs the `curl` program for each request: no cookies, no cache and no
/// credentials kept between requests, `~/.curlrc` ignored, `http` and `https` only (redirects
/// too, at most 3), a time limit on the whole exchange and a limit on the body's size.
///
/// Nothing of the request is on curl's command line, which every user of the machine can read
/// (`ps`, `/proc/PID/cmdline`): the command line is `curl --disable --config -`, and the URL,
/// headers, credentials and every option reach curl as a config file on its standard input — a
/// temporary file, readable by this user only, deleted before curl starts. curl gets a minimal
/// environment (`PATH`, the locale, proxies and CA settings), so no API key of this program's
/// environment reaches it either.
///
/// Each request starts `curl` (found on `PATH`) through swift-subprocess, in its own process
/// group, and reads the body from its standard output as it arrives, stopping curl once the body
/// passes the limit; a POST's body goes to curl in a temporary file, deleted after. Nothing
/// blocks the caller's thread; cancelling the task stops `curl` (`SIGKILL`) and throws
/// `CancellationError`. Curl's exit status becomes a `URLError`:
///
/// | curl exit status                      | thrown                                  |
/// |---------------------------------------|-----------------------------------------|
/// | 5, 6 (could not resolve proxy, host)  | `URLError(.cannotFindHost)`             |
/// | 7 (could not connect)                 | `URLError(.cannotConnectToHost)`        |
/// | 28 (time limit)                       | `URLError(.timedOut)`                   |
/// | 18, 52, 55, 56 (cut short, no reply)  | `URLError(.networkConnectionLost)`      |
/// | 63 (body over the limit)              | `HTTPClientError.bodyTooLarge`          |
/// | 127, or not found                     | `HTTPClientError.curlNotInstalled`      |
/// | 35, 60, 47, 1, 3                      | TLS, certificate, redirects, bad URL    |
/// | 77 (CA file missing or unreadable)    | `URLError(.cannotOpenFile)`             |
/// | any other                             | `URLError(.unknown)`, curl's message    |
///
/// ```swift
/// let url = URL(string: "https://api.open-meteo.com/v1/forecast?latitude=48.85&longitude=2.35")!
/// let client = CurlHTTPClient()
/// let response = try await client.get(HTTPRequest(url: url, headers: ["Accept": "application/json"]))
/// ```
public struct CurlHTTPClient: HTTPClient {
    /// The program run: a name looked up on `PATH`, or a path.
    public let curl: String
    /// The largest body read, in bytes; a longer one is `HTTPClientError.bodyTooLarge`.
    public let maximumBodySize: Int

    /// Creates a client that runs `curl` and reads bodies of at most `maximumBodySize` bytes.
    public init(curl: String = "curl", maximumBodySize: Int = 5_000_000) {
        self.curl = curl
        self.maximumBodySize = max(maximumBodySize, 0)
    }

    /// Sends `request` through `curl` and returns the status and the body.
    public func get(_ request: HTTPRequest) async throws -> HTTPResponse {
        try await send(request)
    }

    /// Sends `request`, of any method, through `curl` and returns the status, the body, the
    /// `ETag` and the final URL.
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let headers = try Self.headerLines(request.headers)
        guard let scheme = request.url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            throw URLError(.unsupportedURL)
        }
        return try await CurlRun(program: curl, request: request, headers: headers, maximumBodySize: maximumBodySize)
            .perform()
    }

    /// Sends `requests` through one curl process, at most `inFlight` at a time over connections
    /// curl reuses (`CurlBatch`), and hands each answer to `answer` as it comes. The bodies of
    /// `PUT` and `DELETE` answers are not read; those of the others are, as `send(_:)` reads them.
    /// A request that cannot be sent as it is (a header, a URL) fails alone, before curl starts.
    public func send(
        _ requests: [HTTPRequest], inFlight: Int,
        answer: (_ index: Int, _ result: Result<HTTPResponse, any Error>) async throws -> Void
    ) async throws {
        var sendable: [(index: Int, request: HTTPRequest, headers: [String])] = []
        for (index, request) in requests.enumerated() {
            do {
                let headers = try Self.headerLines(request.headers)
                guard let scheme = request.url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
                    throw URLError(.unsupportedURL)
                }
                sendable.append((index, request, headers))
            } catch {
                try await answer(index, .failure(error))
            }
        }
        guard !sendable.isEmpty else { return }
        try await CurlBatch(
            program: curl, requests: sendable.map(\.request), headers: sendable.map(\.headers), inFlight: inFlight,
            maximumBodySize: maximumBodySize, keepsBody: { $0.method != .put && $0.method != .delete }
        ).perform { index, result in try await answer(sendable[index].index, result) }
    }

    // MARK: Arguments

    /// The headers as curl takes them, sorted by name, each `Name: value` (`Name;` for an empty
    /// value, which is how curl sends one); throws for a header that could add a line or an option.
    static func headerLines(_ headers: [String: String]) throws -> [String] {
        try headers.sorted { $0.key < $1.key }.map { name, value -> String in
            guard !name.isEmpty, name.utf8.allSatisfy(isTokenByte),
                !value.utf8.contains(where: { $0 == 0x0D || $0 == 0x0A || $0 == 0x00 })
            else {
                throw HTTPClientError.invalidHeader(name: name)
            }
            let trimmed = value.trimmingCharacters(in: .whitespaces)
            return trimmed.isEmpty ? "\(name);" : "\(name): \(trimmed)"
        }
    }

    /// The config file curl reads on its standard input for `request`: one option a line, every
    /// value quoted (`name = "value"`, with `\\` and `\"` escaped), so no
    /// value can start another option. `headers` are `headerLines`'s, `upload` the file holding the
    /// body. The body goes to standard output; the status code, the final URL, the `ETag` and the
    /// `Location` headers to standard error, tab-separated on a line of its own after any message.
    static func configuration(
        for request: HTTPRequest, headers: [String], upload: String?,
        maximumBodySize: Int
    ) throws -> String {
        let lines = try options(
            for: request, headers: headers, maximumBodySize: maximumBodySize,
            writeOut: "%{stderr}\\n%{http_code}\\t%{url_effective}\\t%header{etag}\\t%header{location}",
            body: try upload.map { ["data-binary = \(try quoted("@" + $0))"] } ?? [])
        return lines.joined(separator: "\n") + "\n"
    }

    /// The config lines of one transfer of `request`: the limits, `writeOut` (curl's
    /// `write-out`, as it stands between the quotes), the method, `body` (the lines that send the
    /// body, followed by no `Expect: 100-continue`), the CA file, the credentials, `headers` and
    /// the URL, each value quoted.
    static func options(
        for request: HTTPRequest, headers: [String], maximumBodySize: Int, writeOut: String, body: [String]
    ) throws -> [String] {
        var lines = [
            "silent", "show-error", "globoff", "location", "max-redirs = 3",
            "proto = \"=http,https\"", "proto-redir = \"=http,https\"",
            "max-time = \"\(seconds(request.timeout))\"", "max-filesize = \"\(maximumBodySize)\"",
            "write-out = \"\(writeOut)\"",
        ]
        if request.method != .get, request.method != .post {
            lines.append("request = \"\(request.method.rawValue)\"")
        }
        if !body.isEmpty {
            lines += body + ["header = \"Expect:\""]
        }
        if let authorities = request.certificateAuthorities {
            lines.append("cacert = \(try quoted(authorities))")
        }
        if let credentials = request.credentials {
            guard !credentials.user.contains(":") else { throw HTTPClientError.invalidCredentials }
            lines += ["basic", "user = \(try quoted(credentials.user + ":" + credentials.password))"]
        }
        lines += try headers.map { "header = \(try quoted($0))" }
        lines.append("url = \(try quoted(request.url.absoluteString))")
        return lines
    }

    /// `text` as a quoted value of curl's config file; throws for a line break or NUL, which
    /// would end the value early.
    static func quoted(_ text: String) throws -> String {
        guard !text.utf8.contains(where: { $0 == 0x0D || $0 == 0x0A || $0 == 0x00 }) else {
            throw HTTPClientError.invalidCredentials
        }
        return "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    /// `duration` in seconds as curl's `max-time` takes it: "10", "7.5"; never 0 (no limit).
    static func seconds(_ duration: Duration) -> String {
        let milliseconds = duration.nanoseconds / 1_000_000
        guard milliseconds > 0 else { return "0.001" }
        let seconds = milliseconds / 1_000
        guard milliseconds % 1_000 > 0 else { return String(seconds) }
        var fraction = String(milliseconds % 1_000)
        fraction = String(repeating: "0", count: 3 - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return "\(seconds).\(fraction)"
    }

    /// The part of `environment` curl is given: where programs are, the locale, proxies and
    /// certificate authorities. Nothing else — above all no API key or password.
    static func curlEnvironment(from environment: [String: String]) -> [String: String] {
        environment.filter { name, _ in
            passedToCurl.contains(name) || name.hasPrefix("LC_")
        }
    }

    /// The variables `curlEnvironment` keeps besides the locale's `LC_*`.
    private static let passedToCurl: Set<String> = [
        "PATH", "LANG", "LANGUAGE", "TZ",
        "http_proxy", "https_proxy", "HTTPS_PROXY", "all_proxy", "ALL_PROXY", "no_proxy", "NO_PROXY",
        "CURL_CA_BUNDLE", "SSL_CERT_FILE", "SSL_CERT_DIR",
    ]

    /// Whether `byte` may be part of a header name (RFC 9110 `tchar`): so no `@` (which curl reads
    /// as "headers from a file"), no `:`, no space, no control character.
    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "a")...UInt8(ascii: "z"):
            true
        default:
            Array("!#$%&'*+-.^_`|~".utf8).contains(byte)
        }
    }

    /// The error curl's exit `status` stands for; `message` is what it wrote on its error output.
    static func failure(forExitStatus status: Int32, message: String, maximumBodySize: Int) -> any Error {
        let code: URLError.Code
        switch status {
        case 5, 6: code = .cannotFindHost
        case 7: code = .cannotConnectToHost
        case 28: code = .timedOut
        case 18, 52, 55, 56: code = .networkConnectionLost
        case 35: code = .secureConnectionFailed
        case 60: code = .serverCertificateUntrusted
        case 77: code = .cannotOpenFile
        case 47: code = .httpTooManyRedirects
        case 1: code = .unsupportedURL
        case 3: code = .badURL
        case 63: return HTTPClientError.bodyTooLarge(limit: maximumBodySize)
        case 127: return HTTPClientError.curlNotInstalled
        default: code = .unknown
        }
        let text = message.trimmingCharacters(in: .whitespacesAndNewlines)
        return URLError(
            code,
            userInfo: [
                NSLocalizedDescriptionKey: text.isEmpty ? "curl failed with exit status \(status)" : text,
                "curlExitStatus": Int(status),
            ])
    }
}
