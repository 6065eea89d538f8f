import ArgumentParser
import Binding
import Renderer
import Screens

/// `mvvm-tui search QUERY… [--limit N]`: the Search screen's results for a shell.
struct SearchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Print the films found for a query as the Search screen ranks them.",
        discussion: """
            The words are joined with spaces, as typed in the input line, and searched at once \
            (the screen waits for typing to pause). More than a page of films loads the next pages \
            as the screen does when its cursor nears the end. TMDb, in its own order, when TMDB_API_KEY or \
            TMDB_READ_ACCESS_TOKEN is set and the network allowed, else the embedded catalogue.
            """
    )

    @Argument(help: ArgumentHelp("The words to search for.", valueName: "query"))
    var query: [String]

    @OptionGroup var limitOption: LimitOption

    @OptionGroup var options: SubcommandOptions

    @ParentCommand var app: MvvmTui

    func validate() throws {
        try app.refuseAppOptions()
    }

    func run() throws {
        let query = query.joined(separator: " ")
        try options.printScreen { composition in
            let viewModel = composition.search(composition.movieServices(), scheduler: MainQueueScheduler())
            return (
                SearchPrintout(viewModel: viewModel, limit: limitOption.limit),
                {
                    viewModel.searchNow(query)
                    viewModel.loadRows(atLeast: limitOption.limit)
                }
            )
        }
    }
}
