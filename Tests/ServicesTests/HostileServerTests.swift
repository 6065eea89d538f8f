import Foundation
import Models
import Services
import Testing
import TestSupport

/// Every live web client through curl against a real loopback server that misbehaves: silent
/// past the timeout, cutting the connection, failing with 500, sending too much, sending
/// nonsense. Each ends in time with a message a person can act on, and the Weather screen's
/// services fall back to the embedded data when the network is what failed.
///
/// One at a time: together they start dozens of curl processes and move some 50 MB, enough to
/// starve the other suites' loopback servers on a two-core machine.
@Suite(.serialized) struct HostileServerTests {
    /// One way for a server to misbehave.
    enum Hostility: String, CaseIterable, CustomTestStringConvertible {
        case slow, dropped, serverError, huge, malformed

        var testDescription: String { rawValue }

        /// What the server does; `limit` is the largest body the client reads.
        func reply(overLimit limit: Int) -> LoopbackHTTPServer.Reply {
            switch self {
            case .slow: .silence(upTo: .seconds(60))
            case .dropped: .drop
            case .serverError:
                .answer(status: 500, body: Data("<html><body>Internal Server Error</body></html>".utf8), contentType: "text/html")
            case .huge: .unsized(status: 200, body: Data(repeating: UInt8(ascii: " "), count: limit + 1_000_000))
            case .malformed:
                .answer(status: 200, body: Data([0xFF, 0xFE]) + Data(#"{"results": [{"id": 1, "na"#.utf8) + Data([0xC3, 0x28]))
            }
        }
    }

    /// A live client and what it says for each hostility.
    enum Client: String, CaseIterable, CustomTestStringConvertible {
        case tmdb, openMeteoWeather, openMeteoGeocoder, weatherbit, peopleAPI

        var testDescription: String { rawValue }

        var bodyLimit: Int { self == .peopleAPI ? CardDAVPeopleAPI.maximumBodySize : 5_000_000 }

        /// How many requests one question sends: Weatherbit asks for the current weather and the
        /// week together, each on its own connection.
        var requestCount: Int { self == .weatherbit ? 2 : 1 }

        /// Asks the server at `base` through `http`, and returns the message of the failure.
        func failure(asking base: URL, through http: ShortTimeoutClient) async -> String? {
            do {
                switch self {
                case .tmdb:
                    _ = try await TMDbMovieService(credential: .apiKey("k"), baseURL: base, client: http).movies(for: .popular)
                case .openMeteoWeather:
                    _ = try await OpenMeteoWeatherService(http: http, base: base.absoluteString).weather(at: .rome)
                case .openMeteoGeocoder:
                    _ = try await OpenMeteoGeocoder(http: http, base: base.absoluteString).places(matching: "Paris", limit: 5)
                case .weatherbit:
                    _ = try await WeatherbitWeatherService(apiKey: "k", http: http, base: base.absoluteString).weather(at: .rome)
                case .peopleAPI:
                    _ = try await CardDAVPeopleAPI(server: base, client: http).getPeople()
                }
                return nil
            } catch let error as MovieServiceError {
                return error.message
            } catch let error as WeatherServiceError {
                return error.message
            } catch let error as PeopleAPIError {
                return error.message
            } catch {
                return "unexpected \(type(of: error)): \(error)"
            }
        }

        /// The message each hostility must give.
        func expectedMessage(for hostility: Hostility) -> String {
            let name =
                switch self {
                case .tmdb: "TMDb"
                case .openMeteoWeather: "Open-Meteo"
                case .openMeteoGeocoder: "Open-Meteo geocoding"
                case .weatherbit: "Weatherbit"
                case .peopleAPI: "the people server"
                }
            switch (self, hostility) {
            case (.peopleAPI, .slow): return "the people server did not answer in time"
            case (.peopleAPI, .dropped): return "the connection to the people server broke before its answer ended"
            case (_, .slow), (_, .dropped): return "no network"
            case (.tmdb, .serverError): return "TMDb answered 500"
            case (.peopleAPI, .serverError): return "the people server answered 500"
            case (_, .serverError): return "\(name) answered HTTP 500"
            case (.peopleAPI, .huge): return "the people server sent an answer over 16 MB, which this program does not read"
            case (_, .huge): return "\(name) sent an answer too large to read (over 5 MB)"
            case (.tmdb, .malformed): return "TMDb sent an answer this program cannot read"
            case (_, .malformed): return "\(name) sent an answer this program cannot read"
            }
        }
    }

    @Test(arguments: Client.allCases, Hostility.allCases)
    func aHostileServerGivesAClearMessageInTime(client: Client, hostility: Hostility) async throws {
        let reply = hostility.reply(overLimit: client.bodyLimit)
        let server = try LoopbackHTTPServer(replies: Array(repeating: reply, count: client.requestCount))
        defer { server.stop() }
        // Only a silent server needs the short limit; reading past the size limit takes longer
        // than 1 s on a loaded machine, which would say "no network".
        let http = ShortTimeoutClient(
            maximumBodySize: client.bodyLimit, limit: [.slow, .dropped].contains(hostility) ? .seconds(1) : .seconds(10))
        let start = ContinuousClock.now
        let message = await client.failure(asking: server.baseURL, through: http)
        #expect(message == client.expectedMessage(for: hostility))
        // A hang guard for a loaded machine.
        #expect(ContinuousClock.now - start < .seconds(45).scaledForThisRun, "the request hung past its timeout")
        #expect(http.requestedTimeouts.allSatisfy { $0 <= .seconds(10) }, "a request asked for no bound: \(http.requestedTimeouts)")
    }

    @Test(arguments: [Hostility.slow, .dropped])
    func theWeatherScreensServicesFallBackToTheEmbeddedDataWhenTheNetworkFails(hostility: Hostility) async throws {
        let server = try LoopbackHTTPServer(replies: [hostility.reply(overLimit: 0), hostility.reply(overLimit: 0)])
        defer { server.stop() }
        let http = ShortTimeoutClient(maximumBodySize: 5_000_000)
        let geocoder = FallbackGeocoder(
            primary: OpenMeteoGeocoder(http: http, base: server.baseURL.absoluteString),
            fallback: EmbeddedGazetteer.bundled())
        let weather = FallbackWeatherService(
            primary: OpenMeteoWeatherService(http: http, base: server.baseURL.absoluteString),
            fallback: SampleWeatherService())
        let places = try await geocoder.places(matching: "Paris", limit: 1)
        #expect(places.first?.name == "Paris")
        #expect(try await weather.weather(at: .rome).source == .sample)
    }

    @Test(arguments: [Hostility.serverError, .huge, .malformed])
    func aServerThatAnswersBadlyIsReportedNotHiddenBehindTheSample(hostility: Hostility) async throws {
        let server = try LoopbackHTTPServer(replies: [hostility.reply(overLimit: 5_000_000)])
        defer { server.stop() }
        let weather = FallbackWeatherService(
            primary: OpenMeteoWeatherService(
                http: ShortTimeoutClient(maximumBodySize: 5_000_000),
                base: server.baseURL.absoluteString),
            fallback: SampleWeatherService())
        await #expect(throws: WeatherServiceError.failed(Client.openMeteoWeather.expectedMessage(for: hostility))) {
            try await weather.weather(at: .rome)
        }
    }
}

/// The curl client with every request's time limit cut to `limit` (1 s unless told), so that a
/// silent server costs a second, not the services' ten; it keeps the limits the services asked
/// for.
final class ShortTimeoutClient: HTTPClient, @unchecked Sendable {
    private let curl: CurlHTTPClient
    private let limit: Duration
    private let lock = NSLock()
    private var timeouts: [Duration] = []  // guarded by `lock`

    init(maximumBodySize: Int, limit: Duration = .seconds(1)) {
        curl = CurlHTTPClient(maximumBodySize: maximumBodySize)
        self.limit = limit
    }

    /// The time limits the services asked for, in order.
    var requestedTimeouts: [Duration] { lock.withLock { timeouts } }

    func get(_ request: HTTPRequest) async throws -> HTTPResponse {
        try await send(request)
    }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        lock.withLock { timeouts.append(request.timeout) }
        var shortened = request
        shortened.timeout = min(request.timeout, limit)
        return try await curl.send(shortened)
    }
}

extension Place {
    /// Rome, a place every weather service answers for.
    fileprivate static let rome = Place(
        name: "Rome", region: "Lazio", regionCode: nil, country: "Italy", countryCode: "IT",
        latitude: 41.89, longitude: 12.51, timeZone: "Europe/Rome", population: 2_318_895)
}
