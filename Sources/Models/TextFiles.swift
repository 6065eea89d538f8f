/// Reading and writing whole text files by the path a person typed, for the People screen's
/// vCard import and export. `~` stands for the home directory; a relative path is taken from
/// the directory the program started in.
public protocol TextFiles: AnyObject, Sendable {
    /// The bytes of the file at `path`, whatever charset they are in (the vCard reader decides);
    /// throws, in words, when it cannot be read.
    func read(_ path: String) throws -> [UInt8]
    /// Writes `text` as the whole file at `path`, replacing it; throws, in words, when it cannot.
    /// Returns the full path written.
    @discardableResult
    func write(_ text: String, to path: String) throws -> String
    /// The full path of the file at `path` when there is one there (a folder is not a file), so
    /// that a write asks before it replaces it; nil when there is none.
    func existingFile(at path: String) -> String?
}
