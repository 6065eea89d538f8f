import Binding
import Models

/// One player's line on the scoreboard: the name and a count per move, derived from the game
/// on show, and the five moves as inputs, which it tells its parent through `moveMade` (the
/// classic `PlayerScoreboardMoveEditorViewModel`'s `onePointMove()` … `foulMove()`).
///
/// It talks one way each way: the game's view-model scopes it to the game it shows when it
/// builds it, and binds `moveMade`; nothing is set on it later, and it calls nothing above it.
@MainActor
public final class PlayerScoreboardViewModel {
    /// The heading over the players' names, and over their five counts in move order.
    public nonisolated static let heading = "Player", moveTitles = ["1pt", "2pt", "Ast", "Reb", "Foul"]

    // MARK: - Inputs

    /// The player made a one-point shot.
    public func onePointMove() { sendMove(.onePoint) }
    /// The player made a two-point shot.
    public func twoPointsMove() { sendMove(.twoPoints) }
    /// The player made an assist.
    public func assistMove() { sendMove(.assist) }
    /// The player took a rebound.
    public func reboundMove() { sendMove(.rebound) }
    /// The player committed a foul.
    public func foulMove() { sendMove(.foul) }

    // MARK: - Outputs

    /// The player's name.
    public let playerName: Output<String>
    /// The one-point shots the player made: `3`.
    public let onePointMoveCount: Output<String>
    /// The two-point shots the player made.
    public let twoPointMoveCount: Output<String>
    /// The player's assists.
    public let assistMoveCount: Output<String>
    /// The player's rebounds.
    public let reboundMoveCount: Output<String>
    /// The player's fouls.
    public let foulMoveCount: Output<String>
    /// Whether moves can be recorded: false once the game is finished or when it is a past game.
    public let isEnabled: Output<Bool>
    /// Each move the player made, as the inputs above tell it, for the game to record.
    public let moveMade: Events<Move>

    /// The player's number in the game.
    public let playerID: Player.ID

    private let sendMove: @MainActor (Move) -> Void

    /// The line of the player `id` in `shown`: the game on show, and whether it takes moves.
    init(player id: Player.ID, in shown: Output<ShownGame>) {
        playerID = id
        (moveMade, sendMove) = Events.pipe()
        playerName = shown.map { shown in
            (shown.game.home.players + shown.game.away.players).first { $0.id == id }?.name ?? ""
        }.distinct()
        func count(_ move: Move) -> Output<String> {
            shown.map { "\($0.game.count(of: move, by: id))" }.distinct()
        }
        onePointMoveCount = count(.onePoint)
        twoPointMoveCount = count(.twoPoints)
        assistMoveCount = count(.assist)
        reboundMoveCount = count(.rebound)
        foulMoveCount = count(.foul)
        isEnabled = shown.map(\.takesMoves).distinct()
    }
}

/// The game on show and whether it takes moves: what a player's line is derived from.
struct ShownGame: Equatable {
    var game: Game
    var takesMoves: Bool
}
