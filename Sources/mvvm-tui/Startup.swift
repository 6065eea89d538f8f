import ArgumentParser
import Foundation
import Services

/// What the app and the subcommands read before anything else: the config file, the choices it
/// makes with the flags and the environment, and the data directory.
enum Startup {
    /// sysexits' EX_CONFIG: the config file is malformed.
    static let configStatus: Int32 = 78
    static let offlineHelp = ArgumentHelp("Use embedded data only; make no network connection at all.")
    static let dataDirHelp = ArgumentHelp(
        "Where people, games and settings are kept (default: $XDG_DATA_HOME/mvvm-tui, else ~/.local/share/mvvm-tui).", valueName: "dir")
    static let configHelp = ArgumentHelp(
        "The config file to read (default: $XDG_CONFIG_HOME/mvvm-tui/config.toml, else ~/.config/mvvm-tui/config.toml).", valueName: "file")

    /// The config file and the choices; a malformed file ends the program with status 78
    /// (EX_CONFIG), a bad flag or variable with a usage error (64).
    static func choices(
        config: String?, flags: LaunchChoices.Flags,
        environment: [String: String]
    ) throws -> (ConfigFile, LaunchChoices) {
        do {
            let file = try ConfigFile.load(
                path: config ?? ConfigFile.defaultPath(environment: environment),
                isExplicit: config != nil)
            let choices = try LaunchChoices(
                flags: flags, environment: environment, file: file,
                netrc: Netrc.load(path: Netrc.path(environment: environment)))
            return (file, choices)
        } catch let problem as ConfigFile.Problem {
            FileHandle.standardError.write(Data((MvvmTui.messagePrefix + "\(problem)\n").utf8))
            throw ExitCode(configStatus)
        } catch let invalid as LaunchChoices.Invalid {
            throw ValidationError(invalid.description)
        }
    }

    /// The data directory `--data-dir` names, else the default; `validated` checks that it can be
    /// made (the app writes there; the subcommands only read).
    static func dataDirectory(_ explicit: String?, environment: [String: String], validated: Bool) throws -> DataDirectory {
        do {
            let directory = try DataDirectory(
                explicit: explicit, environment: environment,
                currentDirectory: FileManager.default.currentDirectoryPath)
            if validated { try directory.validate() }
            return directory
        } catch let problem as DataDirectory.Problem {
            throw ValidationError("--data-dir: \(problem)")
        }
    }
}
