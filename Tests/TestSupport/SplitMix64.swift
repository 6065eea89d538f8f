/// A small, seeded, deterministic random number generator (SplitMix64), so a test that draws
/// random input draws the same input on every run.
///
/// ```swift
/// var random = SplitMix64(seed: 42)
/// let byte = UInt8(truncatingIfNeeded: random.next())
/// let size = Int.random(in: 1...300, using: &random)
/// ```
public struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    /// Creates a generator whose sequence `seed` decides.
    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
