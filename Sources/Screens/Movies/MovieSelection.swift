import Binding

/// A list of films with a cursor, as Search shows one: the rows, the row under the cursor and its
/// film, kept in step. The view-model owns one and publishes its values as its own outputs.
@MainActor
final class MovieSelection {
    /// The films shown.
    let rows = Dynamic<[MovieRowViewModel]>([])
    /// The row under the cursor.
    let selectedIndex = Dynamic(0)
    /// The film under the cursor; nil when the list is empty.
    let selectedMovie = Dynamic<MovieRowViewModel?>(nil)

    /// Shows `newRows` with the cursor on the first.
    func show(_ newRows: [MovieRowViewModel]) {
        rows.change(to: newRows)
        select(0)
    }

    /// Moves the cursor by `offset` rows, staying on the list.
    func move(by offset: Int) {
        guard !rows.value.isEmpty else { return }
        select(min(max(0, selectedIndex.value + offset), rows.value.count - 1))
    }

    private func select(_ index: Int) {
        selectedIndex.change(to: index)
        selectedMovie.change(to: rows.value.indices.contains(index) ? rows.value[index] : nil)
    }
}
