import Binding

// MARK: - InputLineUser (while renaming)

extension GameScoreboardViewModel: InputLineUser {
    public var inputPrompt: Output<String> {
        renaming.map { renaming in
            if case .team = renaming { return "Team name" }
            return "Player name"
        }
    }

    public var inputLine: Output<InputLine> { _inputLine.output }
    public var inputLineIsFocused: Output<Bool> { _inputLineIsFocused.output }

    public var focusesInputOnOpen: Bool { false }

    public func inputLineEdited(_ edit: InputLineEdit) {
        _inputLine.apply(edit) { _ in }
    }

    public func inputFocusChanged(_ focused: Bool) {
        _inputLineIsFocused.change(to: focused)
    }

    /// Enter: the text typed becomes the name.
    public func inputSubmitted() {
        rename(to: _inputLine.value.text)
    }
}
