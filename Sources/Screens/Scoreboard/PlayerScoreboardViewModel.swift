import Binding
import Models

/// One player's line on the scoreboard: the name and a count per move, which the game's
/// view-model sets, and the five moves as inputs, which it records for this player (the
/// classic `PlayerScoreboardMoveEditorViewModel`'s `onePointMove()` … `foulMove()`).
@MainActor
public final class PlayerScoreboardViewModel {
    /// The heading over the players' names, and over their five counts in move order.
    public nonisolated static let heading = "Player", moveTitles = ["1pt", "2pt", "Ast", "Reb", "Foul"]

    // MARK: - Inputs

    /// The player made a one-point shot.
    public func onePointMove() { recordMove?(.onePoint) }
    /// The player made a two-point shot.
    public func twoPointsMove() { recordMove?(.twoPoints) }
    /// The player made an assist.
    public func assistMove() { recordMove?(.assist) }
    /// The player took a rebound.
    public func reboundMove() { recordMove?(.rebound) }
    /// The player committed a foul.
    public func foulMove() { recordMove?(.foul) }

    // MARK: - Outputs

    /// The player's name.
    public var playerName: Output<String> { _playerName.output }
    /// The one-point shots the player made: `3`.
    public var onePointMoveCount: Output<String> { _onePointMoveCount.output }
    /// The two-point shots the player made.
    public var twoPointMoveCount: Output<String> { _twoPointMoveCount.output }
    /// The player's assists.
    public var assistMoveCount: Output<String> { _assistMoveCount.output }
    /// The player's rebounds.
    public var reboundMoveCount: Output<String> { _reboundMoveCount.output }
    /// The player's fouls.
    public var foulMoveCount: Output<String> { _foulMoveCount.output }
    /// Whether moves can be recorded: false once the game is finished or when it is a past game.
    public var isEnabled: Output<Bool> { _isEnabled.output }

    /// The player's number in the game.
    public let playerID: Player.ID

    // MARK: - State

    private let _playerName: Dynamic<String>
    private let _onePointMoveCount = Dynamic("0")
    private let _twoPointMoveCount = Dynamic("0")
    private let _assistMoveCount = Dynamic("0")
    private let _reboundMoveCount = Dynamic("0")
    private let _foulMoveCount = Dynamic("0")
    private let _isEnabled = Dynamic(true)
    /// Records a move by this player in the game: set by the game's view-model, which owns this one.
    var recordMove: ((Move) -> Void)?

    init(player: Player) {
        playerID = player.id
        _playerName = Dynamic(player.name)
    }

    // MARK: - Updating

    /// Shows `game`'s counts for this player.
    func show(_ game: Game, enabled: Bool) {
        let name = (game.home.players + game.away.players).first { $0.id == playerID }?.name ?? ""
        _playerName.change(to: name)
        _onePointMoveCount.change(to: "\(game.count(of: .onePoint, by: playerID))")
        _twoPointMoveCount.change(to: "\(game.count(of: .twoPoints, by: playerID))")
        _assistMoveCount.change(to: "\(game.count(of: .assist, by: playerID))")
        _reboundMoveCount.change(to: "\(game.count(of: .rebound, by: playerID))")
        _foulMoveCount.change(to: "\(game.count(of: .foul, by: playerID))")
        _isEnabled.change(to: enabled)
    }
}
