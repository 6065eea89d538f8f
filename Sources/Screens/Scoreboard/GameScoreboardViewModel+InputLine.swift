import Binding

// MARK: - InputLineUser (while renaming)

/// The input line shows only while a name is typed; the name editor holds it, and the
/// scoreboard takes the name it gives back on Enter.
extension GameScoreboardViewModel: InputLineUser {
    public var inputPrompt: Output<String> { nameEditor.prompt }
    public var inputLine: Output<InputLine> { nameEditor.line }
    public var inputLineIsFocused: Output<Bool> { nameEditor.isFocused }

    public var focusesInputOnOpen: Bool { false }

    public func inputLineEdited(_ edit: InputLineEdit) {
        nameEditor.edit(edit)
    }

    public func inputFocusChanged(_ focused: Bool) {
        nameEditor.focusChanged(focused)
    }

    /// Enter: the text typed becomes the name, when it can.
    public func inputSubmitted() {
        guard let (target, name) = nameEditor.submit() else { return }
        rename(target, to: name)
    }
}
