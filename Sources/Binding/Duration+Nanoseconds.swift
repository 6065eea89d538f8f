extension Duration {
    /// The whole nanoseconds in the duration, rounded toward zero: the one conversion the
    /// program's timers, clocks, traces and formats use.
    ///
    /// ```swift
    /// Duration.milliseconds(25).nanoseconds   // 25_000_000
    /// ```
    public var nanoseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }

    /// The duration in milliseconds, with their fraction: `1.5` for 1,500 µs.
    public var milliseconds: Double {
        Double(nanoseconds) / 1_000_000
    }
}
