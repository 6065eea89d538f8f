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
    /// What the screen tells as it happens rather than holds (a transfer's report, a write's
    /// outcome): none unless the state says otherwise.
    associatedtype Told: Sendable = Never

    /// Moves the state on by `event`, and names the work it calls for.
    mutating func handle(_ event: Event) -> [WorkOrder<Work>]
    /// The event that brings `answer`, the answer of the work `id`.
    static func event(answering id: WorkID, with answer: Answer) -> Event
    /// Whether `answer` ends its work; an answer on the way (a sync's progress) does not, and
    /// more come after it. Every answer ends its work unless the state says otherwise.
    static func ends(with answer: Answer) -> Bool
    /// What the last transition had to tell, in order, taken out of the state (so the state the
    /// machine keeps holds none): a transition that tells appends to a list of its own, which this
    /// empties.
    mutating func takeTold() -> [Told]
}

extension ScreenState {
    public static func ends(with answer: Answer) -> Bool { true }
}

extension ScreenState where Told == Never {
    public mutating func takeTold() -> [Never] { [] }
}

/// The shell a view-model keeps around its screen's state: it applies each event's transition,
/// hands the work it names to the runner, and sends each answer back as an event. Its `state`
/// is what the view-model derives every output from.
///
/// Events are applied one at a time, in the order they come: one sent while another is applied
/// (by a listener of `state`, or by a runner that answers inside `start`) waits its turn, so the
/// work each names starts and stops in order. The work started and not yet answered or cancelled
/// is abandoned when the machine goes (`WorkRunner.abandon`: stopped, or a test failed). One runner serves one machine.
@MainActor
final class ScreenMachine<State: ScreenState> {
    /// The screen's state; its derived values are the view-model's outputs.
    let state: Dynamic<State>
    /// What the transitions tell, each once, before the state that follows is set: a listener
    /// hears it while the outputs still show the state before.
    let told: Events<State.Told>
    private let tell: @MainActor (State.Told) -> Void
    private let runner: any WorkRunner<State.Work, State.Answer>
    private var waiting: [State.Event] = []
    private var isApplying = false
    private var running: Set<WorkID> = []

    init(_ initial: State, runner: any WorkRunner<State.Work, State.Answer>) {
        state = Dynamic(initial)
        (told, tell) = Events.pipe()
        self.runner = runner
    }

    isolated deinit {
        for id in running.sorted(by: { $0.number < $1.number }) { runner.abandon(id) }
    }

    /// Moves the state by `event`, then starts or cancels the work it names; after any events
    /// sent meanwhile, in order.
    func send(_ event: State.Event) {
        waiting.append(event)
        guard !isApplying else { return }
        isApplying = true
        defer { isApplying = false }
        while !waiting.isEmpty {
            apply(waiting.removeFirst())
        }
    }

    private func apply(_ event: State.Event) {
        var next = state.value
        let orders = next.handle(event)
        inOneDelivery {
            for telling in next.takeTold() { tell(telling) }
            state.change(to: next)
        }
        for order in orders {
            switch order {
            case .start(let work, let id):
                running.insert(id)
                runner.start(work, as: id) { [weak self] answer in
                    guard let self, running.contains(id) else { return }
                    if State.ends(with: answer) { running.remove(id) }
                    send(State.event(answering: id, with: answer))
                }
            case .cancel(let id):
                running.remove(id)
                runner.cancel(id)
            }
        }
    }
}
