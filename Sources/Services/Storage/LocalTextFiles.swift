import Foundation
import Models

/// Text files on this machine, for the People screen's vCard import and export.
///
/// A file that cannot be read or written is reported in words that name it; a file is read as
/// bytes, which the vCard reader reads in their charset. Writing goes to a temporary file first and
/// then replaces the target, so a failure never leaves half a file.
public final class LocalTextFiles: TextFiles {
    /// The largest file read: 256 MB, an address book of 20,000 people with a photo each.
    public static let maximumSize = 256_000_000

    private let home: String
    private let workingDirectory: String

    /// Creates the files seen from `workingDirectory`, with `~` standing for `home`: `$HOME`, as
    /// the data folder, the netrc and the config file read it.
    public init(
        home: String = LocalTextFiles.home(in: ProcessInfo.processInfo.environment),
        workingDirectory: String = FileManager.default.currentDirectoryPath
    ) {
        self.home = home
        self.workingDirectory = workingDirectory
    }

    /// The home folder `environment` names (`HOME`, when it is an absolute path), else the
    /// password file's.
    public static func home(in environment: [String: String]) -> String {
        if let home = environment["HOME"], home.hasPrefix("/") { return home }
        return NSHomeDirectory()
    }

    /// The absolute path `path` names.
    public func resolve(_ path: String) -> String {
        var path = path.trimmingCharacters(in: .whitespaces)
        if path == "~" || path.hasPrefix("~/") { path = home + path.dropFirst() }
        if !path.hasPrefix("/") { path = workingDirectory + "/" + path }
        return (path as NSString).standardizingPath
    }

    public func existingFile(at path: String) -> String? {
        let full = resolve(path)
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: full, isDirectory: &isFolder) && !isFolder.boolValue ? full : nil
    }

    public func read(_ path: String) throws -> [UInt8] {
        let full = resolve(path)
        let attributes: [FileAttributeKey: Any]
        do {
            attributes = try FileManager.default.attributesOfItem(atPath: full)
        } catch {
            throw FileError(description: "\(full) cannot be read: no such file")
        }
        if (attributes[.type] as? FileAttributeType) == .typeDirectory {
            throw FileError(description: "\(full) is a directory")
        }
        if let size = attributes[.size] as? Int, size > Self.maximumSize {
            throw FileError(description: "\(full) is over \(Self.maximumSize / 1_000_000) MB")
        }
        guard let data = FileManager.default.contents(atPath: full) else {
            throw FileError(description: "\(full) cannot be read: permission denied")
        }
        return Array(data)
    }

    @discardableResult
    public func write(_ text: String, to path: String) throws -> String {
        let full = resolve(path)
        let folder = (full as NSString).deletingLastPathComponent
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) else {
            throw FileError(description: "No folder \(folder)")
        }
        guard isFolder.boolValue else { throw FileError(description: "\(folder) is not a folder") }
        if FileManager.default.fileExists(atPath: full, isDirectory: &isFolder), isFolder.boolValue {
            throw FileError(description: "\(full) is a directory")
        }
        guard FileManager.default.isWritableFile(atPath: folder) else {
            throw FileError(description: "\(full) cannot be written: permission denied in \(folder)")
        }
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: full), options: .atomic)
        } catch {
            let cause = ((error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError).flatMap { underlying in
                underlying.domain == NSPOSIXErrorDomain ? String(cString: strerror(Int32(underlying.code))).lowercased() : nil
            }
            throw FileError(description: "\(full) cannot be written" + (cause.map { ": \($0)" } ?? ""))
        }
        return full
    }

    /// Why a file could not be used, naming it.
    public struct FileError: Error, CustomStringConvertible {
        public let description: String
    }
}
