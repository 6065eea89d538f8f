import Models

/// How the score of a finished game ran over its game time, as rows of text for the Scoreboard:
/// a heading, one line of Braille dots per team (each column a slice of the game time, as high
/// as the team's score at its end), and the time from the start to the last move.
///
/// ```
/// Score over game time
///     ⣀⣀⣀⣀⣀⣀⣀⣀⣀⣀⣤⣤⣤⣤⣤⣤⣤⣤⣤⣤⣶⣶⣶⣶⣶⣶⣶⣶⣶⣶⣿⣿⣿⣿⣿⣿ 16 Ballerz
/// ⣀⣀⣤⣤⣶⣶⣶⣶⣶⣶⣶⣶⣶⣶⣶⣶⣶⣶⣶⣶⣶⣶⣶⣶⣶⣶⣶⣶⣶⣶⣶⣶⣶⣶⣶⣶⣶⣶⣶⣶ 12 Ringerz
/// 00:00.0                          00:40.0
/// ```
///
/// Braille dots have a neutral width, so no terminal draws them two columns wide (some draw block
/// elements so); a column is blank while the team has no points. With ASCII `Glyphs`, the
/// columns are `_-=#`.
enum ScoreChart {
    /// The slices of game time, one a column.
    static let columns = 40

    /// The chart's rows for `game`, its columns of `glyphs`; none while the game goes on.
    static func rows(for game: Game, glyphs: Glyphs) -> [String] {
        // Nothing, then a quarter, a half, three quarters and all of the winner's score.
        let levels = [" "] + glyphs.levels
        guard game.isFinished else { return [] }
        let end = game.moves.map(\.gameTime).max() ?? .zero
        let final = game.score
        let top = max(final.home, final.away, 1)
        let scoreWidth = String(top).count
        let times = (1...columns).map { end * $0 / columns }
        var lines = ["Score over game time"]
        for side in [Side.home, .away] {
            let dots = times.map { time in
                let points = score(of: side, in: game, by: time)
                return levels[(points * (levels.count - 1) + top - 1) / top]
            }
            let points = String(side == .home ? final.home : final.away)
            let padding = String(repeating: " ", count: scoreWidth - points.count)
            lines.append("\(String(dots)) \(padding)\(points) \(side == .home ? game.home.name : game.away.name)")
        }
        let start = ScoreboardFormat.time(.zero), finish = ScoreboardFormat.time(end)
        lines.append(start + String(repeating: " ", count: max(1, columns - start.count - finish.count)) + finish)
        return lines
    }

    /// The points `side` had scored by `time` on the game clock.
    private static func score(of side: Side, in game: Game, by time: Duration) -> Int {
        game.moves.lazy.filter { $0.gameTime <= time && game.side(of: $0.playerID) == side }
            .reduce(0) { $0 + $1.move.points }
    }
}
