/// The number of terminal columns text takes, computed in pure Swift so the answer does not
/// depend on the process locale (no `wcwidth`).
public enum DisplayWidth {
    // MARK: - Public API

    /// Columns a terminal uses to draw `character`: 0, 1 or 2.
    public static func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        let first = scalars[scalars.startIndex]
        if first.isASCII, scalars.index(after: scalars.startIndex) == scalars.endIndex {
            return asciiWidth(first.value)
        }
        return clusterWidth(scalars)
    }

    /// Columns for a whole string (sum over its characters).
    public static func of(_ text: some StringProtocol) -> Int {
        var printableASCII = 0
        for byte in text.utf8 {
            guard byte < 0x80 else { return text.reduce(0) { $0 + of($1) } }
            printableASCII += asciiWidth(UInt32(byte))
        }
        return printableASCII
    }

    // MARK: - Cluster rules

    /// Width of a printable ASCII scalar (1) or an ASCII control (0).
    private static func asciiWidth(_ value: UInt32) -> Int {
        value < 0x20 || value == 0x7F ? 0 : 1
    }

    /// The width of a cluster: decided by its first non-zero-width scalar, then raised to 2 by
    /// the emoji rules.
    private static func clusterWidth(_ scalars: Character.UnicodeScalarView) -> Int {
        guard let base = scalars.first(where: { !isZeroWidth($0) }) else { return 0 }
        if isControl(base.value) { return 0 }
        if isWide(base.value) { return 2 }
        if isKeycapBase(base.value), scalars.contains("\u{20E3}") { return 2 }
        return isEmojiPresentation(scalars) ? 2 : 1
    }

    /// Whether the cluster is drawn as a colour emoji, two columns wide.
    private static func isEmojiPresentation(_ scalars: Character.UnicodeScalarView) -> Bool {
        var regionalIndicators = 0
        var emojiScalars = 0
        var hasJoiner = false
        for scalar in scalars {
            let properties = scalar.properties
            switch scalar.value {
            case 0xFE0F: return true  // emoji presentation selector
            case 0x200D: hasJoiner = true
            case 0x1F1E6...0x1F1FF: regionalIndicators += 1
            default:
                if properties.isEmojiPresentation || properties.isEmojiModifier { return true }
                if properties.isEmoji { emojiScalars += 1 }
            }
        }
        return regionalIndicators >= 2 || (hasJoiner && emojiScalars + regionalIndicators >= 2)
    }

    // MARK: - Scalar classes

    /// The bases of keycap sequences: digits, `#` and `*`.
    private static func isKeycapBase(_ value: UInt32) -> Bool {
        (0x30...0x39).contains(value) || value == 0x23 || value == 0x2A
    }

    /// C0 controls, DEL and C1 controls.
    private static func isControl(_ value: UInt32) -> Bool {
        value < 0x20 || (0x7F...0x9F).contains(value)
    }

    /// Combining marks, format characters and variation selectors: drawn on top of a base.
    private static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x300: return scalar.value == 0xAD
        case 0xFE00...0xFE0F, 0xE0100...0xE01EF: return true
        default:
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .enclosingMark, .format: return true
            default: return false
            }
        }
    }

    /// Whether the scalar is East Asian Wide or Fullwidth (binary search over `wideRanges`).
    private static func isWide(_ value: UInt32) -> Bool {
        guard value >= 0x1100 else { return false }
        var low = 0
        var high = wideRanges.count - 1
        while low <= high {
            let middle = (low + high) / 2
            let range = wideRanges[middle]
            if value < range.lowerBound {
                high = middle - 1
            } else if value > range.upperBound {
                low = middle + 1
            } else {
                return true
            }
        }
        return false
    }

    // MARK: - Tables

    /// East Asian Wide and Fullwidth code points, sorted, as closed ranges.
    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0...0x23F0,
        0x23F3...0x23F3, 0x25FD...0x25FE, 0x2614...0x2615, 0x2648...0x2653, 0x267F...0x267F,
        0x2693...0x2693, 0x26A1...0x26A1, 0x26AA...0x26AB, 0x26BD...0x26BE, 0x26C4...0x26C5,
        0x26CE...0x26CE, 0x26D4...0x26D4, 0x26EA...0x26EA, 0x26F2...0x26F3, 0x26F5...0x26F5,
        0x26FA...0x26FA, 0x26FD...0x26FD, 0x2705...0x2705, 0x270A...0x270B, 0x2728...0x2728,
        0x274C...0x274C, 0x274E...0x274E, 0x2753...0x2755, 0x2757...0x2757, 0x2795...0x2797,
        0x27B0...0x27B0, 0x27BF...0x27BF, 0x2B1B...0x2B1C, 0x2B50...0x2B50, 0x2B55...0x2B55,
        0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
        0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F,
        0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x16FE4, 0x17000...0x18AFF,
        0x1B000...0x1B2FF, 0x1F004...0x1F004, 0x1F0CF...0x1F0CF, 0x1F18E...0x1F18E,
        0x1F191...0x1F19A, 0x1F200...0x1F202, 0x1F210...0x1F23B, 0x1F240...0x1F248,
        0x1F250...0x1F251, 0x1F260...0x1F265, 0x1F300...0x1F64F, 0x1F680...0x1F6FF,
        0x1F7E0...0x1F7EB, 0x1F90C...0x1F9FF, 0x1FA70...0x1FAFF, 0x20000...0x2FFFD,
        0x30000...0x3FFFD,
    ]
}
