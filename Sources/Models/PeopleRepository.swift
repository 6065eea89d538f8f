import Dispatch

/// What the People list shows, from one read: everyone counted, the matches of the filter
/// counted, the rows in view with the cursor among them, and the birthdays soon.
public struct PeopleWindow: Equatable, Sendable {
    /// How many people the store holds.
    public var total = 0
    /// How many of them match the filter.
    public var matches = 0
    /// The place in the whole list of the first row in view.
    public var offset = 0
    /// The place in the whole list of the person under the cursor.
    public var cursor = 0
    /// The rows in view, from `offset`.
    public var people: [Person] = []
    /// The people whose birthday falls within the repository's window of days, soonest first.
    public var birthdays: [Person] = []

    public init() {}

    /// The person under the cursor, if any.
    public var selected: Person? {
        people.indices.contains(cursor - offset) ? people[cursor - offset] : nil
    }
}

/// The People list's data: the window of people the list asks for (filter, order, cursor, how
/// many rows fit), read from the store and kept current.
///
/// Every commit of this process is followed by a read, while the list shows (a hidden list
/// reads once it shows again); another program's commits (another instance on the same data
/// folder) are looked for before each read and when the list shows, through
/// `PeopleReading.changedElsewhere()`, which needs no polling. The counts and the rows are read
/// together, so the number the header shows and the rows it counts agree whatever commits land
/// meanwhile; a cursor move within the rows read reads nothing, and one past them reads the next
/// rows alone, unless a commit has landed since the counts, which are then read with them.
///
/// A read runs on the main actor, where it answers before the key that asked for it returns: a
/// page at row 99,000 of 100,000 reads in 0.26 ms (Docs/Performance.md). Each read is handed to
/// `onRead`.
///
/// ```swift
/// let people = PeopleRepository(order: .lastName, birthdayWindow: 7)
/// people.onRead = { read in print(read) }    // .counted(window) with the first rows
/// people.start(reading: store)
/// people.moveCursor(to: 40)                  // .moved(window) with the rows around the 41st
/// ```
@MainActor
public final class PeopleRepository {
    /// What a read found.
    public enum Read: Equatable, Sendable {
        /// Everything read anew: the counts, the rows in view, the birthdays (after a commit, or
        /// a change of filter, order or size).
        case counted(PeopleWindow)
        /// The cursor moved: the rows in view, read again only when it left them.
        case moved(PeopleWindow)
        /// The store could not be read, and why.
        case failed(String)
    }

    /// The window as last read.
    public private(set) var window = PeopleWindow()
    /// The filter the window matches (trimmed; empty for everyone).
    public private(set) var filter = ""
    /// The order of the list.
    public private(set) var order: PersonSortOrder
    /// Called with each read, on the main actor.
    public var onRead: (@MainActor (Read) -> Void)?

    /// How many rows the list has room for.
    public private(set) var size = 20
    private var store: (any PeopleReading)?
    private let birthdayWindow: Int
    private let birthdaysRead: Int
    private var isVisible = true
    private var observation: StoreObservation?
    /// The store's commits that the window was read after.
    private var commitsRead = 0

    /// The window of people in `order`, once the store is given (`start`); the birthdays soon
    /// look `birthdayWindow` days ahead, and the first `birthdaysRead` of them are read (each
    /// read after a write: a week's birthdays among 100,000 people take 10 ms to read whole, the
    /// first 20 0.4 ms). Until then, the filter, the order and the size are kept for the first read.
    public init(order: PersonSortOrder, birthdayWindow: Int, birthdaysRead: Int = .max) {
        self.order = order
        self.birthdayWindow = birthdayWindow
        self.birthdaysRead = birthdaysRead
    }

    /// Reads `store`'s people from now on: follows its commits and reads the first window.
    public func start(reading store: any PeopleReading) {
        self.store = store
        observation = store.observeChanges(on: .main) { [weak self] in
            MainActor.assumeIsolated { self?.committed() }
        }
        recount()
    }

    /// Whether the list shows: a hidden list reads nothing on a commit; shown again, it reads
    /// when a commit (this program's or another's) landed since.
    public func setVisible(_ visible: Bool) {
        isVisible = visible
        if visible { catchUp() }
    }

    /// Reads again when a commit landed that the window has not seen: a sync's, whose notice may
    /// still be on its way, or another program's.
    public func catchUp() {
        if hasUnreadCommit() { recount() }
    }

    /// Reads everything again: after a write of this program's, so that what the screen says of it
    /// and the rows it shows agree at once.
    public func reread() {
        recount()
    }

    /// Filters by `text` (trimmed), from the top, when that changes the filter; before `start`,
    /// read by the first read.
    public func filter(by text: String) {
        let filter = text.trimmingCharacters(in: .whitespaces)
        guard filter != self.filter else { return }
        self.filter = filter
        window.cursor = 0
        window.offset = 0
        if observation != nil { recount() }
    }

    /// Sorts by `order`, from the top; before `start`, read by the first read.
    public func sort(by order: PersonSortOrder) {
        self.order = order
        window.cursor = 0
        window.offset = 0
        if observation != nil { recount() }
    }

    /// How many rows the list has room for; before `start`, read by the first read.
    public func resize(toRows rows: Int) {
        let rows = max(1, rows)
        guard rows != size else { return }
        size = rows
        if observation != nil { recount() }
    }

    /// Moves the cursor to `index` (kept within the matches), the rows in view following it.
    public func moveCursor(to index: Int) {
        let index = min(max(0, index), max(0, window.matches - 1))
        guard index != window.cursor else { return }
        var moved = window
        moved.cursor = index
        moved.offset = min(moved.offset, index)
        if index >= moved.offset + size { moved.offset = index - size + 1 }
        guard moved.offset != window.offset else {
            window = moved
            return report(.moved(window))
        }
        if hasUnreadCommit() {
            window.cursor = index
            window.offset = moved.offset
            return recount()
        }
        guard let store else { return }
        do {
            moved.people = try store.people(matching: filter, sortedBy: order, offset: moved.offset, limit: size)
            window = moved
            report(.moved(window))
        } catch {
            report(.failed("People cannot be read: \(error)"))
        }
    }

    // MARK: - Reading

    /// The store's notice of commits: read again unless the window was read since.
    private func committed() {
        guard isVisible, let observation, observation.commits > commitsRead else { return }
        recount()
    }

    /// Whether a commit landed that the window has not seen: this program's, whose notice may
    /// still be on its way, or another program's (told once: the caller reads at once).
    private func hasUnreadCommit() -> Bool {
        (try? store?.changedElsewhere()) == true || (observation?.commits ?? 0) > commitsRead
    }

    /// Counts everyone and the matches and reads the rows in view and the birthdays, keeping the
    /// cursor's place, all in one read of the store.
    private func recount() {
        guard let store else { return }
        let commits = observation?.commits ?? 0  // noted before reading: a commit after it is told again
        _ = try? store.changedElsewhere()  // another program's commits so far: this read sees them
        let (cursor, first, size) = (window.cursor, window.offset, size)
        do {
            let page = try store.page(matching: filter, sortedBy: order, limit: size) { matches in
                let index = min(cursor, max(0, matches - 1))
                let top = min(max(0, min(first, index)), max(0, matches - size))
                return max(top, index - size + 1)
            }
            commitsRead = commits
            window.total = page.total
            window.matches = page.matches
            window.cursor = min(cursor, max(0, page.matches - 1))
            window.offset = page.offset
            window.people = page.people
            window.birthdays = (try? store.birthdays(within: birthdayWindow, limit: birthdaysRead)) ?? window.birthdays
            report(.counted(window))
        } catch {
            window.people = []
            report(.failed("People cannot be read: \(error)"))
        }
    }

    private func report(_ read: Read) {
        onRead?(read)
    }
}
