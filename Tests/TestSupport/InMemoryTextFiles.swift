import Models

/// Text files in memory, by path, for the People screen's import and export.
public final class InMemoryTextFiles: TextFiles, @unchecked Sendable {
    /// The files, by the path given.
    public var files: [String: String]

    /// Files of bytes that are not UTF-8 text, by path: read before `files`.
    public var rawFiles: [String: [UInt8]]

    /// Creates files holding `files`, and `rawFiles` of other bytes.
    public init(_ files: [String: String] = [:], rawFiles: [String: [UInt8]] = [:]) {
        self.files = files
        self.rawFiles = rawFiles
    }

    public struct Missing: Error, CustomStringConvertible {
        public let description: String
    }

    public func read(_ path: String) throws -> [UInt8] {
        if let bytes = rawFiles[path] { return bytes }
        guard let text = files[path] else { throw Missing(description: "\(path) cannot be read: no such file") }
        return Array(text.utf8)
    }

    public func existingFile(at path: String) -> String? {
        files[path] != nil || rawFiles[path] != nil ? "/home/test/" + path : nil
    }

    @discardableResult
    public func write(_ text: String, to path: String) throws -> String {
        files[path] = text
        return "/home/test/" + path
    }
}
