import Foundation
import Testing

/// The layers hold in the source, not only in Package.swift: SwiftPM lets a module import any
/// module built before it (a dependency's dependency), so `import Models` in the Renderer would
/// compile although its target does not list Models. Each module imports only the project's
/// modules its layer may use (Docs/Architecture.md).
struct LayerImportsTests {
    /// The project's modules each module may import.
    static let allowed: [String: Set<String>] = [
        "Binding": [],
        "Models": [],
        "Screens": ["Binding", "Models"],
        "Services": ["Binding", "Models"],
        // Drawing knows no terminal: ncurses and the terminal's C code are the Terminal module's alone.
        "Renderer": ["Screens", "Binding"],
        // Bytes to keys knows no terminal either: a fuzzer links it without ncurses.
        "InputDecoding": ["Renderer"],
        "Terminal": ["CNcurses", "CTerminal", "InputDecoding", "Renderer", "Screens", "Binding"],
        "mvvm-tui": ["Binding", "Models", "Screens", "Services", "Renderer", "Terminal", "CJobs"],
    ]
    /// An import, whatever its attributes, access and kind: `@testable import Models`, `public
    /// import Binding`, `import struct Models.Movie`; the module's name is the capture.
    nonisolated(unsafe) static let importLine =
        #/^\s*(?:@\w+\s+)*(?:(?:public|package|internal|fileprivate|private)\s+)?import\s+(?:(?:typealias|struct|class|enum|protocol|let|var|func)\s+)?([A-Za-z_][A-Za-z0-9_]*)/#

    static let projectModules: Set<String> = [
        "Binding", "Models", "Screens", "Services", "Renderer", "InputDecoding", "Terminal", "CNcurses", "CTerminal", "CJobs",
    ]

    @Test(arguments: allowed.keys.sorted())
    func eachModuleImportsOnlyWhatItsLayerMayUse(module: String) throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent(
                ["Terminal", "InputDecoding"].contains(module) ? "Sources/Platform/\(module)" : "Sources/\(module)")
        let files = try FileManager.default.subpathsOfDirectory(atPath: sources.path).filter { $0.hasSuffix(".swift") }
        #expect(!files.isEmpty)
        for file in files {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            let imported = text.split(whereSeparator: \.isNewline).compactMap { line in
                line.firstMatch(of: Self.importLine).map { String($0.output.1) }
            }
            let crossing = Set(imported).intersection(Self.projectModules).subtracting(Self.allowed[module] ?? [])
            #expect(crossing.isEmpty, "Sources/\(module)/\(file) imports \(crossing.sorted())")
        }
    }

    /// No Models value's member is read in the Renderer through a Screens output either: the
    /// Renderer compiles with `MemberImportVisibility`, under which a member of a module the file
    /// does not import cannot be named (a `Person`'s birthday, say), and it imports no Models.
    @Test func theRendererCompilesWithMembersOfOnlyTheModulesItImports() throws {
        let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Package.swift")
        let text = try String(contentsOf: package, encoding: .utf8)
        let renderer = try #require(text.range(of: "name: \"Renderer\""))
        let target = text[renderer.lowerBound...].prefix { $0 != ")" }
        #expect(target.contains(".enableUpcomingFeature(\"MemberImportVisibility\""), "\(target)")
    }
}
