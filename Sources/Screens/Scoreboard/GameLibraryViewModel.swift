import Binding
import Foundation
import Models

/// The list of games kept, newest first, from which a past game opens read-only.
@MainActor
public final class GameLibraryViewModel {
    // MARK: - Outputs

    /// Whether the list shows.
    public let isVisible = Dynamic(false)
    /// One line per game: day, teams and score, time on the clock, state.
    public let rows = Dynamic<[String]>([])
    /// The row the cursor is on.
    public let selectedIndex = Dynamic(0)
    /// What the list says when it cannot be read or is empty.
    public let message = Dynamic("")

    private var games: [StoredGame] = []
    private let timeZone: TimeZone
    private let open: @MainActor (StoredGame) -> Void

    init(timeZone: TimeZone, open: @escaping @MainActor (StoredGame) -> Void) {
        self.timeZone = timeZone
        self.open = open
    }

    // MARK: - Inputs

    /// Shows `games`, or `problem` when they could not be read.
    func show(_ games: [StoredGame], problem: String?) {
        self.games = games
        rows.value = games.map { ScoreboardFormat.libraryRow($0, timeZone: timeZone) }
        message.value = problem ?? (games.isEmpty ? "No games yet." : "")
        selectedIndex.value = 0
        isVisible.value = true
    }

    /// Moves the cursor by `offset` rows, staying on the list.
    public func moveSelection(by offset: Int) {
        guard !games.isEmpty else { return }
        let index = min(max(0, selectedIndex.value + offset), games.count - 1)
        if index != selectedIndex.value { selectedIndex.value = index }
    }

    /// Opens the game under the cursor.
    public func openSelected() {
        guard games.indices.contains(selectedIndex.value) else { return }
        let game = games[selectedIndex.value]
        hide()
        open(game)
    }

    /// Closes the list.
    public func hide() {
        if isVisible.value { isVisible.value = false }
    }
}
