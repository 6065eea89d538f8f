import Foundation

/// Where the program keeps what it stores (people, games, settings, the log).
///
/// `--data-dir` wins; otherwise `$XDG_DATA_HOME/mvvm-tui`, and `~/.local/share/mvvm-tui` when
/// `XDG_DATA_HOME` is unset, empty or not absolute (as the XDG Base Directory spec says).
public struct DataDirectory: Equatable, Sendable {
    /// Why a data directory cannot be used, in words a person can act on.
    public struct Problem: Error, Equatable, CustomStringConvertible {
        public let description: String

        /// Creates a problem that says `description`.
        public init(description: String) {
            self.description = description
        }
    }

    /// The directory's absolute path.
    public let path: String

    /// Resolves the directory from `--data-dir` (`explicit`) and the environment.
    public init(explicit: String?, environment: [String: String], currentDirectory: String) throws {
        if let explicit, !explicit.isEmpty {
            path = explicit.hasPrefix("/") ? explicit : Self.join(currentDirectory, explicit)
        } else if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            path = Self.join(xdg, "mvvm-tui")
        } else if let home = environment["HOME"], home.hasPrefix("/") {
            path = Self.join(home, ".local/share/mvvm-tui")
        } else {
            throw Problem(description: "cannot tell where to keep data: set HOME or XDG_DATA_HOME, or pass --data-dir")
        }
    }

    /// Checks that the directory exists or can be made, without making it.
    public func validate(fileManager: FileManager = .default) throws {
        var isDirectory: ObjCBool = false
        var probe = path
        while !fileManager.fileExists(atPath: probe, isDirectory: &isDirectory) {
            let parent = (probe as NSString).deletingLastPathComponent
            guard parent != probe else { return }
            probe = parent
        }
        guard isDirectory.boolValue else {
            throw Problem(description: "\(probe) is not a directory, so \(path) cannot hold the data")
        }
        guard fileManager.isWritableFile(atPath: probe) else {
            throw Problem(description: "\(probe) is not writable, so \(path) cannot hold the data")
        }
    }

    private static func join(_ base: String, _ component: String) -> String {
        (base.hasSuffix("/") ? base : base + "/") + component
    }
}
