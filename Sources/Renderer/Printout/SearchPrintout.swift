import Binding
import Screens

/// The Search screen written for a shell (`mvvm-tui search star wars`): the count of matches as
/// the screen shows it, then the first `limit` films found, best first.
///
/// ```
/// 5 matches
/// Star Wars (1977)                                       8.8
/// Star Wars: Episode I - The Phantom Menace (1999)       6.4
/// Star Wars: Episode V - The Empire Strikes Back (1980)  8.8
/// ```
@MainActor
public final class SearchPrintout: Printout {
    /// The JSON document (Docs/CommandLine.md, "search"): one key per output, named as the
    /// view-model names it; `rows` holds the first `limit` films.
    public struct Document: Codable, Equatable, Sendable {
        public var version = DocumentVersion.current
        public var info: String
        public var infoIsProblem: Bool
        /// How many films match (`matchTotal`); 0 without results.
        public var matchCount: Int
        /// `5 matches`, as the screen writes it (`matchCount`).
        public var matchCountText: String
        public var rows: [MovieRowDocument]
    }

    public let isBusy: Output<Bool>
    private let limit: Int
    private let drawn: Drawn<State>

    private struct State {
        var rows: [MovieRowViewModel] = []
        var info = ""
        var infoIsProblem = false
        var matchCount = ""
        var matchTotal = 0
        var news = ""
    }

    /// Writes the first `limit` rows `viewModel` finds.
    public init(viewModel: MovieSearchViewModel, limit: Int) {
        isBusy = viewModel.isBusy
        self.limit = limit
        drawn = Drawn(State(), needsDisplay: {})
        drawn.bind(viewModel.rows, to: \.rows)
        drawn.bind(viewModel.info, to: \.info)
        drawn.bind(viewModel.infoIsProblem, to: \.infoIsProblem)
        drawn.bind(viewModel.matchCount, to: \.matchCount)
        drawn.bind(viewModel.matchTotal, to: \.matchTotal)
        drawn.bind(viewModel.news, to: \.news)
    }

    /// Nothing found: the screen's message (`No result for …`, `Search failed: …`, or the start
    /// message for an empty query).
    public var problem: String? {
        let state = drawn.state
        return state.rows.isEmpty ? state.info : nil
    }

    public func text(style: TextStyle) -> String {
        let state = drawn.state
        let lines = state.news.isEmpty ? [] : [state.infoIsProblem ? style.warning(state.news) : style.dim(state.news)]
        return (lines + MovieRowsText.lines(Array(state.rows.prefix(limit)), width: style.width)).joined(separator: "\n") + "\n"
    }

    /// The outputs as the JSON document holds them.
    public var document: Document {
        let state = drawn.state
        return Document(
            info: state.info, infoIsProblem: state.infoIsProblem, matchCount: state.matchTotal,
            matchCountText: state.matchCount, rows: state.rows.prefix(limit).map(MovieRowDocument.init))
    }
}
