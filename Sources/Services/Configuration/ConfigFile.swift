import Foundation
import TOMLKit

/// The user's config file, `$XDG_CONFIG_HOME/mvvm-tui/config.toml` (else
/// `~/.config/mvvm-tui/config.toml`) or the file `--config` names: defaults for what the command
/// line and the environment can also say. Docs/Configuration.md has a full example.
///
/// ```swift
/// let env = ProcessInfo.processInfo.environment
/// let file = try ConfigFile.load(path: ConfigFile.defaultPath(environment: env), isExplicit: false)
/// file.settings["tab"]              // "people"
/// file.settings["tmdb.api_key"]     // the key, or nil
/// file.warnings                     // unknown keys, a secret others can read
/// ```
///
/// A missing default file is an empty one. A file that is not TOML, a key of the wrong type or
/// an unknown value is a `ConfigFile.Problem` naming the file, the line and the key; an unknown
/// key or a secret that other users can read is a warning, not a failure.
public struct ConfigFile: Equatable, Sendable {
    /// What a key holds.
    public enum Kind: Equatable, Sendable {
        /// Any text.
        case text
        /// `true` or `false`, kept as the text "true" or "false".
        case flag
        /// One of the texts listed.
        case choice([String])
        /// A whole number within the range, kept as its digits.
        case whole(ClosedRange<Int>)
    }

    /// One key the file may hold: its dotted name (`people.url`), what it holds and whether it is
    /// a secret (a key or password that other users must not read).
    public struct Key: Equatable, Sendable {
        /// The dotted name, such as `people.url`.
        public let name: String
        /// What it holds.
        public let kind: Kind
        /// Whether it is a key or password that other users must not read.
        public let isSecret: Bool
        /// The environment variable that beats it, if one does.
        public let environmentVariable: String?
        /// What it sets, as Docs/Configuration.md's table says.
        public let summary: String

        init(name: String, kind: Kind, isSecret: Bool = false, environmentVariable: String? = nil, summary: String) {
            self.name = name
            self.kind = kind
            self.isSecret = isSecret
            self.environmentVariable = environmentVariable
            self.summary = summary
        }
    }

    /// Every key the program reads, in the order Docs/Configuration.md lists them, each with
    /// the words of that page's table (a test keeps the two in step).
    public static let keys: [Key] = [
        Key(
            name: "tab", kind: .choice(["weather", "movies", "search", "scoreboard", "people"]),
            summary: "the tab that opens (default weather)"),
        Key(name: "color", kind: .flag, summary: "colours on or off (default on)"),
        Key(
            name: "mouse", kind: .flag,
            summary: "clicks and the wheel for the program, or left to the terminal's own selection (default on)"),
        Key(
            name: "ascii", kind: .flag,
            summary:
                "ASCII in place of Braille dots, weather symbols and `℃` (`#`, `*`, `C`), for a console whose font lacks them (default off, on with `TERM=linux`)"
        ),
        Key(
            name: "weather.unit", kind: .choice(["fahrenheit", "celsius"]),
            summary:
                "the unit until `u` chooses one (default the locale's: fahrenheit in the US, Liberia, Myanmar and the C locale, else celsius)"
        ),
        Key(
            name: "weatherbit.api_key", kind: .text, isSecret: true, environmentVariable: "WEATHERBIT_API_KEY",
            summary: "Weatherbit rather than Open-Meteo"),
        Key(
            name: "open_meteo.url", kind: .text, environmentVariable: "MVVM_TUI_OPEN_METEO_URL",
            summary: "an Open-Meteo forecast server of one's own (default the public API)"),
        Key(
            name: "open_meteo.geocoding_url", kind: .text, environmentVariable: "MVVM_TUI_OPEN_METEO_GEOCODING_URL",
            summary: "an Open-Meteo geocoding server of one's own, for place names (default the public API)"),
        Key(
            name: "tmdb.api_key", kind: .text, isSecret: true, environmentVariable: "TMDB_API_KEY",
            summary: "TMDb for Movies and Search"),
        Key(
            name: "tmdb.read_access_token", kind: .text, isSecret: true, environmentVariable: "TMDB_READ_ACCESS_TOKEN",
            summary: "TMDb, preferred over the key"),
        Key(
            name: "people.sort", kind: .choice(["last", "first", "birthday"]),
            summary: "the order until `s` chooses one: last, first or birthday (default last)"),
        Key(
            name: "people.url", kind: .text, environmentVariable: "MVVM_TUI_PEOPLE_API",
            summary: "the people server (default none: no sync)"),
        Key(
            name: "people.user", kind: .text, environmentVariable: "MVVM_TUI_PEOPLE_USER",
            summary: "its user (else the URL's user, if it has one)"),
        Key(
            name: "people.password", kind: .text, isSecret: true, environmentVariable: "MVVM_TUI_PEOPLE_PASSWORD",
            summary: "its password"),
        Key(
            name: "people.book", kind: .text, environmentVariable: "MVVM_TUI_PEOPLE_BOOK",
            summary: "the address book to sync when the server has several (default the first)"),
        Key(
            name: "people.ca_file", kind: .text, environmentVariable: "MVVM_TUI_PEOPLE_CA_FILE",
            summary: "a PEM file of certificates to trust for the server (a private CA or self-signed); `~/` is `$HOME`"),
        Key(
            name: "people.requests_in_flight", kind: .whole(1...16), environmentVariable: "MVVM_TUI_PEOPLE_REQUESTS_IN_FLIGHT",
            summary: "how many requests a sync keeps in flight at once, 1 to 16 (default 4; 1 for a server that refuses more)"),
    ]

    /// Where the file was read from.
    public let path: String
    /// The values set, by dotted key name; flags as "true" or "false".
    public let settings: [String: String]
    /// What the user should know but that stops nothing, for the status line.
    public let warnings: [String]
    /// The line that sets each key, by dotted name, where it could be found.
    private let keyLines: [String: Int]

    /// The settings `settings` read from `path`, with `warnings`; `keyLines` holds the line of each key.
    public init(path: String, settings: [String: String] = [:], warnings: [String] = [], keyLines: [String: Int] = [:]) {
        self.path = path
        self.settings = settings
        self.warnings = warnings
        self.keyLines = keyLines
    }

    /// The line that sets `key` (a dotted name), for messages about its value.
    public func line(of key: String) -> Int? {
        keyLines[key]
    }

    /// A file that cannot be used, with where and why.
    public struct Problem: Error, Equatable, CustomStringConvertible {
        /// The file.
        public let path: String
        /// The line, when the problem has one.
        public let line: Int?
        /// The key, when the problem is one key's.
        public let key: String?
        /// What is wrong.
        public let message: String

        /// A problem with the file at `path`, at `line` and `key` when known, saying `message`.
        public init(path: String, line: Int?, key: String?, message: String) {
            self.path = path
            self.line = line
            self.key = key
            self.message = message
        }

        /// `path:line: key: message`.
        public var description: String {
            [path, line.map(String.init), key].compactMap(\.self).joined(separator: ":") + ": " + message
        }
    }

    /// The file the program reads when `--config` names none.
    public static func defaultPath(environment: [String: String]) -> String {
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") {
            return config + "/mvvm-tui/config.toml"
        }
        return (environment["HOME"] ?? NSHomeDirectory()) + "/.config/mvvm-tui/config.toml"
    }

    /// Reads the file at `path`. A missing file is an empty one unless `isExplicit` (`--config`
    /// named it), when it is a problem, as a folder or an unreadable file always is.
    public static func load(path: String, isExplicit: Bool) throws(Problem) -> ConfigFile {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            if isExplicit { throw Problem(path: path, line: nil, key: nil, message: "no such file") }
            return ConfigFile(path: path, settings: [:], warnings: [])
        }
        guard !isFolder.boolValue else { throw Problem(path: path, line: nil, key: nil, message: "is a folder, not a file") }
        guard let bytes = FileManager.default.contents(atPath: path) else {
            throw Problem(path: path, line: nil, key: nil, message: "cannot be read")
        }
        guard let text = String(validatingUTF8Bytes: bytes) else {
            throw Problem(path: path, line: nil, key: nil, message: "is not UTF-8 text")
        }
        var file = try parse(text, path: path)
        let secrets = keys.filter { $0.isSecret && file.settings[$0.name] != nil }.map(\.name)
        // The file's own mode, through any symbolic link to it (a link's mode is always 777).
        let target = (path as NSString).resolvingSymlinksInPath
        if !secrets.isEmpty, let permissions = try? FileManager.default.attributesOfItem(atPath: target)[.posixPermissions] as? Int,
            permissions & 0o077 != 0
        {
            file = ConfigFile(
                path: path, settings: file.settings,
                warnings: file.warnings + [
                    "other users can read \(path), which holds \(secrets.joined(separator: ", ")): chmod 600 it"
                ], keyLines: file.keyLines)
        }
        return file
    }

    /// The settings in `text`, the contents of the file at `path`.
    public static func parse(_ text: String, path: String) throws(Problem) -> ConfigFile {
        // TOMLKit's parser aborts on a table's name that starts with a control character or
        // anything else no key starts with (found by the config fuzz target), and TOML allows no
        // control character but tab and line ends anywhere: both refused before it parses.
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.unicodeScalars.contains(where: { ($0.value < 0x20 && $0 != "\t" && $0 != "\r") || $0.value == 0x7F }) {
                throw Problem(path: path, line: index + 1, key: nil, message: "not TOML: a control character")
            }
            let header = line.drop { $0.isWhitespace || $0 == "\u{FEFF}" }  // a byte-order mark, too
            guard header.first == "[" else { continue }
            // `[name]` or `[[name]]`: each part of a dotted name, up to the first quote
            let rest = header.dropFirst(header.hasPrefix("[[") ? 2 : 1)
            let name = rest.prefix { $0 != "]" && $0 != "\"" && $0 != "'" }
            var parts = name.split(separator: ".", omittingEmptySubsequences: false).map { $0.drop(while: \.isWhitespace) }
            if let next = rest.dropFirst(name.count).first, next == "\"" || next == "'", parts.last?.isEmpty == true { parts.removeLast() }
            for part in parts {
                guard let first = part.unicodeScalars.first, startsKey(first) else {
                    throw Problem(
                        path: path, line: index + 1, key: nil,
                        message: "not TOML: a table's name must start with a letter, a digit, _, - or a quote")
                }
            }
        }
        let table: TOMLTable
        do {
            table = try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            throw Problem(path: path, line: error.source.begin.line, key: nil, message: "not TOML: \(error.description)")
        } catch {
            throw Problem(path: path, line: nil, key: nil, message: "not TOML: \(error)")
        }
        let lines = KeyLines(text)
        var settings: [String: String] = [:]
        var unknown: [String] = []
        for (name, value) in flattened(table) {
            guard let key = keys.first(where: { $0.name == name }) else {
                unknown.append(lines.line(of: name).map { "\(name) (line \($0))" } ?? name)
                continue
            }
            do {
                settings[name] = try read(value, as: key.kind)
            } catch let message {
                throw Problem(path: path, line: lines.line(of: name), key: name, message: message.text)
            }
        }
        let warnings =
            unknown.isEmpty ? [] : ["\(path): unknown \(unknown.count == 1 ? "key" : "keys") \(unknown.joined(separator: ", ")) ignored"]
        return ConfigFile(
            path: path, settings: settings, warnings: warnings,
            keyLines: Dictionary(
                settings.keys.compactMap { key in lines.line(of: key).map { (key, $0) } },
                uniquingKeysWith: { first, _ in first }))
    }

    /// Every value in `table` by dotted name; tables are walked into, so `[people] url` is `people.url`.
    /// Whether `scalar` may start a key: a letter, digit, `_` or `-` (ASCII), or a quote.
    private static func startsKey(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII
            && (scalar.properties.isAlphabetic || scalar.properties.numericType != nil || "_-\"'".unicodeScalars.contains(scalar))
    }

    private static func flattened(_ table: TOMLTable, prefix: String = "") -> [(String, TOMLValueConvertible)] {
        table.keys.sorted().flatMap { name -> [(String, TOMLValueConvertible)] in
            guard let value = table[name] else { return [] }
            if let inner = value.table { return flattened(inner, prefix: prefix + name + ".") }
            return [(prefix + name, value)]
        }
    }

    private struct Mismatch: Error {
        let text: String
    }

    /// `value` as the text a key of `kind` keeps.
    private static func read(_ value: TOMLValueConvertible, as kind: Kind) throws(Mismatch) -> String {
        switch kind {
        case .text:
            guard let text = value.string else { throw Mismatch(text: "must be text in quotes, not \(value.type)") }
            return text
        case .flag:
            guard let flag = value.bool else { throw Mismatch(text: "must be true or false, not \(value.type)") }
            return String(flag)
        case .choice(let choices):
            guard let text = value.string, choices.contains(text) else {
                throw Mismatch(text: "must be one of \(choices.map { "\"\($0)\"" }.joined(separator: ", "))")
            }
            return text
        case .whole(let range):
            guard let number = value.int, range.contains(number) else {
                throw Mismatch(text: "must be a whole number from \(range.lowerBound) to \(range.upperBound)")
            }
            return String(number)
        }
    }
}

/// Finds the line of a dotted key in a TOML text, for messages: the line that sets `url` under
/// `[people]`, or `people.url` itself.
private struct KeyLines {
    private var lines: [(table: String, key: String, number: Int)] = []

    init(_ text: String) {
        var table = ""
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("[") {
                table = line.trimmingCharacters(in: CharacterSet(charactersIn: "[] ")).replacingOccurrences(of: " ", with: "")
            } else if let equals = line.firstIndex(of: "="), !line.hasPrefix("#") {
                let key = line[..<equals].replacingOccurrences(of: " ", with: "").replacingOccurrences(of: "\"", with: "")
                lines.append((table, key, index + 1))
            }
        }
    }

    /// The line that sets `name`, if it can be found.
    func line(of name: String) -> Int? {
        lines.first { ($0.table.isEmpty ? $0.key : $0.table + "." + $0.key) == name }?.number
    }
}

extension String {
    /// The text of `bytes`, or nil when they are not valid UTF-8.
    fileprivate init?(validatingUTF8Bytes bytes: Data) {
        guard let text = String(bytes: bytes, encoding: .utf8) else { return nil }
        self = text
    }
}
