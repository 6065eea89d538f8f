import Models

// MARK: - The form

extension PeoplePrompt {
    /// Opens the form on the person under the cursor, as they are, for editing them.
    mutating func startEditing() {
        guard isOpen, mode == .list, let person = selected?.person else { return }
        let form = PersonForm(editing: person)
        ask(.form(form), text: form[form.field])
    }

    /// Keeps what is typed in the form's field and goes to the next one; on the last, names the
    /// save, which the form waits on until the list tells how it went.
    mutating func nextField() {
        guard case .form(var open) = mode else { return }
        if let save = open.next(typed: line.text, today: today) {
            mode = .form(open)
            toTell.append(.request(.save(save)))
        } else {
            ask(.form(open), text: open[open.field])
        }
    }

    /// Keeps what is typed in the form's field and goes to the one before.
    mutating func previousField() {
        guard case .form(var open) = mode else { return }
        open.previous(typed: line.text, today: today)
        ask(.form(open), text: open[open.field])
    }

    /// The person the form named was not kept: the form stays open, rebased on the person as
    /// kept now when they changed elsewhere since it opened (`kept`), or saying `problem`.
    mutating func saveRefused(stale: Bool, kept: Person?, problem: String) {
        guard case .form(var open) = mode else { return }
        if stale {
            open = open.rebased(on: kept)
        } else {
            open.refused(problem)
        }
        ask(.form(open), text: open[open.field])
    }
}
