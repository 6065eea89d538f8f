import ArgumentParser
import Binding
import Renderer
import Screens

/// `mvvm-tui weather [PLACE…]`: the Weather screen's outputs for a shell or a status bar.
struct WeatherCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "weather",
        abstract: "Print the weather of a place as the Weather screen shows it.",
        discussion: """
            The words are joined as typed in the input line. Without them, the place the app \
            showed last, else McGaheysville, VA. Offline, the place's last real report with its \
            age; sample data only with --offline (without it, sample weather is a problem: exit \
            status 1). Nothing is kept: not the place, not the report.
            """
    )

    @Argument(help: ArgumentHelp("The place (default: the last place the app showed).", valueName: "place"))
    var place: [String] = []

    @Option(help: "The unit: c or f (default: the app's, else the locale's).")
    var unit: UnitOption?

    @OptionGroup var options: SubcommandOptions

    @ParentCommand var app: MvvmTui

    func validate() throws {
        try app.refuseAppOptions()
    }

    func run() throws {
        try options.printScreen { composition in
            let viewModel = composition.weather(
                location: place.isEmpty ? nil : place.joined(separator: " "),
                unit: unit?.unit, scheduler: MainQueueScheduler())
            return (WeatherPrintout(viewModel: viewModel, sampleAsked: options.shared.offline), { viewModel.screenAppeared() })
        }
    }
}

/// `--unit` as typed.
enum UnitOption: String, CaseIterable, ExpressibleByArgument {
    case c, f

    var unit: TemperatureUnit { self == .c ? .celsius : .fahrenheit }
}
