import Foundation
import Models
import Services
import Testing

// Helpers shared by the weather services' tests.

/// Answers every request the same way, or each path its own way, and keeps the requests it was
/// sent (in the order they came, which for requests sent together is any order).
actor CannedHTTPClient: HTTPClient {
    typealias Answer = Result<(body: Data, status: Int), URLError>
    private let answer: Answer
    private let byPath: [String: Answer]
    private(set) var requests: [HTTPRequest] = []

    init(status: Int = 200, body: Data) { answer = .success((body, status)); byPath = [:] }
    init(error: URLError) { answer = .failure(error); byPath = [:] }
    init(status: Int = 200, fixture name: String) { answer = .success((loadFixture(name), status)); byPath = [:] }

    /// Answers a request for each path in `byPath` with its answer, any other with HTTP 404.
    init(byPath: [String: Answer]) {
        answer = .success((Data(), 404))
        self.byPath = byPath
    }

    /// The request sent for `path`, if one was.
    func request(for path: String) -> HTTPRequest? {
        requests.first { $0.url.path == path }
    }

    func get(_ request: HTTPRequest) async throws -> HTTPResponse {
        requests.append(request)
        let (body, status) = try (byPath[request.url.path] ?? answer).get()
        return HTTPResponse(status: status, body: body)
    }
}

/// A weather service that always fails with `error`.
struct FailingWeatherService: WeatherService {
    let error: WeatherServiceError

    func weather(at place: Place) async throws -> WeatherReport { throw error }
}

/// The fixture `Fixtures/weather/<name>.json`; a missing one is an issue, and no bytes.
func loadFixture(_ name: String) -> Data {
    #if SWIFT_MODULE_RESOURCE_BUNDLE_AVAILABLE
    let url = Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Fixtures/weather")
    #else  // Package.swift does not copy Fixtures yet: read them beside this file
    let url: URL? = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/weather/\(name).json")
    #endif
    let data = url.flatMap { try? Data(contentsOf: $0) }
    #expect(data != nil, "missing fixture \(name).json")
    return data ?? Data()
}

func queryDictionary(of request: HTTPRequest?) throws -> [String: String] {
    let url = try #require(request?.url)
    let items = try #require(URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems)
    return Dictionary(items.map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { first, _ in first })
}

func date(_ year: Int, _ month: Int, _ day: Int, hour: Int, minute: Int = 0, in zone: String) throws -> Date {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = try #require(TimeZone(identifier: zone))
    let components = DateComponents(year: year, month: month, day: day, hour: hour, minute: minute)
    return try #require(calendar.date(from: components))
}

extension WeatherServiceError {
    var isFailure: Bool {
        if case .failed = self { return true }
        return false
    }
}

/// The places the weather services' tests ask about, with the coordinates the recorded answers
/// were asked for (TestSupport's `Place.paris` is rounded).
enum Places {
    static let paris = Place(
        name: "Paris", region: "Île-de-France", regionCode: nil, country: "France",
        countryCode: "FR", latitude: 48.85341, longitude: 2.3488, timeZone: "Europe/Paris",
        population: 2_138_551)
    static let richmond = Place(
        name: "Richmond", region: "Virginia", regionCode: "VA", country: "United States",
        countryCode: "US", latitude: 37.55376, longitude: -77.46026,
        timeZone: "America/New_York", population: 226_610)
    static let oslo = Place(
        name: "Oslo", region: "Oslo", regionCode: nil, country: "Norway", countryCode: "NO",
        latitude: 59.91273, longitude: 10.74609, timeZone: "Europe/Oslo", population: 580_000)
    static let singapore = Place(
        name: "Singapore", region: nil, regionCode: nil, country: "Singapore",
        countryCode: "SG", latitude: 1.28967, longitude: 103.85007,
        timeZone: "Asia/Singapore", population: 3_547_809)
}
