import Foundation
import Models
import Services
import Testing
import TestSupport

struct TMDbMovieServiceTests {
    private static let starWars = Movie(
        id: 11, title: "Star Wars", releaseDate: .day(year: 1977, month: 5, day: 25), voteAverage: 8.2,
        voteCount: 21_000,
        overview: "Princess Leia is captured and held hostage by the evil Imperial forces in "
            + "their effort to take over the galactic Empire. Venturesome Luke Skywalker and dashing captain Han "
            + "Solo team together with the loveable robot duo R2-D2 and C-3PO to rescue the beautiful princess and "
            + "restore peace and justice in the Empire.",
        genres: ["Adventure", "Action", "Science Fiction"]
    )

    // MARK: - Reading a page

    @Test func aPageHoldsEveryFilmWithTheTotalTMDbCounted() async throws {
        let page = try await service(answering: fixture("popular-page")).movies(for: .popular)
        #expect(page.movies.map(\.id) == [278, 238, 550, 155, 680])
        #expect(page.totalResults == 964_316)
        #expect(page.note == nil)
    }

    @Test func aPageBeforeTheLastSaysMoreFollow() async throws {
        let page = try await service(answering: fixture("popular-page")).movies(for: .popular, page: 2)
        #expect(page.hasMorePages)
    }

    @Test func theLastPageSaysNoMoreFollow() async throws {
        let page = try await service(answering: fixture("now-playing-last-page")).movies(for: .nowPlaying, page: 3)
        #expect(page.movies.map(\.title) == ["Dune: Part Two", "Kung Fu Panda 4"])
        #expect(page.totalResults == 42)
        #expect(!page.hasMorePages)
    }

    @Test func noPageFollowsTheFiveHundredthWhateverTheTotalSays() async throws {
        let page = try await service(answering: fixture("popular-page")).movies(for: .popular, page: 500)
        #expect(!page.hasMorePages)
        let before = try await service(answering: fixture("popular-page")).movies(for: .popular, page: 499)
        #expect(before.hasMorePages)
    }

    @Test func aPageWithoutItsTotalOfPagesSaysNoMoreFollow() async throws {
        let page = try await service(answering: listPage(#""vote_count": 3"#)).movies(for: .popular)
        #expect(!page.hasMorePages)
    }

    @Test func aListEntryBecomesAFilmWithGenreNames() async throws {
        let page = try await service(answering: fixture("search-star-wars")).search("star wars")
        #expect(page.movies.first == Self.starWars)
    }

    @Test func aFullReleaseDateIsReadAsADay() async throws {
        let page = try await service(answering: fixture("popular-page")).movies(for: .popular)
        #expect(page.movies[0].releaseDate == .day(year: 1994, month: 9, day: 23))
    }

    @Test func anEmptyReleaseDateIsNoDate() async throws {
        let page = try await service(answering: fixture("popular-page")).movies(for: .popular)
        #expect(page.movies[3].title == "The Dark Knight")
        #expect(page.movies[3].releaseDate == nil)
    }

    @Test func aMissingReleaseDateIsNoDate() async throws {
        let page = try await service(answering: fixture("popular-page")).movies(for: .popular)
        #expect(page.movies[4].title == "Pulp Fiction")
        #expect(page.movies[4].releaseDate == nil)
    }

    @Test func aNullReleaseDateIsNoDate() async throws {
        let page = try await service(answering: listPage(#""release_date": null"#)).movies(for: .popular)
        #expect(page.movies.first?.releaseDate == nil)
    }

    @Test(arguments: [
        "1977-13-01", "1977-00-10", "1977-04-31", "1977-02-29", "1900-02-29", "0000-01-01",
        "1977-5-25", "77-05-25", "1977/05/25", "1977-05-25T00:00:00Z", " 1977-05-25",
        "yyyy-mm-dd", "+977-05-25", "１９７７-05-25", "25-05-1977",
    ])
    func anInvalidReleaseDateIsNoDate(date: String) async throws {
        let page = try await service(answering: listPage(#""release_date": "\#(date)""#)).movies(for: .popular)
        #expect(page.movies.first?.releaseDate == nil)
    }

    @Test(arguments: [("2000-02-29", 2000, 2, 29), ("2024-02-29", 2024, 2, 29), ("1999-12-31", 1999, 12, 31)])
    func aValidReleaseDateIsReadExactly(date: String, year: Int, month: Int, day: Int) async throws {
        let page = try await service(answering: listPage(#""release_date": "\#(date)""#)).movies(for: .popular)
        #expect(page.movies.first?.releaseDate == .day(year: year, month: month, day: day))
    }

    @Test func unknownGenreIdsAreLeftOut() async throws {
        let page = try await service(answering: listPage(#""genre_ids": [28, 424242, 10770]"#)).movies(for: .popular)
        #expect(page.movies.first?.genres == ["Action", "TV Movie"])
    }

    @Test func anEmptyOverviewIsNoOverview() async throws {
        let page = try await service(answering: fixture("popular-page")).movies(for: .popular)
        #expect(page.movies[4].overview == nil)
    }

    @Test func ratingsOutsideZeroToTenAreHeldInside() async throws {
        let page = try await service(answering: listPage(#""vote_average": 11.5, "vote_count": -3"#)).movies(for: .popular)
        #expect(page.movies.first?.voteAverage == 10)
        #expect(page.movies.first?.voteCount == 0)
    }

    @Test func aPageWithNoResultsHasNoFilms() async throws {
        let page = try await service(answering: fixture("empty-results")).search("zzzqqq")
        #expect(page == MoviePage(movies: [], totalResults: 0))
    }

    @Test func anEntryWithoutATitleIsLeftOut() async throws {
        let body = #"{"results": [{"id": 1}, {"id": 2, "title": "Kept"}], "total_results": 2}"#
        let page = try await service(answering: Data(body.utf8)).movies(for: .popular)
        #expect(page.movies.map(\.title) == ["Kept"])
    }

    // MARK: - Requests

    @Test(arguments: [
        (Endpoint.nowPlaying, "now_playing"), (.popular, "popular"), (.upcoming, "upcoming"),
        (.topRated, "top_rated"),
    ])
    func eachSegmentAsksItsOwnPathInUSEnglish(endpoint: Endpoint, path: String) async throws {
        let request = try await onlyRequest { try await $0.movies(for: endpoint) }
        #expect(request.url.path == "/3/movie/\(path)")
        #expect(queryItems(of: request) == ["language=en-US", "page=1", "api_key=test-key"])
    }

    @Test func aLaterPageAsksForItsNumber() async throws {
        let request = try await onlyRequest { try await $0.movies(for: .nowPlaying, page: 3) }
        #expect(request.url.path == "/3/movie/now_playing")
        #expect(queryItems(of: request) == ["language=en-US", "page=3", "api_key=test-key"])
    }

    @Test func searchAsksForTheQueryWithoutAdultFilms() async throws {
        let request = try await onlyRequest { try await $0.search("  star wars ") }
        #expect(request.url.path == "/3/search/movie")
        #expect(
            queryItems(of: request) == [
                "query=star wars", "include_adult=false", "language=en-US", "page=1",
                "api_key=test-key",
            ])
    }

    @Test func searchQueryIsPercentEncodedWholly() async throws {
        let request = try await onlyRequest { try await $0.search(#"東京 & "quotes""#) }
        let query = try #require(URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.percentEncodedQuery)
        #expect(query.hasPrefix("query=%E6%9D%B1%E4%BA%AC%20%26%20%22quotes%22&include_adult=false&"))
        #expect(queryItems(of: request).first == #"query=東京 & "quotes""#)
    }

    @Test func aBlankSearchAsksNothing() async throws {
        let stub = StubHTTPClient(answers: [])
        let page = try await TMDbMovieService(credential: .apiKey("test-key"), client: stub).search(" \n ")
        #expect(page == MoviePage(movies: [], totalResults: 0))
        #expect(await stub.requests.isEmpty)
    }

    @Test func detailsAskForTheFilmById() async throws {
        let request = try await onlyRequest(answering: fixture("movie-11")) { _ = try await $0.details(of: Self.starWars) }
        #expect(request.url.path == "/3/movie/11")
        #expect(queryItems(of: request) == ["language=en-US", "api_key=test-key"])
    }

    @Test func anAPIKeyGoesInTheQueryAndNoAuthorizationIsSent() async throws {
        let request = try await onlyRequest { try await $0.movies(for: .popular) }
        #expect(queryItems(of: request).contains("api_key=test-key"))
        #expect(request.headers["Authorization"] == nil)
    }

    @Test func aReadAccessTokenGoesInABearerHeaderAndNoKeyInTheQuery() async throws {
        let request = try await onlyRequest(credential: .readAccessToken("eyJ.token")) { try await $0.movies(for: .popular) }
        #expect(request.headers["Authorization"] == "Bearer eyJ.token")
        #expect(!queryItems(of: request).contains { $0.hasPrefix("api_key=") })
    }

    @Test func requestsAskForJSONWithinTheTimeout() async throws {
        let request = try await onlyRequest(timeout: .milliseconds(7_500)) { try await $0.movies(for: .popular) }
        #expect(request.headers == ["Accept": "application/json"])
        #expect(request.timeout == .milliseconds(7_500))
    }

    // MARK: - Details

    @Test func detailsAddTheRuntimeAndGenreNames() async throws {
        let listed = Movie(
            id: 11, title: "Star Wars", releaseDate: .day(year: 1977, month: 5, day: 25),
            voteAverage: 8.2, voteCount: 21_000)
        let movie = try await service(answering: fixture("movie-11")).details(of: listed)
        #expect(
            movie
                == Movie(
                    id: 11, title: "Star Wars", releaseDate: .day(year: 1977, month: 5, day: 25),
                    voteAverage: 8.2, voteCount: 21_000, overview: Self.starWars.overview,
                    runtimeMinutes: 121, genres: ["Adventure", "Action", "Science Fiction"]))
    }

    @Test func detailsKeepWhatTheAnswerLeavesOut() async throws {
        let body = #"{"id": 11, "runtime": 0, "release_date": "", "overview": ""}"#
        let movie = try await service(answering: Data(body.utf8)).details(of: Self.starWars)
        #expect(movie == Self.starWars)
    }

    // MARK: - Failures

    @Test func aRejectedKeySaysSo() async throws {
        let error = await failure { try await service(answering: fixture("error-401"), status: 401).movies(for: .popular) }
        #expect(error == .rejectedKey)
        #expect(error?.message == "TMDb rejected the API key")
    }

    @Test(arguments: [
        URLError.Code.notConnectedToInternet, .cannotFindHost, .timedOut, .networkConnectionLost,
        .cannotConnectToHost, .dnsLookupFailed,
    ])
    func networkFailuresMeanNoNetwork(code: URLError.Code) async throws {
        let error = await failure { try await service(failing: URLError(code)).search("star wars") }
        #expect(error == .noNetwork)
    }

    @Test func otherTransportFailuresNameTheirCode() async throws {
        let error = await failure { try await service(failing: URLError(.badServerResponse)).search("x") }
        #expect(error == .failed("TMDb could not be reached (URL error -1011)"))
    }

    @Test func aCancelledRequestIsCancellationNotAnError() async throws {
        await #expect(throws: CancellationError.self) {
            try await service(failing: URLError(.cancelled)).search("star wars")
        }
    }

    @Test func aServerErrorGivesTheStatusAndTMDbsMessage() async throws {
        let body = #"{"status_code": 11, "status_message": "Internal error: Something went wrong, contact TMDb.\n"}"#
        let error = await failure { try await service(answering: Data(body.utf8), status: 500).movies(for: .upcoming) }
        #expect(error == .failed("TMDb answered 500: Internal error: Something went wrong, contact TMDb."))
    }

    @Test func aServerErrorWithoutAMessageGivesTheStatus() async throws {
        let body = Data("<html><body>Bad gateway</body></html>".utf8)
        let error = await failure { try await service(answering: body, status: 502).movies(for: .upcoming) }
        #expect(error == .failed("TMDb answered 502"))
    }

    @Test(arguments: [
        "", "{", "[]", "null", #"{"results": "none"}"#, #"{"results": [{"id": "11"}]}"#,
        #"{"results": [{"id": 1e30, "title": "Overflow"}]}"#,
    ])
    func anUnreadableAnswerFailsPolitely(body: String) async throws {
        let error = await failure { try await service(answering: Data(body.utf8)).movies(for: .popular) }
        #expect(error == .failed("TMDb sent an answer this program cannot read"))
    }

    @Test func deeplyNestedJSONFailsPolitely() async throws {
        let body = Data(String(repeating: "[", count: 100_000).utf8)
        let error = await failure { try await service(answering: body).movies(for: .popular) }
        #expect(error == .failed("TMDb sent an answer this program cannot read"))
    }

    @Test func anAnswerOverFiveMegabytesIsRefused() async throws {
        let body = Data(repeating: UInt8(ascii: " "), count: TMDbMovieService.maximumBodySize + 1)
        let error = await failure { try await service(answering: body).movies(for: .popular) }
        #expect(error == .failed("TMDb sent an answer too large to read (over 5 MB)"))
    }

    @Test func anAnswerTheClientFoundTooLargeIsRefusedTheSameWay() async throws {
        let error = await failure { try await service(failing: HTTPClientError.bodyTooLarge(limit: 5)).search("x") }
        #expect(error == .failed("TMDb sent an answer too large to read (over 5 MB)"))
    }

    @Test func aMissingCurlSaysSo() async throws {
        let service = TMDbMovieService(credential: .apiKey("k"), client: CurlHTTPClient(curl: "/nonexistent/curl"))
        let error = await failure { try await service.movies(for: .popular) }
        #expect(error == .failed("TMDb could not be reached: curl is not installed"))
    }

    // MARK: - Credential

    @Test func theReadAccessTokenIsPreferredToTheAPIKey() {
        let environment = ["TMDB_READ_ACCESS_TOKEN": "token", "TMDB_API_KEY": "key"]
        #expect(TMDbCredential.from(environment: environment) == .readAccessToken("token"))
    }

    @Test func theAPIKeyIsUsedWhenTheTokenIsEmpty() {
        let environment = ["TMDB_READ_ACCESS_TOKEN": "", "TMDB_API_KEY": "key\n"]
        #expect(TMDbCredential.from(environment: environment) == .apiKey("key"))
    }

    @Test func blankOrMissingValuesGiveNoCredential() {
        #expect(TMDbCredential.from(environment: ["TMDB_READ_ACCESS_TOKEN": " ", "TMDB_API_KEY": ""]) == nil)
        #expect(TMDbCredential.from(environment: ["HOME": "/root"]) == nil)
    }

    // MARK: - Through curl (the default client) and a real HTTP server on loopback

    @Test func aPageIsFetchedFromARealServer() async throws {
        let server = try LoopbackHTTPServer(replies: [.answer(status: 200, body: fixture("popular-page"))])
        defer { server.stop() }
        let service = TMDbMovieService(credential: .apiKey("loopback-key"), baseURL: server.baseURL)
        let page = try await service.movies(for: .popular)
        #expect(page.movies.count == 5)
        #expect(server.requests.first?.hasPrefix("GET /movie/popular?language=en-US&page=1&api_key=loopback-key HTTP/1.1\r\n") == true)
    }

    @Test func aLaterPageIsFetchedFromARealServer() async throws {
        let server = try LoopbackHTTPServer(replies: [.answer(status: 200, body: fixture("now-playing-last-page"))])
        defer { server.stop() }
        let service = TMDbMovieService(credential: .apiKey("loopback-key"), baseURL: server.baseURL)
        let page = try await service.movies(for: .nowPlaying, page: 3)
        #expect(page.movies.count == 2)
        #expect(!page.hasMorePages)
        #expect(server.requests.first?.hasPrefix("GET /movie/now_playing?language=en-US&page=3&api_key=loopback-key HTTP/1.1\r\n") == true)
    }

    @Test func aRealServerRejectingTheKeyIsARejectedKey() async throws {
        let server = try LoopbackHTTPServer(replies: [.answer(status: 401, body: fixture("error-401"))])
        defer { server.stop() }
        let service = TMDbMovieService(credential: .readAccessToken("bad"), baseURL: server.baseURL)
        #expect(await failure { try await service.search("star wars") } == .rejectedKey)
        #expect(server.requests.first?.lowercased().contains("authorization: bearer bad\r\n") == true)
    }

    // The server stays silent for a minute; the bound below is only a hang guard, generous for a
    // loaded machine (speed is measured by make bench and make perf, not here).
    @Test func aServerThatNeverAnswersIsNoNetworkAfterTheTimeout() async throws {
        let server = try LoopbackHTTPServer(replies: [.silence(upTo: .seconds(60))], idleLimit: .seconds(60))
        defer { server.stop() }
        let service = TMDbMovieService(credential: .apiKey("k"), baseURL: server.baseURL, timeout: .seconds(1))
        let start = ContinuousClock.now
        let error = await failure { try await service.movies(for: .popular) }
        #expect(error == .noNetwork)
        #expect(ContinuousClock.now - start < .seconds(45).scaledForThisRun, "the request hung past its 1 s timeout")
    }

    @Test func aRefusedConnectionIsNoNetwork() async throws {
        let nowhere = try LoopbackHTTPServer.refusingPort()
        defer { nowhere.close() }
        let baseURL = try #require(URL(string: "http://127.0.0.1:\(nowhere.port)"))
        let service = TMDbMovieService(credential: .apiKey("k"), baseURL: baseURL, timeout: .seconds(2))
        #expect(await failure { try await service.movies(for: .popular) } == .noNetwork)
    }

    @Test func aTokenWithALineBreakIsNeverSent() async throws {
        let server = try LoopbackHTTPServer(replies: [.answer(status: 200, body: fixture("popular-page"))])
        defer { server.stop() }
        let service = TMDbMovieService(credential: .readAccessToken("bad\r\nX-Injected: yes"), baseURL: server.baseURL)
        let error = await failure { try await service.movies(for: .popular) }
        #expect(error == .failed(#"TMDb could not be reached: the "Authorization" header cannot be sent as it is"#))
        #expect(server.requests.isEmpty)
    }
}

// MARK: - The curl client

struct CurlHTTPClientTests {
    @Test func theStatusAndBodyComeBackAsSentWhateverTheStatus() async throws {
        let body = Data(#"{"status_message": "nope"}"#.utf8)
        let server = try LoopbackHTTPServer(replies: [.answer(status: 404, body: body)])
        defer { server.stop() }
        let url = server.baseURL.appendingPathComponent("x")
        let response = try await CurlHTTPClient().get(HTTPRequest(url: url))
        #expect(response == HTTPResponse(status: 404, body: body, url: url))
    }

    @Test func headersArriveAsSent() async throws {
        let server = try LoopbackHTTPServer(replies: [.answer(status: 200, body: Data("{}".utf8))])
        defer { server.stop() }
        let headers = ["Accept": "application/json", "Authorization": "Bearer a.b-c", "X-Probe": "-H @/etc/passwd; x: y"]
        let response = try await CurlHTTPClient().get(HTTPRequest(url: server.baseURL, headers: headers))
        #expect(response.status == 200)
        let head = try #require(server.requests.first)
        #expect(head.hasPrefix("GET / HTTP/1.1\r\n"))
        for (name, value) in headers {
            #expect(head.contains("\r\n\(name): \(value)\r\n"), "\(name) missing from \(head)")
        }
    }

    @Test(arguments: [
        ["X-Evil": "a\r\nHost: evil"], ["X-Evil": "a\nb"], ["X-Evil": "a\rb"], ["X-Evil": "a\u{0}b"],
        ["X-Evil\r\nHost": "a"], ["X-Evil: a\nB": "b"], ["@/etc/passwd": "x"], ["": "x"], ["Two words": "x"],
    ])
    func aHeaderThatCouldAddALineOrAnOptionIsRefusedBeforeAnythingRuns(headers: [String: String]) async throws {
        let server = try LoopbackHTTPServer(replies: [.answer(status: 200, body: Data())], idleLimit: .seconds(1))
        defer { server.stop() }
        let name = try #require(headers.keys.first)
        // A curl that does not exist: had it been started, the error would be that it is not installed.
        await #expect(throws: HTTPClientError.invalidHeader(name: name)) {
            try await CurlHTTPClient(curl: "/nonexistent/curl").get(HTTPRequest(url: server.baseURL, headers: headers))
        }
        await #expect(throws: HTTPClientError.invalidHeader(name: name)) {
            try await CurlHTTPClient().get(HTTPRequest(url: server.baseURL, headers: headers))
        }
        #expect(server.requests.isEmpty)
    }

    @Test func aBodyOverTheLimitIsRefusedAndOneAtTheLimitIsRead() async throws {
        let atLimit = Data(repeating: UInt8(ascii: "a"), count: 1_000)
        // One server per request: a refused answer must not hold up the next one's connection. The
        // second starts after the first request, so a slow first request cannot outlast its wait.
        let tooLarge = try LoopbackHTTPServer(replies: [.answer(status: 200, body: atLimit + Data("b".utf8))])
        defer { tooLarge.stop() }
        let client = CurlHTTPClient(maximumBodySize: 1_000)
        await #expect(throws: HTTPClientError.bodyTooLarge(limit: 1_000)) {
            try await client.get(HTTPRequest(url: tooLarge.baseURL))
        }
        let justRight = try LoopbackHTTPServer(replies: [.answer(status: 200, body: atLimit)])
        defer { justRight.stop() }
        #expect(try await client.get(HTTPRequest(url: justRight.baseURL)).body == atLimit)
    }

    @Test func aBodyOverTheLimitWithoutALengthIsRefused() async throws {
        let server = try LoopbackHTTPServer(replies: [.unsized(status: 200, body: Data(repeating: 0x20, count: 300_000))])
        defer { server.stop() }
        await #expect(throws: HTTPClientError.bodyTooLarge(limit: 100_000)) {
            try await CurlHTTPClient(maximumBodySize: 100_000).get(HTTPRequest(url: server.baseURL))
        }
    }

    @Test func aBodyWithoutALengthIsReadToTheEnd() async throws {
        let body = Data((0..<50_000).map { UInt8(truncatingIfNeeded: $0) })
        let server = try LoopbackHTTPServer(replies: [.unsized(status: 200, body: body)])
        defer { server.stop() }
        let response = try await CurlHTTPClient().get(HTTPRequest(url: server.baseURL))
        #expect(response.status == 200)
        #expect(response.body == body)
    }

    @Test func anUnknownHostIsCannotFindHostQuickly() async throws {
        let start = ContinuousClock.now
        let url = try #require(URL(string: "http://no-such-host.invalid/"))
        let error = await #expect(throws: URLError.self) {
            try await CurlHTTPClient().get(HTTPRequest(url: url, timeout: .seconds(5)))
        }
        #expect(error?.code == .cannotFindHost || error?.code == .cannotConnectToHost, "\(String(describing: error))")
        #expect(ContinuousClock.now - start < .seconds(45).scaledForThisRun)
    }

    @Test func aRefusedConnectionIsCannotConnect() async throws {
        let nowhere = try LoopbackHTTPServer.refusingPort()
        defer { nowhere.close() }
        let url = try #require(URL(string: "http://127.0.0.1:\(nowhere.port)/"))
        let error = await #expect(throws: URLError.self) { try await CurlHTTPClient().get(HTTPRequest(url: url)) }
        #expect(error?.code == .cannotConnectToHost)
    }

    @Test func aSilentServerIsTimedOut() async throws {
        let server = try LoopbackHTTPServer(replies: [.silence(upTo: .seconds(60))], idleLimit: .seconds(60))
        defer { server.stop() }
        let start = ContinuousClock.now
        let error = await #expect(throws: URLError.self) {
            try await CurlHTTPClient().get(HTTPRequest(url: server.baseURL, timeout: .seconds(1)))
        }
        #expect(error?.code == .timedOut)
        #expect(ContinuousClock.now - start < .seconds(45).scaledForThisRun, "the request hung past its 1 s timeout")
    }

    @Test func cancellingTheTaskStopsCurl() async throws {
        let server = try LoopbackHTTPServer(replies: [.silence(upTo: .seconds(90))], idleLimit: .seconds(90))
        defer { server.stop() }
        let start = ContinuousClock.now
        let request = Task { try await CurlHTTPClient().get(HTTPRequest(url: server.baseURL, timeout: .seconds(90))) }
        while server.requests.isEmpty, ContinuousClock.now - start < .seconds(30).scaledForThisRun {
            try await Task.sleep(for: .milliseconds(20))
        }
        request.cancel()
        await #expect(throws: CancellationError.self) { try await request.value }
        #expect(ContinuousClock.now - start < .seconds(60).scaledForThisRun, "curl kept running after the task was cancelled")
    }

    @Test func onlyHTTPAndHTTPSAreAsked() async throws {
        let url = try #require(URL(string: "file:///etc/passwd"))
        let error = await #expect(throws: URLError.self) { try await CurlHTTPClient().get(HTTPRequest(url: url)) }
        #expect(error?.code == .unsupportedURL)
    }

    @Test(arguments: ["/nonexistent/curl", "mvvm-tui-no-such-curl"])
    func aMissingCurlSaysCurlIsNotInstalled(curl: String) async throws {
        let url = try #require(URL(string: "http://127.0.0.1:1/"))
        let error = await #expect(throws: HTTPClientError.curlNotInstalled) {
            try await CurlHTTPClient(curl: curl).get(HTTPRequest(url: url))
        }
        #expect(error?.localizedDescription == "curl is not installed")
    }
}

// MARK: - Helpers

private func fixture(_ name: String) throws -> Data {
    #if SWIFT_MODULE_RESOURCE_BUNDLE_AVAILABLE
    let url = Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Fixtures/tmdb")
    #else  // Package.swift does not copy Fixtures yet: read them beside this file
    let url: URL? = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/tmdb/\(name).json")
    #endif
    return try Data(contentsOf: try #require(url, "no fixture \(name).json"))
}

/// A list page of one film, "Probe" (id 1), with `fields` added to its entry.
private func listPage(_ fields: String) -> Data {
    Data(#"{"page": 1, "results": [{"id": 1, "title": "Probe", \#(fields)}], "total_results": 1}"#.utf8)
}

private func service(answering body: Data, status: Int = 200) -> TMDbMovieService {
    TMDbMovieService(credential: .apiKey("test-key"), client: StubHTTPClient(answers: [.status(status, body: body)]))
}

private func service(failing error: any Error) -> TMDbMovieService {
    TMDbMovieService(credential: .apiKey("test-key"), client: StubHTTPClient(answers: [.failure(error)]))
}

/// The one request `call` made of a service with `credential`, answered with `body`.
private func onlyRequest(
    credential: TMDbCredential = .apiKey("test-key"), timeout: Duration = .seconds(10),
    answering body: Data = Data(#"{"results": []}"#.utf8),
    _ call: (TMDbMovieService) async throws -> some Any
) async throws -> HTTPRequest {
    let stub = StubHTTPClient(answers: [.status(200, body: body)])
    _ = try await call(TMDbMovieService(credential: credential, client: stub, timeout: timeout))
    let requests = await stub.requests
    try #require(requests.count == 1)
    return requests[0]
}

/// The request's query items as `name=value`, decoded, in order.
private func queryItems(of request: HTTPRequest) -> [String] {
    let components = URLComponents(url: request.url, resolvingAgainstBaseURL: false)
    return (components?.queryItems ?? []).map { "\($0.name)=\($0.value ?? "")" }
}

/// The `MovieServiceError` that `call` threw; nil (and a failed expectation) if it threw nothing or another error.
private func failure(_ call: () async throws -> some Any) async -> MovieServiceError? {
    do {
        _ = try await call()
        Issue.record("expected a MovieServiceError, got an answer")
    } catch let error as MovieServiceError {
        return error
    } catch {
        Issue.record("expected a MovieServiceError, got \(error)")
    }
    return nil
}

// MARK: - Stub

/// An `HTTPClient` that answers from a list instead of the network (the last answer repeats) and
/// keeps every request it was given.
actor StubHTTPClient: HTTPClient {
    /// One answer: a status with a body, or a thrown error.
    enum Answer: Sendable {
        /// Answers with HTTP `status` and `body`.
        case status(Int, body: Data)
        /// Throws `error`, as a transport would.
        case failure(any Error)
    }

    private var answers: [Answer]
    /// The requests received, in order.
    private(set) var requests: [HTTPRequest] = []

    /// Creates a stub that gives `answers` in order, repeating the last.
    init(answers: [Answer]) {
        self.answers = answers
    }

    /// Records `request` and gives the next answer.
    func get(_ request: HTTPRequest) async throws -> HTTPResponse {
        requests.append(request)
        let answer = answers.count > 1 ? answers.removeFirst() : answers.first
        switch answer {
        case .status(let status, let body)?:
            return HTTPResponse(status: status, body: body)
        case .failure(let error)?:
            throw error
        case nil:
            throw URLError(.resourceUnavailable)
        }
    }
}
