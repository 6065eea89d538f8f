import Foundation
import Models
import Services

/// Text files for a shell, where `-` names standard input to read and standard output to write
/// (`mvvm-tui people --import -`, `--export -`); every other path goes to `files`. A reader of
/// standard output that goes away (`| head -1`) ends the program quietly, with status 0, as it
/// does for every printout.
final class StandardStreamFiles: TextFiles {
    /// The path that names the standard streams.
    static let dash = "-"
    /// What a write to standard output returns as the path written, for the export's report.
    static let outputName = "standard output"

    private let files: any TextFiles

    /// Files as `files` has them, but for `-`.
    init(_ files: any TextFiles) {
        self.files = files
    }

    func read(_ path: String) throws -> [UInt8] {
        guard path == Self.dash else { return try files.read(path) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(STDIN_FILENO, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw StreamError(description: "standard input cannot be read") }
            if count == 0 { return bytes }
            bytes += chunk[..<count]
            guard bytes.count <= LocalTextFiles.maximumSize else {
                throw StreamError(description: "standard input is over \(LocalTextFiles.maximumSize / 1_000_000) MB")
            }
        }
    }

    @discardableResult
    func write(_ text: String, to path: String) throws -> String {
        guard path == Self.dash else { return try files.write(text, to: path) }
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Glibc.write(STDOUT_FILENO, $0.baseAddress, $0.count) }
            if written < 0, errno == EINTR { continue }
            if written < 0, errno == EPIPE { _exit(0) }
            guard written > 0 else { throw StreamError(description: "standard output cannot be written") }
            bytes = bytes.dropFirst(written)
        }
        return Self.outputName
    }

    /// Standard output is never a file to replace.
    func existingFile(at path: String) -> String? {
        path == Self.dash ? nil : files.existingFile(at: path)
    }

    /// Why a standard stream could not be used.
    struct StreamError: Error, CustomStringConvertible {
        let description: String
    }
}
