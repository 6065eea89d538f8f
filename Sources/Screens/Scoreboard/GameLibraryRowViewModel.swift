import Foundation
import Models

/// One game of the library as its row writes it: `Nov 21, 2026 19:42  Ballerz 15 - 12 Ringerz
/// 04:31.0  finished`, field by field.
public struct GameLibraryRowViewModel: Equatable, Sendable {
    /// `Nov 21, 2026`: the day the game started.
    public let day: String
    /// `19:42`: the time of day the game started, so that an evening's games read apart.
    public let startTime: String
    public let homeTeam: String
    /// `<home> - <away>`.
    public let score: String
    public let awayTeam: String
    /// Time on the clock: `04:31.0`.
    public let time: String
    /// `not started`, `in progress` or `finished`.
    public let state: String
    /// The same game as data, for a script (`mvvm-tui games --json`): when it started, the
    /// points of each team, and the seconds on the clock, to a tenth.
    public let startedAt: Date
    public let homeScore: Int
    public let awayScore: Int
    public let seconds: Double

    /// The row of `stored`, its day and time in `timeZone`.
    public init(_ stored: StoredGame, timeZone: TimeZone) {
        let game = stored.game
        day = ScoreboardFormat.day(stored.startedOn, timeZone: timeZone)
        startTime = ScoreboardFormat.timeOfDay(stored.startedOn, timeZone: timeZone)
        homeTeam = game.home.name
        score = ScoreboardFormat.score(game.score)
        awayTeam = game.away.name
        time = ScoreboardFormat.time(game.accumulated)
        state = game.isFinished ? "finished" : (game.moves.isEmpty ? "not started" : "in progress")
        (startedAt, homeScore, awayScore) = (stored.startedOn, game.score.home, game.score.away)
        seconds = Double(max(game.accumulated, .zero).nanoseconds / 100_000_000) / 10
    }

    /// `Nov 21, 2026 19:42`: when the game started, as the row's first column writes it.
    public var started: String { "\(day) \(startTime)" }

    /// The row as one line.
    public var text: String {
        "\(started)  \(homeTeam) \(score) \(awayTeam)  \(time)  \(state)"
    }
}
