import Foundation
import FuzzProperties
import Testing

/// Every file of the committed fuzz corpora (Fuzz/Corpus/<target>/) keeps its target's
/// properties: what `make fuzz` checks, run here without libFuzzer.
struct FuzzCorpusTests {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Fuzz/Corpus").standardized

    static func files(of target: FuzzTarget) -> [URL] {
        let folder = corpus.appendingPathComponent(target.rawValue)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.sorted().map { folder.appendingPathComponent($0) }
    }

    @Test(arguments: FuzzTarget.allCases)
    func everyCorpusFileKeepsItsTargetsProperties(_ target: FuzzTarget) async throws {
        let files = Self.files(of: target)
        #expect(files.count >= 2, "the corpus of \(target.rawValue) has its seeds")
        for file in files {
            let bytes = try [UInt8](Data(contentsOf: file))
            #expect(bytes.count <= FuzzTarget.maxInputBytes, "\(file.lastPathComponent) is small")
            let broken = await target.brokenProperties(bytes)
            #expect(broken.isEmpty, "\(target.rawValue)/\(file.lastPathComponent): \(broken)")
        }
    }

    @Test func theCorporaStaySmall() throws {
        let sizes = try FuzzTarget.allCases.flatMap(Self.files(of:)).map { try $0.resourceValues(forKeys: [.fileSizeKey]).fileSize ?? 0 }
        #expect(sizes.reduce(0, +) <= 300 * 1024, "the committed corpora hold at most 300 KB")
    }
}
