import Testing
import TestSupport

/// Movies and Search in the real binary, offline, on the embedded catalogue.
@Suite(.serialized, .startsProcesses) struct MoviesEndToEndTests {
    @Test func searchStartsWithItsMessageFindsStarWarsAndSaysWhenNothingMatches() async throws {
        let session = try await TmuxSession(arguments: ["--tab", "search", "--offline"])
        try await session.waitFor("Start searching your favorite movies")
        try await session.type("star wars")
        let found = try await session.waitFor("› Star Wars (1977)")
        #expect(found.contains("matches"))
        try await session.press("C-u")
        try await session.type("qxqzvjk")
        try await session.waitFor("No result for qxqzvjk")
    }

    @Test func moviesShowsPopularFilmsAndUpcomingAsksForTmdb() async throws {
        let session = try await TmuxSession(arguments: ["--tab", "movies", "--offline"])
        try await session.waitFor("[Popular]")
        try await session.waitFor("The Shawshank Redemption (1994)")
        try await session.press("Right")
        try await session.waitFor("[Upcoming]")
        try await session.waitFor("Upcoming films need TMDb: set TMDB_API_KEY")
    }

    /// With a TMDb key Movies opens on Now Playing. The key is not a real one, and never leaves
    /// this machine: curl is sent through a proxy on a loopback port nobody listens on, so TMDb
    /// cannot be reached; the screen says why and offers the catalogue, whose Now Playing is its
    /// last year.
    @Test func moviesWithATmdbKeyOpensOnNowPlayingAndFallsBackToTheCatalogueSayingWhy() async throws {
        let refusing = try LoopbackHTTPServer.refusingPort()
        defer { refusing.close() }
        let nowhere = "http://127.0.0.1:\(refusing.port)"
        let session = try await TmuxSession(
            arguments: ["--tab", "movies"],
            environment: ["TMDB_API_KEY": "not-a-real-key", "https_proxy": nowhere, "HTTPS_PROXY": nowhere])
        try await session.waitFor("[Now Playing]")
        let failed = try await session.waitFor("Press c for the embedded catalogue.", timeout: .seconds(30))
        #expect(failed.contains("TMDb: no network."))
        try await session.type("c")
        try await session.waitFor("Films of 2005")
        try await session.waitFor("[Now Playing]")
    }
}
