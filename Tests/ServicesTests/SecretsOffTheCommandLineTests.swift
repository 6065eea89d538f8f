import Foundation
import Models
@testable import Services
import Testing
import TestSupport

/// Every user of the machine can read every process's command line (`ps`, `/proc/PID/cmdline`):
/// no API key, token or password may ever be on one. Each test holds a loopback server's answer
/// for a second, watches curl run meanwhile, and reads the command line of every process.
@Suite(.serialized)
struct SecretsOffTheCommandLineTests {
    private static let secret = "s3cret-\(UUID().uuidString)"

    /// One live client each, asking `server` with `secret`.
    enum Client: CaseIterable {
        case tmdbKey, tmdbToken, weatherbit, people, peopleInOneCurl

        func ask(_ server: LoopbackHTTPServer, secret: String) async throws {
            switch self {
            case .tmdbKey:
                _ = try? await TMDbMovieService(credential: .apiKey(secret), baseURL: server.baseURL).movies(for: .popular)
            case .tmdbToken:
                _ = try? await TMDbMovieService(credential: .readAccessToken(secret), baseURL: server.baseURL)
                    .movies(for: .popular)
            case .weatherbit:
                let place = Place(
                    name: "Paris", region: nil, regionCode: nil, country: "France", countryCode: "FR",
                    latitude: 48.85, longitude: 2.35, timeZone: "", population: 0)
                _ = try? await WeatherbitWeatherService(
                    apiKey: secret, http: CurlHTTPClient(),
                    base: server.baseURL.absoluteString
                ).weather(at: place)
            case .people:
                let credentials = HTTPCredentials(user: "ada", password: secret)
                _ = try? await CardDAVPeopleAPI(server: server.baseURL, credentials: credentials).getPeople()
            case .peopleInOneCurl:
                // Many requests in one curl, as a sync sends its cards: the password and the cards too.
                let credentials = HTTPCredentials(user: "ada", password: secret)
                let card = Data("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:\(secret)\r\nEND:VCARD\r\n".utf8)
                let requests = (0..<3).map { number in
                    HTTPRequest(
                        url: server.baseURL.appendingPathComponent("\(number).vcf"), method: .put,
                        headers: ["Content-Type": "text/vcard"], body: card, credentials: credentials)
                }
                try await CurlHTTPClient().send(requests, inFlight: 4) { _, _ in }
            }
        }
    }

    @Test(arguments: Client.allCases)
    func noSecretIsOnAnyCommandLineNorInCurlsEnvironment(client: Client) async throws {
        // Generous limits: with the whole suite running, curl may take seconds to start.
        let server = try LoopbackHTTPServer(
            replies: [.late(delay: .seconds(1), status: 200, body: Data("[]".utf8))],
            idleLimit: .seconds(60))
        defer { server.stop() }
        let request = Task { try await client.ask(server, secret: Self.secret) }
        var sawCurl = false
        let start = ContinuousClock.now
        while ContinuousClock.now - start < .seconds(60).scaledForThisRun {
            for process in Self.processes() {
                #expect(!process.commandLine.contains(Self.secret), "the secret is on \(process.pid)'s command line")
                // Only the curl this test process started: other programs on the machine run curl too.
                guard process.isCurl, process.parent == getpid() else { continue }
                sawCurl = true
                #expect(process.commandLine == "curl\0--disable\0--config\0-\0")
                let names = process.environment.split(separator: "\0").map { String($0.prefix { $0 != "=" }) }
                let allowed = CurlHTTPClient.curlEnvironment(from: Dictionary(uniqueKeysWithValues: names.map { ($0, "") }))
                #expect(Set(names) == Set(allowed.keys), "curl was given \(names)")
                #expect(!process.environment.contains(Self.secret))
            }
            if !server.requests.isEmpty, sawCurl { break }
            try await Task.sleep(for: .milliseconds(10))
        }
        try await request.value
        #expect(sawCurl, "curl was never seen running")
        let head = try #require(server.requests.first)
        // The secret did reach the server, in the URL, a header or the Basic credentials.
        let basic = Data("ada:\(Self.secret)".utf8).base64EncodedString()
        #expect(head.contains(Self.secret) || head.contains(basic), "\(head)")
    }

    @Test func credentialsPrintWithoutThePassword() {
        let credentials = HTTPCredentials(user: "ada", password: Self.secret)
        #expect(!"\(credentials)".contains(Self.secret))
        #expect(!"\(HTTPRequest(url: URL(string: "https://example.org")!, credentials: credentials))".contains(Self.secret))
    }

    @Test(arguments: [HTTPCredentials(user: "a:b", password: "p"), HTTPCredentials(user: "a", password: "p\nurl = x")])
    func credentialsThatCouldChangeTheRequestAreRefused(credentials: HTTPCredentials) async throws {
        let url = try #require(URL(string: "http://127.0.0.1:1/"))
        await #expect(throws: HTTPClientError.invalidCredentials) {
            try await CurlHTTPClient(curl: "/nonexistent/curl").get(HTTPRequest(url: url, credentials: credentials))
        }
    }

    @Test func theConfigurationQuotesEveryValue() throws {
        let request = HTTPRequest(url: URL(string: "http://127.0.0.1/a?b=\"c\\d")!, timeout: .milliseconds(1500))
        let text = try CurlHTTPClient.configuration(
            for: request, headers: ["X-A: \"quoted\""],
            upload: nil, maximumBodySize: 10)
        #expect(text.contains(#"header = "X-A: \"quoted\"""#))
        #expect(text.contains(#"max-time = "1.5""#))
        #expect(
            text.hasSuffix(
                "url = \"\(request.url.absoluteString.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\""))\"\n"
            ))
    }

    // MARK: - /proc

    private struct Process {
        let pid: String
        let parent: pid_t?
        let commandLine: String
        let environment: String

        var isCurl: Bool { commandLine.hasPrefix("curl\0") }
    }

    /// Every process this user can see, with its command line and, where readable, its environment.
    private static func processes() -> [Process] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return names.filter { $0.allSatisfy(\.isNumber) }.compactMap { pid in
            guard let commandLine = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return nil }
            let environment = FileManager.default.contents(atPath: "/proc/\(pid)/environ") ?? Data()
            // /proc/PID/stat: the pid, the command in parentheses, the state, then the parent's pid.
            let stat = FileManager.default.contents(atPath: "/proc/\(pid)/stat").map { String(decoding: $0, as: UTF8.self) }
            let parent = stat.flatMap { $0.range(of: ") ", options: .backwards) }
                .flatMap { range in stat?[range.upperBound...].split(separator: " ").dropFirst().first }
                .flatMap { pid_t($0) }
            return Process(
                pid: pid, parent: parent, commandLine: String(decoding: commandLine, as: UTF8.self),
                environment: String(decoding: environment, as: UTF8.self))
        }
    }
}
