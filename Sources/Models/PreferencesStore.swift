/// Where the program keeps a person's small choices between runs: the last location, the
/// temperature unit, the People sort order.
///
/// ```swift
/// try preferences.set("Paris, France", forKey: "weather.location")
/// try preferences.string(forKey: "weather.location")   // "Paris, France"
/// ```
public protocol PreferencesStore: AnyObject {
    /// The value kept for `key`, or nil when none is.
    func string(forKey key: String) throws -> String?
    /// Keeps `value` for `key`; nil forgets the key.
    func set(_ value: String?, forKey key: String) throws
}
