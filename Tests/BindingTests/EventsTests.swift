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
