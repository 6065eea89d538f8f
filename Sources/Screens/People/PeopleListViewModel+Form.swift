import Models

// MARK: - The form

/// Adding someone: the form opens in the input line and is filled field by field.
extension PeopleListViewModel {
    /// Opens the form, on its first field, in the input line.
    public func startAdding() {
        guard store != nil else { return }
        setMode(.adding(PersonForm()), text: "")
    }

    /// Keeps what is typed in the form's field and goes to the next one; on the last, saves.
    public func nextField() {
        guard case .adding(var form) = _mode.value else { return }
        form[form.field] = _inputLine.value.text
        guard form.isOnLastField else {
            form.move(by: 1)
            form.problem = ""
            return setMode(.adding(form), text: form[form.field])
        }
        save(form)
    }

    /// Keeps what is typed in the form's field and goes to the one before.
    public func previousField() {
        guard case .adding(var form) = _mode.value else { return }
        form[form.field] = _inputLine.value.text
        form.move(by: -1)
        setMode(.adding(form), text: form[form.field])
    }

    private func save(_ form: PersonForm) {
        var form = form
        switch form.person(today: today()) {
        case .failure(let invalid):
            form.field = invalid.field
            form.problem = invalid.message
            setMode(.adding(form), text: form[form.field])
        case .success(let person):
            do {
                try store?.add(person)
            } catch {
                form.problem = "Not saved: \(error)"
                return setMode(.adding(form), text: form[form.field])
            }
            let added = PersonViewModel(person: person, today: today())
            closeMode()
            storeChanged()
            say("Added \(added.nameText)")
            exchange(fetching: false)
        }
    }
}
