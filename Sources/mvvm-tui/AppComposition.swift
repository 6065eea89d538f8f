import Binding
import Foundation
import Models
import Renderer
import Screens
import Services
import Terminal

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
        let shell = ShellView(
            shell: ShellViewModel(initialTab: settings.initialTab, notices: settings.notices),
            screens: screenViews(needsDisplay: app.needsDisplay, scheduler: scheduler),
            scheduler: scheduler,
            glyphs: Glyphs.choosing(ascii: settings.choices.useASCII),
            needsDisplay: app.needsDisplay,
            onQuit: app.quit
        )
        try app.run(shell)
    }

    /// The five screens' views over their view-models; Movies and Search share their services.
    private func screenViews(needsDisplay: @escaping @MainActor () -> Void, scheduler: any Scheduler) -> [Tab: any ScreenView] {
        let composition = ScreenComposition(
            choices: settings.choices, offline: settings.offline,
            database: SharedDatabase(path: settings.dataDirectory.path + "/" + AppDatabase.fileName), keepsSettings: true
        )
        let films = composition.movieServices()
        return [
            .weather: WeatherView(
                viewModel: composition.weather(location: settings.location, scheduler: scheduler), needsDisplay: needsDisplay),
            .movies: MoviesView(viewModel: composition.movies(films), needsDisplay: needsDisplay),
            .search: SearchView(viewModel: composition.search(films, scheduler: scheduler), needsDisplay: needsDisplay),
            .scoreboard: ScoreboardView(viewModel: composition.scoreboard(scheduler: scheduler), needsDisplay: needsDisplay),
            .people: PeopleView(viewModel: composition.people(retryScheduler: scheduler), needsDisplay: needsDisplay),
        ]
    }
}
