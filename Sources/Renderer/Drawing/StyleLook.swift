/// How a style looks on a terminal: its attributes and its colour pair, as a plain value, so that
/// what each style looks like in each mode is tested without a terminal. `NcursesTerminal` turns
/// it into ncurses' attributes.
///
/// With colour, a style differs from plain text by its colour alone wherever the terminal has the
/// colours for it (bright ones stand in for bold, grey for dim): a change of colour costs ncurses
/// 5 bytes, a change of attributes 10 to 16, and a tab switch is a few hundred such changes. With
/// 8 colours, bold comes back for emphasis. Without colour (`NO_COLOR`, `--no-color`, a
/// monochrome terminal) attributes carry every style, and the ones a reader must tell apart look
/// different: a heading is bold, a problem bold and underlined, a prompt underlined, the chosen
/// row and tab bold and reversed.
public struct StyleLook: Equatable, Sendable {
    public var bold = false
    public var dim = false
    public var reverse = false
    public var underline = false
    /// The colour pair (`NcursesTerminal` starts them); 0 for the terminal's default.
    public var pair: Int16 = 0

    public init(bold: Bool = false, dim: Bool = false, reverse: Bool = false, underline: Bool = false, pair: Int16 = 0) {
        (self.bold, self.dim, self.reverse, self.underline, self.pair) = (bold, dim, reverse, underline, pair)
    }

    /// The pair of plain text with colour: the terminal's own colours, named as a pair so that
    /// ncurses goes from a coloured style back to plain text with one colour change (5 bytes)
    /// rather than a colour change and a reset of every attribute (11 bytes).
    public static let plainPair: Int16 = 8

    /// How `style` looks on a terminal showing `colors` colours (0: none, attributes alone).
    public static func of(_ style: Style, colors: Int) -> StyleLook {
        guard colors > 0 else { return monochrome(style) }
        let bright = colors >= 16
        return switch style {
        case .normal: StyleLook(pair: plainPair)
        case .title: StyleLook(bold: !bright, pair: 1)
        case .dim: bright ? StyleLook(pair: 5) : StyleLook(dim: true)
        case .selectedTab: StyleLook(pair: 2)
        case .statusBar: StyleLook(reverse: true)
        // Reversed, the key's colour becomes its background: a cyan chip in the bar.
        case .key: StyleLook(reverse: true, pair: 7)
        case .prompt: StyleLook(bold: !bright, pair: 3)
        case .error: StyleLook(bold: !bright, pair: 4)
        case .bar: StyleLook(pair: 6)
        }
    }

    private static func monochrome(_ style: Style) -> StyleLook {
        switch style {
        case .normal: StyleLook()
        case .title: StyleLook(bold: true)
        case .dim: StyleLook(dim: true)
        case .selectedTab: StyleLook(bold: true, reverse: true)
        case .statusBar: StyleLook(reverse: true)
        case .key: StyleLook(bold: true, reverse: true)
        case .prompt: StyleLook(underline: true)
        case .error: StyleLook(bold: true, underline: true)
        case .bar: StyleLook(reverse: true)
        }
    }
}
