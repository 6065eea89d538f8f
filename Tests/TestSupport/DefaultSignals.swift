#if canImport(Glibc)
import Glibc
#endif

/// Calls `body` with spawn attributes that start a child with no signal blocked and every signal
/// at its default action, whatever the spawning thread blocks or ignores.
///
/// The test runner's threads block most signals, and a child spawned without these attributes
/// inherits that mask: tmux servers then outlived `kill-server`, and a child ignored SIGTERM.
///
/// ```swift
/// let status = withDefaultSignals { attributes in posix_spawnp(&pid, "tmux", nil, attributes, argv, envp) }
/// ```
public func withDefaultSignals<T>(_ body: (UnsafePointer<posix_spawnattr_t>) throws -> T) rethrows -> T {
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var signals = sigset_t()
    sigemptyset(&signals)
    posix_spawnattr_setsigmask(&attributes, &signals)
    sigfillset(&signals)
    posix_spawnattr_setsigdefault(&attributes, &signals)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    return try withUnsafePointer(to: &attributes) { try body($0) }
}
