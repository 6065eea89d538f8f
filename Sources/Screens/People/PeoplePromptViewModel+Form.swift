import Models

// MARK: - The form

extension PeoplePromptViewModel {
    /// Opens the form, on its first field, in the input line.
    public func startAdding() {
        guard isOpen else { return }
        ask(.form(PersonForm()), text: "")
    }

    /// Opens the form on the person under the cursor, as they are, for editing them.
    public func startEditing() {
        guard isOpen, _mode.value == .list, let person = selected?.person else { return }
        let form = PersonForm(editing: person)
        ask(.form(form), text: form[form.field])
    }

    /// Keeps what is typed in the form's field and goes to the next one; on the last, saves.
    public func nextField() {
        guard case .form(var open) = _mode.value else { return }
        if let save = open.next(typed: _inputLine.value.text, today: today) {
            _mode.change(to: .form(open))
            sendRequest(.save(save))
        } else {
            ask(.form(open), text: open[open.field])
        }
    }

    /// The person the form named is kept: the form closes.
    func saveEnded() {
        guard case .form = _mode.value else { return }
        close()
    }

    /// The person the form named was not kept: the form stays open, rebased on the person as
    /// kept now when they changed elsewhere since it opened (`kept`), or saying `problem`.
    func saveRefused(stale: Bool, kept: Person?, problem: String) {
        guard case .form(var open) = _mode.value else { return }
        if stale {
            open = open.rebased(on: kept)
        } else {
            open.refused(problem)
        }
        ask(.form(open), text: open[open.field])
    }

    /// Keeps what is typed in the form's field and goes to the one before.
    public func previousField() {
        guard case .form(var open) = _mode.value else { return }
        open.previous(typed: _inputLine.value.text)
        ask(.form(open), text: open[open.field])
    }
}
