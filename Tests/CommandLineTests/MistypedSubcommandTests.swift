import Testing

/// A subcommand's name typed wrong: the binary names the one meant, with the status of bad usage.
struct MistypedSubcommandTests {
    @Test(arguments: [
        (["wether", "Paris"], "wether", "weather"),
        (["Weather", "Paris"], "Weather", "weather"),
        (["moveis", "--limit", "3"], "moveis", "movies"),
        (["--offline", "serch", "star", "wars"], "serch", "search"),
        (["--config", "/nowhere.toml", "peopel"], "peopel", "people"),
        (["game"], "game", "games"),
        (["hlep"], "hlep", "help"),
    ])
    func aTypoNamesTheSubcommandMeant(arguments: [String], word: String, meant: String) async throws {
        let result = try await Subcommand().run(arguments)
        #expect(result.status == 64)
        #expect(result.output.isEmpty)
        #expect(result.error.hasPrefix("mvvm-tui: Unknown subcommand '\(word)'. Did you mean '\(meant)'?\n"), "\(result.error)")
        #expect(result.error.contains("Usage: mvvm-tui"))
    }

    @Test func aWordNearNoSubcommandKeepsTheParsersOwnWords() async throws {
        let result = try await Subcommand().run(["Paris"])
        #expect(result.status == 64)
        #expect(!result.error.contains("Did you mean"), "\(result.error)")
        #expect(result.error.contains("Unexpected argument 'Paris'"), "\(result.error)")
    }

    @Test func anOptionsValueIsNoSubcommand() async throws {
        let result = try await Subcommand().run(["--tab", "wether"])
        #expect(result.status == 64)
        #expect(!result.error.contains("Did you mean 'weather'"), "\(result.error)")
        #expect(result.error.contains("'wether' is invalid for '--tab <tab>'"), "\(result.error)")
    }

    @Test func aRightSubcommandIsNotTakenForATypo() async throws {
        let result = try await Subcommand().run(["weather", "wether", "--offline"])
        #expect(result.status != 64)
        #expect(!result.error.contains("Did you mean"), "\(result.error)")
    }
}
