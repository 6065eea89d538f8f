import Models

/// Runs each step of long work at once, with no queue of its own, so that a view-model test sees
/// a whole import in order by awaiting its task.
public final class InlineQueue: BackgroundQueue {
    public init() {}

    public func run<Result: Sendable>(_ work: @escaping @Sendable () throws -> Result) async throws -> Result {
        try work()
    }
}
