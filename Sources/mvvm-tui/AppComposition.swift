import Binding
import Foundation
import Models
import Renderer
import Screens
import Services

/// What the command line decided.
struct LaunchSettings {
    let initialTab: Tab
    /// The place the Weather screen opens on (`--location`).
    let location: String?
    /// Embedded data only, no network (`--offline`).
    let offline: Bool
    let dataDirectory: DataDirectory
    let useColor: Bool
    /// Whether clicks and the wheel go to the program (`--no-mouse`, `mouse = false`).
    let useMouse: Bool
    let trace: FrameTrace?
    /// What the flags, the environment and the config file chose together: the services' keys,
    /// the people server, the screens' defaults.
    let choices: LaunchChoices
    /// What the status line says first: the config file's warnings.
    let notices: [String]
}

/// Builds the program from its parts, services first, then view-models, then views, and
/// runs it. This is the one place that knows every layer.
@MainActor
struct AppComposition {
    let settings: LaunchSettings

    func run() throws -> Never {
        let app = TerminalApp(useColor: settings.useColor, useMouse: settings.useMouse, trace: settings.trace)
        let scheduler = MainQueueScheduler()
        let database = SharedDatabase(path: settings.dataDirectory.path + "/" + AppDatabase.fileName)
        var screens: [Tab: ScreenView] = [:]
        screens[.weather] = WeatherView(viewModel: weather(database: database), needsDisplay: app.needsDisplay)
        screens[.people] = PeopleView(viewModel: people(database: database), needsDisplay: app.needsDisplay)
        let scoreboard = GameScoreboardViewModel(
            openLibrary: { SQLiteGameLibrary(database: try database.open()) },
            scheduler: scheduler
        )
        screens[.scoreboard] = ScoreboardView(viewModel: scoreboard, needsDisplay: app.needsDisplay)
        // Films come from TMDb when a key or token is set (and the network is allowed), in the
        // locale's language, else from the embedded catalogue, which the Movies screen also offers
        // when TMDb fails. Movies opens on Now Playing with TMDb, on Popular with the catalogue
        // (whose Now Playing is only its last year, 2005).
        let catalogue = EmbeddedMovieCatalog.bundled()
        let language = TMDbMovieService.language(environment: ProcessInfo.processInfo.environment)
        let tmdb = settings.offline ? nil : TMDbCredential.from(environment: settings.choices.serviceKeys)
            .map { TMDbMovieService(credential: $0, language: language) }
        let movies = MovieListViewModel(service: tmdb ?? catalogue, catalogue: tmdb == nil ? nil : catalogue,
                                        initialSegment: tmdb == nil ? .popular : .nowPlaying)
        screens[.movies] = MoviesView(viewModel: movies, needsDisplay: app.needsDisplay)
        screens[.search] = SearchView(viewModel: MovieSearchViewModel(service: tmdb ?? catalogue, scheduler: scheduler),
                                      needsDisplay: app.needsDisplay)
        let shell = ShellView(
            shell: ShellViewModel(initialTab: settings.initialTab, notices: settings.notices),
            screens: screens,
            needsDisplay: app.needsDisplay,
            onQuit: app.quit
        )
        try app.run(shell)
    }

    /// The Weather screen: with `--offline`, the gazetteer and sample weather only; otherwise
    /// Open-Meteo (or Weatherbit, with a key), falling back to them when there is no network.
    private func weather(database: SharedDatabase) -> WeatherViewModel {
        let gazetteer = EmbeddedGazetteer.bundled()
        let sample = SampleWeatherService()
        var geocoder: any Geocoder = gazetteer
        var service: any WeatherService = sample
        if !settings.offline {
            let http = CurlHTTPClient()
            let live: any WeatherService = WeatherbitWeatherService(environment: settings.choices.serviceKeys, http: http)
                ?? OpenMeteoWeatherService(http: http, base: settings.choices.openMeteoForecastBase)
            geocoder = FallbackGeocoder(primary: OpenMeteoGeocoder(http: http, base: settings.choices.openMeteoGeocodingBase),
                                        fallback: gazetteer)
            service = FallbackWeatherService(primary: live, fallback: sample)
        }
        return WeatherViewModel(geocoder: geocoder, suggester: gazetteer, service: service,
                                launchLocation: settings.location,
                                defaultUnit: TemperatureUnit(rawValue: settings.choices.unit) ?? .fahrenheit,
                                openPreferences: { SQLitePreferences(database: try database.open()) })
    }
}

extension AppComposition {
    /// The People screen: people in the database, synced with the people server when
    /// `--people-api` (or `MVVM_TUI_PEOPLE_API`, or the config file) names one and the network is allowed.
    private func people(database: SharedDatabase) -> PeopleListViewModel {
        let choices = settings.choices
        // LaunchChoices refused any URL the API would refuse.
        let api = settings.offline ? nil : choices.peopleServer.flatMap {
            try? CardDAVPeopleAPI(server: $0, book: choices.peopleBook, credentials: choices.peopleCredentials,
                                  certificateAuthorities: choices.peopleCertificateAuthorities)
        }
        return PeopleListViewModel(
            openStore: { SQLitePeopleStore(database: try database.open()) },
            openPreferences: { SQLitePreferences(database: try database.open()) },
            api: api, files: LocalTextFiles(), runner: PeopleWorkQueue(), today: { CalendarDay.today() },
            defaultOrder: ["first": .firstName, "birthday": .nextBirthday][choices.peopleSort ?? ""] ?? .lastName
        )
    }
}

/// The program's one database, opened when a screen first needs it and then shared; a failure
/// is reported to each screen that asks, and asked again next time.
@MainActor
final class SharedDatabase {
    private let path: String
    private var database: AppDatabase?

    init(path: String) {
        self.path = path
    }

    func open() throws -> AppDatabase {
        if let database { return database }
        let opened = try AppDatabase(path: path)
        database = opened
        return opened
    }
}
