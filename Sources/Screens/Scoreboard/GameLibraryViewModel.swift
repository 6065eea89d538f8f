import Binding
import Foundation
import Models

/// The list of games kept, newest first, from which a past game opens read-only: derived from
/// the Scoreboard's list (`KeptGames`), whose cursor the Scoreboard's inputs move.
@MainActor
public final class GameLibraryViewModel {
    // MARK: - Outputs

    /// Whether the list shows.
    public let isVisible: Output<Bool>
    /// The list's heading.
    public let title = "Games kept, newest first"
    /// One line per game: day, teams and score, time on the clock, state.
    public let rows: Output<[String]>
    /// The same games field by field.
    public let games: Output<[GameLibraryRowViewModel]>
    /// The row the cursor is on.
    public let selectedIndex: Output<Int>
    /// What the list says when it cannot be read or is empty.
    public let message: Output<String>

    /// What the list says when no game is kept.
    public nonisolated static let emptyMessage = "No games yet."

    /// The list `library` holds while it shows; days in `timeZone`.
    init(_ library: Output<KeptGames?>, timeZone: TimeZone) {
        isVisible = library.map { $0 != nil }.distinct()
        games = library.map { $0?.games ?? [] }.distinct().map { $0.map { GameLibraryRowViewModel($0, timeZone: timeZone) } }
        rows = games.map { $0.map(\.text) }
        selectedIndex = library.map { $0?.cursor ?? 0 }.distinct()
        message = library.map { $0?.message ?? "" }.distinct()
    }
}
