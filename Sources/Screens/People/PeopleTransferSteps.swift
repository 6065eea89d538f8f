import Foundation
import Models

/// The live steps of a vCard transfer: each a task that does its work on the background runner,
/// away from the keys, reading and writing the files and the store (given once it opens). A
/// transfer's task stops when its work is cancelled, and with the view-model.
@MainActor
final class PeopleTransferSteps: WorkRunner {
    /// The store the steps read and write; nil until it opens.
    var store: (any PeopleReading & PeopleWriting)?
    private var tasks: TaskRunner<PeopleTransfer.Work, PeopleTransfer.Answer>!

    init(files: any TextFiles, runner: any BackgroundRunner) {
        tasks = TaskRunner { [weak self] work in
            guard let store = self?.store else { return .failed("the people cannot be read") }
            do {
                switch work {
                case .read(let path):
                    return .read(try await runner.run { VCard.people(from: try files.read(path)) })
                case .add(let people, let cards, let choices):
                    let (outcomes, took) = try await runner.run {
                        var outcomes: [ImportOutcome] = []
                        let took = try ContinuousClock().measure {
                            outcomes = try store.importPeople(
                                people, cards: cards, replacing: choices.replacing,
                                writing: !choices.dryRun)
                        }
                        return (outcomes, took)
                    }
                    return .added(outcomes, took: took)
                case .gather(let order):
                    let (everyone, cards) = try await runner.run {
                        (try store.people(matching: "", sortedBy: order, offset: 0, limit: Int.max), try store.keptCards(for: nil))
                    }
                    return .gathered(everyone, cards: cards)
                case .write(let everyone, let cards, let path):
                    return .written(try await runner.run { try files.write(VCard.text(for: everyone, keeping: cards), to: path) })
                }
            } catch {
                return .failed("\(error)")
            }
        }
    }

    func start(_ work: PeopleTransfer.Work, as id: WorkID, deliver: @escaping @MainActor (PeopleTransfer.Answer) -> Void) {
        tasks.start(work, as: id, deliver: deliver)
    }

    func cancel(_ id: WorkID) {
        tasks.cancel(id)
    }
}
