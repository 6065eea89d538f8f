import ArgumentParser
import Foundation
import Renderer
import Services

/// The options every subcommand takes: where the data is, whether to use the network, and how to
/// write the result.
struct SubcommandOptions: ParsableArguments {
    @Flag(help: "Write one JSON document rather than text (its keys: Docs/CommandLine.md).")
    var json = false

    @Flag(help: Startup.offlineHelp)
    var offline = false

    @Option(help: Startup.dataDirHelp)
    var dataDir: String?

    @Option(help: Startup.configHelp)
    var config: String?

    @Flag(help: "Write text without colours (there are none unless the output is a terminal and NO_COLOR is unset).")
    var noColor = false

    /// The choices of the flags, the environment and the config file, and the screens' composition
    /// over the database read-only: a subcommand keeps nothing.
    @MainActor
    func composition(peopleAPI: String? = nil, peopleBook: String? = nil) throws -> (ScreenComposition, TextStyle) {
        let environment = ProcessInfo.processInfo.environment
        let (_, choices) = try Startup.choices(config: config, flags: .init(
            tab: nil, noColor: noColor, peopleAPI: peopleAPI, peopleBook: peopleBook
        ), environment: environment)
        let path = try Startup.dataDirectory(dataDir, environment: environment, validated: false).path + "/" + AppDatabase.fileName
        let composition = ScreenComposition(choices: choices, offline: offline,
                                            database: SharedDatabase { try AppDatabase.openForReading(path: path) },
                                            keepsSettings: false)
        return (composition, TextStyle(usesColor: choices.useColor && isatty(STDOUT_FILENO) == 1))
    }
}
