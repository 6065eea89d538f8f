import Models

/// The People list as one value: the window of people in view (the counts, the rows, the cursor,
/// the birthdays soon), the filter and the order it was read for, how many rows fit, and the
/// user's day.
///
/// Its transitions are pure, and name each read as work: the live runner (`PeopleListRunner`)
/// reads the store on the main actor and answers inside `start`, so the rows a key asks for
/// are read before the key returns (a page at row 99,000 of 100,000 in 0.26 ms,
/// Docs/Performance.md). The store's commits come as answers of one piece of work that follows
/// them (`Work.follow`); a hidden list reads nothing on a commit, and reads what it missed when it
/// shows again.
public struct PeopleList: ScreenState {
    /// The window as last read.
    var window = PeopleWindow()
    /// The filter and the order the window was read for: what the screen says of it.
    var shownFilter = ""
    var shownOrder: PersonSortOrder
    /// The filter (trimmed; empty for everyone) and the order the next read asks for.
    var filter = ""
    var order: PersonSortOrder
    /// How many rows the list has room for.
    var size = 20
    /// Whether the store has been read: until then the screen says nothing of it.
    var hasRead = false
    /// Whether the store has opened: from then on, people can be added, imported and synced,
    /// even while a read of it fails.
    var isOpen = false
    /// The user's day: ages and the days to a birthday count from it.
    var today: CalendarDay
    var isVisible = false
    /// Whether the store is read and its commits followed (from the first appearance on).
    var isFollowing = false
    /// The conflict's copy shown full-size beside the server's version of them, once read; nil
    /// while the detail shows anyone else, or none shows.
    var conflict: PersonConflict?
    /// What the kept card of the person shown full-size says beyond the row (addresses, the
    /// organisation, notes, websites): `Address 12 St James's Square, London (home)`; empty while
    /// none shows.
    var cardLines: [String] = []
    /// The person shown full-size, whose card and original the answers must be of; nil while none.
    var shownInDetail: Person.ID?
    /// What the last event had to tell (`Told`), taken out by the machine after each event.
    private var toTell: [Told] = []
    var lastWork = WorkID.none

    /// A list in `order` as of `today`, before the store is read.
    public init(order: PersonSortOrder, today: CalendarDay) {
        self.order = order
        shownOrder = order
        self.today = today
    }

    /// What the window is read for: the filter, the order, the rows that fit and the cursor's place.
    var query: PeopleQuery {
        PeopleQuery(filter: filter, order: order, size: size, cursor: window.cursor, offset: window.offset)
    }

    // MARK: - Events, work and answers

    public enum Event: Sendable {
        /// The screen came into view on `today`.
        case appeared(today: CalendarDay)
        case disappeared
        case resized(rows: Int)
        case cursorMoved(to: Int)
        case filtered(String)
        case sorted(PersonSortOrder)
        /// An import of this screen's added people: the rows are read at once, so that they and
        /// the import's report agree.
        case imported
        /// A sync or a transfer ended: whatever it committed is read, if the list has not yet.
        case catchUpAsked
        /// A new day began: ages and birthdays count from it.
        case dayBegan(CalendarDay)
        /// The user asked to keep a person, delete one or settle a conflict.
        case writeAsked(Write)
        /// The detail shows `person` full-size, or nothing (nil): a conflict's copy is shown
        /// beside the person it copies, read for it.
        case detailShown(Person?)
        case answered(WorkID, Answer)
    }

    public enum Work: Equatable, Sendable {
        /// Tells each commit to the store, until cancelled.
        case follow
        /// Counts everyone and the matches and reads the rows in view and the birthdays soon.
        case count(PeopleQuery)
        /// Reads the rows at the query's place; counts anew when a commit landed unread.
        case page(PeopleQuery)
        /// Counts anew when a commit landed unread (this program's, or another's); else nothing.
        case catchUp(PeopleQuery)
        /// Reads the person `copy` (a conflict's copy) copies, as kept now.
        case original(of: Person)
        /// Reads what the kept card of the person says beyond the row.
        case card(of: Person.ID)
        /// Writes to the store, then, when the write landed, counts for `then` at once, so that
        /// what the screen says of the write and the rows it shows agree.
        case write(Write, then: PeopleQuery)
        /// Answers the day that begins at the user's next midnight.
        case midnight
    }

    /// A write the user asked for.
    public enum Write: Equatable, Sendable {
        case save(PersonForm.Save)
        case delete(Person)
        case settle(PersonConflict, keeping: PersonConflict.Choice)
    }

    /// How a write went.
    public enum WriteOutcome: Equatable, Sendable {
        case saved(PersonForm.Save)
        case deleted(Person)
        /// A conflict settled, and what the screen says of it: `Kept yours of Ada Lovelace`.
        case settled(String)
        /// The person edited was changed or deleted elsewhere since the form opened (`kept`: as
        /// they are now); nothing was saved.
        case stale(kept: Person?)
        /// A save the store refused, and why: `Not saved: …`.
        case notSaved(String)
        /// A delete or a settling the store refused, and why.
        case failed(String)

        /// Whether the store changed.
        var landed: Bool {
            switch self {
            case .saved, .deleted, .settled: true
            case .stale, .notSaved, .failed: false
            }
        }
    }

    /// What the list tells once, as it happens.
    public enum Told: Equatable, Sendable {
        /// How a write went.
        case wrote(WriteOutcome)
        /// The store was counted anew: what waits to be sent may have changed with it.
        case counted
        /// The store could not be read, and why: each failed read is told, the same one again included.
        case unread(String)
    }

    public mutating func takeTold() -> [Told] {
        defer { toTell = [] }
        return toTell
    }

    public enum Answer: Sendable {
        /// A commit to the store landed.
        case committed
        /// The window read for a query.
        case counted(PeopleWindow, PeopleQuery)
        /// The rows at `query`'s place.
        case paged([Person], PeopleQuery)
        /// Nothing new to read.
        case unchanged
        /// The store could not be read; a failed count leaves no rows.
        case failed(String, clearsRows: Bool)
        /// The store could not be opened, so nothing was read; the next read tries again.
        case unopened(String)
        /// The person a conflict's copy copies, as kept now (nil: deleted since).
        case original(Person?, of: Person)
        /// What the kept card of the person says beyond the row, a line each.
        case card([String], of: Person.ID)
        /// A write's outcome, and the read after it (`unchanged` when it did not land).
        indirect case written(WriteOutcome, then: Answer)
        /// Midnight came: this day began.
        case midnight(CalendarDay)
    }

    public static func event(answering id: WorkID, with answer: Answer) -> Event {
        .answered(id, answer)
    }

    /// The commits followed answer on and on; every read ends with its answer.
    public static func ends(with answer: Answer) -> Bool {
        if case .committed = answer { return false }
        return true
    }

    // MARK: - Transitions

    public mutating func handle(_ event: Event) -> [WorkOrder<Work>] {
        switch event {
        case .appeared(let today):
            isVisible = true
            self.today = today
            guard isFollowing else {
                isFollowing = true
                return [start(.follow), start(.count(query)), start(.midnight)]
            }
            return [catchUp()]
        case .disappeared:
            isVisible = false
        case .resized(let rows):
            guard max(1, rows) != size else { return [] }
            size = max(1, rows)
            return count()
        case .filtered(let text):
            let filter = text.trimmingCharacters(in: .whitespaces)
            guard filter != self.filter else { return [] }
            self.filter = filter
            return fromTheTop()
        case .sorted(let order):
            self.order = order
            return fromTheTop()
        case .cursorMoved(let index):
            return moveCursor(to: index)
        case .imported:
            return count()
        case .catchUpAsked:
            return isFollowing ? [catchUp()] : []
        case .dayBegan(let day):
            return begin(day)
        case .writeAsked(let write):
            return [start(.write(write, then: query))]
        case .detailShown(let person):
            (conflict, cardLines, shownInDetail) = (nil, [], person?.id)
            guard let person else { return [] }
            return [start(.card(of: person.id))] + (person.conflictOf == nil ? [] : [start(.original(of: person))])
        case .answered(_, let answer):
            return take(answer)
        }
        return []
    }

    private mutating func take(_ answer: Answer) -> [WorkOrder<Work>] {
        if case .unopened = answer {} else { isOpen = true }
        switch answer {
        case .written(let outcome, let read):
            toTell.append(.wrote(outcome))
            return take(read)
        case .committed:
            return isVisible ? [catchUp()] : []
        case .counted(let window, let query):
            self.window = window
            (shownFilter, shownOrder) = (query.filter, query.order)
            hasRead = true
            toTell.append(.counted)
        case .paged(let people, let query):
            window.people = people
            window.cursor = query.cursor
            window.offset = query.offset
            (shownFilter, shownOrder) = (query.filter, query.order)
        case .original(let theirs, let copy):
            // An answer about someone no longer shown (the detail moved on) shows nothing.
            if copy.id == shownInDetail { conflict = PersonConflict(mine: copy, theirs: theirs) }
        case .card(let lines, let id):
            if id == shownInDetail { cardLines = lines }
        case .midnight(let day):
            return begin(day) + [start(.midnight)]
        case .unchanged:
            break
        case .failed(let problem, let clearsRows):
            if clearsRows { window.people = [] }
            toTell.append(.unread(problem))
        case .unopened(let problem):
            window.people = []
            toTell.append(.unread(problem))
        }
        return []
    }

    /// Moves the cursor to `index`, kept within the matches; the rows in view follow it, read
    /// only when it leaves them.
    private mutating func moveCursor(to index: Int) -> [WorkOrder<Work>] {
        let index = min(max(0, index), max(0, window.matches - 1))
        guard index != window.cursor else { return [] }
        var moved = query
        moved.cursor = index
        moved.offset = min(moved.offset, index)
        if index >= moved.offset + size { moved.offset = index - size + 1 }
        guard moved.offset != window.offset else {
            window.cursor = index
            return []
        }
        return isFollowing ? [start(.page(moved))] : []
    }

    /// Everything read again with the cursor at the top; before the store is read, the filter
    /// and the order show as they are, for the first read.
    private mutating func fromTheTop() -> [WorkOrder<Work>] {
        guard isFollowing else {
            (shownFilter, shownOrder) = (filter, order)
            window.cursor = 0
            window.offset = 0
            return []
        }
        var top = query
        (top.cursor, top.offset) = (0, 0)
        return [start(.count(top))]
    }

    /// Ages and birthdays counted from `day`, if it is a new one.
    private mutating func begin(_ day: CalendarDay) -> [WorkOrder<Work>] {
        guard day != today else { return [] }
        today = day
        return count()
    }

    /// What a commit may have changed read again; everything, while the store has never been read
    /// (it could not open).
    private mutating func catchUp() -> WorkOrder<Work> {
        start(hasRead ? .catchUp(query) : .count(query))
    }

    /// Everything read again, once the store is read at all (before, the first read will).
    private mutating func count() -> [WorkOrder<Work>] {
        isFollowing ? [start(.count(query))] : []
    }

    private mutating func start(_ work: Work) -> WorkOrder<Work> {
        lastWork = lastWork.next
        return .start(work, as: lastWork)
    }
}

/// What the People list reads: the people matching `filter` in `order`, `size` rows of them from
/// `offset`, with the cursor at `cursor` (places in the whole list of matches).
public struct PeopleQuery: Equatable, Sendable {
    var filter: String
    var order: PersonSortOrder
    var size: Int
    var cursor: Int
    var offset: Int

    /// The first row in view once `matches` people match: the cursor kept within them and in
    /// view, the rows as near where they were as that allows.
    func offset(forMatches matches: Int) -> Int {
        let index = min(cursor, max(0, matches - 1))
        let top = min(max(0, min(offset, index)), max(0, matches - size))
        return max(top, index - size + 1)
    }
}
