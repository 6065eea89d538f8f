import Foundation
import Renderer
import Testing

/// Docs/Keys.md lists every binding of the shell's and the screens' key tables, so the page cannot drift from the program.
struct KeysDocumentTests {
    @Test func keysPageListsEveryBindingWithItsSummary() throws {
        let page = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Docs/Keys.md")
        let text = try String(contentsOf: page, encoding: .utf8)
        for line in Keymap.everyScreen.lines {
            #expect(text.contains("| \(line.label) | \(line.summary) |"), "Docs/Keys.md lacks \(line.label)")
        }
        for scope in Keymap.everyScreen.scopes {
            #expect(text.contains("## \(scope.heading)\n"), "Docs/Keys.md lacks the heading \(scope.heading)")
        }
        let headings = text.split(separator: "\n").filter { $0.hasPrefix("## ") }.map { String($0.dropFirst(3)) }
        #expect(headings == Keymap.everyScreen.scopes.map(\.heading), "Docs/Keys.md lists the scopes in the help's order")
    }
}
