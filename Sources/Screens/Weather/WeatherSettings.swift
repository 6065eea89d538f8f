import Models

/// What the Weather screen keeps between runs, in the preferences: the unit chosen and the place
/// shown (its name, and the place whole so that the next launch asks no geocoder).
///
/// The preferences are opened when they are first read, not before: the screen's first frame
/// never waits for the database. A write that fails is tried again with the next place shown;
/// a place kept already is not written again.
@MainActor
public final class WeatherSettings {
    static let locationKey = "weather.location"
    static let placeKey = "weather.place"
    static let unitKey = "weather.unit"

    /// What the last run kept; each part nil when it kept none (or it cannot be read back).
    public struct Kept: Equatable, Sendable {
        public var unit: TemperatureUnit?
        public var name: String?
        public var place: Place?

        public init(unit: TemperatureUnit? = nil, name: String? = nil, place: Place? = nil) {
            self.unit = unit
            self.name = name
            self.place = place
        }
    }

    private let open: @MainActor () throws -> any PreferencesStore
    private var preferences: (any PreferencesStore)?
    /// The place the preferences hold, so that showing it again writes nothing.
    private var keptPlace: Place?

    /// Settings in the preferences `open` gives, called once, by `read()`.
    public init(open: @escaping @MainActor () throws -> any PreferencesStore) {
        self.open = open
    }

    /// Opens the preferences and reads what they keep. When they cannot be read, the place the
    /// screen shows instead (`shownInstead`) is never written over the one they hold.
    public func read(shownInstead: Place = .mcGaheysville) throws -> Kept {
        do {
            let preferences = try open()
            self.preferences = preferences
            let kept = Kept(
                unit: try preferences.string(forKey: Self.unitKey).flatMap(TemperatureUnit.init(rawValue:)),
                name: try preferences.string(forKey: Self.locationKey),
                place: try preferences.string(forKey: Self.placeKey).flatMap(KeptPlace.place(from:)))
            keptPlace = kept.place
            return kept
        } catch {
            keptPlace = shownInstead
            throw error
        }
    }

    /// Keeps `place` for the next run, unless it is kept already or the preferences are not open
    /// (`read()` said why); throws when they cannot be written.
    public func keep(_ place: Place) throws {
        guard place != keptPlace, let preferences else { return }
        try preferences.set(WeatherFormat.name(of: place), forKey: Self.locationKey)
        try preferences.set(KeptPlace.text(of: place), forKey: Self.placeKey)
        keptPlace = place
    }

    /// Keeps `unit` for the next run, when the preferences are open (`read()` said why not);
    /// throws when they cannot be written.
    public func keep(_ unit: TemperatureUnit) throws {
        try preferences?.set(unit.rawValue, forKey: Self.unitKey)
    }
}
