import Renderer

/// Turns the raw bytes a terminal sends on standard input into ``Key`` events.
///
/// Pure and deterministic: it reads no clock and knows nothing of the terminal. Bytes that may be the
/// start of a longer sequence are held back; the caller waits briefly and calls ``flush()``
/// when ``isHoldingBytes`` and no more bytes came (``patience`` says how long, and ``timeOut()``
/// also ends a bracketed paste whose end never came). Understands xterm, tmux, VT100, rxvt and
/// Linux console sequences in normal and application cursor modes, and bracketed paste.
public struct InputDecoder: Sendable {
    // MARK: - State

    /// The start of a sequence or UTF-8 character that the bytes so far did not complete.
    private var held: [UInt8] = []
    /// The raw body of a bracketed paste whose end marker has not arrived; `nil` outside one.
    private var paste: [UInt8]?
    /// How many bytes of `pasteEnd` the paste body has ended with so far.
    private var pasteEndMatched = 0
    /// Whether the last read ended with a carriage return: a line feed that starts the next read
    /// within ``patience`` is the same Enter, as CR LF in one read is.
    private var afterCarriageReturn = false

    /// `ESC [ 2 0 1 ~`, which ends a bracketed paste.
    private static let pasteEnd: [UInt8] = [0x1B, 0x5B, 0x32, 0x30, 0x31, 0x7E]
    /// The most parameter and intermediate bytes a CSI or SS3 sequence may have.
    static let maxSequenceBody = 64

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
        if afterCarriageReturn, paste == nil, input.first == 0x0A { index = 1 }  // the rest of a CR LF
        while index < input.count {
            if paste == nil {
                index = decodeKeys(input, from: index, into: &output)
            } else {
                index = consumePaste(input, from: index, into: &output)
            }
        }
        afterCarriageReturn = paste == nil && held.isEmpty && input.last == 0x0D
        return output.finish()
    }

    /// How long the caller waits for more bytes before calling ``timeOut()``: ``escapeDelay``
    /// while bytes are held back or a read ended with a carriage return, ``pasteTimeout`` inside a
    /// bracketed paste, nil when nothing waits.
    public var patience: Duration? {
        if paste != nil { return Self.pasteTimeout }
        return held.isEmpty && !afterCarriageReturn ? nil : Self.escapeDelay
    }

    /// How long a lone Esc waits for the rest of an escape sequence before it counts as Esc.
    public static let escapeDelay: Duration = .milliseconds(25)
    /// How long a bracketed paste may go without a byte before it counts as ended: a paste
    /// whose end marker never comes (a cut connection, a stray start) must not swallow every key.
    /// A slow paste that keeps coming is not cut.
    public static let pasteTimeout: Duration = .milliseconds(500)

    /// What the bytes so far come to when no more came within ``patience``: the paste so far
    /// (ended as if its end marker had come), or what ``flush()`` makes of held-back bytes.
    public mutating func timeOut() -> [Key] {
        guard var body = paste else { return flush() }
        paste = nil
        appendBytes(of: Self.pasteEnd, from: 0, to: pasteEndMatched, to: &body)
        pasteEndMatched = 0
        return [.paste(Self.cleanPaste(body))]
    }

    /// True when bytes are held back that may be the start of an escape sequence (a lone ESC, or a partial CSI/SS3 sequence) or a partial UTF-8 character: the caller then waits about 25 ms and calls `flush()` if no more bytes came.
    public var isHoldingBytes: Bool { !held.isEmpty }

    /// Resolves whatever is held back: a lone ESC becomes `.escape`; a partial escape sequence is dropped; a partial UTF-8 character is dropped.
    public mutating func flush() -> [Key] {
        afterCarriageReturn = false
        let bytes = held
        held = []
        guard bytes.first == 0x1B else { return [] }  // a partial UTF-8 character
        if bytes.count == 1 || bytes[1] >= 0x80 { return [.escape] }  // alone, or before a partial UTF-8 character
        if bytes.count == 2 { return [.alt(Character(Unicode.Scalar(bytes[1])))] }  // `ESC [` or `ESC O`
        return []  // a partial CSI or SS3 sequence
    }

    // MARK: - One key at a time
    // The byte loops compare bytes rather than match range patterns, and copy text a span at a
    // time, because debug builds run range patterns and per-byte appends many times slower.

    /// Decodes keys from `start` until the input ends or a bracketed paste begins, and returns where it stopped.
    private mutating func decodeKeys(_ input: [UInt8], from start: Int, into output: inout KeyOutput) -> Int {
        var index = start
        var textStart = start  // printable bytes from here up to `index` are not yet in `output`
        while index < input.count {
            let byte = input[index]
            if byte >= 0x20 && byte < 0x7F {  // printable ASCII, the common case
                index += 1
                continue
            }
            var length = 1  // how many bytes what starts at `index` takes
            if byte >= 0xC2 && byte <= 0xF4 {  // a UTF-8 lead byte; other bytes from 0x80 never are
                switch Self.utf8(input, at: index) {
                case .scalar(let scalar, let count):
                    if Self.isPrintable(scalar) {
                        index += count
                        continue
                    }
                    length = count
                case .invalid:
                    break
                case .incomplete:
                    appendBytes(of: input, from: textStart, to: index, to: &output.run)
                    held = Array(input[index...])
                    return input.count
                }
            }
            if textStart < index { appendBytes(of: input, from: textStart, to: index, to: &output.run) }
            switch byte {
            case 0x1B:
                switch Self.escape(input, at: index) {
                case .key(let key, let count):
                    output.append(key)
                    length = count
                case .skip(let count):
                    length = count
                case .startPaste(let count):
                    paste = []
                    return index + count
                case .incomplete:
                    held = Array(input[index...])
                    return input.count
                }
            case 0x09: output.append(.tab)
            case 0x0A: output.append(.enter)
            case 0x0D:
                output.append(.enter)
                if index + 1 < input.count && input[index + 1] == 0x0A { length = 2 }  // CR LF is one enter
            case 0x08, 0x7F: output.append(.backspace)
            default:  // Ctrl-letters; other C0 bytes and invalid or unprintable UTF-8 are dropped
                if byte >= 0x01 && byte <= 0x1A { output.append(.control(Self.controlLetters[Int(byte)])) }
            }
            index += length
            textStart = index
        }
        appendBytes(of: input, from: textStart, to: index, to: &output.run)
        return index
    }

    /// `controlLetters[n]` is the n-th letter of the alphabet (`[0]` is unused): Ctrl-A is byte 1.
    static let controlLetters: [Character] = (0x60...0x7A).map { Character(Unicode.Scalar(UInt8($0))) }

    // MARK: - Bracketed paste

    /// Adds bytes from `start` to the paste body until the end marker, then emits the paste.
    private mutating func consumePaste(_ input: [UInt8], from start: Int, into output: inout KeyOutput) -> Int {
        guard var body = paste else { return start }
        paste = nil
        let marker = Self.pasteEnd
        var index = start
        while index < input.count {
            if pasteEndMatched == 0 {  // copy up to the next ESC in one go
                var next = index
                while next < input.count && input[next] != 0x1B { next += 1 }
                appendBytes(of: input, from: index, to: next, to: &body)
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
                appendBytes(of: marker, from: 0, to: pasteEndMatched, to: &body)  // not the marker after all
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
        var index = 0
        var textStart = 0  // printable bytes from here up to `index` are not yet in `kept`
        while index < bytes.count {
            let byte = bytes[index]
            if byte >= 0x20 && byte < 0x7F {
                index += 1
                continue
            }
            var length = 1
            if byte >= 0xC2 && byte <= 0xF4 {
                switch utf8(bytes, at: index) {
                case .scalar(let scalar, let count):
                    if isPrintable(scalar) {
                        index += count
                        continue
                    }
                    length = count
                case .invalid: break
                case .incomplete: length = bytes.count - index
                }
            }
            appendBytes(of: bytes, from: textStart, to: index, to: &kept)
            if byte == 0x09 || byte == 0x0A || byte == 0x0D { kept.append(0x20) }
            if byte == 0x0D && index + 1 < bytes.count && bytes[index + 1] == 0x0A { length = 2 }
            index += length
            textStart = index
        }
        appendBytes(of: bytes, from: textStart, to: index, to: &kept)
        return String(decoding: kept, as: UTF8.self)
    }

    // MARK: - UTF-8 and printable text

    /// Whether `scalar` may be shown: not a control, line or paragraph separator, or bidi control.
    static func isPrintable(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x20 || (value >= 0x7F && value <= 0x9F) { return false }
        return !(value >= 0x2028 && value <= 0x202E) && !(value >= 0x2066 && value <= 0x2069)
    }

    /// One UTF-8 character, or why there is none.
    enum UTF8Step {
        case scalar(Unicode.Scalar, Int)
        case invalid
        case incomplete
    }

    /// Decodes the multibyte UTF-8 character at `index`, rejecting overlong forms, surrogates and values past U+10FFFF.
    static func utf8(_ bytes: [UInt8], at index: Int) -> UTF8Step {
        let lead = bytes[index]
        guard lead >= 0xC2 && lead <= 0xF4 else { return .invalid }  // ASCII, continuation, C0, C1, F5-FF
        let length = lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
        var value = UInt32(lead) & (lead < 0xE0 ? 0x1F : lead < 0xF0 ? 0x0F : 0x07)
        var offset = 1
        while offset < length {
            guard index + offset < bytes.count else { return .incomplete }
            let byte = bytes[index + offset]
            // The second byte's range rules out overlong forms, surrogates and values past U+10FFFF.
            let low: UInt8 = offset > 1 ? 0x80 : lead == 0xE0 ? 0xA0 : lead == 0xF0 ? 0x90 : 0x80
            let high: UInt8 = offset > 1 ? 0xBF : lead == 0xED ? 0x9F : lead == 0xF4 ? 0x8F : 0xBF
            guard byte >= low && byte <= high else { return .invalid }
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
    /// UTF-8 bytes of the text run in progress, already checked to be printable.
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
        guard run.count > 0 else { return }  // not `isEmpty`: debug builds run that generically
        keys.append(.text(String(decoding: run, as: UTF8.self)))
        run.removeAll(keepingCapacity: true)
    }
}

/// Appends `source[start..<end]` to `target`: a long span in one go, a short one byte by byte,
/// which debug builds run much faster than a generic append of a slice.
private func appendBytes(of source: [UInt8], from start: Int, to end: Int, to target: inout [UInt8]) {
    if end - start > 16 {
        target.append(contentsOf: source[start..<end])
        return
    }
    var index = start
    while index < end {
        target.append(source[index])
        index += 1
    }
}
