import Binding

/// What a screen's transitions ask for: start a piece of work as `id`, or stop one.
public enum WorkOrder<Work: Equatable & Sendable>: Equatable, Sendable {
    case start(Work, as: WorkID)
    case cancel(WorkID)
}

/// A screen as one value whose transitions are plain functions: an event moves the state and
/// names the work to do next, with no service, clock or task in it.
public protocol ScreenState: Equatable, Sendable {
    associatedtype Event: Sendable
    associatedtype Work: Equatable & Sendable
    associatedtype Answer: Sendable

    /// Moves the state on by `event`, and names the work it calls for.
    mutating func handle(_ event: Event) -> [WorkOrder<Work>]
    /// The event that brings the answer of the work `id`.
    static func answered(_ id: WorkID, _ answer: Answer) -> Event
    /// The work under way, which goes with the screen.
    var workUnderWay: WorkID? { get }
}

/// The shell a view-model keeps around its screen's state: it applies each event's transition,
/// hands the work it names to the runner, and sends each answer back as an event. Its `state`
/// is what the view-model derives every output from.
@MainActor
final class ScreenMachine<State: ScreenState> {
    /// The screen's state; its derived values are the view-model's outputs.
    let state: Dynamic<State>
    private let runner: any WorkRunner<State.Work, State.Answer>

    init(_ initial: State, runner: any WorkRunner<State.Work, State.Answer>) {
        state = Dynamic(initial)
        self.runner = runner
    }

    isolated deinit {
        if let id = state.value.workUnderWay { runner.cancel(id) }
    }

    /// Moves the state by `event`, then starts or cancels the work it names.
    func send(_ event: State.Event) {
        var next = state.value
        let orders = next.handle(event)
        state.change(to: next)
        for order in orders {
            switch order {
            case .start(let work, let id):
                runner.start(work, as: id) { [weak self] answer in self?.send(State.answered(id, answer)) }
            case .cancel(let id):
                runner.cancel(id)
            }
        }
    }
}
