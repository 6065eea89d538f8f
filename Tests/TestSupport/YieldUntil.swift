/// Why a bounded wait ended without its condition: what it waited for, and how long.
public struct WaitedInVain: Error, CustomStringConvertible {
    /// The wait in words: "the service to be asked".
    public let description: String
}

/// Lets the caller's other tasks run until `condition` holds, and throws `WaitedInVain` naming
/// `what` it waited for when it still does not after `limit` (scaled for the run,
/// `TestTimeScale`): a missed condition fails a run, never hangs it. Runs on the caller's actor (the main actor, for a view-model's test).
///
/// It yields, so a condition met by the caller's own tasks is seen at the first chance; past
/// the first thousand yields it also sleeps a millisecond between looks, so that waiting for
/// another thread or process does not hold a core that a busy machine needs for that work.
///
/// ```swift
/// try await yieldUntil("the first post") { !api.attemptedPosts.isEmpty }
/// ```
public func yieldUntil(
    _ what: @autoclosure () -> String, within limit: Duration = .seconds(30),
    _ condition: () -> Bool
) async throws {
    let clock = ContinuousClock()
    let limit = limit.scaledForThisRun
    let deadline = clock.now + limit
    var looks = 0
    while !condition() {
        guard clock.now < deadline else {
            throw WaitedInVain(description: "waited \(limit) for \(what()) in vain")
        }
        looks += 1
        if looks > 1_000 {
            try await Task.sleep(for: .milliseconds(1))
        } else {
            await Task.yield()
        }
    }
}
