import Models
import Renderer
import Screens
import Testing
import TestSupport

/// Every place that shows a message draws it whole (`Message`): a 300-character message, at 40
/// and at 80 columns, is found on screen word for word, in order, none of it cut.
@MainActor
struct MessagesReadWholeTests {
    /// Words that each show once, so that a line left out or a word cut is missed.
    nonisolated static let message: String = {
        var text = "Begins"
        var word = 1
        while text.count < 300 { (text, word) = (text + " word\(word)", word + 1) }
        return text + " ends."
    }()

    enum Place: String, CaseIterable, Sendable {
        case peopleNews, peopleSyncFailure, personFormNote, moviesNews, searchNews, weatherProblem, weatherRefresh
        case weatherSource, scoreboardNews, gamesKeptNews, notice
    }

    /// Each place at 40 and 80 columns, but the game at 40, whose two teams leave its footer seven
    /// rows: there a message that long ends with `…`.
    nonisolated static let cases: [(Place, Int)] = Place.allCases.flatMap { place in [(place, 40), (place, 80)] }
        .filter { $0 != (.scoreboardNews, 40) }

    @Test(arguments: cases)
    func theMessageIsReadWhole(place: Place, columns: Int) {
        let lines = Self.drawn(Self.message, at: place, columns: columns)
        let text = lines.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        #expect(text.contains(Self.message), "\(place) at \(columns) columns: \(lines)")
    }

    /// The screen's rows with `message` in `place`, 24 rows high and `columns` wide.
    static func drawn(_ message: String, at place: Place, columns: Int) -> [String] {
        let size = ContentDrawing.region(columns, 24, inputLine: ![.moviesNews, .scoreboardNews, .gamesKeptNews].contains(place))
        let draw: (any Surface, Rect) -> Void
        switch place {
        case .peopleNews, .peopleSyncFailure, .personFormNote:
            var content = PeopleContentTests.people([PeopleContentTests.ada])
            switch place {
            case .peopleNews: content.news = PeopleNewsLine(message, tone: .problem)
            case .peopleSyncFailure: (content.syncText, content.syncIsProblem) = (message, true)
            default:
                var form = PersonForm()
                form.refused(message)
                content.mode = .form(form)
            }
            draw = { content.draw(into: $0, in: $1) }
        case .moviesNews:
            let movies = MoviesContentTests.movies(news: message, isProblem: true)
            draw = { movies.draw(into: $0, in: $1) }
        case .searchNews:
            var search = SearchContent()
            (search.news, search.newsIsProblem) = (message, true)
            draw = { search.draw(into: $0, in: $1) }
        case .weatherProblem, .weatherRefresh, .weatherSource:
            var weather = WeatherContent()
            weather.locationName = "Paris, France"
            weather.sourceLine = "Sample data"
            switch place {
            case .weatherProblem: weather.problem = message
            case .weatherRefresh: weather.refreshNews = message
            default: (weather.sourceLine, weather.sourceIsWarning) = (message, true)
            }
            draw = { weather.draw(into: $0, in: $1) }
        case .scoreboardNews, .gamesKeptNews:
            var game = ScoreboardContentTests.game
            game.news = message
            game.libraryIsVisible = place == .gamesKeptNews
            draw = { game.draw(into: $0, in: $1) }
        case .notice:
            let harness = ShellHarness(tab: .movies, size: Size(columns: columns, rows: 24), notices: [message])
            harness.draw()
            return harness.grid.lines
        }
        return ContentDrawing(size, draw).lines
    }
}
