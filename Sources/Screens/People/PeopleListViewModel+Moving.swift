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
        guard prompt.showsList else { return }
        if index == list.window.cursor { prompt.startEditing() } else { send(.cursorMoved(to: index)) }
    }

    /// The wheel over the list: moves the cursor by `rows` while the list shows.
    public func scroll(by rows: Int) {
        guard prompt.showsList else { return }
        moveSelection(by: rows)
    }

    /// Moves the cursor a screenful down (1) or up (-1).
    public func movePage(by pages: Int) {
        send(.cursorMoved(to: list.window.cursor + pages * max(1, list.size - 1)))
    }

    /// Moves the cursor to the first (`toEnd` false) or the last person.
    public func moveToEdge(toEnd: Bool) {
        send(.cursorMoved(to: toEnd ? list.window.matches - 1 : 0))
    }
}
