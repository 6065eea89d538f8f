import Foundation
import Models
import Renderer
import Screens
import Services
import Testing
import TestSupport

/// `mvvm-tui movies`: the Movies screen's list in a shell.
@MainActor
struct MoviesSubcommandTests {
    /// The view-model the binary runs with `--offline`, run here on the same embedded catalogue.
    private func offlineMovies(_ segment: Endpoint = .popular) async -> MovieListViewModel {
        let list = MovieListViewModel(service: EmbeddedMovieCatalog.bundled(), initialSegment: segment)
        list.screenAppeared()
        await untilIdle(list.isBusy)
        return list
    }

    private func expect(_ printed: [MovieRowDocument], match rows: [MovieRowViewModel]) {
        #expect(printed.count == rows.count)
        for (document, row) in zip(printed, rows) {
            #expect(document.id == row.id)
            #expect(document.title == row.title)
            #expect(document.releaseDateText == row.releaseDate)
            #expect(document.releaseDate == row.releaseDay)
            #expect(document.ratingText == row.rating)
            #expect(document.rating == row.averageValue)
            #expect(document.voteCount == row.voteCount)
            #expect(document.overview == row.overview)
        }
    }

    @Test func theJSONHoldsTheViewModelsOutputsFieldByField() async throws {
        let result = try await Subcommand().run(["movies", "--offline", "--json"])
        #expect(result.status == 0)
        #expect(result.error.isEmpty)
        let document = try Subcommand.decode(MoviesPrintout.Document.self, from: result.output)
        let list = await offlineMovies()
        #expect(document.segment == list.segments[list.selectedSegment.current])
        #expect(document.segment == "Popular")
        #expect(document.info == list.info.current)
        #expect(document.infoIsProblem == list.infoIsProblem.current)
        expect(document.rows, match: Array(list.rows.current.prefix(20)))
    }

    @Test func aSegmentIsChosenAndMoreThanTheDefaultTwentyArePrinted() async throws {
        let result = try await Subcommand().run(["movies", "--segment", "top-rated", "--limit", "30", "--offline", "--json"])
        #expect(result.status == 0)
        let document = try Subcommand.decode(MoviesPrintout.Document.self, from: result.output)
        let list = await offlineMovies(.topRated)
        #expect(document.segment == "Top Rated")
        #expect(document.rows.count == 30)
        expect(document.rows, match: Array(list.rows.current.prefix(30)))
    }

    @Test func theTextIsTheSegmentThenOneFilmALineWithoutColourIntoAPipe() async throws {
        let result = try await Subcommand().run(["movies", "--segment", "now-playing", "--limit", "3", "--offline"])
        #expect(result.status == 0)
        let list = await offlineMovies(.nowPlaying)
        let rows = list.rows.current
        let lines = result.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.count == 5)
        #expect(lines.first == "Now Playing · 3 films · \(list.info.current)")
        #expect(list.info.current.hasPrefix("Films of "))
        for (line, row) in zip(lines.dropFirst(), rows.prefix(3)) {
            #expect(line.hasPrefix("\(row.title) (\(row.releaseDate))"))
            #expect(line.hasSuffix("  \(row.averageRating)"))
        }
        #expect(lines.last == "")
        #expect(!result.output.contains("\u{1B}"))
    }

    @Test func upcomingWithoutTMDbSaysSoOnStandardErrorAndExitsOne() async throws {
        let subcommand = try Subcommand()
        let text = try await subcommand.run(["movies", "--segment", "upcoming", "--offline"])
        #expect(text.status == 1)
        #expect(text.output.isEmpty)
        #expect(text.error == "mvvm-tui: \(EmbeddedMovieCatalog.upcomingNeedsKey)\n")
        let json = try await subcommand.run(["movies", "--segment", "upcoming", "--offline", "--json"])
        #expect(json.status == 1)
        let document = try Subcommand.decode(MoviesPrintout.Document.self, from: json.output)
        #expect(document.info == EmbeddedMovieCatalog.upcomingNeedsKey)
        #expect(document.infoIsProblem)
        #expect(document.rows.isEmpty)
    }

    @Test func aBadSegmentOrLimitIsBadUsage() async throws {
        let subcommand = try Subcommand()
        let segment = try await subcommand.run(["movies", "--segment", "bogus", "--offline"])
        #expect(segment.status == 64)
        #expect(segment.error.contains("'bogus' is invalid for '--segment <segment>'"))
        for limit in ["0", "-3"] {
            let result = try await subcommand.run(["movies", "--limit=\(limit)", "--offline"])
            #expect(result.status == 64)
            #expect(result.output.isEmpty)
        }
    }

    @Test func aReaderThatGoesAwayEndsItQuietly() async throws {
        let result = try await Subcommand().runIntoHead(["movies", "--limit", "500", "--offline"])
        #expect(result.status == 0)
        #expect(result.firstLine == "Popular · \(EmbeddedMovieCatalog.segmentSize) films")
        #expect(result.error.isEmpty)
    }
}
