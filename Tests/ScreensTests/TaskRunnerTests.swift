import Binding
import Models
import Screens
import Testing
import TestSupport

/// The live runner: each piece of work a task on the main actor, its answer delivered once,
/// none after a cancel, every task stopped when the runner goes; and the screens' live runners
/// over a service whose answers the test gives. These are the tests that await: the work here is
/// real tasks.
@MainActor
struct TaskRunnerTests {
    /// A runner whose work waits until the test lets it finish, counting the tasks cancelled.
    @MainActor
    private final class Gate {
        var waiting: [Int: CheckedContinuation<Void, Never>] = [:]
        var cancelledCount = 0
        /// The work that has ended, its answer handed to the runner (which delivers it or not
        /// before anything else runs on the main actor).
        var ended: [Int] = []

        func runner() -> TaskRunner<Int, Int> {
            TaskRunner { [self] number in
                await withTaskCancellationHandler {
                    await withCheckedContinuation { waiting[number] = $0 }
                } onCancel: {
                    Task { @MainActor in self.cancelledCount += 1 }
                }
                ended.append(number)
                return number * 10
            }
        }

        func open(_ number: Int) async throws {
            try await yieldUntil("task \(number) to wait") { waiting[number] != nil }
            waiting.removeValue(forKey: number)?.resume()
        }
    }

    private static let first = WorkID.none.next, second = WorkID.none.next.next

    @Test func anAnswerIsDeliveredOnceAndNoneAfterACancel() async throws {
        let gate = Gate()
        let runner = gate.runner()
        var delivered: [Int] = []
        runner.start(1, as: Self.first) { delivered.append($0) }
        runner.start(2, as: Self.second) { delivered.append($0) }
        runner.cancel(Self.second)
        try await gate.open(2)
        try await gate.open(1)
        try await yieldUntil("both tasks to end, and the cancel to be counted") {
            gate.ended.count == 2 && gate.cancelledCount == 1
        }
        #expect(delivered == [10])
        #expect(gate.cancelledCount == 1)
    }

    @Test func theRunnerGoneStopsEveryTask() async throws {
        let gate = Gate()
        var runner: TaskRunner<Int, Int>? = gate.runner()
        var delivered: [Int] = []
        runner?.start(1, as: Self.first) { delivered.append($0) }
        try await yieldUntil("task 1 to wait") { gate.waiting[1] != nil }
        runner = nil
        try await gate.open(1)
        try await yieldUntil("the task to end, and the cancel to be counted") { gate.ended == [1] && gate.cancelledCount == 1 }
        #expect(delivered.isEmpty)
        #expect(gate.cancelledCount == 1)
    }

    // MARK: - The screens' live runners

    @Test func searchesAskTheServiceAndASupersededSearchStopsAsking() async throws {
        let service = ControlledMovieService()
        let search = MovieSearchViewModel(service: service, scheduler: TestScheduler())
        let info = ValueRecorder(search.info)
        search.searchNow("alien")
        let first = try await service.nextRequest()
        search.searchNow("dune")
        #expect(await service.cancelledAnswer(to: first))
        await service.fail(try await service.nextRequest(), with: MovieServiceError.noNetwork)
        await untilIdle(search.isBusy)
        #expect(info.values == ["Start searching your favorite movies", "Searching…", "Search failed: no network"])
        #expect(await service.questions == [.search("alien"), .search("dune")])
    }

    @Test func pagesAskTheServiceAndTheCatalogueOnceChosen() async throws {
        let service = ControlledMovieService()
        let catalogue = ControlledMovieService()
        let list = MovieListViewModel(service: service, catalogue: catalogue)
        list.screenAppeared()
        await service.fail(try await service.nextRequest(), with: MovieServiceError.noNetwork)
        await untilIdle(list.isBusy)
        list.useCatalogue()
        await catalogue.answer(try await catalogue.nextRequest(), with: MoviePage(movies: [.sample("Alien")], totalResults: 1))
        await untilIdle(list.isBusy)
        #expect(latest(list.rows).map(\.title) == ["Alien"])
        #expect(await service.questions == [.segment(.popular)])
        #expect(await catalogue.questions == [.segment(.popular)])
    }
}
