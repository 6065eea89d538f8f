import Foundation
import Subprocess
#if canImport(System)
import System
#else
import SystemPackage
#endif

/// What a command run to its end left: its exit status (128 + the signal when a signal ended it),
/// its standard output and its standard error.
public struct CommandResult: Sendable {
    /// The exit status, or 128 + the signal that ended it.
    public let status: Int32
    /// Everything it wrote on standard output.
    public let output: String
    /// Everything it wrote on standard error.
    public let error: String
}

/// Runs `executable` (a path, or a name looked up on `PATH`) with `arguments` and `environment`
/// (nil: this process's own) through swift-subprocess, input from `/dev/null`, and waits for it
/// to end.
///
/// Its output goes through files, not pipes: `tmux new-session` leaves a server behind that
/// inherits the output descriptors, so a pipe would never reach its end.
///
/// ```swift
/// let result = try await runToEnd("tmux", ["-L", socket, "list-sessions"], environment: ["PATH": "/usr/bin"])
/// result.status  // 0
/// ```
public func runToEnd(
    _ executable: String, _ arguments: [String],
    environment: [String: String]? = nil
) async throws -> CommandResult {
    let output = try unlinkedFile()
    defer { try? output.close() }
    let error = try unlinkedFile()
    defer { try? error.close() }
    let variables = environment.map {
        Environment.custom(Dictionary(uniqueKeysWithValues: $0.map { (Environment.Key(stringLiteral: $0.key), $0.value) }))
    }
    let result = try await Subprocess.run(
        executable.contains("/") ? .path(FilePath(executable)) : .name(executable),
        arguments: Arguments(arguments),
        environment: variables ?? .inherit,
        input: .none,
        output: .fileDescriptor(output, closeAfterSpawningProcess: false),
        error: .fileDescriptor(error, closeAfterSpawningProcess: false)
    )
    let status: Int32
    switch result.terminationStatus {
    case .exited(let code): status = code
    case .signaled(let signal): status = 128 + signal
    }
    return CommandResult(status: status, output: try contents(of: output), error: try contents(of: error))
}

/// A new temporary file, already deleted, open for reading and writing.
private func unlinkedFile() throws -> FileDescriptor {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("mvvm-tui-run-\(UUID().uuidString)").path
    let file = try FileDescriptor.open(
        path, .readWrite, options: [.create, .exclusiveCreate, .closeOnExec],
        permissions: [.ownerReadWrite])
    unlink(path)
    return file
}

/// Everything written to `file`, from its start, as UTF-8.
private func contents(of file: FileDescriptor) throws -> String {
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
        let count = try buffer.withUnsafeMutableBytes { try file.read(fromAbsoluteOffset: Int64(bytes.count), into: $0) }
        guard count > 0 else { break }
        bytes += buffer[0..<count]
    }
    return String(decoding: bytes, as: UTF8.self)
}
