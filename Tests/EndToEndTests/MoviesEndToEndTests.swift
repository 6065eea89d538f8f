import Testing

/// Movies and Search in the real binary, offline, on the embedded catalogue.
@Suite(.serialized) struct MoviesEndToEndTests {
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
}
