import Models

// MARK: - Moving

extension PeopleListViewModel {
    /// Moves the cursor by `offset` people, staying on the list.
    public func moveSelection(by offset: Int) {
        send(.cursorMoved(to: list.window.cursor + offset))
    }

    /// A click on the person at `index` in the whole list: the cursor goes there, and a click on
    /// the person already under it edits them. Like the arrows, it does nothing while a question,
    /// a form, a detail or a path is asked for in the list's place.
    public func choose(at index: Int) {
        guard promptShowsList else { return }
        if index == list.window.cursor { prompt.startEditing() } else { send(.cursorMoved(to: index)) }
    }

    /// The wheel over the list: moves the cursor by `rows` while the list shows.
    public func scroll(by rows: Int) {
        guard promptShowsList else { return }
        moveSelection(by: rows)
    }

    /// Moves the cursor as every list moves (`ListMove`): a page is a screenful less one row.
    public func move(_ move: ListMove) {
        send(.cursorMoved(to: move.index(from: list.window.cursor, count: list.window.matches, page: list.size - 1)))
    }
}
