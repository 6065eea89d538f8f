/// The identity of a piece of work a view-model asked for: the answer to work that is no longer
/// the latest is known by it, and dropped.
public struct WorkID: Hashable, Sendable, CustomStringConvertible {
    let number: Int

    /// The work after this one.
    public var next: WorkID { WorkID(number: number + 1) }

    /// Before any work.
    public static let none = WorkID(number: 0)

    public var description: String { "work \(number)" }
}

/// Runs the work a view-model names as a value (look up a place, search for films, read a
/// page) and hands each answer back on the main actor, as an event for its transitions.
///
/// The view-model owns its runner, one for its screen: the live one (`TaskRunner`) calls the
/// services; a test's holds each piece of work until the test answers it, so a view-model test
/// never awaits the view-model.
@MainActor
public protocol WorkRunner<Work, Answer>: AnyObject {
    associatedtype Work
    associatedtype Answer

    /// Starts `work` as `id` (an id not in use); `deliver` is called on the main actor with its
    /// answer, unless `cancel(id)` comes first: once, or, for work that tells how far it got
    /// (`ScreenState.ends(with:)`), with each answer on the way and then the last.
    func start(_ work: Work, as id: WorkID, deliver: @escaping @MainActor (Answer) -> Void)

    /// Stops the work `id`: its answer never comes, and a live service stops asking (a
    /// superseded search ends its curl).
    func cancel(_ id: WorkID)

    /// The view-model that asked for `id` went before its answer came: stop the work as `cancel`
    /// does, which is what every live runner does (the default). A test's runner fails the test
    /// here: a test ends with no work held (`HeldWork`).
    func abandon(_ id: WorkID)
}

extension WorkRunner {
    public func abandon(_ id: WorkID) { cancel(id) }
}

/// The live runner: each piece of work a task that calls `perform`, cancelled by `cancel` or
/// when the runner goes (with the view-model that owns it).
@MainActor
public final class TaskRunner<Work: Sendable, Answer: Sendable>: WorkRunner {
    private let perform: @MainActor (Work) async -> Answer
    private var tasks: [WorkID: Task<Void, Never>] = [:]

    /// Creates a runner that answers each piece of work with `perform`'s result.
    public init(_ perform: @escaping @MainActor (Work) async -> Answer) {
        self.perform = perform
    }

    isolated deinit {
        for task in tasks.values { task.cancel() }
    }

    public func start(_ work: Work, as id: WorkID, deliver: @escaping @MainActor (Answer) -> Void) {
        precondition(tasks[id] == nil, "\(id) is running already: one runner serves one screen")
        let perform = self.perform
        tasks[id] = Task { [weak self] in
            let answer = await perform(work)
            guard let self, !Task.isCancelled, tasks.removeValue(forKey: id) != nil else { return }
            deliver(answer)
        }
    }

    public func cancel(_ id: WorkID) {
        tasks.removeValue(forKey: id)?.cancel()
    }
}

/// The runner of a screen whose transitions name no work (People's input line): nothing to run.
@MainActor
final class NoWorkRunner: WorkRunner {
    func start(_ work: Never, as id: WorkID, deliver: @escaping @MainActor (Never) -> Void) {}
    func cancel(_ id: WorkID) {}
}
