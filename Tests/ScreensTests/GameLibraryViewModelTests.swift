import Binding
import Foundation
import Models
@testable import Screens
import Testing
import TestSupport

/// The games kept as the list shows them: a row a game, the cursor, and what an empty or unread
/// list says, all derived from the Scoreboard's list while it shows.
@MainActor
struct GameLibraryViewModelTests {
    private static let utc = TimeZone(identifier: "UTC")!

    private static func stored(_ id: Int64) -> StoredGame {
        StoredGame(id: id, startedOn: Date(timeIntervalSince1970: 1_763_700_000 + Double(id) * 86_400), game: Game())
    }

    @Test func theListShowsItsRowsAndCursorWhileItIsOpen() {
        let kept = Dynamic<KeptGames?>(nil)
        let library = GameLibraryViewModel(kept.output, timeZone: Self.utc)
        let visible = ValueRecorder(library.isVisible)
        let selected = ValueRecorder(library.selectedIndex)
        let rows = ValueRecorder(library.rows)
        kept.value = KeptGames(games: [Self.stored(2), Self.stored(1)], message: "")
        kept.value?.cursor = 1
        kept.value = nil
        #expect(visible.values == [false, true, false])
        #expect(selected.values == [0, 1, 0])
        #expect(
            rows.values == [
                [],
                [
                    "Nov 23, 2025 04:40  Ballerz 0 - 0 Ringerz  00:00.0  not started",
                    "Nov 22, 2025 04:40  Ballerz 0 - 0 Ringerz  00:00.0  not started",
                ],
                [],
            ])
    }

    @Test func noGamesOrAProblemSaySo() {
        let kept = Dynamic<KeptGames?>(nil)
        let library = GameLibraryViewModel(kept.output, timeZone: Self.utc)
        let message = ValueRecorder(library.message)
        kept.value = KeptGames(games: [], message: GameLibraryViewModel.emptyMessage)
        kept.value = KeptGames(games: [], message: "The games cannot be read: disk full")
        #expect(message.values == ["", GameLibraryViewModel.emptyMessage, "The games cannot be read: disk full"])
    }
}
