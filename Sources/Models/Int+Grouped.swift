extension Int {
    /// `1,234,567`: the digits in groups of three, as English writes them. Written out rather
    /// than through Foundation's number formatting, whose ICU set-up holds megabytes of memory.
    public var grouped: String {
        let digits = String(magnitude)
        var text = self < 0 ? "-" : ""
        for (offset, digit) in digits.enumerated() {
            if offset > 0, (digits.count - offset) % 3 == 0 { text.append(",") }
            text.append(digit)
        }
        return text
    }
}
