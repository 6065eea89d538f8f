import Foundation
import Models
import Screens
import Testing
import TestSupport

/// The live steps of the exchange over a store that cannot open: they say so, never that
/// nothing waits.
@MainActor
struct PeopleSyncStepsTests {
    private func steps(api: (any PeopleAPI)?) -> PeopleSyncSteps {
        PeopleSyncSteps(
            openStore: { throw InMemoryGameLibrary.Failure(description: "database is locked") }, api: api, queue: InlineQueue(),
            now: { .testNow })
    }

    @Test func theOutboxOfAStoreThatCannotOpenIsUnknownNotEmpty() {
        var answers: [PeopleExchange.Answer] = []
        steps(api: nil).start(.readOutbox, as: WorkID.none.next) { answers.append($0) }
        #expect(answers == [.outboxUnread("database is locked")])
    }

    @Test func anExchangeOverAStoreThatCannotOpenStopsAndSaysWhy() {
        var answers: [PeopleExchange.Answer] = []
        steps(api: ScriptedPeopleAPI()).start(.exchange(fetching: true), as: WorkID.none.next) { answers.append($0) }
        #expect(answers == [.stopped("People cannot be read: database is locked")])
    }
}
