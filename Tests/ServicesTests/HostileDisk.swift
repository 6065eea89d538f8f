#if canImport(Glibc)
import Glibc
#endif
import Foundation
import TestSupport

/// Things done to the database's file from outside the program, for the hostile-data tests:
/// another process holding it, its directory made read-only, a disk that fills up.
enum HostileDisk {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Runs `executable` with `arguments` to the end and returns its exit status (128 + the signal
    /// when a signal ended it).
    @discardableResult
    static func run(_ executable: String, _ arguments: [String]) throws -> Int32 {
        var pid: pid_t = 0
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let spawned = withDefaultSignals { posix_spawnp(&pid, executable, &actions, $0, argv, environ) }
        guard spawned == 0 else { throw Failure(description: "cannot start \(executable): error \(spawned)") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { throw Failure(description: "lost \(executable)") }
        }
        return (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    }

    /// Whether this process runs as root, which file permissions do not stop.
    static var isRoot: Bool { geteuid() == 0 }

    /// Makes `directory` read-only until the returned closure is called: a read-only bind mount
    /// for root (whom permissions do not stop), else permissions 0555 on it and 0444 on its files.
    /// Nil when root may not mount here.
    static func makeReadOnly(_ directory: String) throws -> (() -> Void)? {
        if isRoot {
            guard try run("mount", ["--bind", "-o", "ro", directory, directory]) == 0 else { return nil }
            return { _ = try? run("umount", [directory]) }
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
        guard isRoot, try run("mount", ["-t", "tmpfs", "-o", "size=\(kilobytes)k,mode=0700", "tmpfs", path]) == 0 else {
            try? FileManager.default.removeItem(atPath: path)
            return nil
        }
        return (path, {
            _ = try? run("umount", [path])
            try? FileManager.default.removeItem(atPath: path)
        })
    }
}

/// Another process (Python's sqlite3) holding an exclusive write transaction on a database
/// file until `release()` closes its input, when it rolls back and ends.
final class DatabaseLockHolder {
    private let pid: pid_t
    private let input: Int32
    /// Kept open while the process lives: a write to a closed pipe would end it early.
    private let output: Int32

    /// Starts the process and returns once it holds the lock.
    init(path: String) throws {
        let script = """
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1], isolation_level=None, timeout=10)
            db.execute("BEGIN EXCLUSIVE")
            sys.stdout.write("held\\n")
            sys.stdout.flush()
            sys.stdin.read()
            db.execute("ROLLBACK")
            """
        var toChild: [Int32] = [-1, -1]
        var fromChild: [Int32] = [-1, -1]
        // Close-on-exec, so that no process another test starts meanwhile (a tmux server lives
        // long) keeps the holder's input open after `release()`.
        guard pipe(&toChild) == 0, pipe(&fromChild) == 0 else { throw HostileDisk.Failure(description: "no pipe") }
        for end in toChild + fromChild { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, toChild[0], 0)
        posix_spawn_file_actions_adddup2(&actions, fromChild[1], 1)
        posix_spawn_file_actions_addclose(&actions, toChild[1])
        posix_spawn_file_actions_addclose(&actions, fromChild[0])
        let argv = ([String](["python3", "-c", script, path])).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var child: pid_t = 0
        let spawned = withDefaultSignals { posix_spawnp(&child, "python3", &actions, $0, argv, environ) }
        close(toChild[0])
        close(fromChild[1])
        pid = child
        input = toChild[1]
        output = fromChild[0]
        guard spawned == 0 else {
            close(input)
            close(output)
            throw HostileDisk.Failure(description: "cannot start python3: error \(spawned)")
        }
        var line: [UInt8] = []
        var byte: UInt8 = 0
        while line.count < 16, read(output, &byte, 1) == 1, byte != UInt8(ascii: "\n") { line.append(byte) }
        guard line == Array("held".utf8) else {
            release()
            throw HostileDisk.Failure(description: "python3 could not lock \(path)")
        }
    }

    /// Ends the transaction and the process.
    func release() {
        close(input)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        close(output)
    }
}
