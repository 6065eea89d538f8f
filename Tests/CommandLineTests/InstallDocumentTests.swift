import Foundation
import Testing

/// Docs/Install.md counts and lists the files `make install` writes as the Makefile's
/// `INSTALLED_FILES` and `DATA_FILES` name them.
struct InstallDocumentTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let numbers = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"]

    /// The words of the Makefile's variable `name`, its continued lines joined.
    private func variable(_ name: String, in makefile: String) -> [String] {
        let joined = makefile.replacingOccurrences(of: "\\\n", with: " ")
        let line = joined.split(separator: "\n").first { $0.hasPrefix("\(name) :=") } ?? ""
        return line.dropFirst("\(name) :=".count).split(whereSeparator: \.isWhitespace).map(String.init)
    }

    @Test func theCountsAndTheTableAreTheMakefiles() throws {
        let makefile = try String(contentsOf: Self.root.appendingPathComponent("Makefile"), encoding: .utf8)
        let page = try String(contentsOf: Self.root.appendingPathComponent("Docs/Install.md"), encoding: .utf8)
        let data = variable("DATA_FILES", in: makefile)
        let expanded = makefile.replacingOccurrences(
            of: "$(addprefix share/mvvm-tui/,$(DATA_FILES))", with: data.map { "share/mvvm-tui/\($0)" }.joined(separator: " "))
        let installed = variable("INSTALLED_FILES", in: expanded)
        #expect(data == ["movies.sqlite", "gazetteer.sqlite"])
        #expect(installed.count == 7)
        #expect(page.contains("These \(Self.numbers[installed.count]) files are all `make install` writes"))
        #expect(page.contains("removes only the \(Self.numbers[installed.count]) files above"))
        #expect(page.contains("looks for its \(Self.numbers[data.count]) data files"))
        let listed = page.split(separator: "\n").filter { $0.hasPrefix("| `") }.map { $0.split(separator: "`")[1] }.map(String.init)
        #expect(listed == installed)
    }
}
