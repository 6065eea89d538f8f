import ArgumentParser
import CJobs
import Foundation
import Renderer
import Screens
import Services
import Terminal

/// The command line: parses the options, checks the terminal, and hands over to the app.
@main
struct MvvmTui: ParsableCommand {
    /// What `--help` ends with: the services' and data's credits, which their terms ask for.
    static let credits = """
        CREDITS:
          This product uses the TMDB API but is not endorsed or certified by TMDB.
          Weather data by Open-Meteo.com (CC BY 4.0). Places from GeoNames
          (geonames.org, CC BY 4.0). Films from IMDb, as compiled in ggplot2movies
          (GPL-3). The program is licensed under Apache-2.0.
        """

    /// Runs the command as ArgumentParser does, `--help` ending with `credits`, and a mistyped
    /// subcommand answered with the name it is nearest to (status 64).
    static func main() {
        var command: any ParsableCommand
        do {
            command = try parseAsRoot()
        } catch {
            if let typo = MistypedSubcommand.find(in: Array(CommandLine.arguments.dropFirst())) {
                end(with: ValidationError(typo.message))
            }
            end(with: error)
        }
        do {
            try command.run()
        } catch {
            end(with: error)
        }
    }

    /// No terminal to draw on, or one that cannot move the cursor.
    static let cannotDrawStatus: Int32 = 2

    /// The one prefix of every message on standard error, usage errors included.
    static let messagePrefix = "mvvm-tui: "

    /// Ends the program as ArgumentParser would, but for the words: `--help` ends with `credits`,
    /// and an error begins with `messagePrefix` rather than ArgumentParser's `Error: `.
    private static func end(with error: any Error) -> Never {
        let message = fullMessage(for: error)
        let code = exitCode(for: error)
        if code == .success {
            print(message.contains("USAGE:") ? message.trimmingCharacters(in: .newlines) + "\n\n" + credits : message)
            Foundation.exit(0)
        }
        if !message.isEmpty {
            let text = message.hasPrefix("Error: ") ? messagePrefix + message.dropFirst("Error: ".count) : messagePrefix + message
            FileHandle.standardError.write(Data((text.hasSuffix("\n") ? text : text + "\n").utf8))
        }
        Foundation.exit(code.rawValue)
    }

    static let configuration = CommandConfiguration(
        commandName: "mvvm-tui",
        abstract: "Five MVVM screens in a terminal: Weather, Movies, Search, Scoreboard, People.",
        discussion: """
            Tab and Shift-Tab move between the tabs; Alt-1…5 jump to one, F2–F5 to the second to \
            fifth. On Weather and Search the input line takes the text: Enter looks the place up, \
            or goes to the films found; Esc leaves it. F1 opens the help from anywhere (? outside the input line); q quits \
            (Ctrl-C from anywhere).

            NO_COLOR in the environment draws without colours, as --no-color does. On the Linux \
            console (TERM=linux), whose fonts have no Braille, the charts, the weather symbols and \
            the units are ASCII, as --ascii makes them anywhere. Movies and \
            Search use TMDb when TMDB_API_KEY (a v3 key) or TMDB_READ_ACCESS_TOKEN is set, and an \
            embedded catalogue of 58,788 films otherwise. Weather asks Open-Meteo (Weatherbit when \
            WEATHERBIT_API_KEY is set) and keeps each real report: without a network it shows the \
            place's last one with its age, and sample data labelled as such only for a place never \
            fetched; places come from an embedded gazetteer of 147,284 places when offline.

            The config file ($XDG_CONFIG_HOME/mvvm-tui/config.toml, else \
            ~/.config/mvvm-tui/config.toml, or --config FILE) holds the same settings: the tab, \
            colour, the mouse, ASCII, the unit, the people order, the TMDb and Weatherbit keys, an Open-Meteo server \
            of one's own, the people server with its user and password. A flag beats an environment variable, which beats the \
            config file; a unit (u) or order (s) chosen in the app is kept and beats the file's. \
            A malformed file stops the program before the screen opens (exit status 78). \
            The manual page (man mvvm-tui) lists every key of the file, every variable, the files, \
            the keys of each screen, the JSON the subcommands write and the exit statuses.

            The subcommands print one screen to a shell, a script or a status bar, from the same \
            view-models, as text or --json, and keep nothing: mvvm-tui weather Paris, mvvm-tui \
            search star wars --json. They exit 0 with a result, 1 with the screen's problem on \
            standard error, 64 for bad usage. Every message on standard error begins mvvm-tui:.
            """,
        version: "mvvm-tui 0.1.0",
        subcommands: [WeatherCommand.self, MoviesCommand.self, SearchCommand.self, PeopleCommand.self, GamesCommand.self]
    )

    @Option(help: "The tab to open: weather, movies, search, scoreboard or people (default: the config file's tab, else weather).")
    var tab: TabOption?

    @Option(
        help: ArgumentHelp(
            "The place the Weather screen opens on (default: the last place shown, else McGaheysville, VA).", valueName: "text"))
    var location: String?

    @OptionGroup var peopleServer: PeopleServerOptions

    @OptionGroup var shared: SharedOptions

    @Flag(help: "Leave clicks and the wheel to the terminal (its own text selection) rather than the program.")
    var noMouse = false

    @Option(
        help: ArgumentHelp(
            "Write one line per frame to this file: what triggered it, how long it took, how many bytes went to the terminal and in how many writes.",
            valueName: "file"), completion: .file())
    var trace: String?

    @Flag(help: .hidden)
    var manualSections = false

    /// Checks the config file and the terminal, in that order, before the screen opens. The
    /// embedded data is not checked here: a missing or damaged database is named on the screen
    /// that needs it, and the other tabs work without it.
    mutating func run() throws {
        if manualSections {
            print(ManualSections.mdoc(), terminator: "")
            return
        }
        let environment = ProcessInfo.processInfo.environment
        let (file, choices) = try Startup.choices(
            config: shared.config,
            flags: .init(
                tab: tab?.rawValue, noColor: shared.noColor, peopleAPI: peopleServer.peopleApi, peopleBook: peopleServer.peopleBook,
                noMouse: noMouse, ascii: shared.ascii
            ), environment: environment)
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
            FileHandle.standardError.write(
                Data(
                    "mvvm-tui needs an interactive terminal; its subcommands print to any output (mvvm-tui weather Paris; mvvm-tui help)\n"
                        .utf8))
            throw ExitCode(Self.cannotDrawStatus)
        }
        if let reason = MainActor.assumeIsolated({ NcursesTerminal.reasonItCannotDraw(terminalType: environment["TERM"]) }) {
            let advice =
                "run it where TERM names a terminal that can (TERM=xterm-256color), or use its subcommands, which "
                + "print to any output: mvvm-tui weather Paris, mvvm-tui movies, mvvm-tui search QUERY, mvvm-tui people, mvvm-tui games"
            FileHandle.standardError.write(Data((MvvmTui.messagePrefix + "\(reason); \(advice)\n").utf8))
            throw ExitCode(Self.cannotDrawStatus)
        }
        cj_run_global_jobs_on_main_queue()
        let settings = LaunchSettings(
            initialTab: choices.tab.flatMap(TabOption.init(rawValue:))?.tab ?? .weather,
            location: location,
            offline: shared.offline,
            dataDirectory: try Startup.dataDirectory(shared.dataDir, environment: environment, validated: true),
            useColor: choices.useColor,
            useMouse: choices.useMouse,
            trace: try trace.map(openTrace),
            choices: choices,
            notices: file.warnings + choices.notices
        )
        try MainActor.assumeIsolated {
            try AppComposition(settings: settings).run()
        }
    }

    private func openTrace(_ path: String) throws -> FrameTrace {
        do {
            return try FrameTrace(path: path)
        } catch {
            throw ValidationError("--trace: cannot write \(path)")
        }
    }
}

/// The tabs as `--tab` spells them.
enum TabOption: String, CaseIterable, ExpressibleByArgument {
    case weather, movies, search, scoreboard, people

    var tab: Tab {
        switch self {
        case .weather: .weather
        case .movies: .movies
        case .search: .search
        case .scoreboard: .scoreboard
        case .people: .people
        }
    }
}
