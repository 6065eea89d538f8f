/// Where long work runs away from the keys: reading and writing vCard files, and the store's
/// part of a sync. The screen's view-model awaits each step, and between steps the main thread
/// answers keys.
///
/// The program's runner is a serial queue of its own (`PeopleWorkQueue` in Services), not the
/// Swift global executor, which the release binary runs on the main queue; tests run each step
/// at once, on the caller's thread.
///
/// ```swift
/// func importCards(from path: String, files: any TextFiles, runner: any BackgroundRunner) async throws {
///     let cards = try await runner.run { VCard.people(from: try files.read(path)) }
/// }
/// ```
public protocol BackgroundRunner: Sendable {
    /// Runs `work` and gives back its result, or throws what it threw.
    func run<Result: Sendable>(_ work: @escaping @Sendable () throws -> Result) async throws -> Result
}
