import Testing

/// Movies and Search in the real binary, offline, on the embedded catalogue.
@Suite(.serialized) struct MoviesEndToEndTests {
    @Test func searchStartsWithItsMessageFindsStarWarsAndSaysWhenNothingMatches() throws {
        let session = try TmuxSession(arguments: ["--tab", "search", "--offline"])
        try session.waitFor("Start searching your favorite movies")
        try session.type("star wars")
        let found = try session.waitFor("› Star Wars (1977)")
        #expect(found.contains("matches"))
        try session.press("C-u")
        try session.type("qxqzvjk")
        try session.waitFor("No result for qxqzvjk")
    }

    @Test func moviesShowsPopularFilmsAndUpcomingAsksForTmdb() throws {
        let session = try TmuxSession(arguments: ["--tab", "movies", "--offline"])
        try session.waitFor("[Popular]")
        try session.waitFor("The Shawshank Redemption (1994)")
        try session.press("Right")
        try session.waitFor("[Upcoming]")
        try session.waitFor("Upcoming films need TMDb: set TMDB_API_KEY")
    }
}
