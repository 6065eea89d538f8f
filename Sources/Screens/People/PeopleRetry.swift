import Models

/// When the People screen tries the server again by itself: only while something waits to be
/// sent after the server could not be reached, first 5 seconds after, then twice as long each
/// time it still cannot be, up to 5 minutes; never otherwise, so an idle program with nothing
/// waiting, or waiting for another reason (a refused password, a card the server refused), has
/// no timer at all.
///
/// A plain value: `PeopleExchange` asks it when an exchange ends, and arms the wait it names as
/// work (`PeopleExchange.Work.wait`).
///
/// ```swift
/// var retry = PeopleRetry()
/// retry.delay(afterExchangeWith: .noNetwork, waiting: 1)   // 5 s
/// retry.delay(afterExchangeWith: .noNetwork, waiting: 1)   // 10 s
/// retry.delay(afterExchangeWith: nil, waiting: 0)          // nil: sent, and the next wait is 5 s again
/// ```
public struct PeopleRetry: Equatable, Sendable {
    /// The first wait after the server could not be reached.
    public static let first: Duration = .seconds(5)
    /// The longest wait.
    public static let longest: Duration = .seconds(300)

    private var next = PeopleRetry.first

    public init() {}

    /// How long to wait before trying again, after an exchange that ended with `failure` (its
    /// fetch's or its sending's) while `waiting` changes wait to be sent; nil for no retry, which
    /// also brings the next wait back to the first.
    public mutating func delay(afterExchangeWith failure: PeopleAPIError?, waiting: Int) -> Duration? {
        guard waiting > 0, failure?.isNetworkFailure == true else {
            next = Self.first
            return nil
        }
        defer { next = min(next * 2, Self.longest) }
        return next
    }

    /// Nothing waits any more: the next wait is the first again.
    public mutating func reset() {
        next = Self.first
    }
}
