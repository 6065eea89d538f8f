import ArgumentParser
import Foundation
import Renderer
import Services

/// The options the app and every subcommand take: where the data is, whether to use the network,
/// the config file, colour. The root command and each subcommand both include them, so that they
/// may come before the subcommand's name or after it.
struct SharedOptions: ParsableArguments {
    @Flag(help: Startup.offlineHelp)
    var offline = false

    @Option(help: Startup.dataDirHelp)
    var dataDir: String?

    @Option(help: Startup.configHelp)
    var config: String?

    @Flag(help: "Draw (or write) without colours; a subcommand writes none unless its output is a terminal.")
    var noColor = false
}

/// The options every subcommand takes: the shared ones and `--json`.
struct SubcommandOptions: ParsableArguments {
    @OptionGroup var shared: SharedOptions

    @Flag(help: "Write one JSON document rather than text (its keys: Docs/CommandLine.md).")
    var json = false

    /// The choices of the flags, the environment and the config file, and the screens' composition
    /// over the database read-only: a subcommand keeps nothing. `writable` (an import or an export,
    /// which the user asked to change or write something) opens it read-write as the app does,
    /// created and migrated when it needs to be; settings are not kept even then.
    @MainActor
    func composition(peopleAPI: String? = nil, peopleBook: String? = nil,
                     writable: Bool = false) throws -> (ScreenComposition, TextStyle) {
        let environment = ProcessInfo.processInfo.environment
        let (_, choices) = try Startup.choices(config: shared.config, flags: .init(
            tab: nil, noColor: shared.noColor, peopleAPI: peopleAPI, peopleBook: peopleBook
        ), environment: environment)
        let path = try Startup.dataDirectory(shared.dataDir, environment: environment, validated: writable).path + "/" + AppDatabase.fileName
        let database = writable ? SharedDatabase(path: path) : SharedDatabase { try AppDatabase.openForReading(path: path) }
        let composition = ScreenComposition(choices: choices, offline: shared.offline, database: database, keepsSettings: false)
        return (composition, TextStyle(usesColor: choices.useColor && isatty(STDOUT_FILENO) == 1))
    }
}
