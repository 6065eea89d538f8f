import Binding
@testable import Screens
import Testing
import TestSupport

/// The shell around a screen's state: events applied one at a time and in order, the work they
/// name started and stopped, and the work still running stopped when the machine goes.
@MainActor
struct ScreenMachineTests {
    /// A screen that counts: `.ask` starts a piece of work (cancelling the one before), an answer
    /// adds to the total.
    struct Counter: ScreenState {
        enum Event: Equatable, Sendable {
            case ask(Int)
            case answered(WorkID, Int)
        }

        var total = 0
        var running: WorkID?
        var last = WorkID.none

        mutating func handle(_ event: Event) -> [WorkOrder<Int>] {
            switch event {
            case .ask(let number):
                let cancelling = running.map { [WorkOrder<Int>.cancel($0)] } ?? []
                last = last.next
                running = last
                return cancelling + [.start(number, as: last)]
            case .answered(let id, let value):
                guard id == running else { return [] }
                running = nil
                total += value
                return []
            }
        }

        static func event(answering id: WorkID, with answer: Int) -> Event { .answered(id, answer) }
    }

    @Test func anEventSentWhileAnotherIsAppliedWaitsItsTurn() {
        let work = HeldWork<Int, Int>()
        let machine = ScreenMachine(Counter(), runner: work)
        var asked = false
        let token = machine.state.bind { state in
            // A listener that asks again as soon as the first work starts.
            if state.running != nil, !asked {
                asked = true
                machine.send(.ask(2))
            }
        }
        machine.send(.ask(1))
        #expect(work.asked == [1, 2])
        #expect(work.cancelled == [work.id(ofAsked: 0)], "the first started before it was cancelled")
        work.answer(with: 5)
        #expect(machine.state.value.total == 5)
        token.cancel()
    }

    @Test func theWorkStillRunningIsStoppedWhenTheMachineGoes() {
        let work = HeldWork<Int, Int>()
        var machine: ScreenMachine<Counter>? = ScreenMachine(Counter(), runner: work)
        machine?.send(.ask(1))
        machine?.send(.ask(2))
        work.answer(work.id(ofAsked: 1), with: 1)
        machine?.send(.ask(3))
        work.expectHeldAtEnd([3])
        machine = nil
        #expect(work.cancelled == [work.id(ofAsked: 0)])
        #expect(work.abandoned == [work.id(ofAsked: 2)])
        #expect(work.pending.isEmpty)
    }
}
