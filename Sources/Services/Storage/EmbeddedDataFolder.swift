import Foundation

/// The folder that holds the data files the program ships with (the film catalogue's and the
/// gazetteer's databases), found from where the program's own executable is:
///
/// 1. `<bin>/../share/mvvm-tui/`, where `make install` puts them beside `<bin>/mvvm-tui`;
/// 2. `<bin>/mvvm-tui_Services.resources/`, where the build copies them (`make run`, the tests).
///
/// The first that holds every file wins. Nothing depends on the build folder's absolute path, so
/// an installed program runs after the checkout is gone.
///
/// ```swift
/// let data = EmbeddedDataFolder.located
/// try data.check()                       // throws a `Missing` naming the file looked for
/// let catalogue = EmbeddedMovieCatalog.bundled(in: data)
/// ```
public struct EmbeddedDataFolder: Equatable, Sendable {
    /// The files the program needs, by name.
    public static let fileNames = ["movies.sqlite", "gazetteer.sqlite"]
    /// The folder's name under `<prefix>/share`.
    public static let installedName = "mvvm-tui"
    /// The folder the build writes the Services module's resources to, beside the executable.
    public static let buildName = "mvvm-tui_Services.resources"

    /// The folder the files are read from.
    public let url: URL

    /// A folder at `url`.
    public init(url: URL) {
        self.url = url
    }

    /// The file `name` in this folder.
    public func file(_ name: String) -> URL {
        url.appendingPathComponent(name)
    }

    /// A data file that is not where the program looked for it.
    public struct Missing: Error, Equatable, CustomStringConvertible {
        /// The path looked at.
        public let path: String

        /// The problem and what to do, in words.
        public var description: String {
            "mvvm-tui cannot find its data file \(path); reinstall it (make install) or run it from its build folder"
        }
    }

    /// Throws `Missing` for the first file this folder lacks or cannot read.
    public func check() throws(Missing) {
        for name in Self.fileNames where !FileManager.default.isReadableFile(atPath: file(name).path) {
            throw Missing(path: file(name).path)
        }
    }

    /// The folders looked in for an executable in `binDirectory`, in order.
    public static func candidates(binDirectory: URL) -> [EmbeddedDataFolder] {
        [
            EmbeddedDataFolder(
                url: binDirectory.deletingLastPathComponent()
                    .appendingPathComponent("share").appendingPathComponent(installedName)),
            EmbeddedDataFolder(url: binDirectory.appendingPathComponent(buildName)),
        ]
    }

    /// The first of `candidates(binDirectory:)` that holds every file; the first of them, where
    /// an installed program looks, when none does (`check()` then names what is missing).
    public static func locate(binDirectory: URL) -> EmbeddedDataFolder {
        let candidates = candidates(binDirectory: binDirectory)
        return candidates.first { (try? $0.check()) != nil } ?? candidates[0]
    }

    /// The folder found for the running executable.
    public static let located = locate(binDirectory: executableDirectory())

    /// The folder of the running executable, symbolic links resolved.
    private static func executableDirectory() -> URL {
        let path =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments[0]
        return URL(fileURLWithPath: path).deletingLastPathComponent()
    }
}
