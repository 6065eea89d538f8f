import Binding
import Foundation
import Models
import Screens
import Services

/// Builds the screens' view-models from their services, the same for the full-screen app and
/// for the shell's subcommands, which differ only in the database they read (see `SharedDatabase`)
/// and in whether what the screens change is kept.
@MainActor
struct ScreenComposition {
    /// What the flags, the environment and the config file chose together.
    let choices: LaunchChoices
    /// Embedded data only, no network (`--offline`).
    let offline: Bool
    let database: SharedDatabase
    /// Whether a setting a screen changes (a place shown, a unit, an order) is kept: the app's
    /// are; a subcommand's stay in memory (`UnkeptPreferences`).
    let keepsSettings: Bool

    /// The symbols the screens write: ASCII stand-ins where the choices ask for them (`--ascii`,
    /// `TERM=linux`, `ascii = true`), for the app's screens and the printouts alike.
    var glyphs: Glyphs { Glyphs.choosing(ascii: choices.useASCII) }

    func openPreferences() throws -> any PreferencesStore {
        let preferences = SQLitePreferences(database: try database.open())
        return keepsSettings ? preferences : UnkeptPreferences(reading: preferences)
    }

    /// The Weather screen: with `--offline`, the gazetteer and sample weather only; otherwise
    /// Open-Meteo (or Weatherbit, with a key), falling back to them when there is no network.
    func weather(location: String?, unit: TemperatureUnit? = nil, scheduler: any Scheduler) -> WeatherViewModel {
        let gazetteer = EmbeddedGazetteer.bundled()
        let sample = SampleWeatherService()
        var geocoder: any Geocoder = gazetteer
        var service: any WeatherService = sample
        if !offline {
            let http = CurlHTTPClient()
            let live: any WeatherService =
                WeatherbitWeatherService(environment: choices.serviceKeys, http: http)
                ?? OpenMeteoWeatherService(http: http, base: choices.openMeteoForecastBase)
            geocoder = FallbackGeocoder(
                primary: OpenMeteoGeocoder(http: http, base: choices.openMeteoGeocodingBase),
                fallback: gazetteer)
            service = FallbackWeatherService(primary: live, fallback: sample)
        }
        // Each place's last real report is kept beside the live service, in the same settings.
        let kept = KeptWeatherService(live: service, preferences: { try? openPreferences() }, now: Date.init)
        return WeatherViewModel(
            geocoder: geocoder, suggester: gazetteer.suggestions, service: kept,
            launchLocation: location,
            defaultUnit: TemperatureUnit(rawValue: choices.unit) ?? .fahrenheit,
            chosenUnit: unit, scheduler: scheduler, now: Date.init, timeZone: .current, glyphs: glyphs,
            openPreferences: openPreferences)
    }

    /// Films: TMDb when a key or token is set (and the network is allowed), in the locale's
    /// language, with the embedded catalogue beside it; else the catalogue alone.
    func movieServices() -> MovieServices {
        let catalogue = EmbeddedMovieCatalog.bundled()
        let language = TMDbMovieService.language(environment: ProcessInfo.processInfo.environment)
        let tmdb =
            offline
            ? nil
            : TMDbCredential.from(environment: choices.serviceKeys)
                .map { TMDbMovieService(credential: $0, language: language) }
        return (tmdb, catalogue)
    }

    /// The Movies screen over `services`: on `segment`, else Now Playing with TMDb and Popular
    /// with the catalogue (whose Now Playing is only its last year, 2005), which it also offers
    /// when TMDb fails unless `offersCatalogue` is false (a subcommand: no key to press).
    func movies(_ services: MovieServices, segment: Endpoint? = nil, offersCatalogue: Bool = true) -> MovieListViewModel {
        MovieListViewModel(
            service: services.tmdb ?? services.catalogue,
            catalogue: services.tmdb == nil || !offersCatalogue ? nil : services.catalogue,
            initialSegment: segment ?? (services.tmdb == nil ? .popular : .nowPlaying))
    }

    /// The Search screen over `services` (TMDb, else the catalogue), throttling on `scheduler`.
    func search(_ services: MovieServices, scheduler: any Scheduler) -> MovieSearchViewModel {
        MovieSearchViewModel(service: services.tmdb ?? services.catalogue, scheduler: scheduler)
    }

    /// The People screen: people in the database, synced with the people server when
    /// `--people-api` (or `MVVM_TUI_PEOPLE_API`, or the config file) names one, the network is
    /// allowed and `sync` is true. `order` sorts over the kept order without being kept (a
    /// subcommand's `--sort`); `birthdayWindow` is how many days ahead the birthdays soon look,
    /// and `birthdaysShown` how many of them are read (all for `people --birthdays`).
    /// `retryScheduler` times the tries of the server after it could not be reached: the app's;
    /// a subcommand, which ends with its sync, has none. `standardStreams` (a subcommand's) lets
    /// `-` name standard input and output for the import and the export.
    func people(
        sync: Bool = true, order: PersonSortOrder? = nil,
        birthdayWindow: Int = PeopleListViewModel.defaultBirthdayWindow, birthdaysShown: Int = 20,
        retryScheduler: (any Scheduler)? = nil, standardStreams: Bool = false
    ) -> PeopleListViewModel {
        let api = sync ? peopleAPI() : nil
        let database = self.database
        let runners = PeopleRunners.live(
            openStore: { SQLitePeopleStore(database: try database.open()) }, api: api,
            files: standardStreams ? StandardStreamFiles(LocalTextFiles()) : LocalTextFiles(),
            background: PeopleWorkQueue(), now: Date.init, birthdayWindow: birthdayWindow, birthdaysRead: birthdaysShown,
            retryScheduler: retryScheduler)
        return PeopleListViewModel(
            runners: runners, openPreferences: openPreferences, today: { CalendarDay.today() },
            defaultOrder: ["first": .firstName, "birthday": .nextBirthday][choices.peopleSort ?? ""] ?? .lastName,
            birthdayWindow: birthdayWindow, birthdaysShown: birthdaysShown, chosenOrder: order,
            offline: offline && choices.peopleServer != nil)
    }

    /// The people server the choices name, when the network is allowed; nil otherwise.
    func peopleAPI() -> CardDAVPeopleAPI? {
        // LaunchChoices refused any URL the API would refuse.
        offline
            ? nil
            : choices.peopleServer.flatMap {
                try? CardDAVPeopleAPI(
                    server: $0, book: choices.peopleBook, credentials: choices.peopleCredentials,
                    certificateAuthorities: choices.peopleCertificateAuthorities,
                    requestsInFlight: choices.peopleRequestsInFlight)
            }
    }

    /// The Scoreboard: the game kept last, and the library of games kept.
    func scoreboard(scheduler: any Scheduler) -> GameScoreboardViewModel {
        let database = self.database
        return GameScoreboardViewModel(
            openLibrary: { SQLiteGameLibrary(database: try database.open()) }, scheduler: scheduler,
            today: Date.init, timeZone: .current, glyphs: glyphs)
    }
}

/// The films' services: TMDb when it may be used, and the embedded catalogue.
typealias MovieServices = (tmdb: (any MovieService)?, catalogue: any MovieService)

/// The program's one database, opened when a screen first needs it and then shared; a failure
/// is reported to each screen that asks, and asked again next time.
@MainActor
final class SharedDatabase {
    private let opening: () throws -> AppDatabase
    private var database: AppDatabase?

    /// The database at `path`, created and migrated when it needs to be: the app's.
    convenience init(path: String) {
        self.init { try AppDatabase(path: path) }
    }

    /// The database `open` opens, the first time it is asked for.
    init(open: @escaping () throws -> AppDatabase) {
        opening = open
    }

    func open() throws -> AppDatabase {
        if let database { return database }
        let opened = try opening()
        database = opened
        return opened
    }
}
