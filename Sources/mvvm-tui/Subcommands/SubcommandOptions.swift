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

    @Option(help: Startup.dataDirHelp, completion: .directory)
    var dataDir: String?

    @Option(help: Startup.configHelp, completion: .file())
    var config: String?

    @Flag(help: "Draw (or write) without colours; a subcommand writes none unless its output is a terminal.")
    var noColor = false

    @Flag(
        help:
            "Draw (or write) ASCII in place of Braille dots, weather symbols and degree signs (#, *, C), for a console whose font lacks them (default: on where TERM is linux, else the config file's ascii)."
    )
    var ascii = false
}

/// The people server's options, which the app and `mvvm-tui people` both include (as
/// `SharedOptions`), so that the root does not take them from the subcommand.
struct PeopleServerOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "The CardDAV address book, or server, the People screen syncs with, such as https://dav.example.com/ (default: $MVVM_TUI_PEOPLE_API, else the config file's; '' for none: no sync). Its user and password come from $MVVM_TUI_PEOPLE_USER and $MVVM_TUI_PEOPLE_PASSWORD, or the config file when it is the file's server, else ~/.netrc; a URL with a password in it is refused.",
            valueName: "url"))
    var peopleApi: String?

    @Option(
        help: ArgumentHelp(
            "The address book to sync when the people server holds several, by name (default: $MVVM_TUI_PEOPLE_BOOK, else the config file's, else the first).",
            valueName: "name"))
    var peopleBook: String?
}

/// The options every subcommand takes: the shared ones and `--json`.
struct SubcommandOptions: ParsableArguments {
    @OptionGroup var shared: SharedOptions

    @Flag(help: "Write one JSON document rather than text (its keys: JSON DOCUMENTS in man mvvm-tui).")
    var json = false

    /// The choices of the flags, the environment and the config file, and the screens' composition
    /// over the database read-only: a subcommand keeps nothing. `writable` (an import or a sync,
    /// which the user asked to change what is kept) opens it read-write as the app does,
    /// created and migrated when it needs to be; settings are not kept even then.
    @MainActor
    /// The config file's warnings and the choices' notices (an unknown key, a password others can
    /// read) go to standard error unless `warns` is false (a second composition of one run).
    func composition(
        peopleAPI: String? = nil, peopleBook: String? = nil,
        writable: Bool = false, warns: Bool = true
    ) throws -> (ScreenComposition, TextStyle) {
        let environment = ProcessInfo.processInfo.environment
        let (file, choices) = try Startup.choices(
            config: shared.config,
            flags: .init(
                tab: nil, noColor: shared.noColor, peopleAPI: peopleAPI, peopleBook: peopleBook, ascii: shared.ascii
            ), environment: environment)
        if warns {
            for warning in file.warnings + choices.notices { PrintoutRun.write(MvvmTui.messagePrefix + warning + "\n", to: STDERR_FILENO) }
        }
        let path =
            try Startup.dataDirectory(shared.dataDir, environment: environment, validated: writable).path + "/" + AppDatabase.fileName
        let database = writable ? SharedDatabase(path: path) : SharedDatabase { try AppDatabase.openForReading(path: path) }
        let composition = ScreenComposition(choices: choices, offline: shared.offline, database: database, keepsSettings: false)
        return (composition, TextStyle(usesColor: choices.useColor && isatty(STDOUT_FILENO) == 1, width: Self.outputWidth()))
    }

    /// The terminal's width when standard output is one, else 80 (a pipe, a file, a status bar).
    static func outputWidth() -> Int {
        var size = winsize()
        guard isatty(STDOUT_FILENO) == 1, ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return 80 }
        return Int(size.ws_col)
    }
}

extension SubcommandOptions {
    /// Runs a subcommand that only reads: `build` makes the screen's printout over the composition
    /// and says how the screen comes into view; the printout is written when its view-model is idle.
    func printScreen(_ build: @MainActor (ScreenComposition) -> (printout: any Printout, appear: @MainActor () -> Void)) throws {
        PrintoutRun.prepare()
        try MainActor.assumeIsolated { () throws -> Void in
            let (composition, style) = try composition()
            let (printout, appear) = build(composition)
            PrintoutRun.run(printout, json: json, style: style, appear: appear)
        }
    }
}

/// `--limit`, for the lists of films.
struct LimitOption: ParsableArguments {
    @Option(help: "How many films to print.")
    var limit = 20

    func validate() throws {
        guard limit > 0 else { throw ValidationError("--limit must be at least 1") }
    }
}

extension MvvmTui {
    /// Refuses (status 64) the full-screen app's own options on a subcommand's line, where
    /// ArgumentParser would accept them for the root and the subcommand would not use them:
    /// `mvvm-tui weather --location Tokyo` must not print another place with status 0.
    func refuseAppOptions(peopleServerAllowed: Bool = false) throws {
        var given: [String] = []
        if tab != nil { given.append("--tab") }
        if location != nil { given.append("--location (mvvm-tui weather takes the place as words)") }
        if noMouse { given.append("--no-mouse") }
        if trace != nil { given.append("--trace") }
        if !peopleServerAllowed {
            if peopleServer.peopleApi != nil { given.append("--people-api") }
            if peopleServer.peopleBook != nil { given.append("--people-book") }
        }
        guard given.isEmpty else {
            throw ValidationError("not an option of this subcommand, only of the full-screen app: " + given.joined(separator: ", "))
        }
    }
}
