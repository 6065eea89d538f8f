import Screens

/// Types `text` at the cursor of `user`'s input line, as the shell sends typed or pasted text.
@MainActor
func type(_ text: String, into user: InputLineUser) {
    user.inputLineEdited(.insert(text))
}

/// Makes `edits` in `user`'s input line, in order, as the shell sends the editing keys.
@MainActor
func edit(_ user: InputLineUser, _ edits: InputLineEdit...) {
    for edit in edits { user.inputLineEdited(edit) }
}
