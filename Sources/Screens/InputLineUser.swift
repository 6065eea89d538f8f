/// A screen that takes text from the shared input line (a location, a search query).
@MainActor
public protocol InputLineUser: AnyObject {
    /// The word shown before the input line: `Location`, `Search`.
    var inputPrompt: String { get }
    /// The text changed as the user typed; called after every edit.
    func inputChanged(_ text: String)
    /// The user pressed Enter on `text`.
    func inputSubmitted(_ text: String)
}
