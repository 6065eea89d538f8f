import Foundation
import Models

/// The live steps of a vCard transfer: each a task that does its work on the background queue,
/// away from the keys, reading and writing the files and the store (opened the first time a step
/// needs it). A
/// transfer's task stops when its work is cancelled, and with the view-model.
@MainActor
public final class PeopleTransferSteps: WorkRunner {
    private let open: @MainActor () throws -> any PeopleStore
    /// The store the steps read and write; nil until it opens.
    private var store: (any PeopleStore)?
    private var tasks: TaskRunner<PeopleTransfer.Work, PeopleTransfer.Answer>!

    /// Steps over the store `openStore` gives and `files`, their store and file work on `queue`.
    public init(openStore: @escaping @MainActor () throws -> any PeopleStore, files: any TextFiles, queue: any BackgroundQueue) {
        open = openStore
        tasks = TaskRunner { [weak self] work in
            guard let self else { return .failed("the people cannot be read") }
            let store: any PeopleStore
            do {
                store = try opened()
            } catch {
                return .failed("the people cannot be read: \(error)")
            }
            do {
                switch work {
                case .read(let path):
                    return .read(try await queue.run { VCard.people(from: try files.read(path)) })
                case .add(let people, let cards, let choices):
                    let (outcomes, took) = try await queue.run {
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
                    let (everyone, cards) = try await queue.run {
                        (try store.people(matching: "", sortedBy: order, offset: 0, limit: Int.max), try store.keptCards(for: nil))
                    }
                    return .gathered(everyone, cards: cards)
                case .look(let path):
                    return .looked(existing: try await queue.run { files.existingFile(at: path) })
                case .write(let everyone, let cards, let path):
                    return .written(try await queue.run { try files.write(VCard.text(for: everyone, keeping: cards), to: path) })
                }
            } catch {
                return .failed("\(error)")
            }
        }
    }

    public func start(_ work: PeopleTransfer.Work, as id: WorkID, deliver: @escaping @MainActor (PeopleTransfer.Answer) -> Void) {
        tasks.start(work, as: id, deliver: deliver)
    }

    private func opened() throws -> any PeopleStore {
        if let store { return store }
        let store = try open()
        self.store = store
        return store
    }

    public func cancel(_ id: WorkID) {
        tasks.cancel(id)
    }
}
