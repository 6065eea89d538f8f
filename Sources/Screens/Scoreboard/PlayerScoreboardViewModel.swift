import Binding
import Models

/// One player's line on the scoreboard: the name, a count per move, and the move inputs.
@MainActor
public final class PlayerScoreboardViewModel {
    // MARK: - Outputs

    public let playerName: Dynamic<String>
    public let onePointMoveCount = Dynamic("0")
    public let twoPointMoveCount = Dynamic("0")
    public let assistMoveCount = Dynamic("0")
    public let reboundMoveCount = Dynamic("0")
    public let foulMoveCount = Dynamic("0")
    /// Whether moves can be recorded: false once the game is finished or when it is a past game.
    public let isEnabled = Dynamic(true)

    /// The player's number in the game.
    public let playerID: Player.ID
    private let record: @MainActor (Player.ID, Move) -> Void

    init(player: Player, record: @escaping @MainActor (Player.ID, Move) -> Void) {
        playerID = player.id
        playerName = Dynamic(player.name)
        self.record = record
    }

    // MARK: - Inputs

    /// Records a one-point shot.
    public func onePointMove() { record(playerID, .onePoint) }
    /// Records a two-point shot.
    public func twoPointsMove() { record(playerID, .twoPoints) }
    /// Records an assist.
    public func assistMove() { record(playerID, .assist) }
    /// Records a rebound.
    public func reboundMove() { record(playerID, .rebound) }
    /// Records a foul.
    public func foulMove() { record(playerID, .foul) }

    // MARK: - Updating

    /// Shows `game`'s counts for this player.
    func show(_ game: Game, enabled: Bool) {
        let name = (game.home.players + game.away.players).first { $0.id == playerID }?.name ?? ""
        playerName.change(to: name)
        onePointMoveCount.change(to: "\(game.count(of: .onePoint, by: playerID))")
        twoPointMoveCount.change(to: "\(game.count(of: .twoPoints, by: playerID))")
        assistMoveCount.change(to: "\(game.count(of: .assist, by: playerID))")
        reboundMoveCount.change(to: "\(game.count(of: .rebound, by: playerID))")
        foulMoveCount.change(to: "\(game.count(of: .foul, by: playerID))")
        isEnabled.change(to: enabled)
    }
}
