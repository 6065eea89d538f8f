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
        "Renderer": ["CNcurses", "CTerminal", "Screens", "Binding"],
        "mvvm-tui": ["Binding", "Models", "Screens", "Services", "Renderer", "CJobs"],
    ]
    static let projectModules: Set<String> = ["Binding", "Models", "Screens", "Services", "Renderer", "CNcurses", "CTerminal", "CJobs"]

    @Test(arguments: allowed.keys.sorted())
    func eachModuleImportsOnlyWhatItsLayerMayUse(module: String) throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/\(module)")
        let files = try #require(FileManager.default.subpathsOfDirectory(atPath: sources.path).filter { $0.hasSuffix(".swift") })
        #expect(!files.isEmpty)
        for file in files {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            let imported = text.split(separator: "\n").compactMap { line -> String? in
                let words = line.split(separator: " ")
                guard let index = words.firstIndex(of: "import"), words[..<index].allSatisfy({ $0.hasPrefix("@") }),
                      index + 1 < words.count else { return nil }
                return String(words[index + 1])
            }
            let crossing = Set(imported).intersection(Self.projectModules).subtracting(Self.allowed[module] ?? [])
            #expect(crossing.isEmpty, "Sources/\(module)/\(file) imports \(crossing.sorted())")
        }
    }
}
