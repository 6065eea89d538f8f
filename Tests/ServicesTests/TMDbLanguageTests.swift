import Foundation
import Models
import Services
import Testing

/// The `language` TMDb is asked for follows the locale of the environment.
struct TMDbLanguageTests {
    @Test(
        arguments: [
            (["LANG": "fr_FR.UTF-8"], "fr-FR"),
            (["LANG": "pt_BR"], "pt-BR"),
            (["LANG": "de"], "de"),
            (["LANG": "de_AT@euro"], "de-AT"),
            (["LANG": "sr_RS.UTF-8@latin"], "sr-RS"),
            (["LANG": "es_419.UTF-8"], "es"),  // TMDb takes two-letter territories only
            (["LANG": "ast_ES.UTF-8"], "en-US"),  // and two-letter languages
            (["LANG": "EN_gb.utf8"], "en-GB"),
            (["LANG": "C"], "en-US"),
            (["LANG": "C.UTF-8"], "en-US"),
            (["LANG": "POSIX"], "en-US"),
            ([:], "en-US"),
            (["LANG": ""], "en-US"),
            (["LANG": "it_Italy"], "it"),
            (["LANG": "../etc"], "en-US"),
            (["LC_ALL": "ja_JP.UTF-8", "LC_MESSAGES": "fr_FR.UTF-8", "LANG": "de_DE.UTF-8"], "ja-JP"),
            (["LC_MESSAGES": "fr_FR.UTF-8", "LANG": "de_DE.UTF-8"], "fr-FR"),
            (["LC_ALL": "", "LC_MESSAGES": "", "LANG": "de_DE.UTF-8"], "de-DE"),
            (["LC_ALL": "C", "LANG": "de_DE.UTF-8"], "en-US"),
            (["LC_CTYPE": "fr_FR.UTF-8", "LANGUAGE": "fr"], "en-US"),
        ] as [([String: String], String)])
    func theLocaleGivesTheLanguage(environment: [String: String], language: String) {
        #expect(TMDbMovieService.language(environment: environment) == language)
    }

    @Test func everyRequestAsksInTheServicesLanguage() async throws {
        let list = Data(#"{"page": 1, "results": [], "total_pages": 1}"#.utf8)
        let details = Data(#"{"title": "Le Voyage dans la Lune"}"#.utf8)
        let stub = StubHTTPClient(answers: [.status(200, body: list), .status(200, body: list), .status(200, body: details)])
        let service = TMDbMovieService(credential: .apiKey("k"), client: stub, language: "fr-FR")
        _ = try await service.movies(for: .nowPlaying, page: 2)
        _ = try await service.search("lune")
        _ = try await service.details(of: Movie(id: 775, title: "A Trip to the Moon", releaseDate: nil, voteAverage: 8, voteCount: 1))
        let languages = await stub.requests.map { request in
            URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == "language" }?.value
        }
        #expect(languages == ["fr-FR", "fr-FR", "fr-FR"])
    }
}
