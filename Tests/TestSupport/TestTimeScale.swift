import Foundation

/// How many times longer the tests wait for real time in this run: 1, or the whole number in
/// `MVVM_TUI_TEST_TIME_SCALE` when it is set. `make tsan` sets it, for ThreadSanitizer runs the
/// tests' own code several times slower while the servers and curl they start run as fast as ever.
///
/// It scales the bounds a test puts on its own waits (a server's start, a hang guard,
/// `yieldUntil`), never a time limit the code under test is given nor a duration a test checks:
/// a normal run is unchanged, and a sanitized one still fails on a hang.
///
/// ```swift
/// let start = ContinuousClock.now
/// #expect(ContinuousClock.now - start < .seconds(45).scaledForThisRun)
/// ```
public enum TestTimeScale {
    /// The factor: at least 1.
    public static let factor: Int = {
        guard let text = ProcessInfo.processInfo.environment["MVVM_TUI_TEST_TIME_SCALE"], let factor = Int(text) else {
            return 1
        }
        return max(1, factor)
    }()
}

extension Duration {
    /// This bound on a test's wait, `TestTimeScale.factor` times as long.
    public var scaledForThisRun: Duration { self * TestTimeScale.factor }
}
