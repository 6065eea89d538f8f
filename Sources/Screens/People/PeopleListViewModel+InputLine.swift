import Binding

// MARK: - InputLineUser

/// The People screen's input line: the filter while the list shows, a field of the form for a
/// new person, or the path of a vCard file to import or export.
extension PeopleListViewModel: InputLineUser {
    public var inputPrompt: Output<String> {
        mode.map { mode in
            switch mode {
            case .form(let form): form.field.label
            case .importing: PeopleTransferViewModel.importPrompt
            case .exporting: PeopleTransferViewModel.exportPrompt
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
        case .form: nextField()
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

// MARK: - What the input line asks for

/// The form and the vCard files are typed in the input line: the list opens them there, and
/// hands what is typed to the view-model of the concern, `form` or `transfer`.
extension PeopleListViewModel {
    // MARK: - Adding

    /// Opens the form, on its first field, in the input line.
    public func startAdding() {
        guard store != nil else { return }
        setMode(.form(PersonForm()), text: "")
    }

    /// Opens the form on the person under the cursor, as they are, for editing them.
    public func startEditing() {
        guard store != nil, case .list = _mode.value, let person = listed.value.window.selected else { return }
        let form = PersonForm(editing: person)
        setMode(.form(form), text: form[form.field])
    }

    /// Keeps what is typed in the form's field and goes to the next one; on the last, saves.
    public func nextField() {
        guard case .form(let open) = _mode.value else { return }
        switch form.next(open, typed: _inputLine.value.text) {
        case .field(let next):
            setMode(.form(next), text: next[next.field])
        case .saved(let saved, let isNew):
            closeMode()
            storeChanged()
            say("\(isNew ? "Added" : "Saved") \(saved.nameText)")
            syncStatus.exchange(fetching: false)
        }
    }

    /// Keeps what is typed in the form's field and goes to the one before.
    public func previousField() {
        guard case .form(let open) = _mode.value else { return }
        let previous = form.previous(open, typed: _inputLine.value.text)
        setMode(.form(previous), text: previous[previous.field])
    }

    // MARK: - vCard files

    /// Asks, in the input line, for the vCard file to import.
    public func startImporting() {
        guard store != nil, !refusedWhileTransferring() else { return }
        setMode(.importing, text: "")
    }

    /// Asks, in the input line, where to write everyone as vCards.
    public func startExporting() {
        guard store != nil, !refusedWhileTransferring() else { return }
        setMode(.exporting, text: PeopleTransferViewModel.defaultExportPath)
    }

    /// Says so when an import or an export runs, which one file at a time allows.
    private func refusedWhileTransferring() -> Bool {
        guard isTransferring else { return false }
        say("An import or export is running; Esc on the list stops it", isProblem: true)
        return true
    }

    /// The news line gives way to the transfer's progress until it ends with its report.
    private func importCards(from path: String) {
        say("")
        transfer.importCards(from: path)
    }

    private func exportCards(to path: String) {
        say("")
        transfer.exportCards(to: path, sortedBy: listed.value.order)
    }

    /// A transfer ended: its report is the news, and people imported are sent to the server.
    /// The rows followed the import batch by batch, through the store's notices.
    func transferEnded(_ report: PeopleTransferViewModel.Report) {
        if report.addedPeople { storeChanged() }
        news.value = PeopleNews(report.text, isProblem: report.isProblem)
        if report.addedPeople { syncStatus.exchange(fetching: false) }
    }
}
