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

/// The line under the People screen's header as it shows: the question asked, how far a file's
/// transfer got, the latest news, or whose birthday is near, the first of these there is.
public struct PeopleNewsLine: Equatable, Sendable {
    /// How the line reads: a quiet note, a failure, or a question waiting for `y` or `n`.
    public enum Tone: Equatable, Sendable { case quiet, problem, question }

    public var text: String
    public var tone: Tone

    public init(_ text: String, tone: Tone = .quiet) {
        self.text = text
        self.tone = tone
    }

    /// The line for a screen asking `question` (empty: none), a transfer `progress` (empty:
    /// none), the latest `news` and the `birthdays` line. A failure is never hidden by progress.
    static func shown(question: String, progress: String, news: PeopleNews, birthdays: String) -> PeopleNewsLine {
        if !question.isEmpty { return PeopleNewsLine(question, tone: .question) }
        if !progress.isEmpty, !news.isProblem { return PeopleNewsLine(progress) }
        if news.text.isEmpty { return PeopleNewsLine(birthdays) }
        return PeopleNewsLine(news.text, tone: news.isProblem ? .problem : .quiet)
    }
}
