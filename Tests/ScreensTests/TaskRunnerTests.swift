import Binding
import Models
@testable import Screens
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

        func runner() -> TaskRunner<Int, Int> {
            TaskRunner { [self] number in
                await withTaskCancellationHandler {
                    await withCheckedContinuation { waiting[number] = $0 }
                } onCancel: {
                    Task { @MainActor in self.cancelledCount += 1 }
                }
                return number * 10
            }
        }

        func open(_ number: Int) async {
            while waiting[number] == nil { await Task.yield() }
            waiting.removeValue(forKey: number)?.resume()
        }
    }

    private static let first = WorkID.none.next, second = WorkID.none.next.next

    @Test func anAnswerIsDeliveredOnceAndNoneAfterACancel() async {
        let gate = Gate()
        let runner = gate.runner()
        var delivered: [Int] = []
        runner.start(1, as: Self.first) { delivered.append($0) }
        runner.start(2, as: Self.second) { delivered.append($0) }
        runner.cancel(Self.second)
        await gate.open(2)
        await gate.open(1)
        while delivered.isEmpty { await Task.yield() }
        for _ in 0..<20 { await Task.yield() }
        #expect(delivered == [10])
        #expect(gate.cancelledCount == 1)
    }

    @Test func theRunnerGoneStopsEveryTask() async {
        let gate = Gate()
        var runner: TaskRunner<Int, Int>? = gate.runner()
        var delivered: [Int] = []
        runner?.start(1, as: Self.first) { delivered.append($0) }
        while gate.waiting[1] == nil { await Task.yield() }
        runner = nil
        await gate.open(1)
        for _ in 0..<20 { await Task.yield() }
        #expect(delivered.isEmpty)
        #expect(gate.cancelledCount == 1)
    }

    // MARK: - The screens' live runners

    @Test func searchesAskTheServiceAndASupersededSearchStopsAsking() async {
        let service = ControlledMovieService()
        let search = MovieSearchViewModel(service: service, scheduler: TestScheduler())
        let info = ValueRecorder(search.info)
        search.searchNow("alien")
        let first = await service.nextRequest()
        search.searchNow("dune")
        #expect(await service.cancelledAnswer(to: first))
        await service.fail(await service.nextRequest(), with: MovieServiceError.noNetwork)
        await untilIdle(search.isBusy)
        #expect(info.values == ["Start searching your favorite movies", "Searching…", "Search failed: no network"])
        #expect(await service.questions == [.search("alien"), .search("dune")])
    }

    @Test func pagesAskTheServiceAndTheCatalogueOnceChosen() async {
        let service = ControlledMovieService()
        let catalogue = ControlledMovieService()
        let list = MovieListViewModel(service: service, catalogue: catalogue)
        list.screenAppeared()
        await service.fail(await service.nextRequest(), with: MovieServiceError.noNetwork)
        await untilIdle(list.isBusy)
        list.useCatalogue()
        await catalogue.answer(await catalogue.nextRequest(), with: MoviePage(movies: [.sample("Alien")], totalResults: 1))
        await untilIdle(list.isBusy)
        #expect(latest(list.rows).map(\.title) == ["Alien"])
        #expect(await service.questions == [.segment(.popular)])
        #expect(await catalogue.questions == [.segment(.popular)])
    }
}
