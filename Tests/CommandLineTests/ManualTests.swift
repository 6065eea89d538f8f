import Foundation
import Renderer
import Services
import Testing
import TestSupport

/// The manual page stands alone: what `mvvm-tui --manual-sections` adds to it holds every key of
/// the screens' tables, every config key, every variable the sources read and every status they
/// exit with; the JSON documents come from Docs/CommandLine.md's tables.
@MainActor
struct ManualTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    private func sections() async throws -> String {
        let result = try await runToEnd(try ProgramUnderTest.path(), ["--manual-sections"])
        #expect(result.status == 0, "\(result.error)")
        return result.output
    }

    /// The text of `name`'s section.
    private func section(_ name: String, of text: String) -> String {
        guard let start = text.range(of: ".Sh \(name)\n") else { return "" }
        let rest = text[start.upperBound...]
        return String(rest[..<(rest.range(of: "\n.Sh ")?.lowerBound ?? rest.endIndex)])
    }

    /// Every Swift source under Sources, with its path.
    private func sources() throws -> [(path: String, text: String)] {
        let folder = Self.root.appendingPathComponent("Sources")
        let paths = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String } ?? []
        return try paths.filter { $0.hasSuffix(".swift") }.map { path in
            (path, try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8))
        }
    }

    @Test func theKeysAreTheKeyTables() async throws {
        let keys = section("KEYS", of: try await sections())
        let keymap = Keymap(screenLines: [
            WeatherView.keys.lines, MoviesView.keys.lines, SearchView.keys.lines, ScoreboardView.keys.lines, PeopleView.keys.lines,
        ])
        #expect(!keymap.lines.isEmpty)
        for scope in keymap.scopes { #expect(keys.contains(".Ss \(scope.heading)\n"), "\(scope.heading)") }
        for line in keymap.lines {
            let label = line.label.replacingOccurrences(of: "\\", with: "\\e").replacingOccurrences(of: "\"", with: "\\(dq")
            #expect(keys.contains(".It \"\\&\(label)\"\n\(line.summary)\n"), "\(line.label)")
        }
    }

    @Test func theConfigurationIsTheConfigFilesTableOfKeys() async throws {
        let configuration = section("CONFIGURATION", of: try await sections())
        for key in ConfigFile.keys {
            #expect(configuration.contains(".It Cm \(key.name) Li "), "\(key.name)")
            #expect(configuration.contains(key.summary.replacingOccurrences(of: "`", with: "")), "\(key.name)")
        }
    }

    @Test func everyVariableTheSourcesReadIsInTheEnvironment() async throws {
        let environment = section("ENVIRONMENT", of: try await sections())
        var read: Set<String> = []
        // A file that reads the environment names its variables as literals in capitals.
        for (_, text) in try sources() where text.contains("environment") {
            for match in text.matches(of: /"([A-Z][A-Z0-9_]{2,})"/) { read.insert(String(match.1)) }
        }
        read.subtract(["POSIX", "UTF8"])
        #expect(read.count > 20)
        for variable in read.sorted() { #expect(environment.contains(variable), "\(variable) is read but not in ENVIRONMENT") }
        for variable in ["http_proxy", "no_proxy", "LC_*"] { #expect(environment.contains(variable)) }
    }

    @Test func everyStatusTheSourcesExitWithIsInTheExitStatus() async throws {
        let status = section("EXIT STATUS", of: try await sections())
        var codes: Set<Int> = [64]  // ArgumentParser's, for every usage error
        for (_, text) in try sources() {
            for match in text.matches(of: /(?:ExitCode|exit)\(([0-9]+)\)|Status: Int32 = ([0-9]+)/) {
                if let code = Int(match.1 ?? match.2 ?? "") { codes.insert(code) }
            }
        }
        #expect(codes == [0, 1, 2, 64, 75, 78])
        for code in codes { #expect(status.contains(".It \(code)\n"), "\(code)") }
        #expect(!status.contains("on success"))
    }

    @Test func theJSONDocumentsSectionIsMadeFromTheTablesATestHoldsThePrintoutsTo() async throws {
        let script = Self.root.appendingPathComponent("Scripts/json-documents-man.awk").path
        let result = try await runToEnd("awk", ["-f", script, DocumentSchema.page.path])
        #expect(result.status == 0)
        let schema = DocumentSchema(markdown: try String(contentsOf: DocumentSchema.page, encoding: .utf8))
        #expect(result.output.hasPrefix(".Sh JSON DOCUMENTS\n"))
        for (object, keys) in schema.objects {
            #expect(result.output.contains(".Ss \(object)\n"), "\(object)")
            for (key, type) in keys { #expect(result.output.contains(".It \"\\&\(key) (\(type))\"\n"), "\(object).\(key)") }
        }
    }
}
