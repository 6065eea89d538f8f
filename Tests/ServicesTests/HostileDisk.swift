#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Subprocess
import SystemPackage

/// Things done to the database's file from outside the program, for the hostile-data tests:
/// another process holding it, its directory made read-only, a disk that fills up.
enum HostileDisk {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Whether this process runs as root, which file permissions do not stop.
    static var isRoot: Bool { geteuid() == 0 }

    /// Makes `directory` read-only until the returned closure is called: a read-only bind mount
    /// for root (whom permissions do not stop), else permissions 0555 on it and 0444 on its files.
    /// Nil when root may not mount here.
    static func makeReadOnly(_ directory: String) throws -> (() -> Void)? {
        if isRoot {
            // As `mount --bind -o ro` does: bind, then make the binding read-only.
            guard mount(directory, directory, nil, UInt(MS_BIND), nil) == 0 else { return nil }
            guard mount(nil, directory, nil, UInt(MS_REMOUNT | MS_BIND | MS_RDONLY), nil) == 0 else {
                umount(directory)
                return nil
            }
            return { umount(directory) }
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: directory)
        for file in files { chmod(directory + "/" + file, 0o444) }
        chmod(directory, 0o555)
        return {
            chmod(directory, 0o755)
            for file in files { chmod(directory + "/" + file, 0o644) }
        }
    }

    /// Mounts a tmpfs of `kilobytes` on a new temporary directory, for a disk that fills up;
    /// returns the directory and a closure that unmounts and removes it, or nil when mounting
    /// is not allowed (not root, or a container that forbids it).
    static func smallDisk(kilobytes: Int) throws -> (path: String, remove: () -> Void)? {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("mvvm-tui-full-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        guard isRoot, mount("tmpfs", path, "tmpfs", 0, "size=\(kilobytes)k,mode=0700") == 0 else {
            try? FileManager.default.removeItem(atPath: path)
            return nil
        }
        return (
            path,
            {
                umount(path)
                try? FileManager.default.removeItem(atPath: path)
            }
        )
    }
}

/// Runs `body` while another process (Python's sqlite3, started through swift-subprocess) holds
/// an exclusive write transaction on the database file at `path`; then closes its input, and it
/// rolls back and ends.
func whileAnotherProcessHoldsTheDatabase<Result: Sendable>(
    at path: String,
    _ body: () async throws -> Result
) async throws -> Result {
    let script = """
        import sqlite3, sys
        db = sqlite3.connect(sys.argv[1], isolation_level=None, timeout=10)
        db.execute("BEGIN EXCLUSIVE")
        sys.stdout.write("held\\n")
        sys.stdout.flush()
        sys.stdin.read()
        db.execute("ROLLBACK")
        """
    let run = try await Subprocess.run(
        .name("python3"), arguments: ["-c", script, path],
        input: .inputWriter, output: .sequence, error: .discarded
    ) { execution in
        var line: [UInt8] = []
        for try await buffer in execution.standardOutput {
            buffer.withUnsafeBytes { line += $0 }
            if line.contains(UInt8(ascii: "\n")) { break }
        }
        guard line == Array("held\n".utf8) else {
            try await execution.standardInputWriter.finish()
            throw HostileDisk.Failure(description: "python3 could not lock \(path)")
        }
        let result = try await body()
        try await execution.standardInputWriter.finish()
        return result
    }
    return run.closureResult
}
