import Models

/// The symbols the screens write beyond ASCII, or their ASCII stand-ins for a console whose font
/// has none of them (the Linux console, `TERM=linux`, has no Braille, no `☂` and no `℃`).
///
/// The composition root chooses one (`--ascii`, `ascii = true`, `TERM=linux`) and gives it to
/// the view-models, so the screens and the printouts write the same.
///
/// ```swift
/// Glyphs.unicode.temperature(72, in: .fahrenheit)   // "72℉"
/// Glyphs.ascii.temperature(72, in: .fahrenheit)     // "72F"
/// Glyphs.ascii.icon(for: .rain)                    // "/"
/// ```
public struct Glyphs: Equatable, Sendable {
    /// The spinner's turns, one a frame.
    public let spinner: [Character]
    /// A chart's column, from lowest to highest: a quarter, half, three quarters and all of it.
    public let levels: [Character]
    private let icons: [Condition: String]
    private let unitSymbols: [TemperatureUnit: String]

    /// Braille dots, weather symbols and the degree signs `℉` `℃`: for terminals with a full font.
    public static let unicode = Glyphs(
        spinner: Array("⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏"), levels: Array("⣀⣤⣶⣿"),
        icons: [
            .clear: "☀", .partlyCloudy: "☁", .cloudy: "☁", .drizzle: "☂", .rain: "☂", .snow: "❄", .thunderstorm: "☈",
            .fog: "≋",
        ],
        unitSymbols: [.fahrenheit: "℉", .celsius: "℃"])

    /// ASCII only, for any console's font: `|/-\` turning, charts of `_-=#`, `O ~ / * ! =` for the
    /// sky, and `F` and `C`.
    public static let ascii = Glyphs(
        spinner: Array(#"|/-\"#), levels: Array("_-=#"),
        icons: [
            .clear: "O", .partlyCloudy: "~", .cloudy: "~", .drizzle: "/", .rain: "/", .snow: "*", .thunderstorm: "!", .fog: "=",
        ],
        unitSymbols: [.fahrenheit: "F", .celsius: "C"])

    /// The ASCII stand-ins when `ascii`, else the full symbols.
    public static func choosing(ascii: Bool) -> Glyphs { ascii ? .ascii : .unicode }

    /// One column for `condition` (sun, cloud, rain, snow, storm, fog), drawn beside the summary;
    /// every symbol of `unicode` is of neutral width, so no terminal draws it wide.
    public func icon(for condition: Condition) -> String { icons[condition] ?? "?" }

    /// The sign written after a temperature: `℉` or `℃`, `F` or `C`.
    public func symbol(for unit: TemperatureUnit) -> String { unitSymbols[unit] ?? "" }

    /// `degrees` as a whole number with its unit's sign: `72℉`, `-3℃` (never `-0℃`).
    public func temperature(_ degrees: Double, in unit: TemperatureUnit) -> String {
        "\(Int(degrees.rounded()) + 0)\(symbol(for: unit))"
    }
}
