import Foundation
import Testing
import TestSupport

/// The release link lays functions out in the order of `Scripts/link-order.txt`, with lld's
/// warnings about names it does not find switched off (Makefile `LINK_FLAGS`). So that the list
/// cannot go stale unseen, this test fails when more than a tenth of its names are no longer in
/// the release binary (Docs/DECISIONS.md, "Release builds are static executables, laid out in the
/// order a session runs"). It runs against the release binary only, in `make test-release`.
struct LinkOrderTests {
    /// The program under test, when it is the release build.
    private static let releaseBinary: String? = {
        guard let path = try? ProgramUnderTest.path(), path.hasSuffix("/release/mvvm-tui") else { return nil }
        return path
    }()

    @Test(.enabled(if: releaseBinary != nil, "the order file applies to the release binary only"))
    func atMostATenthOfTheLinkOrderIsMissingFromTheReleaseBinary() async throws {
        let binary = try #require(Self.releaseBinary)
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Scripts/link-order.txt")
        let ordered = Set(
            try String(contentsOf: file, encoding: .utf8).split(separator: "\n")
                .filter { !$0.hasPrefix("#") && !$0.isEmpty }.map(String.init))
        let table = try await runToEnd("nm", [binary])
        try #require(table.status == 0, "nm \(binary) failed: \(table.error)")
        let present = Set(table.output.split(separator: "\n").compactMap { $0.split(separator: " ").last.map(String.init) })
        let missing = ordered.subtracting(present)
        #expect(
            missing.count * 10 <= ordered.count,
            """
            \(missing.count) of the \(ordered.count) functions in Scripts/link-order.txt are no longer in \(binary): \
            run `make link-order` to write the order again (it needs valgrind), then `make perf`
            """)
    }
}
