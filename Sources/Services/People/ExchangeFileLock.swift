import Foundation
import Models
import Synchronization

/// The lock every process on a data folder holds while it exchanges with the people server: an
/// `flock` on a file beside the database (`mvvm-tui.sqlite.sync-lock`). The system releases it
/// when the process ends, however it ends, so a killed sync never leaves it held.
final class ExchangeFileLock: ExchangeLock {
    /// The open lock file; -1 once released.
    private let descriptor: Mutex<Int32>

    private init(descriptor: Int32) {
        self.descriptor = Mutex(descriptor)
    }

    /// The lock of the file at `path` (made when missing), taken without waiting; nil when
    /// another open file holds it (another process, or another store on the same file).
    static func take(at path: String) throws -> ExchangeFileLock? {
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw Failure(description: "cannot open \(path): \(String(cString: strerror(errno)))") }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let cause = errno
            close(descriptor)
            if cause == EWOULDBLOCK { return nil }
            throw Failure(description: "cannot lock \(path): \(String(cString: strerror(cause)))")
        }
        return ExchangeFileLock(descriptor: descriptor)
    }

    func release() {
        descriptor.withLock { descriptor in
            guard descriptor >= 0 else { return }
            close(descriptor)  // which releases the lock
            descriptor = -1
        }
    }

    deinit {
        release()
    }

    /// Why the lock file could not be used.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }
}

/// The exchange lock of a store with no file (a database in memory, for tests): always free.
final class UnsharedExchangeLock: ExchangeLock {
    func release() {}
}
