import Foundation
import Models
import Renderer
import Screens
import Services
import Testing
import TestSupport

/// `mvvm-tui search`: the Search screen's results in a shell.
@MainActor
struct SearchSubcommandTests {
    /// The view-model the binary runs with `--offline`, run here on the same embedded catalogue.
    private func offlineSearch(_ query: String) async -> MovieSearchViewModel {
        let search = MovieSearchViewModel(service: EmbeddedMovieCatalog.bundled(), scheduler: TestScheduler())
        search.searchNow(query)
        await untilIdle(search.isBusy)
        return search
    }

    @Test func starWarsFindsStarWarsAndTheJSONHoldsTheViewModelsOutputsFieldByField() async throws {
        let result = try await Subcommand().run(["search", "star", "wars", "--offline", "--json"])
        #expect(result.status == 0)
        #expect(result.error.isEmpty)
        let document = try Subcommand.decode(SearchPrintout.Document.self, from: result.output)
        let search = await offlineSearch("star wars")
        #expect(document.rows.first?.title == "Star Wars")
        #expect(document.info == search.info.current)
        #expect(document.infoIsProblem == search.infoIsProblem.current)
        #expect(document.matchCountText == search.matchCount.current)
        #expect(document.matchCountText.hasSuffix(" matches"))
        #expect(document.matchCount == search.matchTotal.current)
        #expect(document.matchCount == 5)
        let rows = Array(search.rows.current.prefix(20))
        #expect(document.rows.count == rows.count)
        for (printed, row) in zip(document.rows, rows) {
            #expect(printed.id == row.id)
            #expect(printed.title == row.title)
            #expect(printed.releaseDateText == row.releaseDate)
            #expect(printed.ratingText == row.rating)
            #expect(printed.rating == row.averageValue)
            #expect(printed.overview == row.overview)
        }
    }

    @Test func theTextIsTheCountThenOneFilmALine() async throws {
        let result = try await Subcommand().run(["search", "alien", "--limit", "2", "--offline"])
        #expect(result.status == 0)
        let search = await offlineSearch("alien")
        let rows = search.rows.current
        let lines = result.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.count == 4)
        #expect(lines.first == search.matchCount.current)
        for (line, row) in zip(lines.dropFirst(), rows.prefix(2)) {
            #expect(line.hasPrefix("\(row.title) (\(row.releaseDate))"))
            #expect(line.hasSuffix("  \(row.averageRating)"))
        }
        #expect(!result.output.contains("\u{1B}"))
    }

    @Test func noMatchSaysSoOnStandardErrorAndExitsOne() async throws {
        let subcommand = try Subcommand()
        let text = try await subcommand.run(["search", "qqqxyzzyq", "--offline"])
        #expect(text.status == 1)
        #expect(text.output.isEmpty)
        #expect(text.error == "mvvm-tui: No result for qqqxyzzyq\n")
        let json = try await subcommand.run(["search", "qqqxyzzyq", "--offline", "--json"])
        #expect(json.status == 1)
        let document = try Subcommand.decode(SearchPrintout.Document.self, from: json.output)
        #expect(document.info == "No result for qqqxyzzyq")
        #expect(document.rows.isEmpty)
    }

    @Test func anEmptyQueryIsAskedForAsTheScreenAsks() async throws {
        let subcommand = try Subcommand()
        for query in ["", "   "] {
            let result = try await subcommand.run(["search", query, "--offline"])
            #expect(result.status == 1)
            #expect(result.output.isEmpty)
            #expect(result.error == "mvvm-tui: \(MovieSearchViewModel.startMessage)\n")
        }
    }

    @Test func aBadLimitIsBadUsage() async throws {
        let result = try await Subcommand().run(["search", "alien", "--limit", "0", "--offline"])
        #expect(result.status == 64)
        #expect(result.output.isEmpty)
    }
}
