import Foundation
import Models
@testable import Screens
import Testing
import TestSupport

/// The games kept: shown newest first, a cursor that stays on the list, the chosen game given back.
@MainActor
struct GameLibraryViewModelTests {
    private static let utc = TimeZone(identifier: "UTC")!

    private static func stored(_ id: Int64) -> StoredGame {
        StoredGame(id: id, startedOn: Date(timeIntervalSince1970: 1_763_700_000 + Double(id) * 86_400), game: Game())
    }

    @Test func gamesShowWithTheCursorOnTheFirstAndTheChosenOneIsGivenBack() {
        let library = GameLibraryViewModel(timeZone: Self.utc)
        let visible = ValueRecorder(library.isVisible)
        let selected = ValueRecorder(library.selectedIndex)
        library.show([Self.stored(3), Self.stored(2), Self.stored(1)], problem: nil)
        library.moveSelection(by: 1)
        library.moveSelection(by: 5)
        library.moveSelection(by: 5)
        #expect(library.takeSelected()?.id == 1)
        #expect(selected.values == [0, 1, 2])
        #expect(visible.values == [false, true, false])
        #expect(latest(library.rows).count == 3)
        #expect(latest(library.message) == "")
    }

    @Test func noGamesOrAProblemSaySoAndGiveNothingBack() {
        let library = GameLibraryViewModel(timeZone: Self.utc)
        let message = ValueRecorder(library.message)
        library.show([], problem: nil)
        #expect(library.takeSelected() == nil)
        library.show([], problem: "The games cannot be read: disk full")
        library.hide()
        #expect(message.values == ["", GameLibraryViewModel.emptyMessage, "The games cannot be read: disk full"])
        #expect(!latest(library.isVisible))
    }
}
