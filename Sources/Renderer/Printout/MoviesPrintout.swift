import Binding
import Screens

/// The Movies screen written for a shell (`mvvm-tui movies --segment top-rated`): the segment,
/// how many films follow and the screen's note, then the first `limit` films of the list.
///
/// ```
/// Popular · 3 films
/// The Lord of the Rings: The Fellowship of the Ring (2001)  8.8
/// The Shawshank Redemption (1994)                           9.1
/// The Matrix (1999)                                         8.5
/// ```
@MainActor
public final class MoviesPrintout: Printout {
    /// The JSON document (Docs/CommandLine.md, "movies"): one key per output, named as the
    /// view-model names it; `segment` is the selected segment's name, `rows` the first `limit` films.
    public struct Document: Codable, Equatable, Sendable {
        public var version = DocumentVersion.current
        public var segment: String
        public var info: String
        public var infoIsProblem: Bool
        public var rows: [MovieRowDocument]
    }

    public let isBusy: Output<Bool>
    private let segments: [String]
    private let limit: Int
    private let drawn: Drawn<State>

    private struct State {
        var selectedSegment = 0
        var rows: [MovieRowViewModel] = []
        var info = ""
        var infoIsProblem = false
    }

    /// Writes the first `limit` rows of `viewModel`'s list.
    public init(viewModel: MovieListViewModel, limit: Int) {
        isBusy = viewModel.isBusy
        segments = viewModel.segments
        self.limit = limit
        drawn = Drawn(State(), needsDisplay: {})
        drawn.bind(viewModel.selectedSegment, to: \.selectedSegment)
        drawn.bind(viewModel.rows, to: \.rows)
        drawn.bind(viewModel.info, to: \.info)
        drawn.bind(viewModel.infoIsProblem, to: \.infoIsProblem)
    }

    /// No films: the screen's message (`Upcoming films need TMDb…`, a failure, `No films here.`).
    public var problem: String? {
        let state = drawn.state
        guard state.rows.isEmpty else { return nil }
        return state.info.isEmpty ? "No films here." : state.info
    }

    public func text(style: TextStyle) -> String {
        let state = drawn.state
        let rows = Array(state.rows.prefix(limit))
        var header = style.bold(segment) + " · " + MovieRowsText.count(rows.count, "film")
        if !state.info.isEmpty {
            header += " · " + (state.infoIsProblem ? style.warning(state.info) : style.dim(state.info))
        }
        return ([header] + MovieRowsText.lines(rows, width: style.width)).joined(separator: "\n") + "\n"
    }

    /// The outputs as the JSON document holds them.
    public var document: Document {
        let state = drawn.state
        return Document(
            segment: segment, info: state.info, infoIsProblem: state.infoIsProblem,
            rows: state.rows.prefix(limit).map(MovieRowDocument.init))
    }

    private var segment: String {
        segments.indices.contains(drawn.state.selectedSegment) ? segments[drawn.state.selectedSegment] : ""
    }
}
