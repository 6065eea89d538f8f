import Binding
import Foundation
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
    /// The JSON document (Docs/CommandLine.md, "games"): the library's outputs, named as its
    /// view-model names them, and each game's figures.
    public struct Document: Codable, Equatable, Sendable {
        public var version = DocumentVersion.current
        public var games: [Game]
        /// What the library says when it is empty (`No games yet.`) or cannot be read.
        public var message: String

        /// One game, as `GameLibraryRowViewModel` writes it, and as data.
        public struct Game: Codable, Equatable, Sendable {
            public var startedAt: Date
            public var homeScore: Int
            public var awayScore: Int
            public var seconds: Double
            public var dayText: String
            public var homeTeam: String
            public var scoreText: String
            public var awayTeam: String
            public var timeText: String
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
        // The two teams share what the other columns leave, each cut with `…` to half of it.
        let fixed = games.map { [$0.started, $0.score, $0.time, $0.state].map(DisplayWidth.of).reduce(10, +) }.max() ?? 0
        let team = max(1, (style.width - fixed) / 2)
        let columns = PrintoutColumns(
            rows: games.map {
                [
                    $0.started, TextCut.fitting($0.homeTeam, width: team), $0.score,
                    TextCut.fitting($0.awayTeam, width: team), $0.time, $0.state,
                ]
            }, givingWay: 1, alignedRight: [2], styles: [0: style.dim, 2: style.bold])
        return columns.lines(width: style.width).joined(separator: "\n") + "\n"
    }

    /// The outputs as the JSON document holds them.
    public var document: Document {
        Document(
            games: drawn.state.games.map {
                Document.Game(
                    startedAt: $0.startedAt, homeScore: $0.homeScore, awayScore: $0.awayScore, seconds: $0.seconds,
                    dayText: $0.day, homeTeam: $0.homeTeam, scoreText: $0.score, awayTeam: $0.awayTeam,
                    timeText: $0.time, state: $0.state, text: $0.text)
            }, message: drawn.state.message)
    }
}
