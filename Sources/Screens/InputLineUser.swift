import Binding

/// A screen that takes text from the shared input line (a location, a search query, a filter,
/// a form's fields). Its view-model owns the line: the text, the cursor and the focus are its
/// outputs, and every key the shell turns into an edit, a focus change or Enter is one of its
/// inputs, as a Bubble Tea program embeds its `textinput` model. The shell draws what the
/// outputs say and keeps no text of its own.
@MainActor
public protocol InputLineUser: AnyObject {
    /// The word shown before the input line: `Location`, `Search`, `First name`.
    var inputPrompt: Output<String> { get }
    /// The text and the cursor.
    var inputLine: Output<InputLine> { get }
    /// Whether keys go to the input line rather than to the screen.
    var inputLineIsFocused: Output<Bool> { get }
    /// Whether the input line has the focus when the tab opens (true unless the screen's own
    /// letter keys matter more, as on People); the shell sends it to `inputFocusChanged` then.
    var focusesInputOnOpen: Bool { get }
    /// Whether Enter on the line does something of its own (Weather looks the place up); false
    /// where the screen follows the text as it is typed (Search), so the status line does not
    /// offer it.
    var submitsOnEnter: Bool { get }
    /// The user edited the line: typed, pasted, moved the cursor or deleted.
    func inputLineEdited(_ edit: InputLineEdit)
    /// The focus went to the input line (`/`, a tab opening) or left it (Esc).
    func inputFocusChanged(_ focused: Bool)
    /// The user pressed Enter on the line's text.
    func inputSubmitted()
}

extension InputLineUser {
    public var focusesInputOnOpen: Bool { true }
    public var submitsOnEnter: Bool { true }
}

extension Dynamic where Value == InputLine {
    /// Makes `edit` in the line; when that changed the text, calls `textChanged` with the new
    /// text. The one step every screen's `inputLineEdited` takes.
    func apply(_ edit: InputLineEdit, textChanged: (String) -> Void) {
        var line = value
        line.apply(edit)
        guard line != value else { return }
        let changed = line.text != value.text
        value = line
        if changed { textChanged(line.text) }
    }
}
