import Foundation

/// Small settings the screens keep between runs, as text by key: the People screen's sort order,
/// the Weather screen's last place and unit.
///
/// ```swift
/// try preferences.set(PersonSortOrder.firstName.rawValue, forKey: PersonSortOrder.preferenceKey)
/// try preferences.string(forKey: PersonSortOrder.preferenceKey)   // "firstName"
/// ```
public protocol PreferencesStore: AnyObject {
    /// The value kept under `key`, or nil when none is.
    func string(forKey key: String) throws -> String?
    /// Keeps `value` under `key`, replacing what was there; nil removes the key.
    func set(_ value: String?, forKey key: String) throws
}
