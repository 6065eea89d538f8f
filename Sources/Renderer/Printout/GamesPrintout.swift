import Binding
import Screens

/// The Scoreboard's library written for a shell (`mvvm-tui games`): the games kept, newest
/// first, as the library lists them, in columns.
///
/// ```
/// Nov 25, 2026  Ballerz   4 - 2  Ringerz  01:12.4  in progress
/// Nov 21, 2026  Ballerz  15 - 12 Ringerz  04:31.0  finished
/// ```
@MainActor
public final class GamesPrintout: Printout {
    /// The JSON document: the library's outputs, named as its view-model names them.
    public struct Document: Codable, Equatable, Sendable {
        public var games: [Game]
        /// What the library says when it is empty (`No games yet.`) or cannot be read.
        public var message: String

        /// One game, as `GameLibraryRowViewModel` writes it.
        public struct Game: Codable, Equatable, Sendable {
            public var day: String
            public var homeTeam: String
            public var score: String
            public var awayTeam: String
            public var time: String
            public var state: String
            /// The row as the library's list shows it.
            public var text: String
        }
    }

    public let isBusy: Output<Bool>
    private let drawn: Drawn<State>

    private struct State {
        var games: [GameLibraryRowViewModel] = []
        var message = ""
    }

    public init(viewModel: GameScoreboardViewModel) {
        isBusy = viewModel.isBusy
        drawn = Drawn(State(), needsDisplay: {})
        drawn.bind(viewModel.library.games, to: \.games)
        drawn.bind(viewModel.library.message, to: \.message)
    }

    /// The library cannot be read; an empty one is no problem (`No games yet.`).
    public var problem: String? {
        let state = drawn.state
        return state.games.isEmpty && !state.message.isEmpty && state.message != GameLibraryViewModel.emptyMessage
            ? state.message : nil
    }

    public func text(style: TextStyle) -> String {
        let games = drawn.state.games
        guard !games.isEmpty else { return drawn.state.message + "\n" }
        let widest = { (text: (GameLibraryRowViewModel) -> String) in games.map { DisplayWidth.of(text($0)) }.max() ?? 0 }
        let (day, home, score, away, time) = (widest(\.day), widest(\.homeTeam), widest(\.score), widest(\.awayTeam), widest(\.time))
        return games.map { game in
            let scoreText = String(repeating: " ", count: max(0, score - DisplayWidth.of(game.score))) + game.score
            return style.dim(game.day.padded(toColumns: day)) + "  " + game.homeTeam.padded(toColumns: home) + "  "
                + style.bold(scoreText) + "  " + game.awayTeam.padded(toColumns: away) + "  "
                + game.time.padded(toColumns: time) + "  " + game.state
        }.joined(separator: "\n") + "\n"
    }

    /// The outputs as the JSON document holds them.
    public var document: Document {
        Document(
            games: drawn.state.games.map {
                Document.Game(
                    day: $0.day, homeTeam: $0.homeTeam, score: $0.score, awayTeam: $0.awayTeam,
                    time: $0.time, state: $0.state, text: $0.text)
            }, message: drawn.state.message)
    }
}
