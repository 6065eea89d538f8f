import Binding
import Screens

/// The Weather screen: binds its view-model's outputs into the `WeatherContent` it draws, and
/// turns its keys and clicks into the view-model's inputs.
@MainActor
public final class WeatherView: ScreenView {
    /// What the Weather screen's keys and clicks ask.
    public enum Action: Hashable, Sendable {
        case previousSuggestion, nextSuggestion, toggleUnit, refresh
        /// Look up the suggested place at this index (a click on it).
        case pickSuggestion(Int)
    }

    public nonisolated static let keys = KeyTable<Action>([
        KeyBinding("u", "℉ or ℃ (kept for next time)", scope: .weather, hint: "℉/℃", keys: [.text("u")], action: .toggleUnit),
        KeyBinding("r", "fetch the weather again now", scope: .weather, hint: "refresh", keys: [.text("r")], action: .refresh),
        KeyBinding(
            "Ctrl-R", "fetch the weather again now, while typing too", scope: .weatherAnywhere, keys: [.control("r")],
            action: .refresh),
        KeyBinding(
            "↑ ↓", "choose a suggested place for Enter", scope: .weatherSuggestions, hint: "choose",
            actions: [.up: .previousSuggestion, .down: .nextSuggestion]),
    ])

    private let viewModel: WeatherViewModel
    private let drawn: Drawn<WeatherContent>

    public var isBusy: Output<Bool>? { viewModel.isBusy }

    /// Creates the view; `needsDisplay` is called whenever what it shows changes.
    public init(viewModel: WeatherViewModel, needsDisplay: @escaping @MainActor () -> Void) {
        self.viewModel = viewModel
        drawn = Drawn(WeatherContent(), needsDisplay: needsDisplay)
        drawn.bindWeather(viewModel, at: \.self)
        drawn.bind(viewModel.refreshNews, to: \.refreshNews)
        drawn.bind(viewModel.suggestions, to: \.suggestions)
        drawn.bind(viewModel.selectedSuggestion, to: \.selectedSuggestion)
    }

    public var inputLineUser: InputLineUser? { viewModel }
    /// The suggested places' keys only while places are suggested: ↑ ↓ choose nothing otherwise.
    public var keyScopes: [KeyScope] {
        drawn.state.suggestions.isEmpty ? [.weather, .weatherAnywhere] : [.weather, .weatherSuggestions, .weatherAnywhere]
    }

    public func perform(_ action: Action) {
        switch action {
        case .previousSuggestion: viewModel.moveSuggestion(by: -1)
        case .nextSuggestion: viewModel.moveSuggestion(by: 1)
        case .toggleUnit: viewModel.toggleUnit()
        case .refresh: viewModel.refresh()
        case .pickSuggestion(let index): viewModel.pickSuggestion(at: index)
        }
    }

    /// The wheel over the suggested places moves one place a turn.
    public func scroll(by rows: Int) {
        viewModel.moveSuggestion(by: rows.signum())
    }

    public func setVisible(_ visible: Bool) {
        if visible { viewModel.screenAppeared() } else { viewModel.screenDisappeared() }
    }

    public func draw(into surface: Surface, in rect: Rect) {
        drawn.state.draw(into: surface, in: rect)
    }
}

extension KeyScope {
    /// On the Weather screen, with the focus out of the input line.
    static let weather = KeyScope("On the Weather screen")
    /// On the Weather screen, while typing too: choosing a suggested place.
    static let weatherSuggestions = KeyScope("While places are suggested", whileTyping: true)
    /// On the Weather screen, typing or not: control keys only.
    static let weatherAnywhere = KeyScope("On the Weather screen, typing or not", whileTyping: true)
}

extension Drawn {
    /// Binds the Weather screen's report, its words and its problem into the `WeatherContent` at
    /// `content`: the screen's view and its printout show the same outputs the same way.
    func bindWeather(_ viewModel: WeatherViewModel, at content: WritableKeyPath<State, WeatherContent>) {
        bind(viewModel.locationName, to: content.appending(path: \.locationName))
        bind(viewModel.date, to: content.appending(path: \.date))
        bind(viewModel.icon, to: content.appending(path: \.icon))
        bind(viewModel.summary, to: content.appending(path: \.summary))
        bind(viewModel.forecastSummary, to: content.appending(path: \.forecastSummary))
        bind(viewModel.details, to: content.appending(path: \.details))
        bind(viewModel.nextHours, to: content.appending(path: \.nextHours))
        bind(viewModel.forecast, to: content.appending(path: \.forecast))
        bind(viewModel.sourceLine, to: content.appending(path: \.sourceLine))
        bind(viewModel.sourceIsWarning, to: content.appending(path: \.sourceIsWarning))
        bind(viewModel.problem, to: content.appending(path: \.problem))
    }
}
