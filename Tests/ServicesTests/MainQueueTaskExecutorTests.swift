import Foundation
@testable import Services
import Testing

/// Work resumed from the program's own queues comes back through the main queue, never through
/// Swift's global executor (whose worker pool, once started, wakes the idle process every second).
struct MainQueueTaskExecutorTests {
    /// Marks the main queue, whichever thread serves it (`swift test` serves it from a pool).
    static let mainQueueMark: DispatchSpecificKey<Bool> = {
        let key = DispatchSpecificKey<Bool>()
        DispatchQueue.main.setSpecific(key: key, value: true)
        return key
    }()

    /// Where a nonisolated async function runs: the task's preferred executor, when it has one.
    nonisolated static func runsOnMainQueue() async -> Bool {
        DispatchQueue.getSpecific(key: mainQueueMark) == true
    }

    @Test func workPreferringTheExecutorRunsOnTheMainQueue() async {
        _ = Self.mainQueueMark
        let onMain = await withTaskExecutorPreference(MainQueueTaskExecutor.shared) {
            await Self.runsOnMainQueue()
        }
        #expect(onMain)
        let elsewhere = await Task.detached { await Self.runsOnMainQueue() }.value
        #expect(!elsewhere, "without the preference the same function runs on the global executor's threads")
    }

    @Test func backgroundWorkRunsOnItsQueueAndReturnsItsResult() async throws {
        _ = Self.mainQueueMark
        let ranOnMain = try await BackgroundWork.run { DispatchQueue.getSpecific(key: Self.mainQueueMark) == true }
        #expect(!ranOnMain)
        await #expect(throws: CocoaError.self) { try await BackgroundWork.run { throw CocoaError(.fileNoSuchFile) } }
    }
}
