import ArgumentParser
import Binding
import Models
import Renderer
import Screens

/// `mvvm-tui movies [--segment S] [--limit N]`: the Movies screen's list for a shell.
struct MoviesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "movies",
        abstract: "Print a segment's films as the Movies screen lists them.",
        discussion: """
            TMDb when TMDB_API_KEY or TMDB_READ_ACCESS_TOKEN is set and the network allowed, \
            opening on Now Playing; else the embedded catalogue, opening on Popular (Upcoming \
            needs TMDb); when TMDb fails, --offline uses the catalogue. More than a page of films \
            loads the next pages as the screen does when its cursor nears the end.
            """
    )

    @Option(help: "The segment (default: the one the screen opens on: now-playing with TMDb, popular with the catalogue).")
    var segment: SegmentOption?

    @OptionGroup var limitOption: LimitOption

    @OptionGroup var options: SubcommandOptions

    @ParentCommand var app: MvvmTui

    func validate() throws {
        try app.refuseAppOptions()
    }

    func run() throws {
        let limit = limitOption.limit
        try options.printScreen { composition in
            // No catalogue on offer: the screen's `Press c` has no key here (--offline is the way).
            let viewModel = composition.movies(composition.movieServices(), segment: segment?.endpoint, offersCatalogue: false)
            return (
                MoviesPrintout(viewModel: viewModel, limit: limit),
                {
                    viewModel.screenAppeared()
                    viewModel.loadRows(atLeast: limit)
                }
            )
        }
    }
}

/// `--segment` as typed.
enum SegmentOption: String, CaseIterable, ExpressibleByArgument {
    case nowPlaying = "now-playing", popular, upcoming, topRated = "top-rated"

    var endpoint: Endpoint {
        switch self {
        case .nowPlaying: .nowPlaying
        case .popular: .popular
        case .upcoming: .upcoming
        case .topRated: .topRated
        }
    }
}
