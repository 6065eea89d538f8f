import Binding

// MARK: - InputLineUser

/// The People screen's input line: the filter while the list shows, a field of the form for a
/// new person, or the path of a vCard file to import or export.
extension PeopleListViewModel: InputLineUser {
    public var inputPrompt: Output<String> {
        mode.map { mode in
            switch mode {
            case .adding(let form): form.field.label
            case .importing: "Import vCard file"
            case .exporting: "Export to file"
            case .list, .confirmingDelete: "Filter"
            }
        }
    }

    public var inputLine: Output<InputLine> { _inputLine.output }
    public var inputLineIsFocused: Output<Bool> { _inputLineIsFocused.output }

    /// The list's letter keys come first: `/` goes to the filter.
    public var focusesInputOnOpen: Bool { false }

    /// While the list shows, it follows the filter as it is typed; a form's field and a path
    /// are read when Enter is pressed.
    public func inputLineEdited(_ edit: InputLineEdit) {
        _inputLine.apply(edit) { text in
            if _mode.value == .list { filterChanged(to: text) }
        }
    }

    public func inputFocusChanged(_ focused: Bool) {
        _inputLineIsFocused.change(to: focused)
    }

    /// Enter: the form's next field (or saves it on the last), imports or exports the file
    /// typed, or leaves the filter for the list.
    public func inputSubmitted() {
        let path = _inputLine.value.text.trimmingCharacters(in: .whitespaces)
        switch _mode.value {
        case .adding: nextField()
        case .importing where !path.isEmpty:
            closeMode()
            importCards(from: path)
        case .exporting where !path.isEmpty:
            closeMode()
            exportCards(to: path)
        case .importing, .exporting: say("Type a file's path, or Esc", isProblem: true)
        case .list, .confirmingDelete: _inputLineIsFocused.change(to: false)
        }
    }

    /// Esc in a form or a file prompt: closes it, keeping nothing of it.
    public func cancelInput() {
        guard _mode.value != .list else { return }
        closeMode()
    }
}
