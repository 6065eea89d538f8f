import Foundation
@testable import Services
import Testing

/// The program finds its data from its own executable: installed beside it, else in the build folder.
struct EmbeddedDataFolderTests {
    private let root = FileManager.default.temporaryDirectory
        .appendingPathComponent("mvvm-tui data \(UUID().uuidString)")

    private func fill(_ folder: URL, leaving missing: String? = nil) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for name in EmbeddedDataFolder.fileNames where name != missing {
            try Data("x".utf8).write(to: folder.appendingPathComponent(name))
        }
    }

    @Test func anInstalledProgramReadsShareBesideItsBinFolder() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let bin = root.appendingPathComponent("bin")
        try fill(root.appendingPathComponent("share/mvvm-tui"))
        try fill(bin.appendingPathComponent(EmbeddedDataFolder.buildName))
        let folder = EmbeddedDataFolder.locate(binDirectory: bin)
        #expect(folder.url.standardizedFileURL.path == root.appendingPathComponent("share/mvvm-tui").path)
        try folder.check()
    }

    @Test func aBuiltProgramReadsTheBuildFoldersResources() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let bin = root.appendingPathComponent("release")
        try fill(root.appendingPathComponent("share/mvvm-tui"), leaving: "movies.sqlite")
        try fill(bin.appendingPathComponent(EmbeddedDataFolder.buildName))
        #expect(EmbeddedDataFolder.locate(binDirectory: bin).url == bin.appendingPathComponent(EmbeddedDataFolder.buildName))
    }

    @Test func aMissingFileIsNamed() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let bin = root.appendingPathComponent("bin")
        try fill(root.appendingPathComponent("share/mvvm-tui"), leaving: "gazetteer.sqlite")
        let folder = EmbeddedDataFolder.locate(binDirectory: bin)
        let missing = folder.file("gazetteer.sqlite").path
        #expect(throws: EmbeddedDataFolder.Missing(path: missing)) { try folder.check() }
        #expect("\(EmbeddedDataFolder.Missing(path: missing))".contains(missing))
    }

    @Test func theTestsThemselvesFindTheBuildFolder() throws {
        try EmbeddedDataFolder.located.check()
    }
}
