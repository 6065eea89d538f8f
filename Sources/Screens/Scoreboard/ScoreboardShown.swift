import Foundation
import Models

/// What the scoreboard shows, but the clock's text: the game under way, a past game opened
/// read-only, the notice, and the chosen player.
struct ScoreboardShown: Equatable {
    var game = Game()
    /// A game of the library opened read-only, shown instead of `game`.
    var pastGame: StoredGame?
    var notice = ""
    var selectedPlayer = 0

    /// The game on show: a past one, or the one under way.
    var onShow: Game { pastGame?.game ?? game }
    /// Whether moves can be recorded: the game under way shows and is not over.
    var takesMoves: Bool { pastGame == nil && !game.isFinished }

    /// `Game of Nov 21, 2026 (read-only) · Esc returns to the current game` while a past game
    /// shows, its day in `timeZone`.
    func pastGameTitle(in timeZone: TimeZone) -> String {
        pastGame.map { "Game of \(ScoreboardFormat.day($0.startedOn, timeZone: timeZone)) (read-only) · Esc returns to the current game" }
            ?? ""
    }
}

extension GameScoreboardViewModel.Direction {
    /// The player chosen from the one at `index` (0–2 home, 3–5 away): within a team up and
    /// down, to the other team left and right.
    func player(from index: Int) -> Int {
        let row = index % 3, team = index / 3
        return switch self {
        case .up: team * 3 + max(0, row - 1)
        case .down: team * 3 + min(2, row + 1)
        case .left: row
        case .right: 3 + row
        }
    }
}
