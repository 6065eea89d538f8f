import Foundation
@testable import Services
import Testing

struct GazetteerIndexFileTests {
    private static let resources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Sources/Services/Resources").standardized

    @Test func theShippedIndexIsTheOneTheShippedGazetteerMakes() throws {
        let gazetteer = Self.resources.appendingPathComponent("gazetteer.tsv")
        let file = try Data(contentsOf: gazetteer)
        let made = GazetteerIndexFile.data(of: try GazetteerIndex.columns(of: file, source: gazetteer), gazetteerSize: file.count)
        let shipped = try Data(contentsOf: Self.resources.appendingPathComponent("gazetteer.index"))
        #expect(made == shipped, "the gazetteer changed without its index: run make gazetteer-index")
    }

    @Test func aGazetteerWithItsIndexAnswersAsOneWithout() throws {
        let (gazetteer, index) = try Self.write(Self.smallGazetteer)
        defer { Self.remove(gazetteer, index) }
        _ = try GazetteerIndex(file: Data(contentsOf: gazetteer), source: gazetteer, index: Data(contentsOf: index), indexSource: index)
        let withIndex = EmbeddedGazetteer(url: gazetteer, indexURL: index), without = EmbeddedGazetteer(url: gazetteer)
        for query in ["Springfield", "Springfield, OH", "sprinkfeld", "Spr", "Paris"] {
            #expect(withIndex.search(query, limit: 5) == without.search(query, limit: 5))
        }
        #expect(withIndex.search("Springfield", limit: 5).map(\.region) == ["Illinois", "Ohio"])
    }

    @Test(arguments: [
        ("not a gazetteer index", "it is not a gazetteer index in format 1"),
        ("made from another gazetteer", "it was made from another gazetteer"),
        ("a country that does not exist", "entry 1 of a column leads to a country that does not exist"),
        ("cut short", "column 14 does not fit in the file"),
    ])
    func aDamagedIndexIsReportedAndPassedOver(damage: String, message: String) throws {
        let (gazetteer, index) = try Self.write(Self.smallGazetteer)
        defer { Self.remove(gazetteer, index) }
        var bytes = try Data(contentsOf: index)
        switch damage {
        case "not a gazetteer index": bytes[0] = UInt8(ascii: "M")
        case "made from another gazetteer": bytes[16] &+= 1  // the gazetteer's size, first of the numbers
        case "a country that does not exist": bytes[Self.offset(ofColumn: 1, in: bytes)] = 200
        default: bytes = bytes.dropLast(8)  // the last column, 4 bytes, and its padding
        }
        try bytes.write(to: index)
        #expect(throws: EmbeddedGazetteer.LoadError(description: "The gazetteer index \(index.path) is damaged: \(message)")) {
            try GazetteerIndex(file: Data(contentsOf: gazetteer), source: gazetteer, index: bytes, indexSource: index)
        }
        #expect(EmbeddedGazetteer(url: gazetteer, indexURL: index).search("Springfield", limit: 5).map(\.region)
            == ["Illinois", "Ohio"])
    }

    // MARK: - Helpers

    /// Where column `column` starts: the header gives each column's offset after the magic and
    /// four numbers.
    private static func offset(ofColumn column: Int, in index: Data) -> Int {
        let slot = 16 + 8 * (4 + 2 * column)
        return Int(index[slot..<(slot + 8)].reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) })
    }

    /// Writes `text` as a gazetteer and its index to temporary files.
    private static func write(_ text: String) throws -> (gazetteer: URL, index: URL) {
        let directory = FileManager.default.temporaryDirectory
        let gazetteer = directory.appendingPathComponent("gazetteer-\(UUID().uuidString).tsv")
        let index = gazetteer.deletingPathExtension().appendingPathExtension("index")
        try Data(text.utf8).write(to: gazetteer)
        try EmbeddedGazetteer.writeIndex(of: gazetteer, to: index)
        return (gazetteer, index)
    }

    private static func remove(_ files: URL...) {
        for file in files { try? FileManager.default.removeItem(at: file) }
    }

    private static let smallGazetteer = EmbeddedGazetteerTests.smallGazetteer
}
