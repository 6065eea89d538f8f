import Foundation
import Models
import Renderer
import Screens
import Testing
import TestSupport

/// The shell with all five screens built, each on its real view-model over in-memory services
/// that answer at once, and one test scheduler for every clock and throttle.
@MainActor
struct EveryScreenHarness {
    /// The five screens' view-models, over in-memory services.
    @MainActor
    struct ViewModels {
        let scoreboard: GameScoreboardViewModel
        let movies: MovieListViewModel
        let search: MovieSearchViewModel
        let weather: WeatherViewModel
        let people: PeopleListViewModel

        init(scheduler: TestScheduler, films: [Movie] = MoviesAndSearchViewTests.films) {
            let library = InMemoryGameLibrary()
            scoreboard = GameScoreboardViewModel(
                openLibrary: { library }, scheduler: scheduler,
                today: { Date(timeIntervalSince1970: 1_763_700_000) },
                timeZone: TimeZone(identifier: "UTC")!)
            let films = ImmediateMovieService(films: films)
            movies = MovieListViewModel(service: films)
            search = MovieSearchViewModel(service: films, scheduler: scheduler)
            let geocoder = ListGeocoder(
                ["McGaheysville, VA": [.mcGaheysville], "Par": [.paris, .richmondVA], "Tokyo": [.tokyo]], knowsNothingElse: true)
            let preferences = InMemoryPreferences()
            weather = WeatherViewModel(
                geocoder: geocoder, suggester: geocoder, service: SampleReportService().keeping(in: preferences),
                scheduler: scheduler, now: { .testNow }, timeZone: .testZone, openPreferences: { preferences })
            let store = InMemoryPeopleStore(people: PeopleViewTests.people)
            people = PeopleListViewModel(
                openStore: { store }, openPreferences: { InMemoryPreferences() }, api: nil,
                files: InMemoryTextFiles(), queue: InlineQueue(), today: { CalendarDay(year: 2026, month: 11, day: 22) },
                now: { .testNow })
        }

        var all: [AnyObject] { [scoreboard, movies, search, weather, people] }
    }

    let harness: ShellHarness
    let scheduler: TestScheduler
    let viewModels: ViewModels

    /// The five screens on `tab`; Movies and Search show `films`.
    init(tab: Tab, size: Size = Size(columns: 80, rows: 24), films: [Movie] = MoviesAndSearchViewTests.films) {
        scheduler = TestScheduler()
        viewModels = ViewModels(scheduler: scheduler, films: films)
        harness = ShellHarness(
            tab: tab, size: size, scoreboard: viewModels.scoreboard, movies: viewModels.movies,
            search: viewModels.search, weather: viewModels.weather, people: viewModels.people)
        harness.draw()
    }

    /// Lets the clock move on, then the view-models' tasks (lookups, fetches, searches) run until
    /// no screen is busy; records a failure naming the screens still busy after 30 s.
    func settle(advancingBy time: Duration = .zero, sourceLocation: SourceLocation = #_sourceLocation) async {
        scheduler.advance(by: time)
        let screens = [
            ("Movies", viewModels.movies.isBusy), ("Search", viewModels.search.isBusy), ("Weather", viewModels.weather.isBusy),
            ("People", viewModels.people.isBusy),
        ]
        do {
            try await yieldUntil("\(screens.filter { latest($0.1) }.map(\.0)) to be idle") { !screens.contains { latest($0.1) } }
        } catch {
            Issue.record(error, sourceLocation: sourceLocation)
        }
        harness.draw()
    }
}
