import Models

// MARK: - Deleting

/// Deleting asks first, in the screen's question line; a yes deletes, reads the list again and
/// sends the delete to the people server at once, as a save does.
extension PeopleListViewModel {
    /// Asks whether to delete the person under the cursor.
    public func askToDelete() {
        guard let person = personUnderCursor else { return }
        _mode.change(to: .confirmingDelete(person))
        _question.change(to: "Delete \(person.nameText)? y/n")
    }

    /// Deletes the person asked about when `yes`; either way the question closes.
    public func confirmDelete(_ yes: Bool) {
        guard case .confirmingDelete(let person) = _mode.value else { return }
        _mode.change(to: .list)
        _question.change(to: "")
        guard yes else { return }
        do {
            try store?.delete(id: person.person.id)
            storeChanged()
            say("Deleted \(person.nameText)")
            syncStatus.exchange(fetching: false)
        } catch {
            say("Not deleted: \(error)", isProblem: true)
        }
    }
}
