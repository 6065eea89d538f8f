import Foundation

/// What the program starts with, taken from three places in one order: a flag beats an
/// environment variable, which beats the config file. (A choice made inside the app, such as
/// the unit or the order, is kept and beats the file's default: the screens see to that.)
///
/// ```swift
/// let file = try ConfigFile.load(path: path, isExplicit: false)
/// let choices = try LaunchChoices(flags: .init(tab: nil, noColor: false, peopleAPI: nil),
///                                 environment: ProcessInfo.processInfo.environment, file: file)
/// choices.tab                     // the file's "people", or nil
/// choices.serviceKeys["TMDB_API_KEY"]
/// ```
public struct LaunchChoices: Equatable, Sendable {
    /// What the command line said.
    public struct Flags: Equatable, Sendable {
        /// `--tab`.
        public var tab: String?
        /// `--no-color`.
        public var noColor: Bool
        /// `--people-api`.
        public var peopleAPI: String?

        /// The flags given.
        public init(tab: String?, noColor: Bool, peopleAPI: String?) {
            self.tab = tab
            self.noColor = noColor
            self.peopleAPI = peopleAPI
        }
    }

    /// A flag or environment variable the program cannot use; `source` names it.
    public struct Invalid: Error, Equatable, CustomStringConvertible {
        /// What is wrong, naming the flag or variable.
        public let description: String

        /// A problem that says `description`.
        public init(description: String) {
            self.description = description
        }
    }

    /// The environment variables that hold the web services' keys, read by the services.
    public static let serviceKeyVariables = ["TMDB_API_KEY", "TMDB_READ_ACCESS_TOKEN", "WEATHERBIT_API_KEY"]
    private static let fileKeyOfVariable = [
        "TMDB_API_KEY": "tmdb.api_key", "TMDB_READ_ACCESS_TOKEN": "tmdb.read_access_token",
        "WEATHERBIT_API_KEY": "weatherbit.api_key",
    ]

    /// The tab to open, as `--tab` spells it; nil for the first.
    public let tab: String?
    /// Whether to draw in colour: not with `--no-color`, a non-empty `NO_COLOR`, or `color = false`.
    public let useColor: Bool
    /// The Weather screen's unit until the user chooses one: "fahrenheit", "celsius" or nil.
    public let unit: String?
    /// The People screen's order until the user chooses one: "last", "first" or nil.
    public let peopleSort: String?
    /// The people server, or nil for none.
    public let peopleServer: URL?
    /// The people server's user and password, or nil to send none.
    public let peopleCredentials: HTTPCredentials?
    /// The web services' keys by environment variable name, from the environment or the file.
    public let serviceKeys: [String: String]

    /// The choices `flags`, `environment` and `file` make together. Throws `Invalid` for a flag or
    /// variable, and a `ConfigFile.Problem` for a file setting, that cannot be used: a people
    /// server that is not an http or https URL, or holds a password.
    public init(flags: Flags, environment: [String: String], file: ConfigFile) throws {
        func variable(_ name: String) -> String? {
            environment[name].map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.flatMap { $0.isEmpty ? nil : $0 }
        }
        let settings = file.settings
        tab = flags.tab ?? settings["tab"]
        useColor = !flags.noColor && variable("NO_COLOR") == nil && settings["color"] != "false"
        unit = settings["weather.unit"]
        peopleSort = settings["people.sort"]
        var keys: [String: String] = [:]
        for name in Self.serviceKeyVariables {
            keys[name] = variable(name) ?? Self.fileKeyOfVariable[name].flatMap { settings[$0] }
        }
        serviceKeys = keys

        let server: URL?
        if let text = flags.peopleAPI.flatMap({ $0.trimmingCharacters(in: .whitespaces).isEmpty ? nil : $0 }) {
            server = try Self.peopleURL(text) { Invalid(description: "--people-api: \($0)") }
        } else if let text = variable("MVVM_TUI_PEOPLE_API") {
            server = try Self.peopleURL(text) { Invalid(description: "MVVM_TUI_PEOPLE_API: \($0)") }
        } else if let text = settings["people.url"].flatMap({ $0.isEmpty ? nil : $0 }) {
            server = try Self.peopleURL(text) { reason in
                ConfigFile.Problem(path: file.path, line: file.line(of: "people.url"), key: "people.url", message: reason)
            }
        } else {
            server = nil
        }
        peopleServer = server
        let user = variable("MVVM_TUI_PEOPLE_USER") ?? settings["people.user"] ?? server?.user
        let password = variable("MVVM_TUI_PEOPLE_PASSWORD") ?? settings["people.password"]
        peopleCredentials = user.map { HTTPCredentials(user: $0, password: password ?? "") }
    }

    /// `text` as a people server's URL; `problem` makes the error from what is wrong with it.
    private static func peopleURL(_ text: String, problem: (String) -> any Error) throws -> URL {
        let text = text.trimmingCharacters(in: .whitespaces)
        guard let url = URL(string: text), ["http", "https"].contains(url.scheme?.lowercased() ?? ""),
              url.host?.isEmpty == false else {
            throw problem("\(text) is not an http or https URL")
        }
        guard url.password == nil else {
            // The URL is not repeated: it holds the password.
            throw problem("the URL holds a password, which would show on screen and in files: "
                + "put the password in MVVM_TUI_PEOPLE_PASSWORD or in the config file's [people] password instead")
        }
        return url
    }
}
