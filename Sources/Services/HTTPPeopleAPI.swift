import Foundation
import Models

/// The people server, over HTTP with JSON: `GET <base>/people` gives everyone, `POST <base>/people`
/// gives the server one person. Docs/PeopleAPI.md describes the exchange.
///
/// ```swift
/// let api = HTTPPeopleAPI(baseURL: URL(string: "http://localhost:8080")!)
/// let people = try await api.getPeople()
/// try await api.postPerson(Person(firstName: "Grace", lastName: "Hopper"))
/// ```
public final class HTTPPeopleAPI: PeopleAPI, Sendable {
    /// The largest answer read, in bytes: room for some hundred thousand people.
    public static let maximumBodySize = 32 * 1024 * 1024

    private let baseURL: URL
    private let client: any HTTPClient
    private let timeout: Duration
    private let credentials: HTTPCredentials?

    /// Creates an API for the server at `baseURL`, asked through `client` (by default a
    /// `CurlHTTPClient`), each request given up after `timeout` and signed in with `credentials`
    /// (HTTP Basic) when given.
    public init(baseURL: URL, credentials: HTTPCredentials? = nil, client: (any HTTPClient)? = nil,
                timeout: Duration = .seconds(10)) {
        self.baseURL = baseURL
        self.credentials = credentials
        self.client = client ?? CurlHTTPClient(maximumBodySize: Self.maximumBodySize)
        self.timeout = timeout
    }

    // MARK: - PeopleAPI

    /// Everyone the server sends. An entry that is not a person (no id, no names, a birthday
    /// that is not a date) is left out; an answer that is not a list of people is unreadable.
    public func getPeople() async throws -> [Person] {
        let body = try await exchange(HTTPRequest(url: url, headers: ["Accept": "application/json"], timeout: timeout,
                                                  credentials: credentials))
        guard JSONNesting.isShallow(body), let entries = try? JSONDecoder().decode([Lossy<PersonBody>].self, from: body) else {
            throw PeopleAPIError.unreadableAnswer
        }
        let people = entries.compactMap { $0.value?.person }
        guard !people.isEmpty || entries.isEmpty else { throw PeopleAPIError.unreadableAnswer }
        return people
    }

    /// Posts `person` as one JSON object; any 2xx status is acceptance.
    public func postPerson(_ person: Person) async throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let body = try encoder.encode(PersonBody(person))
        _ = try await exchange(HTTPRequest(url: url, method: .post, headers: [
            "Accept": "application/json", "Content-Type": "application/json",
        ], body: body, timeout: timeout, credentials: credentials))
    }

    // MARK: - Asking

    private var url: URL { baseURL.appendingPathComponent("people") }

    /// The body of a 2xx answer to `request`, or the failure in the screen's words.
    private func exchange(_ request: HTTPRequest) async throws -> Data {
        let response: HTTPResponse
        do {
            response = try await client.send(request)
        } catch let error as URLError {
            throw Self.failure(for: error)
        } catch let error as CancellationError {
            throw error
        } catch HTTPClientError.bodyTooLarge {
            throw PeopleAPIError.failed("the people server sent an answer too large to read")
        } catch {
            throw PeopleAPIError.failed("the people server could not be reached: \(error)")
        }
        guard (200..<300).contains(response.status) else { throw PeopleAPIError.serverError(status: response.status) }
        return response.body
    }

    /// What a transport failure means to the user.
    private static func failure(for error: URLError) -> any Error {
        switch error.code {
        case .timedOut:
            PeopleAPIError.timedOut
        case .notConnectedToInternet, .cannotFindHost, .cannotConnectToHost, .networkConnectionLost, .dnsLookupFailed,
             .internationalRoamingOff, .dataNotAllowed, .callIsActive:
            PeopleAPIError.noNetwork
        case .cancelled:
            CancellationError()
        default:
            PeopleAPIError.failed("the people server could not be reached (URL error \(error.code.rawValue))")
        }
    }
}

// MARK: - The server's JSON

/// A person as the server writes one: `{"id", "salutation", "firstName", "lastName", "birthday"}`,
/// the salutation and birthday `null` when there are none.
private struct PersonBody: Codable {
    let id: String
    let salutation: String?
    let firstName: String
    let lastName: String
    let birthday: String?

    init(_ person: Person) {
        id = person.id
        salutation = person.salutation
        firstName = person.firstName
        lastName = person.lastName
        birthday = person.birthday?.description
    }

    /// The person, or nil when the entry is not one: no id, no name at all, or a birthday that
    /// is not a date.
    var person: Person? {
        guard !id.isEmpty, !(firstName.isEmpty && lastName.isEmpty) else { return nil }
        var date: BirthDate?
        if let birthday {
            guard let parsed = BirthDate(birthday) else { return nil }
            date = parsed
        }
        return Person(id: id, salutation: salutation, firstName: firstName, lastName: lastName, birthday: date)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(salutation, forKey: .salutation)
        try container.encode(firstName, forKey: .firstName)
        try container.encode(lastName, forKey: .lastName)
        try container.encode(birthday, forKey: .birthday)
    }
}
