import Foundation

/// Expected screens kept as text files beside the tests, in `__Snapshots__/NAME.txt`.
///
/// A missing file, or `RECORD_SNAPSHOTS=1` in the environment, writes the file from what the
/// test produced and throws ``Snapshot/Recorded``, so recording always fails the run once and
/// is never silent.
public enum Snapshot {
    /// Thrown after a snapshot was written rather than compared.
    public struct Recorded: Error, CustomStringConvertible {
        public let path: String
        public var description: String { "recorded \(path); check it and run the tests again" }
    }

    /// The expected text for `name`, read from the snapshot file beside `testFile`.
    public static func expected(_ actual: String, named name: String, testFile: String = #filePath) throws -> String {
        let directory = URL(fileURLWithPath: testFile).deletingLastPathComponent().appendingPathComponent("__Snapshots__")
        let file = directory.appendingPathComponent("\(name).txt")
        let record = ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1"
        if !record, let stored = try? String(contentsOf: file, encoding: .utf8) {
            return stored.hasSuffix("\n") ? String(stored.dropLast()) : stored
        }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try (actual + "\n").write(to: file, atomically: true, encoding: .utf8)
        throw Recorded(path: file.path)
    }
}
