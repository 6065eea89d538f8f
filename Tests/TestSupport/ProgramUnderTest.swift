import Foundation

/// The mvvm-tui binary the end-to-end and command-line tests run: `MVVM_TUI_BINARY` (the release
/// build in `make test-release`), else the package's debug build.
public enum ProgramUnderTest {
    public struct Missing: Error, CustomStringConvertible {
        public let description: String
    }

    /// The binary's path; throws when nothing executable is there.
    public static func path() throws -> String {
        let path =
            ProcessInfo.processInfo.environment["MVVM_TUI_BINARY"]
            ?? URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent(".build/debug/mvvm-tui").path
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw Missing(description: "no program at \(path): run `swift build` first, or `make test`")
        }
        return path
    }
}
