import Models

/// Text files in memory, by path, for the People screen's import and export.
public final class InMemoryTextFiles: TextFiles, @unchecked Sendable {
    /// The files, by the path given.
    public var files: [String: String]

    /// Creates files holding `files`.
    public init(_ files: [String: String] = [:]) {
        self.files = files
    }

    public struct Missing: Error, CustomStringConvertible {
        public let description: String
    }

    public func read(_ path: String) throws -> String {
        guard let text = files[path] else { throw Missing(description: "\(path) cannot be read: no such file") }
        return text
    }

    @discardableResult
    public func write(_ text: String, to path: String) throws -> String {
        files[path] = text
        return "/home/test/" + path
    }
}
