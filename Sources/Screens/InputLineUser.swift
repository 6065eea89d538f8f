import Binding

/// A screen that takes text from the shared input line (a location, a search query, a filter,
/// a form's fields).
@MainActor
public protocol InputLineUser: AnyObject {
    /// The word shown before the input line: `Location`, `Search`, `First name`; an output, as
    /// everything the screen shows.
    var inputPrompt: Output<String> { get }
    /// Whether the input line has the focus when the tab opens (true unless the screen's own
    /// letter keys matter more, as on People).
    var focusesInputOnOpen: Bool { get }
    /// The text changed as the user typed; called after every edit.
    func inputChanged(_ text: String)
    /// The user pressed Enter on `text`.
    func inputSubmitted(_ text: String)
    /// What the screen wants done to the input line after the latest key, asked once: the shell
    /// applies it and the screen forgets it. Nil when nothing.
    func takeInputLineRequest() -> InputLineRequest?
}

extension InputLineUser {
    public var focusesInputOnOpen: Bool { true }
    public func takeInputLineRequest() -> InputLineRequest? { nil }
}

/// A change to the input line a screen asks for: new text (the cursor at its end), the focus.
public struct InputLineRequest: Equatable, Sendable {
    /// The text to put in the input line; nil leaves it.
    public var text: String?
    /// Whether the input line should have the focus; nil leaves it.
    public var focus: Bool?

    /// Creates a request.
    public init(text: String? = nil, focus: Bool? = nil) {
        self.text = text
        self.focus = focus
    }
}
