import Foundation
import Models
import Services

/// Each service's JSON answer, whatever its bytes, gives values the screens can show (ratings
/// 0 to 10, temperatures that are numbers, at most the places asked for) or one of the service's
/// own errors, whose message is one line.
enum ServiceAnswerProperties {
    static func checkTMDb(_ bytes: [UInt8]) async -> [String] {
        var findings = Findings()
        for status in [200, 401, 404] {
            let service = TMDbMovieService(credential: .apiKey("key"), client: AnsweringClient(status: status, body: bytes))
            await expectMovies(findings: &findings) { [try await service.search("query", page: 1)] }
            await expectMovies(findings: &findings) { [try await service.movies(for: .popular, page: 2)] }
            let movie = Movie(id: 11, title: "Star Wars", releaseDate: nil, voteAverage: 8, voteCount: 1, overview: nil)
            await expectMovies(findings: &findings) { [MoviePage(movies: [try await service.details(of: movie)], totalResults: 1)] }
        }
        return findings.broken
    }

    static func checkOpenMeteo(_ bytes: [UInt8]) async -> [String] {
        var findings = Findings()
        for status in [200, 400] {
            let client = AnsweringClient(status: status, body: bytes)
            await expectWeather(findings: &findings) { try await OpenMeteoWeatherService(http: client).weather(at: paris) }
            do {
                let places = try await OpenMeteoGeocoder(http: client).places(matching: "paris", limit: 5)
                findings.expect(places.count <= 5, "at most the 5 places asked for: \(places.count)")
                for place in places {
                    findings.expect(place.latitude.isFinite && place.longitude.isFinite, "a place's coordinates are numbers")
                }
            } catch {
                expectOwnError(error, findings: &findings)
            }
        }
        return findings.broken
    }

    static func checkWeatherbit(_ bytes: [UInt8]) async -> [String] {
        var findings = Findings()
        for status in [200, 400, 403] {
            let service = WeatherbitWeatherService(apiKey: "key", http: AnsweringClient(status: status, body: bytes))
            await expectWeather(findings: &findings) { try await service.weather(at: paris) }
        }
        return findings.broken
    }

    private static let paris = Place(
        name: "Paris", region: "Île-de-France", regionCode: nil, country: "France", countryCode: "FR", latitude: 48.85,
        longitude: 2.35, timeZone: "Europe/Paris", population: 2_100_000)

    private static func expectMovies(findings: inout Findings, _ pages: () async throws -> [MoviePage]) async {
        do {
            for page in try await pages() {
                findings.expect(page.totalResults >= page.movies.count, "at least as many results as films on the page")
                for movie in page.movies {
                    findings.expect((0...10).contains(movie.voteAverage), "a rating from 0 to 10: \(movie.voteAverage)")
                    findings.expect(movie.voteCount >= 0, "a vote count not below 0: \(movie.voteCount)")
                }
            }
        } catch {
            expectOwnError(error, findings: &findings)
        }
    }

    private static func expectWeather(findings: inout Findings, _ report: () async throws -> WeatherReport) async {
        do {
            let report = try await report()
            let temperatures =
                [report.current.temperatureCelsius] + report.daily.flatMap { [$0.lowCelsius, $0.highCelsius] }
                + report.hourly.map(\.temperatureCelsius)
            findings.expect(temperatures.allSatisfy(\.isFinite), "every temperature a number: \(temperatures)")
        } catch {
            expectOwnError(error, findings: &findings)
        }
    }

    /// The failure is the service's own, and its message one line of at most 300 characters.
    private static func expectOwnError(_ error: any Error, findings: inout Findings) {
        let message: String
        switch error {
        case let error as MovieServiceError: message = error.message
        case let error as WeatherServiceError: message = error.message
        default:
            findings.expect(false, "a failure the screens know: \(error)")
            return
        }
        findings.expect(
            !message.unicodeScalars.contains { $0.properties.generalCategory == .control } && message.count <= 300,
            "a failure's message is one short line: \(message.debugDescription)")
    }
}

/// Answers every request with `status` and `body`.
private struct AnsweringClient: HTTPClient {
    let status: Int
    let body: [UInt8]

    func get(_ request: HTTPRequest) async throws -> HTTPResponse {
        HTTPResponse(status: status, body: Data(body))
    }
}
