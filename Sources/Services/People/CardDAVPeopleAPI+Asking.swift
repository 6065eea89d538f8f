import Foundation
import Models

/// How the CardDAV client asks: its requests, their answers read off the main actor, and what
/// a failed one means.
extension CardDAVPeopleAPI {
    var account: String {
        "\(credentials?.user ?? "anonymous")@\(server.host ?? "")"
    }

    /// What the server's 401 means: the password sent was refused, or none was set.
    var refusal: PeopleAPIError {
        guard let credentials, !credentials.password.isEmpty else {
            return PeopleServerSetup.loginNotSet(user: credentials?.user, server: server)
        }
        return .unauthorized(account: account)
    }

    /// The multistatus answer of `method` on `url`, and the URL it came from after redirects.
    func multistatus(_ method: HTTPMethod, _ url: URL, depth: String, body: String) async throws -> (
        answer: DAVMultistatus, url: URL
    ) {
        let response = try await send(HTTPRequest(url: url, method: method, headers: Self.xmlHeaders(depth: depth), body: Data(body.utf8)))
        return (try await Self.read(response, refusal: refusal), response.url ?? url)
    }

    /// `response` read as a multistatus (207), or the failure its status says. Read on a queue
    /// of its own: an answer of thousands of cards takes a while, and the caller may be the keys'.
    static func read(_ response: HTTPResponse, refusal: PeopleAPIError) async throws -> DAVMultistatus {
        try await read(response, refusal: refusal) { $0 }
    }

    /// What `use` makes of `response` read as a multistatus, on the same queue.
    static func read<Value: Sendable>(
        _ response: HTTPResponse, refusal: PeopleAPIError,
        then use: @escaping @Sendable (DAVMultistatus) -> Value
    ) async throws -> Value {
        guard response.status == 207 else {
            throw (200..<300).contains(response.status)
                ? PeopleAPIError.unreadableAnswer : failure(status: response.status, refusal: refusal)
        }
        let body = response.body
        do {
            return try await BackgroundWork.resumingOnMainQueue(answerQueue) { use(try DAVMultistatus.parse(body)) }
        } catch {
            throw PeopleAPIError.unreadableAnswer
        }
    }

    /// Where the server's answers are read.
    static let answerQueue = DispatchQueue(label: "mvvm-tui.carddav-answers")

    /// The answer to `request`, signed in and trusting the configured authorities; a transport
    /// failure in the screen's words.
    ///
    /// `patience` times the time allowed: a report of the whole book takes a server longer than
    /// any other answer (Radicale, about 5 s for 20,000 cards on a machine of 2 cores).
    func send(_ request: HTTPRequest, patience: Int = 1) async throws -> HTTPResponse {
        let result: Result<HTTPResponse, any Error>
        do {
            result = .success(try await client.send(prepared(request, patience: patience)))
        } catch {
            result = .failure(error)
        }
        return try answer(result)
    }

    /// `request` signed in, trusting the configured authorities, given `patience` times the time allowed.
    func prepared(_ request: HTTPRequest, patience: Int = 1) -> HTTPRequest {
        var request = request
        request.credentials = credentials
        request.certificateAuthorities = certificateAuthorities
        request.timeout = timeout * patience
        return request
    }

    /// The response `result` holds, or its transport failure in the screen's words.
    func answer(_ result: Result<HTTPResponse, any Error>) throws -> HTTPResponse {
        do {
            return try result.get()
        } catch let error as URLError {
            throw failure(for: error)
        } catch let error as CancellationError {
            throw error
        } catch HTTPClientError.bodyTooLarge {
            throw PeopleAPIError.tooLarge
        } catch {
            throw PeopleAPIError.failed("the people server could not be reached: \(error)")
        }
    }

    /// What a status other than the one expected means to the user; `refusal` is what a 401 means.
    static func failure(status: Int, refusal: PeopleAPIError) -> PeopleAPIError {
        status == 401 ? refusal : .serverError(status: status)
    }

    /// What a transport failure means to the user: one of setup (`PeopleServerSetup`) says what
    /// to change.
    func failure(for error: URLError) -> any Error {
        if let setup = PeopleServerSetup.failure(for: error, server: server, certificateAuthorities: certificateAuthorities) {
            return setup
        }
        return switch error.code {
        case .timedOut:
            PeopleAPIError.timedOut
        case .networkConnectionLost:
            // curl's 18, 52, 55, 56: the answer cut, or none after the request went.
            PeopleAPIError.connectionCut
        case .notConnectedToInternet, .cannotFindHost, .cannotConnectToHost, .dnsLookupFailed,
            .internationalRoamingOff, .dataNotAllowed, .callIsActive:
            PeopleAPIError.noNetwork
        case .cancelled:
            CancellationError()
        default:
            PeopleAPIError.failed(
                "the people server at \(server.absoluteString) could not be reached: "
                    + (error.userInfo[NSLocalizedDescriptionKey] as? String ?? "URL error \(error.code.rawValue)"))
        }
    }

    /// The URL of the card at `href`, on the book's server (found first when this run has not
    /// asked it yet, as when an edit is sent before any pull).
    func url(of href: String) async throws -> URL {
        try await addressBook().url.resolving(href)
    }
}
