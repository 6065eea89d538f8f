import Foundation
import Models
import Services
import Testing

struct HTTPPeopleAPITests {
    private static let ada = Person(id: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F", salutation: "Countess", firstName: "Ada",
                                    lastName: "Lovelace", birthday: BirthDate("1815-12-10"))

    private func failure(_ body: () async throws -> Void) async -> PeopleAPIError? {
        await #expect(throws: PeopleAPIError.self) { try await body() }
    }

    private func json(_ text: String) -> Data { Data(text.utf8) }

    // MARK: - GET

    @Test func everyoneIsFetchedFromTheServer() async throws {
        let body = json(#"""
            [{"id": "E621E1F8-C36C-495A-93FC-0C247A3E6E5F", "salutation": "Countess", "firstName": "Ada",
              "lastName": "Lovelace", "birthday": "1815-12-10"},
             {"id": "t", "salutation": null, "firstName": "太郎", "lastName": "東京", "birthday": "--04-15"},
             {"id": "g", "firstName": "Grace", "lastName": "Hopper", "birthday": null}]
            """#)
        let server = try LoopbackHTTPServer(replies: [.answer(status: 200, body: body)])
        defer { server.stop() }
        let people = try await HTTPPeopleAPI(baseURL: server.baseURL.appendingPathComponent("api")).getPeople()
        #expect(people == [Self.ada, Person(id: "t", firstName: "太郎", lastName: "東京", birthday: BirthDate("--04-15")),
                           Person(id: "g", firstName: "Grace", lastName: "Hopper")])
        let head = try #require(server.requests.first)
        #expect(head.hasPrefix("GET /api/people HTTP/1.1\r\n"))
        #expect(head.contains("\r\nAccept: application/json\r\n"))
    }

    @Test func entriesThatAreNotPeopleAreLeftOut() async throws {
        let body = json(#"""
            [{"id": "a", "firstName": "Ada", "lastName": "Lovelace"}, {"id": "b", "firstName": "Bad", "lastName": "Date",
              "birthday": "2023-02-29"}, {"firstName": "No", "lastName": "Id"}, {"id": "", "firstName": "E", "lastName": "Id"},
             {"id": "n", "firstName": "", "lastName": ""}, 42]
            """#)
        let server = try LoopbackHTTPServer(replies: [.answer(status: 200, body: body)])
        defer { server.stop() }
        #expect(try await HTTPPeopleAPI(baseURL: server.baseURL).getPeople().map(\.id) == ["a"])
    }

    @Test(arguments: ["", "{", "{}", "null", #"{"people": []}"#, #"[{"id": 1}]"#, String(repeating: "[", count: 10_000)])
    func malformedJSONIsAnUnreadableAnswer(body: String) async throws {
        let server = try LoopbackHTTPServer(replies: [.answer(status: 200, body: json(body))])
        defer { server.stop() }
        let error = await failure { _ = try await HTTPPeopleAPI(baseURL: server.baseURL).getPeople() }
        #expect(error == .unreadableAnswer)
        #expect(error?.message == "the people server sent an answer this program cannot read")
    }

    @Test func anEmptyListIsNobody() async throws {
        let server = try LoopbackHTTPServer(replies: [.answer(status: 200, body: json("[]"))])
        defer { server.stop() }
        #expect(try await HTTPPeopleAPI(baseURL: server.baseURL).getPeople().isEmpty)
    }

    @Test func aServerErrorGivesItsStatus() async throws {
        let server = try LoopbackHTTPServer(replies: [.answer(status: 500, body: json(#"{"error": "boom"}"#))])
        defer { server.stop() }
        let error = await failure { _ = try await HTTPPeopleAPI(baseURL: server.baseURL).getPeople() }
        #expect(error == .serverError(status: 500))
        #expect(error?.message == "the people server answered 500")
    }

    @Test func aServerThatNeverAnswersIsTimedOut() async throws {
        let server = try LoopbackHTTPServer(replies: [.silence(upTo: .seconds(5))])
        defer { server.stop() }
        let api = HTTPPeopleAPI(baseURL: server.baseURL, timeout: .milliseconds(500))
        let error = await failure { _ = try await api.getPeople() }
        #expect(error == .timedOut)
        #expect(error?.message == "the people server did not answer in time")
    }

    @Test func aRefusedConnectionIsNoNetwork() async throws {
        let baseURL = try #require(URL(string: "http://127.0.0.1:\(try LoopbackHTTPServer.unusedPort())"))
        let error = await failure { _ = try await HTTPPeopleAPI(baseURL: baseURL, timeout: .seconds(2)).getPeople() }
        #expect(error == .noNetwork)
        #expect(error?.message == "no network: the people server could not be reached")
    }

    // MARK: - POST

    @Test func aPersonIsPostedAsOneJSONObject() async throws {
        let server = try LoopbackHTTPServer(replies: [.answer(status: 201, body: Data())])
        defer { server.stop() }
        try await HTTPPeopleAPI(baseURL: server.baseURL).postPerson(Self.ada)
        let head = try #require(server.requests.first)
        #expect(head.hasPrefix("POST /people HTTP/1.1\r\n"))
        #expect(head.contains("\r\nContent-Type: application/json\r\n"))
        #expect(!head.lowercased().contains("expect:"))
        let body = try #require(server.bodies.first)
        #expect(String(decoding: body, as: UTF8.self) == #"{"birthday":"1815-12-10","firstName":"Ada","id":"E621E1F8-C36C-495A-93FC-0C247A3E6E5F","lastName":"Lovelace","salutation":"Countess"}"#)
    }

    @Test func missingValuesArePostedAsNull() async throws {
        let server = try LoopbackHTTPServer(replies: [.answer(status: 200, body: Data())])
        defer { server.stop() }
        try await HTTPPeopleAPI(baseURL: server.baseURL).postPerson(Person(id: "t", firstName: "太郎", lastName: "東京"))
        let body = try #require(server.bodies.first)
        #expect(String(decoding: body, as: UTF8.self) == #"{"birthday":null,"firstName":"太郎","id":"t","lastName":"東京","salutation":null}"#)
    }

    @Test func aRefusedPostGivesItsStatus() async throws {
        let server = try LoopbackHTTPServer(replies: [.answer(status: 500, body: Data())])
        defer { server.stop() }
        let error = await failure { try await HTTPPeopleAPI(baseURL: server.baseURL).postPerson(Self.ada) }
        #expect(error == .serverError(status: 500))
    }

    @Test func aPostToAServerThatNeverAnswersIsTimedOut() async throws {
        let server = try LoopbackHTTPServer(replies: [.silence(upTo: .seconds(5))])
        defer { server.stop() }
        let api = HTTPPeopleAPI(baseURL: server.baseURL, timeout: .milliseconds(500))
        #expect(await failure { try await api.postPerson(Self.ada) } == .timedOut)
    }

    // MARK: - The curl client's POST

    @Test func aLargeBodyArrivesWhole() async throws {
        let body = Data((0..<300_000).map { UInt8(truncatingIfNeeded: $0 * 7) })
        let server = try LoopbackHTTPServer(replies: [.answer(status: 200, body: json("ok"))])
        defer { server.stop() }
        let request = HTTPRequest(url: server.baseURL, method: .post, headers: ["Content-Type": "application/octet-stream"], body: body)
        #expect(try await CurlHTTPClient().send(request) == HTTPResponse(status: 200, body: json("ok")))
        #expect(server.bodies.first == body)
    }

    @Test func aClientThatOnlyKnowsGETRefusesAPOST() async throws {
        struct GetOnly: HTTPClient {
            func get(_ request: HTTPRequest) async throws -> HTTPResponse { HTTPResponse(status: 200, body: Data()) }
        }
        let request = HTTPRequest(url: try #require(URL(string: "http://127.0.0.1/")), method: .post, body: Data())
        await #expect(throws: HTTPClientError.unsupportedMethod(.post)) { try await GetOnly().send(request) }
    }
}
