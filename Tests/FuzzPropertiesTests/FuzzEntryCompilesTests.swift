import Foundation
import Testing
import TestSupport

/// The fuzz package's entry point (Fuzz/Sources/fuzz-readers) still type-checks against the
/// FuzzProperties this build made, with the flags the build used: `make test` never builds the
/// fuzz package, and this takes a second rather than a sanitized build of everything.
struct FuzzEntryCompilesTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardized

    /// The compiler and the search paths the debug build compiled FuzzProperties with.
    static func buildFlags() throws -> (compiler: String, flags: [String]) {
        let manifest = try String(contentsOf: root.appendingPathComponent(".build/debug.yaml"), encoding: .utf8)
        let line = try #require(
            manifest.split(separator: "\n").first { $0.contains("args: [") && $0.contains(#""-module-name","FuzzProperties""#) },
            "the debug build compiled FuzzProperties")
        let json = line.drop { $0 != "[" }
        let arguments = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String])
        let kept: Set = ["-I", "-target", "-Xcc", "-module-cache-path", "-swift-version"]
        var flags: [String] = []
        var index = 1
        while index < arguments.count {
            if kept.contains(arguments[index]), index + 1 < arguments.count {
                flags += arguments[index...(index + 1)]
                index += 2
            } else {
                index += 1
            }
        }
        return (arguments[0], flags)
    }

    @Test(.timeLimit(.minutes(1))) func theFuzzEntryTypeChecks() async throws {
        let (compiler, flags) = try Self.buildFlags()
        let entry = Self.root.appendingPathComponent("Fuzz/Sources/fuzz-readers/FuzzEntry.swift").path
        let result = try await runToEnd(compiler, ["-typecheck", "-parse-as-library"] + flags + [entry])
        #expect(result.status == 0, "\(result.error)")
    }
}
