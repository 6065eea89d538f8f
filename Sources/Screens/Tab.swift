/// The five screens, in the order the tab bar shows them.
public enum Tab: Int, CaseIterable, Sendable {
    case weather, movies, search, scoreboard, people

    /// The name on the tab bar.
    public var title: String {
        switch self {
        case .weather: "Weather"
        case .movies: "Movies"
        case .search: "Search"
        case .scoreboard: "Scoreboard"
        case .people: "People"
        }
    }

    /// The tab after this one, wrapping from the last to the first.
    public var next: Tab { Tab(rawValue: (rawValue + 1) % Tab.allCases.count) ?? .weather }

    /// The tab before this one, wrapping from the first to the last.
    public var previous: Tab {
        Tab(rawValue: (rawValue + Tab.allCases.count - 1) % Tab.allCases.count) ?? .weather
    }
}
