import Binding
import Foundation
import Models

/// The list of games kept, newest first, from which a past game opens read-only. The scoreboard
/// owns it: it fills the list, and opens the game `takeSelected` gives back.
@MainActor
public final class GameLibraryViewModel {
    // MARK: - Outputs

    /// Whether the list shows.
    public var isVisible: Output<Bool> { _isVisible.output }
    /// The list's heading.
    public let title = "Games kept, newest first"
    /// One line per game: day, teams and score, time on the clock, state.
    public var rows: Output<[String]> { _games.output.map { $0.map(\.text) } }
    /// The same games field by field.
    public var games: Output<[GameLibraryRowViewModel]> { _games.output }
    /// The row the cursor is on.
    public var selectedIndex: Output<Int> { _selectedIndex.output }
    /// What the list says when it cannot be read or is empty.
    public var message: Output<String> { _message.output }

    /// What the list says when no game is kept.
    public static let emptyMessage = "No games yet."

    // MARK: - State

    private let _isVisible = Dynamic(false)
    private let _games = Dynamic<[GameLibraryRowViewModel]>([])
    private let _selectedIndex = Dynamic(0)
    private let _message = Dynamic("")
    private var stored: [StoredGame] = []
    private let timeZone: TimeZone

    init(timeZone: TimeZone) {
        self.timeZone = timeZone
    }

    // MARK: - Inputs

    /// Shows `games`, or `problem` when they could not be read.
    func show(_ games: [StoredGame], problem: String?) {
        stored = games
        _games.value = games.map { GameLibraryRowViewModel($0, timeZone: timeZone) }
        _message.change(to: problem ?? (games.isEmpty ? Self.emptyMessage : ""))
        _selectedIndex.change(to: 0)
        _isVisible.change(to: true)
    }

    /// Moves the cursor by `offset` rows, staying on the list; nothing while the list is closed.
    public func moveSelection(by offset: Int) {
        moveSelection(to: _selectedIndex.value + offset)
    }

    /// Moves the cursor to row `index`, or the nearest end; nothing while the list is closed.
    func moveSelection(to index: Int) {
        guard _isVisible.value, !stored.isEmpty else { return }
        _selectedIndex.change(to: min(max(0, index), stored.count - 1))
    }

    /// Whether the list shows with the cursor on row `index`.
    func showsCursor(at index: Int) -> Bool {
        _isVisible.value && _selectedIndex.value == index
    }

    /// Closes the list and gives the game under the cursor, for the scoreboard to open.
    func takeSelected() -> StoredGame? {
        guard stored.indices.contains(_selectedIndex.value) else { return nil }
        hide()
        return stored[_selectedIndex.value]
    }

    /// Closes the list.
    public func hide() {
        _isVisible.change(to: false)
    }
}
