import Foundation

/// How deeply a JSON answer nests, checked before it is decoded.
///
/// Foundation's JSON parser recurses once per level: an answer nested many thousands deep runs
/// the thread's stack out and crashes the program. No answer a service here sends nests more
/// than a few levels, so anything past `limit` is refused as unreadable without parsing it.
enum JSONNesting {
    /// The deepest nesting accepted.
    static let limit = 64

    /// Whether `data` nests objects and arrays no deeper than `limit` (strings are skipped).
    static func isShallow(_ data: Data, limit: Int = JSONNesting.limit) -> Bool {
        var depth = 0
        var inString = false
        var escaped = false
        for byte in data {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                if depth > limit { return false }
            case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
            default: break
            }
        }
        return true
    }
}
