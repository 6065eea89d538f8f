import Binding
import Foundation
import Models

/// How the scoreboard writes times, scores and games.
enum ScoreboardFormat {
    /// `mm:ss.t`, tenths cut, not rounded; minutes go past 59 (`60:00.0`).
    static func time(_ duration: Duration) -> String {
        let tenths = max(duration, .zero).nanoseconds / 100_000_000
        let seconds = tenths / 10
        return String(format: "%02lld:%02lld.%lld", seconds / 60, seconds % 60, tenths % 10)
    }

    /// `<home> - <away>`.
    static func score(_ score: Score) -> String {
        "\(score.home) - \(score.away)"
    }

    /// `Ballerz win 15 - 12`, the winner's points first; empty while the game goes on.
    static func result(_ game: Game) -> String {
        guard let winner = game.winner else { return "" }
        let score = game.score
        return winner == .home
            ? "\(game.home.name) win \(score.home) - \(score.away)"
            : "\(game.away.name) win \(score.away) - \(score.home)"
    }

    /// `Undid Hakeem's rebound`: what undo took back, the player named as `game` has them.
    static func undid(_ move: RecordedMove, in game: Game) -> String {
        let name = game.name(of: .player(move.playerID)) ?? "a player"
        let what =
            switch move.move {
            case .onePoint: "one-point shot"
            case .twoPoints: "two-point shot"
            case .assist: "assist"
            case .rebound: "rebound"
            case .foul: "foul"
            }
        return "Undid \(name)'s \(what)"
    }

    /// `Nov 21, 2026`: the day in `timeZone`, from the Gregorian calendar and `CalendarNames`
    /// (a `DateFormatter` would set up ICU's formatting, megabytes of memory, for one line).
    static func day(_ date: Date, timeZone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let day = calendar.dateComponents([.year, .month, .day], from: date)
        return CalendarNames.shortDate(year: day.year ?? 1970, month: day.month ?? 1, day: day.day ?? 1)
    }

    /// `19:42`: the time of day in `timeZone`, on a 24-hour clock.
    static func timeOfDay(_ date: Date, timeZone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let time = calendar.dateComponents([.hour, .minute], from: date)
        return String(format: "%02d:%02d", time.hour ?? 0, time.minute ?? 0)
    }

    /// `Nov 21, 2026 19:42`: when a game started, in `timeZone`.
    static func started(_ date: Date, timeZone: TimeZone) -> String {
        "\(day(date, timeZone: timeZone)) \(timeOfDay(date, timeZone: timeZone))"
    }
}
