/// The tab bar's spinner: a Braille dot turning while a screen is busy.
struct Spinner {
    static let interval: Duration = .milliseconds(100)
    static let glyphs: [Character] = Array("⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏")
    private(set) var step = 0

    var glyph: String { String(Self.glyphs[step % Self.glyphs.count]) }

    mutating func turn() {
        step = (step + 1) % Self.glyphs.count
    }
}
