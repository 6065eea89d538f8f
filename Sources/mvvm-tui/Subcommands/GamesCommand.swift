import ArgumentParser
import Binding
import Renderer
import Screens

/// `mvvm-tui games`: the Scoreboard's library of games kept, for a shell.
struct GamesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "games",
        abstract: "Print the games kept and their scores, as the Scoreboard's library lists them.",
        discussion: "Newest first. The database is only read: no game is started, nothing is kept."
    )

    @OptionGroup var options: SubcommandOptions

    @ParentCommand var app: MvvmTui

    func validate() throws {
        try app.refuseAppOptions()
    }

    func run() throws {
        try options.printScreen { composition in
            let viewModel = composition.scoreboard(scheduler: MainQueueScheduler())
            return (GamesPrintout(viewModel: viewModel), { viewModel.showLibrary() })
        }
    }
}
