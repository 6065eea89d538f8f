import Binding
import Testing

/// A stream of events: each one heard once, by the listeners bound when it is sent.
@MainActor
struct EventsTests {
    @Test func eachEventIsHeardOnceByTheListenersBoundWhenItIsSent() {
        let (events, send) = Events<Int>.pipe()
        var first: [Int] = []
        var second: [Int] = []
        let firstToken = events.bind { first.append($0) }
        send(1)
        let secondToken = events.bind { second.append($0) }
        send(2)
        send(2)
        firstToken.cancel()
        send(3)
        #expect(first == [1, 2, 2])
        #expect(second == [2, 2, 3], "a listener bound later hears none before, and equal events are each heard")
        _ = secondToken
    }

    @Test func anEventSentFromAListenerIsHeardAfterTheOneBeingHeard() {
        let (events, send) = Events<String>.pipe()
        var heard: [String] = []
        let tokens = [
            events.bind { if $0 == "move" { send("commit") } },
            events.bind { heard.append($0) },
        ]
        send("move")
        #expect(heard == ["move", "commit"])
        _ = tokens
    }
}

/// What waits for a change to reach every listener: a printout that writes when its screen is no
/// longer busy, whatever order the screen made its outputs in.
@MainActor
struct AfterDeliveryTests {
    @Test func aListenerThatWaitsSeesEveryOutputOfTheChangeWhateverTheirOrder() {
        let state = Dynamic((busy: true, rows: [String]()))
        // The busy output is made before the rows: its listeners hear the change first.
        let busy = state.map(\.busy)
        let rows = state.map(\.rows)
        var shownRows: [String] = []
        var printed: [[String]] = []
        var tokens = [busy.bind { isBusy in if !isBusy { afterDelivery { printed.append(shownRows) } } }]
        tokens.append(rows.bind { shownRows = $0 })
        state.value = (busy: false, rows: ["Ada Lovelace"])
        #expect(printed == [["Ada Lovelace"]])
        _ = tokens
    }

    @Test func whatATellingListenerLeavesForAfterRunsOnceTheStateThatFollowsIsSet() {
        let (told, tell) = Events<String>.pipe()
        let state = Dynamic(0)
        var seen: [Int] = []
        let token = told.bind { _ in afterDelivery { seen.append(state.value) } }
        inOneDelivery {
            tell("saved")
            state.value = 1
        }
        #expect(seen == [1])
        _ = token
    }

    @Test func whatWaitsRunsInOrderEachWholeBeforeTheNext() {
        let trigger = Dynamic(0), inner = Dynamic(0)
        var ran: [String] = []
        var tokens = [inner.bind { _ in afterDelivery { ran.append("after inner") } }]
        tokens.append(
            trigger.bind { _ in
                afterDelivery {
                    ran.append("first begun")
                    inner.value = 1  // a delivery of its own, whose waiting action comes after "second"
                    ran.append("first ended")
                }
                afterDelivery { ran.append("second") }
            })
        trigger.value = 1
        #expect(ran == ["first begun", "first ended", "second", "after inner"])
        _ = tokens
    }

    @Test func outsideADeliveryItRunsAtOnce() {
        var ran = false
        afterDelivery { ran = true }
        #expect(ran)
    }
}
