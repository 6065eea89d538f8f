import Dispatch
import Models

/// The People screen's long work — vCard imports and exports, and the store's part of a sync —
/// on a serial queue of its own, so that a search or a place lookup (on `BackgroundWork`'s queue)
/// never waits for an import.
public final class PeopleWorkQueue: BackgroundQueue {
    private let queue = DispatchQueue(label: "mvvm-tui.people-work")

    public init() {}

    public func run<Result: Sendable>(_ work: @escaping @Sendable () throws -> Result) async throws -> Result {
        try await BackgroundWork.resumingOnMainQueue(queue, work)
    }
}
