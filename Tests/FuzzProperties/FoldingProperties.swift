@testable import Services

/// A place or title query folded is UTF-8 with single spaces between words and none at either
/// end, and folding it again changes nothing.
enum FoldingProperties {
    static func check(_ bytes: [UInt8]) -> [String] {
        var findings = Findings()
        let text = String(decoding: bytes, as: UTF8.self)
        let place = PlaceNameFolding.fold(text)
        expectFolded(place, "a place", findings: &findings)
        findings.expect(
            PlaceNameFolding.fold(String(decoding: place, as: UTF8.self)) == place,
            "a place's fold folded again is the same: \(text.debugDescription)")
        let title = titleFolded(Array(text.utf8))
        expectFolded(title, "a title", findings: &findings)
        findings.expect(titleFolded(title) == title, "a title's fold folded again is the same: \(text.debugDescription)")
        return findings.broken
    }

    private static func titleFolded(_ bytes: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        bytes.withUnsafeBufferPointer { TitleFolding.append(foldedFrom: $0, to: &output) }
        return output
    }

    private static func expectFolded(_ folded: [UInt8], _ what: String, findings: inout Findings) {
        let space = UInt8(ascii: " ")
        findings.expect(String(validating: folded, as: UTF8.self) != nil, "\(what) folded is UTF-8")
        findings.expect(folded.first != space && folded.last != space, "\(what) folded has no space at either end")
        findings.expect(!zip(folded, folded.dropFirst()).contains { $0 == space && $1 == space }, "\(what) folded has single spaces")
    }
}
