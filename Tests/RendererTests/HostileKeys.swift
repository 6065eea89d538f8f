import TestSupport

/// Random keys as a terminal sends them, for storms: printable text in several scripts,
/// control bytes, escape sequences known and unknown, function keys, invalid UTF-8, and one
/// 100 KB bracketed paste.
///
/// Keys that change tab are among them; a storm that means to stay on one screen selects it again.
/// U+FFFD is never typed, so one on the screen can only be garbage.
struct HostileKeys {
    private var random: SplitMix64

    init(seed: UInt64) {
        random = SplitMix64(seed: seed)
    }

    /// Each key is one entry; together they are the bytes sent.
    mutating func keys(count: Int) -> [[UInt8]] {
        let pasteAt = Int.random(in: 0..<count, using: &random)
        return (0..<count).map { $0 == pasteAt ? Self.paste : next() }
    }

    /// A bracketed paste of about 100 KB: text, CJK, emoji, line breaks, tabs, control bytes.
    static let paste: [UInt8] = {
        let piece = "Pasted text 東京 👩‍💻 q ? /\r\n\tline\u{7}\u{1B}[A " as String
        let body = String(repeating: piece, count: 100_000 / piece.utf8.count + 1)
        return Array("\u{1B}[200~\(body)\u{1B}[201~".utf8)
    }()

    private static let printable: [String] = [
        "a", "z", "q", "?", "/", " ", "1", "2", "j", "k", "u", "s", "n", "y", "g", "c", "d", "f", "r", "0", "~",
        "é", "ß", "東", "京", "👍🏽", "👩‍💻", "e\u{301}", "한", "ｱ", "\u{200B}", "\u{202E}",
    ]

    /// Stray continuation bytes, lead bytes cut short, an overlong form, a surrogate, 0xFF.
    private static let invalidUTF8: [[UInt8]] = [
        [0x80], [0xBF], [0xC3], [0xE6, 0x9D], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xFF], [0xF8, 0x88],
    ]

    private static let sequences: [String] = [
        "\u{1B}[A", "\u{1B}[B", "\u{1B}[C", "\u{1B}[D", "\u{1B}OA", "\u{1B}OB", "\u{1B}[H", "\u{1B}[F",
        "\u{1B}[1~", "\u{1B}[4~", "\u{1B}[5~", "\u{1B}[6~", "\u{1B}[2~", "\u{1B}[3~",
        "\u{1B}OP", "\u{1B}[17~", "\u{1B}[18~", "\u{1B}[19~", "\u{1B}[20~", "\u{1B}[21~", "\u{1B}[23~", "\u{1B}[24~",
        "\u{1B}[1;5C", "\u{1B}[1;2A", "\u{1B}[99;99;99~", "\u{1B}[<0;10;5M", "\u{1B}[M !!", "\u{1B}[?1049h",
        "\u{1B}]0;title\u{7}", "\u{1B}P+q\u{1B}\\", "\u{1B}[", "\u{1B}O", "\u{1B}a", "\u{1B}?", "\u{1B}[Z", "\u{1B}OS", "\u{1B}[15~",
        "\u{1B}3", "\u{1B}\u{1B}",
        "\u{1B}", "\r", "\n", "\u{7F}", "\u{8}",
    ]

    private mutating func next() -> [UInt8] {
        switch random.next() % 10 {
        case 0...3:
            Array(Self.printable.randomElement(using: &random)!.utf8)
        case 4, 5:
            Array(Self.sequences.randomElement(using: &random)!.utf8)
        case 6:
            [UInt8.random(in: 0...0x1F, using: &random)]  // C0 controls, Ctrl-letters, Tab
        case 7:
            Self.invalidUTF8.randomElement(using: &random)!
        case 8:
            Array("\u{1B}[\(Int.random(in: 0...300, using: &random));\(Int.random(in: 0...9, using: &random))".utf8)
                + [UInt8.random(in: 0x40...0x7E, using: &random)]  // any CSI final byte
        default:
            [UInt8.random(in: 0x20...0x7E, using: &random)]
        }
    }
}
