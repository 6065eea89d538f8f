import Screens

/// The tab bar's spinner: a Braille dot turning while a screen is busy, or `|/-\` with ASCII
/// `Glyphs`.
struct Spinner {
    static let interval: Duration = .milliseconds(100)
    private let glyphs: [Character]
    private(set) var step = 0

    /// A spinner of `glyphs`' turns.
    init(glyphs: Glyphs = .unicode) {
        self.glyphs = glyphs.spinner
    }

    var glyph: String { String(glyphs[step % glyphs.count]) }

    mutating func turn() {
        step = (step + 1) % glyphs.count
    }
}
