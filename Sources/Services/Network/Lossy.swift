import Foundation

/// A value that decodes to nil instead of failing, so one odd entry does not spoil a list.
struct Lossy<Value: Decodable>: Decodable {
    let value: Value?

    init(from decoder: any Decoder) throws {
        value = try? Value(from: decoder)
    }
}
