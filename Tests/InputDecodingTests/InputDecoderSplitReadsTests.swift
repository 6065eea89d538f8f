import InputDecoding
import Renderer
import Testing

/// Bytes split between reads give the keys they give in one read (found by the input fuzz
/// target; the inputs are in Fuzz/Corpus/input/).
struct InputDecoderSplitReadsTests {
    @Test func aLineFeedInTheReadAfterACarriageReturnIsTheSameEnter() {
        var decoder = InputDecoder()
        #expect(decoder.feed(Array("a\r".utf8)) == [.text("a"), .enter])
        #expect(decoder.feed(Array("\nb".utf8)) == [.text("b")])
    }

    @Test func aLineFeedAfterAnotherKeyIsAnEnterOfItsOwn() {
        var decoder = InputDecoder()
        #expect(decoder.feed(Array("\r".utf8)) == [.enter])
        #expect(decoder.feed(Array("x".utf8)) == [.text("x")])
        #expect(decoder.feed(Array("\n".utf8)) == [.enter])
    }

    @Test func aLineFeedAfterThePauseIsAnEnterOfItsOwn() {
        var decoder = InputDecoder()
        #expect(decoder.feed(Array("\r".utf8)) == [.enter])
        #expect(decoder.timeOut() == [])
        #expect(decoder.feed(Array("\n".utf8)) == [.enter])
    }

    @Test func aReadEndingWithACarriageReturnWaitsTheEscapeDelayHoldingNothing() {
        var decoder = InputDecoder()
        _ = decoder.feed(Array("a\r".utf8))
        #expect(decoder.patience == InputDecoder.escapeDelay)
        #expect(!decoder.isHoldingBytes)
        _ = decoder.feed(Array("\n".utf8))
        #expect(decoder.patience == nil)
    }
}
