import Foundation
import Testing
import TestSupport

/// The mouse in the real binary, in tmux: the clicks and wheel turns a terminal sends (SGR
/// reports, as tmux would pass them on), and a paste that never ends.
@Suite(.serialized, .startsProcesses) struct MouseEndToEndTests {
    private let dataDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("mvvm-tui-e2e-mouse-\(UUID().uuidString)")
        .path

    @Test func aClickOnATabNameOpensItAndMouseReportingIsOffAfterQuitting() async throws {
        let session = try await TmuxSession(arguments: ["--offline", "--data-dir", dataDirectory])
        let screen = try await session.waitFor("[Weather]")
        #expect(try await session.screenModes().mouseReporting)
        try await session.click(on: "Scoreboard", in: screen)
        try await session.waitFor("[Scoreboard]")
        try await session.click(on: "People", in: try await session.screen())
        try await session.waitFor("[People]")
        try await session.press("q")
        #expect(try await session.waitForExit().status == 0)
        try await session.expectTerminalRestored()
    }

    @Test func theWheelMovesTheMoviesListAndAClickChoosesARow() async throws {
        let session = try await TmuxSession(arguments: ["--offline", "--data-dir", dataDirectory, "--tab", "movies"])
        let before = try await session.waitFor("the list") { $0.contains("› ") }
        let first = try Self.markedRow(in: before)
        try await session.send(bytes: Array("\u{1B}[<65;10;\(first.row + 2)M".utf8))  // the wheel, towards the user
        let after = try await session.waitFor("the mark to move") { (try? Self.markedRow(in: $0).row) == first.row + 3 }
        #expect(try Self.markedRow(in: after).title != first.title)
        try await session.send(bytes: Array("\u{1B}[<0;10;\(first.row + 1)M\u{1B}[<0;10;\(first.row + 1)m".utf8))
        try await session.waitFor("the click to choose the first row") { (try? Self.markedRow(in: $0).row) == first.row }
    }

    @Test func aPasteThatNeverEndsLetsKeysThroughAfterHalfASecond() async throws {
        let session = try await TmuxSession(arguments: ["--offline", "--data-dir", dataDirectory, "--tab", "movies"])
        try await session.waitFor("[Movies]")
        try await session.send(bytes: Array("\u{1B}[200~stray".utf8))
        try await Task.sleep(for: .milliseconds(700))
        try await session.type("?")
        try await session.waitFor("the help") { $0.contains("Keys") && $0.contains("Esc") }
    }

    @Test func withNoMouseTheProgramLeavesTheMouseToTheTerminal() async throws {
        let session = try await TmuxSession(arguments: ["--offline", "--data-dir", dataDirectory, "--no-mouse"])
        try await session.waitFor("[Weather]")
        #expect(try await !session.screenModes().mouseReporting)
    }

    /// The row (0-based) holding the list's mark `›` below the tab bar, and the title beside it.
    private static func markedRow(in screen: String) throws -> (row: Int, title: String) {
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
        guard let row = lines.indices.dropFirst(2).first(where: { lines[$0].prefix(3).contains("›") }) else {
            throw TmuxSession.Failure(description: "no marked row in:\n\(screen)")
        }
        return (row, String(lines[row].split(separator: "│").first ?? ""))
    }
}

extension TmuxSession {
    /// Clicks (press and release of the left button) on the first cell of `text` in `screen`.
    func click(on text: String, in screen: String) async throws {
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
        guard let row = lines.firstIndex(where: { $0.contains(text) }), let range = lines[row].range(of: text) else {
            throw Failure(description: "no \(text) to click in:\n\(screen)")
        }
        let column = lines[row].distance(from: lines[row].startIndex, to: range.lowerBound)
        try await send(bytes: Array("\u{1B}[<0;\(column + 1);\(row + 1)M\u{1B}[<0;\(column + 1);\(row + 1)m".utf8))
    }
}
