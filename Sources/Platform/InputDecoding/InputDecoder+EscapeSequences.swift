import Foundation
import Renderer

/// The escape sequences of keys: CSI and SS3 (arrows, Home/End, F1–F12, Shift-Tab) and Alt.
extension InputDecoder {
    // MARK: - Escape sequences

    /// What the bytes from an ESC decode to; the `Int` is how many bytes it took.
    enum Step {
        case key(Key, Int)
        case skip(Int)  // bytes that mean nothing to the app
        case startPaste(Int)  // `ESC [ 200 ~`
        case incomplete  // the bytes end before the sequence does
    }

    /// Decodes what starts with the ESC at `index`.
    static func escape(_ input: [UInt8], at index: Int) -> Step {
        guard index + 1 < input.count else { return .incomplete }
        let next = input[index + 1]
        switch next {
        case 0x5B: return csi(input, at: index)
        case 0x4F: return ss3(input, at: index)
        case 0x20...0x7E: return .key(.alt(Character(Unicode.Scalar(next))), 2)
        case 0x80...:
            switch utf8(input, at: index + 1) {
            case .scalar(let scalar, let length) where isPrintable(scalar):
                return .key(.alt(Character(scalar)), 1 + length)
            case .incomplete: return .incomplete
            default: return .key(.escape, 1)
            }
        default: return .key(.escape, 1)  // ESC ESC, or ESC and a control byte: each decoded on its own
        }
    }

    /// Decodes `ESC [` params intermediates final at `index`.
    static func csi(_ input: [UInt8], at index: Int) -> Step {
        let body = index + 2
        guard body < input.count else { return .incomplete }
        switch input[body] {
        case 0x5B:  // the Linux console's F1 to F5: `ESC [ [ A` to `ESC [ [ E`
            guard index + 3 < input.count else { return .incomplete }
            let final = input[index + 3]
            if final >= 0x41 && final <= 0x45 { return .key(.function(Int(final) - 0x40), 4) }
            return .skip(final >= 0x20 && final <= 0x7E ? 4 : 3)
        case 0x4D:  // X10 mouse report: `ESC [ M` and three raw bytes
            return index + 5 < input.count ? .skip(6) : .incomplete
        case 0x20...0x7E: break
        default: return .key(.alt("["), 2)  // Alt-[ followed by a control or non-ASCII byte
        }
        var end = body
        while end < input.count {
            let byte = input[end]
            // rxvt's Shift forms end in `$`, otherwise an intermediate byte: `ESC [ 7 $`.
            let isRxvtShift = byte == 0x24 && end > body && input[body..<end].allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
            if (byte >= 0x40 && byte <= 0x7E) || isRxvtShift {
                if input[body] == 0x3C, byte == 0x4D || byte == 0x6D {  // `ESC [ <` … `M` or `m`: an SGR mouse report
                    return sgrMouse(input, from: body + 1, to: end, isRelease: byte == 0x6D, length: end + 1 - index)
                }
                return csiKey(firstParameter(input, from: body, to: end), final: byte, length: end + 1 - index)
            }
            guard byte >= 0x20 && byte <= 0x3F else { return .skip(end - index) }  // cut short: the byte is decoded next
            end += 1
            if end - body > maxSequenceBody { return .skip(end - index) }
        }
        return .incomplete
    }

    /// Maps a complete CSI sequence with plain parameters; anything not a key (mouse, focus, reports) is skipped.
    static func csiKey(_ parameter: Int?, final: UInt8, length: Int) -> Step {
        guard let number = parameter else { return .skip(length) }
        let key: Key?
        switch final {
        case 0x41...0x44, 0x61...0x64: key = arrowKey(final)  // lowercase: rxvt Shift-arrows
        case 0x48: key = .home
        case 0x46: key = .end
        case 0x5A: key = .backTab
        case 0x50: key = .function(1)  // xterm modified F1-F4: `ESC [ 1 ; 5 P`
        case 0x51: key = .function(2)
        case 0x53: key = .function(4)  // no `R`: `ESC [ 1 ; 5 R` is also a cursor position report
        case 0x7E where number == 200: return .startPaste(length)
        case 0x7E, 0x5E, 0x24, 0x40: key = tildeKey(number)  // `^ $ @`: rxvt Ctrl, Shift, Ctrl-Shift
        default: key = nil
        }
        return key.map { .key($0, length) } ?? .skip(length)
    }

    /// The SGR mouse report whose parameters are `input[start..<end]`: three numbers; anything
    /// else (missing, extra or empty numbers, other bytes) is skipped whole.
    static func sgrMouse(_ input: [UInt8], from start: Int, to end: Int, isRelease: Bool, length: Int) -> Step {
        var numbers: [Int] = []
        var value = 0
        var digits = 0
        for index in start...end {
            let byte = index < end ? input[index] : 0x3B
            if byte >= 0x30 && byte <= 0x39 {
                value = min(value * 10 + Int(byte - 0x30), 100_000)
                digits += 1
            } else if byte == 0x3B, digits > 0 {
                numbers.append(value)
                value = 0
                digits = 0
            } else {
                return .skip(length)
            }
        }
        guard numbers.count == 3,
            let event = MouseEvent.sgr(code: numbers[0], column: numbers[1], row: numbers[2], isRelease: isRelease)
        else {
            return .skip(length)
        }
        return .key(.mouse(event), length)
    }

    /// The arrow for the last byte `A` to `D` (or `a` to `d`) of a sequence.
    static func arrowKey(_ byte: UInt8) -> Key {
        switch byte & 0x1F {
        case 1: .up
        case 2: .down
        case 3: .right
        default: .left
        }
    }

    /// The key for `ESC [ number ~`.
    static func tildeKey(_ number: Int) -> Key? {
        switch number {
        case 1, 7: .home
        case 4, 8: .end
        case 2: .insert
        case 3: .delete
        case 5: .pageUp
        case 6: .pageDown
        case 11...15: .function(number - 10)
        case 17...21: .function(number - 11)
        case 23, 24: .function(number - 12)
        default: nil
        }
    }

    /// The first number in the CSI parameters `input[start..<end]` (0 when empty), or `nil` when they hold
    /// more than digits, `:` and `;`: a private marker (`<`, `?`, `>`) or an intermediate means a report.
    static func firstParameter(_ input: [UInt8], from start: Int, to end: Int) -> Int? {
        var value = 0
        var index = start
        var inFirst = true
        while index < end {
            let byte = input[index]
            guard byte >= 0x30 && byte <= 0x3B else { return nil }
            if byte > 0x39 { inFirst = false }
            if inFirst { value = min(value * 10 + Int(byte - 0x30), 100_000) }
            index += 1
        }
        return value
    }

    /// Decodes `ESC O` and one byte at `index`, allowing the modifier digits some terminals add.
    static func ss3(_ input: [UInt8], at index: Int) -> Step {
        let body = index + 2
        guard body < input.count else { return .incomplete }
        guard input[body] >= 0x20 && input[body] <= 0x7E else { return .key(.alt("O"), 2) }
        var end = body
        while end < input.count {
            let byte = input[end]
            switch byte {
            case 0x30...0x3B where end - body < maxSequenceBody:
                end += 1  // `ESC O 5 P`, `ESC O 1 ; 5 P`
            case 0x20...0x7E:
                return ss3Key(byte).map { .key($0, end + 1 - index) } ?? .skip(end + 1 - index)
            default:
                return .skip(end - index)
            }
        }
        return .incomplete
    }

    /// The key for the last byte of an SS3 sequence.
    static func ss3Key(_ byte: UInt8) -> Key? {
        switch byte {
        case 0x41...0x44, 0x61...0x64: arrowKey(byte)  // lowercase: rxvt Ctrl-arrows
        case 0x48: .home
        case 0x46: .end
        case 0x50...0x53: .function(Int(byte) - 0x4F)
        default: nil
        }
    }
}
