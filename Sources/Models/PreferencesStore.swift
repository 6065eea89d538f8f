import Foundation

/// Small settings the screens keep between runs, as text by key: the People screen's sort order,
/// the Weather screen's last place and unit.
///
/// ```swift
/// func keepOrder(in preferences: any PreferencesStore) throws {
///     try preferences.set(PersonSortOrder.firstName.rawValue, forKey: PersonSortOrder.preferenceKey)
///     try preferences.string(forKey: PersonSortOrder.preferenceKey)   // "firstName"
/// }
/// ```
public protocol PreferencesStore: AnyObject {
    /// The value kept under `key`, or nil when none is.
    func string(forKey key: String) throws -> String?
    /// Keeps `value` under `key`, replacing what was there; nil removes the key.
    func set(_ value: String?, forKey key: String) throws
}

/// Settings read from another store whose changes stay in memory: the shell's subcommands read
/// the app's kept place, unit and order, and what a view-model keeps while they run (a report
/// fetched, a unit or order asked for on the command line) is never written back.
///
/// ```swift
/// func subcommand(reading readOnly: AppDatabase) throws {
///     let preferences = UnkeptPreferences(reading: SQLitePreferences(database: readOnly))
///     try preferences.set("celsius", forKey: "weather.unit")   // read back here, not written
/// }
/// ```
public final class UnkeptPreferences: PreferencesStore {
    private let kept: any PreferencesStore
    /// The values set here, nil for a key removed here.
    private var changed: [String: String?] = [:]

    /// Reads `kept`; never writes it.
    public init(reading kept: any PreferencesStore) {
        self.kept = kept
    }

    public func string(forKey key: String) throws -> String? {
        if let value = changed[key] { return value }
        return try kept.string(forKey: key)
    }

    public func set(_ value: String?, forKey key: String) throws {
        changed[key] = .some(value)
    }
}
