import Binding
import Testing

/// The program's one conversion of a `Duration` to a number.
struct DurationNanosecondsTests {
    @Test(arguments: [
        (Duration.milliseconds(25), Int64(25_000_000)), (.seconds(2), 2_000_000_000),
        (.nanoseconds(7), 7), (.seconds(61) + .milliseconds(250), 61_250_000_000), (.zero, 0),
    ])
    func nanosecondsCountTheWholeDuration(duration: Duration, nanoseconds: Int64) {
        #expect(duration.nanoseconds == nanoseconds)
    }

    @Test func millisecondsKeepTheirFraction() {
        #expect(Duration.microseconds(1_500).milliseconds == 1.5)
        #expect(Duration.seconds(3).milliseconds == 3_000)
    }
}
