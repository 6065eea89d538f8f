import Foundation
@testable import Services
import Testing
import TestSupport

/// Many requests in one curl (`CurlBatch`): each body reaches the server byte for byte, each
/// answer comes back to its own request, and a failure is only its own request's.
struct CurlBatchTests {
    private static func answers(
        _ requests: [HTTPRequest], inFlight: Int = 4
    ) async throws -> [Int: Result<HTTPResponse, any Error>] {
        var answers: [Int: Result<HTTPResponse, any Error>] = [:]
        try await CurlHTTPClient().send(requests, inFlight: inFlight) { index, result in
            #expect(answers[index] == nil, "request \(index) answered twice")
            answers[index] = result
        }
        return answers
    }

    @Test func everyBodyReachesTheServerByteForByteInlineOrFromAFile() async throws {
        let tricky = Data("BEGIN:VCARD\r\nNOTE:a \\ back\\slash, \"quotes\", a\ttab, café, \\n not a line\r\nEND:VCARD\r\n".utf8)
        let large = Data(String(repeating: "PHOTO:QUFB\r\n", count: 6_000).utf8)  // over the 48 KB sent inline
        let bodies = [tricky, large, Data()]
        let server = try LoopbackHTTPServer(replies: bodies.map { _ in .answer(status: 201, body: Data("stored".utf8)) })
        defer { server.stop() }
        let requests = bodies.enumerated().map { index, body in
            HTTPRequest(url: server.baseURL.appendingPathComponent("\(index)"), method: .post, body: body)
        }

        let answers = try await Self.answers(requests)
        #expect(answers.keys.sorted() == [0, 1, 2])
        for (_, result) in answers {
            let response = try result.get()
            #expect(response.status == 201)
            #expect(response.body == Data("stored".utf8))
        }
        #expect(Set(server.bodies) == Set(bodies))
    }

    @Test func aRequestThatCannotConnectFailsAloneAndTheOthersAreAnswered() async throws {
        let server = try LoopbackHTTPServer(replies: [.answer(status: 204, body: Data()), .answer(status: 204, body: Data())])
        defer { server.stop() }
        let refusing = try LoopbackHTTPServer.refusingPort()
        defer { refusing.close() }
        let requests = [
            HTTPRequest(url: server.baseURL.appendingPathComponent("a"), method: .delete),
            HTTPRequest(url: try #require(URL(string: "http://127.0.0.1:\(refusing.port)/b")), method: .delete),
            HTTPRequest(url: server.baseURL.appendingPathComponent("c"), method: .delete),
        ]

        let answers = try await Self.answers(requests, inFlight: 2)
        #expect(try answers[0]?.get().status == 204)
        #expect(try answers[2]?.get().status == 204)
        #expect(throws: URLError.self) { try answers[1]?.get() }
        #expect((answers[1].flatMap { try? $0.get() }) == nil)
    }

    @Test func aTransfersLineIsReadFieldByField() throws {
        let line = CurlBatch.Ended("3\t0\t201\thttp://h/a.vcf\t\"e1\"\t/b/a.vcf\t")
        #expect(line?.index == 3)
        #expect(line?.status == 201)
        #expect(line?.etag == "\"e1\"")
        #expect(line?.location == "/b/a.vcf")
        #expect(CurlBatch.Ended("curl: (7) Failed to connect") == nil)
    }

    @Test func aBodyWithANulIsRefusedBeforeCurlStarts() {
        #expect(throws: HTTPClientError.invalidBody) { try CurlBatch.escaped(Data([0x41, 0x00, 0x42])) }
    }
}
