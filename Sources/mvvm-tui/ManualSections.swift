import Foundation
import Renderer
import Services

/// The sections of the manual page that swift-argument-parser's generate-manual cannot write from
/// the argument definitions: the screens' keys (from their key tables), the config file's keys
/// (from `ConfigFile.keys`), the environment, the files and the exit statuses. `mvvm-tui
/// --manual-sections` prints them in mdoc; Scripts/make-man-page.sh adds them to the page, so
/// the installed manual stands alone.
enum ManualSections {
    /// Every section, in the page's order.
    static func mdoc() -> String {
        [keys(), configuration(), environment(), files(), exitStatus()].joined()
    }

    /// The exit statuses the program ends with, and what each means.
    static let exitStatuses: [(status: Int32, meaning: String)] = [
        (
            0,
            "Success: the app was quit, or a subcommand printed its result. A reader that goes away (| head -1) ends a subcommand quietly, with 0 too."
        ),
        (
            1,
            "A subcommand's screen shows a problem rather than a result (Not found, No result for ..., a failed import or sync), written on standard error; or weather has only sample weather and --offline did not ask for it."
        ),
        (
            MvvmTui.cannotDrawStatus,
            "The app needs an interactive terminal that can move the cursor: standard input or output is not one, or TERM names one that cannot (dumb)."
        ),
        (64, "Bad usage: an unknown option, a bad value, options that do not go together, a mistyped subcommand (EX_USAGE)."),
        (
            PeoplePrintout.blockedStatus,
            "people --sync: another sync on the same data folder still ran after 3 s; nothing was exchanged, try again later (EX_TEMPFAIL)."
        ),
        (Startup.configStatus, "The config file is malformed: not TOML, a key of the wrong type or an unknown value (EX_CONFIG)."),
    ]

    /// The variables the program reads, and the config key each beats, if any.
    static let variables: [(names: [String], meaning: String)] = [
        (["HOME"], "The home folder: ~ in paths, the default config file, data folder and netrc."),
        (["XDG_CONFIG_HOME"], "Where the config file is, in mvvm-tui/config.toml (default ~/.config)."),
        (["XDG_DATA_HOME"], "Where the data folder is, mvvm-tui (default ~/.local/share); --data-dir beats it."),
        (["NETRC"], "The netrc file the people server's user and password may come from (default ~/.netrc)."),
        (
            ["TERM"],
            "The terminal's type: dumb cannot draw the app (exit status 2); linux (the console) writes ASCII in place of Braille, weather symbols and degree signs."
        ),
        (["NO_COLOR"], "Set to anything: no colours, as --no-color."),
        (
            ["LC_ALL", "LC_MEASUREMENT", "LANG"],
            "The first set says the locale's unit when neither the app nor the config chose one: fahrenheit in the US, Liberia, Myanmar and the C locale."
        ),
        (["LC_ALL", "LC_MESSAGES", "LANG"], "The first set says the language TMDb answers in."),
        (["PATH"], "Where the curl program is found; every request goes through it."),
        (
            [
                "LANGUAGE", "TZ", "LC_*", "http_proxy", "https_proxy", "HTTPS_PROXY", "all_proxy", "ALL_PROXY", "no_proxy", "NO_PROXY",
                "CURL_CA_BUNDLE", "SSL_CERT_FILE", "SSL_CERT_DIR",
            ],
            "Passed on to curl, alone with PATH and LANG: its proxies and certificate authorities."
        ),
    ]

    private static func keys() -> String {
        let keymap = Keymap(screenLines: [
            WeatherView.keys.lines, MoviesView.keys.lines, SearchView.keys.lines, ScoreboardView.keys.lines, PeopleView.keys.lines,
        ])
        var text = ".Sh KEYS\nEvery key the app answers, where it answers it (F1 shows the same help on screen).\n"
        for scope in keymap.scopes {
            text += ".Ss \(escaped(scope.heading))\n.Bl -tag -width Ds\n"
            for line in keymap.lines where line.scope == scope {
                text += ".It \(quoted(line.label))\n\(escaped(line.summary))\n"
            }
            text += ".El\n"
        }
        return text
    }

    private static func configuration() -> String {
        var text = """
            .Sh CONFIGURATION
            The config file (FILES) is TOML: the keys below, dotted names as tables ([people] then url = ...). \
            A flag beats an environment variable, which beats the file; a unit (u) or order (s) chosen in the app \
            is kept and beats the file's. An unknown key, or a key or password in a file other users can read, \
            is a warning (on standard error for a subcommand); a malformed file stops the program (exit status 78).
            .Bl -tag -width Ds

            """
        for key in ConfigFile.keys {
            let kind: String =
                switch key.kind {
                case .text: "text"
                case .flag: "true or false"
                case .choice(let choices): choices.joined(separator: ", ")
                case .whole(let range): "\(range.lowerBound) to \(range.upperBound)"
                }
            text += ".It Cm \(key.name) Li \(escaped(kind))\n\(escaped(Self.plain(key.summary)))"
            if let variable = key.environmentVariable { text += "; beaten by \(variable)" }
            text += key.isSecret ? "; a secret: keep the file private (chmod 600).\n" : ".\n"
        }
        return text + ".El\n"
    }

    private static func environment() -> String {
        var text = ".Sh ENVIRONMENT\n.Bl -tag -width Ds\n"
        for variable in ConfigFile.keys.compactMap(\.environmentVariable) {
            let key = ConfigFile.keys.first { $0.environmentVariable == variable }
            text += ".It Ev \(variable)\nAs the config file's \(key?.name ?? "") (CONFIGURATION), which it beats.\n"
        }
        for (names, meaning) in variables {
            text += ".It Ev \(names.joined(separator: " , "))\n\(escaped(meaning))\n"
        }
        return text + ".El\n"
    }

    private static func files() -> String {
        """
        .Sh FILES
        .Bl -tag -width Ds
        .It Pa $XDG_CONFIG_HOME/mvvm-tui/config.toml
        The config file (else ~/.config/mvvm-tui/config.toml, or --config FILE); see CONFIGURATION.
        .It Pa $XDG_DATA_HOME/mvvm-tui/\(AppDatabase.fileName)
        The data folder (else ~/.local/share/mvvm-tui, or --data-dir DIR), made private to the user (mode 700): \
        people, games, settings and the last real weather of each place, an SQLite database with its -wal and -shm files. \
        The subcommands only read it, but for people --import and --sync.
        .It Pa ~/.netrc
        The people server's user and password, when neither the environment nor the config file gives them \
        (NETRC names another file).
        .It Pa <bin>/../share/mvvm-tui/movies.sqlite , <bin>/../share/mvvm-tui/gazetteer.sqlite
        The film catalogue and the places found offline, found from the program's own path; \
        a missing one is named on the screen that needs it.
        .El

        """
    }

    private static func exitStatus() -> String {
        ".Sh EXIT STATUS\n.Bl -tag -width Ds\n"
            + exitStatuses.map { ".It \($0.status)\n\(escaped($0.meaning))\n" }.joined()
            + ".It 128 + N\nThe app was ended by signal N (SIGTERM 143, SIGHUP 129), the terminal restored.\n.El\n"
    }

    /// `text` as one quoted argument of a macro, never read as a macro's name.
    static func quoted(_ text: String) -> String {
        "\"\\&" + escaped(text).replacingOccurrences(of: "\"", with: "\\(dq") + "\""
    }

    /// `text` without the Markdown backticks the config's table writes.
    private static func plain(_ text: String) -> String {
        text.replacingOccurrences(of: "`", with: "")
    }

    /// `text` safe on an mdoc line: backslashes escaped, and a line that would begin with a dot
    /// or an apostrophe kept as text.
    static func escaped(_ text: String) -> String {
        let safe = text.replacingOccurrences(of: "\\", with: "\\e")
        return safe.hasPrefix(".") || safe.hasPrefix("'") ? "\\&" + safe : safe
    }
}
