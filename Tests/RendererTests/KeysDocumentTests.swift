import Foundation
import Renderer
import Testing

/// Docs/Keys.md lists every binding of the keymap, so the page cannot drift from the program.
struct KeysDocumentTests {
    @Test func keysPageListsEveryBindingWithItsSummary() throws {
        let page = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Docs/Keys.md")
        let text = try String(contentsOf: page, encoding: .utf8)
        for binding in Keymap.standard.bindings {
            #expect(text.contains("| \(binding.label) | \(binding.summary) |"), "Docs/Keys.md lacks \(binding.label)")
        }
        for scope in KeyScope.allCases {
            #expect(text.contains("## \(scope.heading)"), "Docs/Keys.md lacks the heading \(scope.heading)")
        }
    }
}
