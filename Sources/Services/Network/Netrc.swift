import Foundation

/// The logins a user keeps in `~/.netrc` (or the file `$NETRC` names), the file curl, ftp and git
/// read: where neither the environment nor the config file gives the people server's password,
/// the program takes the login kept there for the server's host.
///
/// Only an entry naming the host counts: the `default` entry (an ftp habit, often an anonymous
/// login) is never sent to a people server.
///
/// ```swift
/// let netrc = Netrc(text: "machine dav.example.org login ada password s3cret")
/// netrc.credentials(forHost: "dav.example.org", user: nil)   // ada:••••
/// netrc.credentials(forHost: "dav.example.org", user: "bob") // nil: the login there is ada's
/// ```
///
/// The file is words separated by white space: `machine HOST` starts an entry, `default` the entry
/// for any other host, and `login`, `password` and `account` fill the entry in. A word may be
/// quoted with `"`, inside which `\` takes the next character as it is. `macdef NAME` and the
/// lines after it, up to an empty line, are an ftp macro, skipped; a line starting with `#` is a
/// comment (a `#` elsewhere belongs to its word: a password may hold one).
public struct Netrc: Equatable, Sendable {
    /// One entry: the host it is for (nil for `default`) and the login it keeps.
    public struct Entry: Equatable, Sendable {
        /// The host, or nil for the `default` entry.
        public var machine: String?
        /// The user name, if given.
        public var login: String?
        /// The password, if given.
        public var password: String?

        /// An entry for `machine` (nil: `default`) keeping `login` and `password`.
        public init(machine: String?, login: String? = nil, password: String? = nil) {
            self.machine = machine
            self.login = login
            self.password = password
        }
    }

    /// The entries in the order of the file.
    public let entries: [Entry]

    /// The entries `text` holds; words it does not know are skipped, as curl skips them.
    public init(text: String) {
        var entries: [Entry] = []
        var words = Self.words(of: text).makeIterator()
        while let word = words.next() {
            switch word {
            case "machine": entries.append(Entry(machine: words.next()))
            case "default": entries.append(Entry(machine: nil))
            case "login": let value = words.next(); if !entries.isEmpty { entries[entries.count - 1].login = value }
            case "password": let value = words.next(); if !entries.isEmpty { entries[entries.count - 1].password = value }
            case "account": _ = words.next()
            default: break
            }
        }
        self.entries = entries
    }

    /// The file's path: `$NETRC` when set, else `~/.netrc`; nil without a home folder.
    public static func path(environment: [String: String]) -> String? {
        if let path = environment["NETRC"], !path.isEmpty { return path }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return home + "/.netrc"
    }

    /// The file at `path` when it can be read, else an empty one (most users have none).
    public static func load(path: String?) -> Netrc {
        guard let path, let data = FileManager.default.contents(atPath: path) else { return Netrc(text: "") }
        return Netrc(text: String(decoding: data, as: UTF8.self))
    }

    /// The login kept for `host`: the first entry naming it with a password and, when `user` is
    /// given, with that login or none. Nil when none fits (then there is nothing to add to what
    /// the user set).
    public func credentials(forHost host: String, user: String?) -> HTTPCredentials? {
        let entry = entries.first { entry in
            entry.machine?.lowercased() == host.lowercased() && entry.password != nil
                && (user == nil || entry.login == nil || entry.login == user)
        }
        guard let entry, let login = user ?? entry.login, let password = entry.password else { return nil }
        return HTTPCredentials(user: login, password: password)
    }

    /// The words of `text`: quoted ones whole, comments and ftp macros left out. A macro runs
    /// from `macdef` to the next empty line.
    private static func words(of text: String) -> [String] {
        var words: [String] = []
        var inMacro = false
        for line in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            if inMacro {
                inMacro = !line.allSatisfy(\.isWhitespace)
                continue
            }
            let lineWords = Self.words(ofLine: line)
            if let macro = lineWords.firstIndex(of: "macdef") {
                words += lineWords[..<macro]
                inMacro = true
            } else {
                words += lineWords
            }
        }
        return words
    }

    private static func words(ofLine line: Substring) -> [String] {
        var words: [String] = []
        var word = ""
        var inWord = false, quoted = false, escaped = false
        guard !line.drop(while: \.isWhitespace).hasPrefix("#") else { return [] }
        for character in line {
            if escaped {
                word.append(character)
                escaped = false
            } else if quoted {
                if character == "\\" { escaped = true } else if character == "\"" { quoted = false } else { word.append(character) }
            } else if character == "\"" {
                quoted = true
                inWord = true
            } else if character.isWhitespace {
                if inWord { words.append(word) }
                word = ""
                inWord = false
            } else {
                word.append(character)
                inWord = true
            }
        }
        if inWord { words.append(word) }
        return words
    }
}
