/// A line of news on the People screen, `Added Ada Lovelace` or what went wrong. Each speaker
/// (the list, the sync, the transfer) publishes its own as an output; the screen shows the
/// latest said.
public struct PeopleNews: Equatable, Sendable {
    /// What is said.
    public var text: String
    /// Whether it tells of a failure.
    public var isProblem: Bool

    public init(_ text: String, isProblem: Bool = false) {
        self.text = text
        self.isProblem = isProblem
    }

    /// Nothing said.
    public static let none = PeopleNews("")
}
