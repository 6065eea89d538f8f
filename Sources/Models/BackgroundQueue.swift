/// Where long work runs away from the keys: reading and writing vCard files, and the store's
/// part of a sync. The screen's view-model awaits each step, and between steps the main thread
/// answers keys.
///
/// The program's queue is a serial queue of its own (`PeopleWorkQueue` in Services), not the
/// Swift global executor, which the release binary runs on the main queue; tests run each step
/// at once, on the caller's thread.
///
/// ```swift
/// func importCards(from path: String, files: any TextFiles, queue: any BackgroundQueue) async throws {
///     let cards = try await queue.run { VCard.people(from: try files.read(path)) }
/// }
/// ```
public protocol BackgroundQueue: Sendable {
    /// Runs `work` and gives back its result, or throws what it threw.
    func run<Result: Sendable>(_ work: @escaping @Sendable () throws -> Result) async throws -> Result
}
