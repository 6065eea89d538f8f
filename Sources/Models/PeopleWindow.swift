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
    /// The people whose birthday falls within the list's window of days, soonest first.
    public var birthdays: [Person] = []

    public init() {}

    /// The person under the cursor, if any.
    public var selected: Person? {
        people.indices.contains(cursor - offset) ? people[cursor - offset] : nil
    }
}
