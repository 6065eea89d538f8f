/// Turns the raw bytes a terminal sends on standard input into ``Key`` events.
///
/// Pure and deterministic: it knows nothing of time or of the terminal. Bytes that may be the
/// start of a longer sequence are held back; the caller waits briefly and calls ``flush()``
/// when ``isHoldingBytes`` and no more bytes came. Understands xterm, tmux, VT100, rxvt and
/// Linux console sequences in normal and application cursor modes, and bracketed paste.
public struct InputDecoder: Sendable {
    // MARK: - State

    /// The start of a sequence or UTF-8 character that the bytes so far did not complete.
    private var held: [UInt8] = []
    /// The raw body of a bracketed paste whose end marker has not arrived; `nil` outside one.
    private var paste: [UInt8]?
    /// How many bytes of ``pasteEnd`` the paste body has ended with so far.
    private var pasteEndMatched = 0

    /// `ESC [ 2 0 1 ~`, which ends a bracketed paste.
    private static let pasteEnd: [UInt8] = [0x1B, 0x5B, 0x32, 0x30, 0x31, 0x7E]
    /// The most parameter and intermediate bytes a CSI or SS3 sequence may have.
    private static let maxSequenceBody = 64

    // MARK: - Public API

    /// Creates a decoder holding nothing.
    public init() {}

    /// Decodes `bytes` (appended to anything held back from earlier calls) and returns the keys completed so far.
    public mutating func feed<Bytes: Sequence>(_ bytes: Bytes) -> [Key] where Bytes.Element == UInt8 {
        var input = held
        held = []
        input.append(contentsOf: bytes)
        var output = KeyOutput()
        var index = 0
        while index < input.count {
            if paste != nil {
                index = consumePaste(input, from: index, into: &output)
                continue
            }
            let byte = input[index]
            if byte >= 0x20 && byte < 0x7F {  // the common case: printable ASCII
                output.run.append(byte)
                index += 1
                continue
            }
            if (byte >= 0x80 && byte < 0xC2) || byte > 0xF4 {  // never valid UTF-8
                index += 1
                continue
            }
            switch Self.step(input, at: index) {
            case .text(let length):
                output.run.append(contentsOf: input[index..<index + length])
                index += length
            case .key(let key, let length):
                output.append(key)
                index += length
            case .skip(let length):
                index += length
            case .startPaste(let length):
                paste = []
                index += length
            case .incomplete:
                held = Array(input[index...])
                index = input.count
            }
        }
        return output.finish()
    }

    /// True when bytes are held back that may be the start of an escape sequence (a lone ESC, or a partial CSI/SS3 sequence) or a partial UTF-8 character: the caller then waits about 25 ms and calls `flush()` if no more bytes came.
    public var isHoldingBytes: Bool { !held.isEmpty }

    /// Resolves whatever is held back: a lone ESC becomes `.escape`; a partial escape sequence is dropped; a partial UTF-8 character is dropped.
    public mutating func flush() -> [Key] {
        let bytes = held
        held = []
        guard bytes.first == 0x1B else { return [] }  // a partial UTF-8 character
        guard bytes.count > 1 else { return [.escape] }
        switch (bytes[1], bytes.count) {
        case (0x5B, 2): return [.alt("[")]
        case (0x4F, 2): return [.alt("O")]
        case (0x80..., _): return [.escape]  // ESC, then a partial UTF-8 character
        default: return []
        }
    }

    // MARK: - One key at a time

    /// What the bytes at one position decode to.
    private enum Step {
        /// A printable character of this many bytes.
        case text(Int)
        /// A key, and how many bytes it took.
        case key(Key, Int)
        /// This many bytes that mean nothing to the app.
        case skip(Int)
        /// `ESC [ 200 ~` of this many bytes: a bracketed paste begins.
        case startPaste(Int)
        /// The bytes end before the key does.
        case incomplete
    }

    // Hot paths compare bytes rather than match range patterns, which debug builds run slowly.
    private static func step(_ input: [UInt8], at index: Int) -> Step {
        let byte = input[index]
        if byte >= 0x80 {
            switch utf8(input, at: index) {
            case .scalar(let scalar, let length): return isPrintable(scalar) ? .text(length) : .skip(length)
            case .invalid: return .skip(1)
            case .incomplete: return .incomplete
            }
        }
        switch byte {
        case 0x1B: return escape(input, at: index)
        case 0x09: return .key(.tab, 1)
        case 0x0D: return .key(.enter, index + 1 < input.count && input[index + 1] == 0x0A ? 2 : 1)
        case 0x0A: return .key(.enter, 1)
        case 0x08, 0x7F: return .key(.backspace, 1)
        default:
            if byte >= 0x20 { return .text(1) }
            if byte == 0x00 || byte > 0x1A { return .skip(1) }
            return .key(.control(Character(Unicode.Scalar(byte + 0x60))), 1)
        }
    }

    /// Whether `scalar` may be shown: not a control, line or paragraph separator, or bidi control.
    private static func isPrintable(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x20 || (value >= 0x7F && value <= 0x9F) { return false }
        return !(value >= 0x2028 && value <= 0x202E) && !(value >= 0x2066 && value <= 0x2069)
    }

    // MARK: - Escape sequences

    /// Decodes what starts with the ESC at `index`.
    private static func escape(_ input: [UInt8], at index: Int) -> Step {
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
    private static func csi(_ input: [UInt8], at index: Int) -> Step {
        let body = index + 2
        guard body < input.count else { return .incomplete }
        switch input[body] {
        case 0x5B: return linuxConsoleFunctionKey(input, at: index)
        case 0x4D:  // X10 mouse report: `ESC [ M` and three raw bytes
            return index + 5 < input.count ? .skip(6) : .incomplete
        case 0x20...0x7E: break
        default: return .key(.alt("["), 2)  // Alt-[ followed by a control or non-ASCII byte
        }
        var end = body
        while end < input.count {
            let byte = input[end]
            switch byte {
            case 0x40...0x7E:
                return csiKey(params: input[body..<end], final: byte, length: end + 1 - index)
            case 0x24 where end > body && input[body..<end].allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }):
                return csiKey(params: input[body..<end], final: byte, length: end + 1 - index)  // rxvt Shift: `ESC [ 7 $`
            case 0x20...0x3F:
                end += 1
                if end - body > maxSequenceBody { return .skip(end - index) }
            default:
                return .skip(end - index)  // cut short by a control or non-ASCII byte, decoded next
            }
        }
        return .incomplete
    }

    /// Maps a complete CSI sequence; anything not a key (mouse, focus, reports) is skipped.
    private static func csiKey(params: ArraySlice<UInt8>, final: UInt8, length: Int) -> Step {
        // Only digits, `:` and `;`: a private marker (`<`, `?`, `>`) or an intermediate means a report.
        guard params.allSatisfy({ $0 >= 0x30 && $0 <= 0x3B }) else { return .skip(length) }
        let number = firstNumber(params)
        let key: Key?
        switch final {
        case 0x41, 0x61: key = .up  // lowercase: rxvt Shift-arrows
        case 0x42, 0x62: key = .down
        case 0x43, 0x63: key = .right
        case 0x44, 0x64: key = .left
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

    /// The key for `ESC [ number ~`.
    private static func tildeKey(_ number: Int) -> Key? {
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

    /// The first number in CSI parameters, or 0 when there is none.
    private static func firstNumber(_ params: ArraySlice<UInt8>) -> Int {
        var value = 0
        for byte in params {
            guard byte >= 0x30 && byte <= 0x39 else { break }
            value = min(value * 10 + Int(byte - 0x30), 100_000)
        }
        return value
    }

    /// Decodes the Linux console's `ESC [ [ A` to `ESC [ [ E` (F1 to F5) at `index`.
    private static func linuxConsoleFunctionKey(_ input: [UInt8], at index: Int) -> Step {
        guard index + 3 < input.count else { return .incomplete }
        let byte = input[index + 3]
        switch byte {
        case 0x41...0x45: return .key(.function(Int(byte) - 0x40), 4)
        case 0x20...0x7E: return .skip(4)
        default: return .skip(3)
        }
    }

    /// Decodes `ESC O` and one byte at `index`, allowing the modifier digits some terminals add.
    private static func ss3(_ input: [UInt8], at index: Int) -> Step {
        let body = index + 2
        guard body < input.count else { return .incomplete }
        guard (0x20...0x7E).contains(input[body]) else { return .key(.alt("O"), 2) }
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
    private static func ss3Key(_ byte: UInt8) -> Key? {
        switch byte {
        case 0x41, 0x61: .up  // lowercase: rxvt Ctrl-arrows
        case 0x42, 0x62: .down
        case 0x43, 0x63: .right
        case 0x44, 0x64: .left
        case 0x48: .home
        case 0x46: .end
        case 0x50...0x53: .function(Int(byte) - 0x4F)
        default: nil
        }
    }

    // MARK: - Bracketed paste

    /// Adds bytes from `start` to the paste body until the end marker, then emits the paste.
    private mutating func consumePaste(_ input: [UInt8], from start: Int, into output: inout KeyOutput) -> Int {
        guard var body = paste else { return start }
        paste = nil
        let marker = Self.pasteEnd
        var index = start
        while index < input.count {
            if pasteEndMatched == 0 {  // copy up to the next ESC in one go
                let next = input[index...].firstIndex(of: 0x1B) ?? input.count
                body.append(contentsOf: input[index..<next])
                index = next
                if index == input.count { break }
            }
            let byte = input[index]
            index += 1
            if byte == marker[pasteEndMatched] {
                pasteEndMatched += 1
                if pasteEndMatched == marker.count {
                    pasteEndMatched = 0
                    output.append(.paste(Self.cleanPaste(body)))
                    return index
                }
            } else {
                body.append(contentsOf: marker[0..<pasteEndMatched])  // not the marker after all
                pasteEndMatched = byte == 0x1B ? 1 : 0
                if byte != 0x1B { body.append(byte) }
            }
        }
        paste = body
        return index
    }

    /// The paste body as text: invalid UTF-8 and controls dropped, line breaks and tabs as spaces.
    private static func cleanPaste(_ bytes: [UInt8]) -> String {
        var kept: [UInt8] = []
        kept.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case 0x20...0x7E:
                kept.append(byte)
                index += 1
            case 0x0D:
                kept.append(0x20)
                index += index + 1 < bytes.count && bytes[index + 1] == 0x0A ? 2 : 1
            case 0x0A, 0x09:
                kept.append(0x20)
                index += 1
            case 0x00...0x7F:
                index += 1
            default:
                switch utf8(bytes, at: index) {
                case .scalar(let scalar, let length):
                    if isPrintable(scalar) { kept.append(contentsOf: bytes[index..<index + length]) }
                    index += length
                case .invalid: index += 1
                case .incomplete: index = bytes.count
                }
            }
        }
        return String(decoding: kept, as: UTF8.self)
    }

    // MARK: - UTF-8

    /// One UTF-8 character, or why there is none.
    private enum UTF8Step {
        case scalar(Unicode.Scalar, Int)
        case invalid
        case incomplete
    }

    /// Decodes the UTF-8 character at `index`, rejecting overlong forms, surrogates and bytes past U+10FFFF.
    private static func utf8(_ bytes: [UInt8], at index: Int) -> UTF8Step {
        let lead = bytes[index]
        if lead < 0x80 { return .scalar(Unicode.Scalar(lead), 1) }
        if lead < 0xC2 || lead > 0xF4 { return .invalid }  // continuation byte, overlong C0/C1, F5-FF
        let length = lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
        // The second byte's range rules out overlong forms, surrogates and values past U+10FFFF.
        let low: UInt8 = lead == 0xE0 ? 0xA0 : lead == 0xF0 ? 0x90 : 0x80
        let high: UInt8 = lead == 0xED ? 0x9F : lead == 0xF4 ? 0x8F : 0xBF
        var value = UInt32(lead & (0xFF >> (length + 1)))
        var offset = 1
        while offset < length {
            guard index + offset < bytes.count else { return .incomplete }
            let byte = bytes[index + offset]
            guard byte >= (offset == 1 ? low : 0x80) && byte <= (offset == 1 ? high : 0xBF) else { return .invalid }
            value = value << 6 | UInt32(byte & 0x3F)
            offset += 1
        }
        guard let scalar = Unicode.Scalar(value) else { return .invalid }
        return .scalar(scalar, length)
    }
}

// MARK: - Output

/// The keys decoded by one call, with printable text gathered into runs.
private struct KeyOutput {
    var keys: [Key] = []
    /// UTF-8 bytes of the text run in progress, already checked.
    var run: [UInt8] = []

    mutating func append(_ key: Key) {
        endRun()
        keys.append(key)
    }

    mutating func finish() -> [Key] {
        endRun()
        return keys
    }

    private mutating func endRun() {
        guard !run.isEmpty else { return }
        keys.append(.text(String(decoding: run, as: UTF8.self)))
        run.removeAll(keepingCapacity: true)
    }
}
