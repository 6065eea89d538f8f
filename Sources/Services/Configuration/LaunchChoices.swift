import Foundation

/// What the program starts with, taken from three places in one order: a flag beats an
/// environment variable, which beats the config file. (A choice made inside the app, such as
/// the unit or the order, is kept and beats the file's default: the screens see to that.)
///
/// ```swift
/// func choose(reading path: String) throws {
///     let file = try ConfigFile.load(path: path, isExplicit: false)
///     let choices = try LaunchChoices(flags: .init(tab: nil, noColor: false, peopleAPI: nil),
///                                     environment: ProcessInfo.processInfo.environment, file: file)
///     choices.tab                     // the file's "people", or nil
///     choices.serviceKeys["TMDB_API_KEY"]
/// }
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
        /// `--people-book`.
        public var peopleBook: String?
        /// `--no-mouse`.
        public var noMouse: Bool
        /// `--ascii`.
        public var ascii: Bool

        /// The flags given.
        public init(
            tab: String?, noColor: Bool, peopleAPI: String?, peopleBook: String? = nil, noMouse: Bool = false, ascii: Bool = false
        ) {
            self.tab = tab
            self.noColor = noColor
            self.peopleAPI = peopleAPI
            self.peopleBook = peopleBook
            self.noMouse = noMouse
            self.ascii = ascii
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

    /// The environment variables that hold the web services' keys, read by the services, by
    /// service: a service's keys come from the environment or from the file, never from both.
    public static let serviceKeyGroups = [["TMDB_API_KEY", "TMDB_READ_ACCESS_TOKEN"], ["WEATHERBIT_API_KEY"]]
    /// The config file's key for each environment variable that beats one.
    private static let fileKeyOfVariable = Dictionary(
        uniqueKeysWithValues: ConfigFile.keys.compactMap { key in
            key.environmentVariable.map { ($0, key.name) }
        })

    /// The tab to open, as `--tab` spells it; nil for the first.
    public let tab: String?
    /// Whether to draw in colour: not with `--no-color`, a non-empty `NO_COLOR`, or `color = false`.
    public let useColor: Bool
    /// Whether clicks and the wheel go to the program: not with `--no-mouse` or `mouse = false`,
    /// which leave them to the terminal (its own text selection).
    public let useMouse: Bool
    /// Whether the screens write ASCII in place of Braille dots, weather symbols and `℃`, for a
    /// console whose font has none of them: with `--ascii`, on the Linux console (a `TERM` of
    /// `linux` or `linux-…`), or with `ascii = true`.
    public let useASCII: Bool
    /// The Weather screen's unit until the user chooses one: "fahrenheit" or "celsius", the
    /// config file's, else the locale's (`defaultUnit(environment:)`).
    public let unit: String
    /// The People screen's order until the user chooses one: "last", "first", "birthday" or nil.
    public let peopleSort: String?
    /// The people server, or nil for none.
    public let peopleServer: URL?
    /// The people server's user and password, or nil to send none.
    public let peopleCredentials: HTTPCredentials?
    /// The address book to take when the server holds several, by name; nil for the first.
    public let peopleBook: String?
    /// A file of certificate authorities to trust for the people server (a private CA, or its
    /// own self-signed certificate), with a leading `~` taken from `$HOME`; nil for the system's.
    public let peopleCertificateAuthorities: String?
    /// How many requests a sync keeps in flight at once: 4 unless set (1 to 16).
    public let peopleRequestsInFlight: Int
    /// The web services' keys by environment variable name, from the environment or the file.
    public let serviceKeys: [String: String]
    /// Where Weather asks for forecasts: the public Open-Meteo API unless another server is named.
    public let openMeteoForecastBase: String
    /// Where Weather asks for place names: the public Open-Meteo geocoding API unless another is named.
    public let openMeteoGeocodingBase: String
    /// What the status line should say of these choices, such as a password without a user.
    public let notices: [String]

    /// The choices `flags`, `environment` and `file` make together. Throws `Invalid` for a flag or
    /// variable, and a `ConfigFile.Problem` for a file setting, that cannot be used: a people
    /// server that is not an http or https URL, or holds a password.
    /// `netrc` is the user's `~/.netrc`, read only for the people server's login.
    public init(flags: Flags, environment: [String: String], file: ConfigFile, netrc: Netrc = Netrc(text: "")) throws {
        func variable(_ name: String) -> String? {
            environment[name].map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.flatMap { $0.isEmpty ? nil : $0 }
        }
        let settings = file.settings
        tab = flags.tab ?? settings["tab"]
        useColor = !flags.noColor && variable("NO_COLOR") == nil && settings["color"] != "false"
        useMouse = !flags.noMouse && settings["mouse"] != "false"
        useASCII = flags.ascii || Self.isLinuxConsole(terminal: environment["TERM"]) || settings["ascii"] == "true"
        unit = settings["weather.unit"] ?? Self.defaultUnit(environment: environment)
        peopleSort = settings["people.sort"]
        // Each service's keys come whole from one place: a TMDb key in the environment is not
        // outranked by a token left in the file.
        var keys: [String: String] = [:]
        for group in Self.serviceKeyGroups {
            let fromEnvironment = group.compactMap { name in variable(name).map { (name, $0) } }
            let chosen =
                fromEnvironment.isEmpty
                ? group.compactMap { name in Self.fileKeyOfVariable[name].flatMap { settings[$0] }.map { (name, $0) } }
                : fromEnvironment
            for (name, value) in chosen { keys[name] = value }
        }
        serviceKeys = keys
        func server(_ variableName: String, _ key: String, default base: String) throws -> String {
            if let text = variable(variableName) {
                return try Self.serviceBase(text) { Invalid(description: "\(variableName): \($0)") }
            }
            guard let text = settings[key].flatMap({ $0.isEmpty ? nil : $0 }) else { return base }
            return try Self.serviceBase(text) { ConfigFile.Problem(path: file.path, line: file.line(of: key), key: key, message: $0) }
        }
        openMeteoForecastBase = try server("MVVM_TUI_OPEN_METEO_URL", "open_meteo.url", default: OpenMeteoWeatherService.defaultBase)
        openMeteoGeocodingBase = try server(
            "MVVM_TUI_OPEN_METEO_GEOCODING_URL", "open_meteo.geocoding_url",
            default: OpenMeteoGeocoder.defaultBase)

        let server: URL?
        var serverIsTheFiles = false
        if let text = flags.peopleAPI {
            // `--people-api ''` turns off the server the environment or the file names.
            server =
                text.trimmingCharacters(in: .whitespaces).isEmpty
                ? nil : try Self.peopleURL(text) { Invalid(description: "--people-api: \($0)") }
        } else if let text = variable("MVVM_TUI_PEOPLE_API") {
            server = try Self.peopleURL(text) { Invalid(description: "MVVM_TUI_PEOPLE_API: \($0)") }
        } else if let text = settings["people.url"].flatMap({ $0.isEmpty ? nil : $0 }) {
            server = try Self.peopleURL(text) { reason in
                ConfigFile.Problem(path: file.path, line: file.line(of: "people.url"), key: "people.url", message: reason)
            }
            serverIsTheFiles = true
        } else {
            server = nil
        }
        peopleServer = server

        // The file's user and password go only to the file's server: a server named by a flag or
        // the environment gets them only when it is that same server (scheme, host and port).
        let fileServer = settings["people.url"].flatMap(URL.init(string:))
        let fileCredentialsApply = serverIsTheFiles || (server.map { Self.sameServer($0, fileServer) } ?? false)
        let environmentLogin = PeopleLogin(
            user: variable("MVVM_TUI_PEOPLE_USER"),
            password: environment["MVVM_TUI_PEOPLE_PASSWORD"].flatMap { $0.isEmpty ? nil : $0 })
        let fileLogin =
            fileCredentialsApply
            ? PeopleLogin(
                user: settings["people.user"].flatMap { $0.isEmpty ? nil : $0 },
                password: settings["people.password"].flatMap { $0.isEmpty ? nil : $0 })
            : PeopleLogin(user: nil, password: nil)
        let login = PeopleLogin.chosen(environment: environmentLogin, file: fileLogin, urlUser: server?.user)
        let (user, password) = (login.user, login.password)
        // Without a password set, the login `~/.netrc` keeps for the server's host (and user).
        let kept = password == nil ? server?.host.flatMap { netrc.credentials(forHost: $0, user: user) } : nil
        peopleCredentials = kept ?? user.map { HTTPCredentials(user: $0, password: password ?? "") }
        peopleBook = flags.peopleBook.flatMap { $0.isEmpty ? nil : $0 } ?? variable("MVVM_TUI_PEOPLE_BOOK") ?? settings["people.book"]
        peopleCertificateAuthorities = (variable("MVVM_TUI_PEOPLE_CA_FILE") ?? settings["people.ca_file"]).map { path in
            // curl takes the name as it is: `~/ca.pem` would be a folder named `~`.
            path == "~" || path.hasPrefix("~/") ? LocalTextFiles.home(in: environment) + path.dropFirst() : path
        }
        if let text = variable("MVVM_TUI_PEOPLE_REQUESTS_IN_FLIGHT") {
            guard let number = Int(text), (1...16).contains(number) else {
                throw Invalid(description: "MVVM_TUI_PEOPLE_REQUESTS_IN_FLIGHT: must be a whole number from 1 to 16")
            }
            peopleRequestsInFlight = number
        } else {
            peopleRequestsInFlight = settings["people.requests_in_flight"].flatMap { Int($0) } ?? 4
        }
        var notices: [String] = []
        if server != nil, user == nil, password != nil {
            notices.append("a people server password is set but no user (MVVM_TUI_PEOPLE_USER or [people] user): nothing is sent")
        }
        if server != nil, kept == nil, let notice = login.notice {
            notices.append(notice)
        }
        self.notices = notices
    }

    /// Whether `terminal` (`TERM`) names the Linux console, whose fonts have no Braille: `linux`,
    /// and its kinds in terminfo (`linux-16color`, `linux-basic`, …).
    public static func isLinuxConsole(terminal: String?) -> Bool {
        terminal == "linux" || terminal?.hasPrefix("linux-") == true
    }

    /// The unit of the locale's measurement system: "fahrenheit" in the territories that measure
    /// in US customary units — the United States, Liberia and Myanmar (`en_US`, `es_US`,
    /// `en_LR`, `my_MM`…) — and in the C or POSIX locale, or none set (the original program's
    /// ℉); "celsius" everywhere else. The locale is the first of `LC_ALL`, `LC_MEASUREMENT` and
    /// `LANG` that is set and not empty, as the C library reads it.
    public static func defaultUnit(environment: [String: String]) -> String {
        let locale = ["LC_ALL", "LC_MEASUREMENT", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty } ?? ""
        let name = locale.prefix { $0 != "." && $0 != "@" }
        let territory = name.split(separator: "_").dropFirst().first.map(String.init)
        return ["", "C", "POSIX"].contains(name) || ["US", "LR", "MM"].contains(territory ?? "") ? "fahrenheit" : "celsius"
    }

    /// Whether `url` and `other` name the same server: scheme, host and port.
    private static func sameServer(_ url: URL, _ other: URL?) -> Bool {
        guard let other else { return false }
        func port(_ url: URL) -> Int? { url.port ?? (url.scheme?.lowercased() == "https" ? 443 : 80) }
        return url.scheme?.lowercased() == other.scheme?.lowercased() && url.host?.lowercased() == other.host?.lowercased()
            && port(url) == port(other)
    }

    /// `text` as the base of a web service's requests, without a trailing "/": an http or https
    /// URL with a host and no query; `problem` makes the error from what is wrong with it.
    private static func serviceBase(_ text: String, problem: (String) -> any Error) throws -> String {
        var text = text.trimmingCharacters(in: .whitespaces)
        while text.hasSuffix("/") { text.removeLast() }
        guard let url = URL(string: text), ["http", "https"].contains(url.scheme?.lowercased() ?? ""),
            url.host?.isEmpty == false, url.query == nil, url.fragment == nil
        else {
            throw problem("\(redacted(text)) is not an http or https URL to put /v1/… after")
        }
        guard url.user == nil, url.password == nil else {
            throw problem("\(redacted(text)) holds a login, which would show on screen in its errors: Open-Meteo needs none")
        }
        return text
    }

    /// `text` as a people server's URL; `problem` makes the error from what is wrong with it.
    private static func peopleURL(_ text: String, problem: (String) -> any Error) throws -> URL {
        let text = text.trimmingCharacters(in: .whitespaces)
        guard let url = URL(string: text), ["http", "https"].contains(url.scheme?.lowercased() ?? ""),
            url.host?.isEmpty == false
        else {
            throw problem("\(redacted(text)) is not an http or https URL")
        }
        if url.scheme?.lowercased() == "http", (try? CardDAVPeopleAPI.checkTransport(url)) == nil {
            throw problem(
                "\(redacted(text)) is plain http, which would send the password in the clear: "
                    + "use https (plain http goes only to this machine)")
        }
        guard url.password == nil else {
            // The URL is not repeated: it holds the password.
            throw problem(
                "the URL holds a password, which would show on screen and in files: "
                    + "put the password in MVVM_TUI_PEOPLE_PASSWORD or in the config file's [people] password instead")
        }
        return url
    }

    /// `text` with whatever stands between `://` and `@` hidden: it may hold a password.
    private static func redacted(_ text: String) -> String {
        guard let scheme = text.range(of: "://"), let at = text.range(of: "@", range: scheme.upperBound..<text.endIndex) else {
            return text
        }
        return text.replacingCharacters(in: scheme.upperBound..<at.lowerBound, with: "…")
    }
}
