import Foundation
import ZIPFoundation

/// A kept vCard as the `personCard` table holds it: its UTF-8 text deflated. A card is mostly
/// its photo, in base64, which deflates to three quarters; kept as text, the cards of an address
/// book with photos took a third more room in the database than in their file (Performance.md).
enum PackedCard {
    private static let bufferSize = 64 * 1024

    /// `card` deflated.
    static func pack(_ card: String) throws -> Data {
        let text = Data(card.utf8)
        var packed = Data()
        _ = try Data.compress(
            size: Int64(text.count), bufferSize: bufferSize,
            provider: { position, size in
                text.subdata(in: Int(position)..<min(Int(position) + size, text.count))
            }, consumer: { packed.append($0) })
        return packed
    }

    /// The card `packed` holds; nil when it holds none (a damaged row).
    static func unpack(_ packed: Data) -> String? {
        var text = Data()
        do {
            _ = try Data.decompress(
                size: Int64(packed.count), bufferSize: bufferSize, skipCRC32: true,
                provider: { position, size in
                    packed.subdata(in: Int(position)..<min(Int(position) + size, packed.count))
                }, consumer: { text.append($0) })
        } catch {
            return nil
        }
        return String(data: text, encoding: .utf8)
    }
}
