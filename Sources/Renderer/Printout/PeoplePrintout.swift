import Binding
import Screens

/// The People screen written for a shell (`mvvm-tui people`): the header, then everyone the list
/// holds, in its order, as its rows write them.
///
/// ```
/// 3 people, by last name
/// Grace Hopper    December 9, 1906
/// Ada Lovelace    December 10, 1815
/// Alan Turing
/// ```
///
/// The header's "Birthdays soon" is left out of the text (a hundred thousand people have
/// hundreds of birthdays in a week: the screen cuts the line, a pipe would not); the JSON holds
/// it. Or only the birthdays soon (`--birthdays DAYS`), one a line; or only the news an import
/// or an export ends with (`Imported 3 people from friends.vcf`).
@MainActor
public final class PeoplePrintout: Printout {
    /// What the text holds.
    public enum Part: Sendable {
        /// The header and the list's rows.
        case list
        /// The people whose birthday is soon, one a line.
        case birthdaysSoon
        /// The line of news: an import's or an export's report.
        case news
    }

    /// The JSON document (Docs/CommandLine.md, "people"): one key per output, named as the
    /// view-model names it, and each person's data.
    public struct Document: Codable, Equatable, Sendable {
        public var version = DocumentVersion.current
        public var countText: String
        public var sortText: String
        public var matchCount: Int
        public var emptyText: String
        /// The list's rows: everyone matching, in the order; empty unless the list was asked for.
        public var people: [Person]
        public var birthdaysSoon: [Person]
        public var birthdaysSoonText: String
        /// The header's state of the exchange with the people server (`syncStatus.text`).
        public var syncText: String
        public var syncIsProblem: Bool
        /// With `--sync`, how many people wait to be sent once it ended; left out without it, or
        /// when the outbox could not be read.
        public var syncWaiting: Int?
        public var message: String
        public var messageIsProblem: Bool

        /// One person, as `PersonViewModel` writes them, and their birthday as data: `birthday`
        /// a day on the calendar (`1815-12-10`, `--12-10` without the year), or `birthdayText` one
        /// the card wrote otherwise (`circa 1800`, `1815`); each left out when there is none.
        public struct Person: Codable, Equatable, Sendable {
            /// The card's `UID`.
            public var uid: String
            public var emails: [Contact]
            public var phones: [Contact]
            public var nameText: String
            public var birthday: String?
            public var birthdayText: String?
            public var birthdateText: String
            public var longBirthdayText: String
            public var ageText: String
            public var nextBirthdayText: String
            public var nextBirthdayLine: String
            public var rowBirthdayText: String
            public var contactLines: [String]

            init(_ person: PersonViewModel) {
                (nameText, birthdateText, longBirthdayText) = (person.nameText, person.birthdateText, person.longBirthdayText)
                (ageText, nextBirthdayText, nextBirthdayLine) = (person.ageText, person.nextBirthdayText, person.nextBirthdayLine)
                (rowBirthdayText, contactLines) = (person.rowBirthdayText, person.contactLines)
                (birthday, birthdayText) = (person.birthdayData, person.birthdayAsWritten)
                uid = person.uid
                (emails, phones) = (person.emails.map(Contact.init), person.phones.map(Contact.init))
            }
        }

        /// An email address or a phone number: `{"value": "ada@example.org", "type": "work"}`.
        public struct Contact: Codable, Equatable, Sendable {
            public var value: String
            /// The card's kinds joined with commas (`cell,voice`); empty for none.
            public var type: String

            package init(value: String, type: String) {
                (self.value, self.type) = (value, type)
            }

            init(_ contact: ContactValue) {
                (value, type) = (contact.value, contact.type)
            }
        }
    }

    /// The window of `rowsInView` that asks the list for everyone.
    public static let everyone = Int(Int32.max)

    public let isBusy: Output<Bool>
    private let part: Part
    private let showsSync: Bool
    private let drawn: Drawn<State>

    private struct State {
        var countText = ""
        var sortText = ""
        var headerText = ""
        var matchCount = 0
        var emptyText = ""
        var rows: [PersonViewModel] = []
        var birthdaysSoon: [PersonViewModel] = []
        var birthdaysSoonText = ""
        var syncText = ""
        var syncIsProblem = false
        var syncWaiting: Int?
        var syncWasBlocked = false
        var message = ""
        var messageIsProblem = false
    }

    public let writesTextToStandardError: Bool

    /// Writes `part` of the screen; the header names the exchange with the server when `showsSync`;
    /// the text goes to standard error when `newsToError` (an export to standard output).
    public init(viewModel: PeopleListViewModel, part: Part, showsSync: Bool, newsToError: Bool = false) {
        isBusy = viewModel.isBusy
        writesTextToStandardError = newsToError
        self.part = part
        self.showsSync = showsSync
        drawn = Drawn(State(), needsDisplay: {})
        drawn.bind(viewModel.countText, to: \.countText)
        drawn.bind(viewModel.headerText, to: \.headerText)
        drawn.bind(viewModel.sortText, to: \.sortText)
        drawn.bind(viewModel.matchCount, to: \.matchCount)
        drawn.bind(viewModel.emptyText, to: \.emptyText)
        drawn.bind(viewModel.rows, to: \.rows)
        drawn.bind(viewModel.birthdaysSoon, to: \.birthdaysSoon)
        drawn.bind(viewModel.birthdaysSoonText, to: \.birthdaysSoonText)
        drawn.bind(viewModel.syncStatus.text, to: \.syncText)
        drawn.bind(viewModel.syncStatus.isProblem, to: \.syncIsProblem)
        drawn.bind(viewModel.syncStatus.waiting, to: \.syncWaiting)
        drawn.bind(viewModel.syncStatus.wasBlocked, to: \.syncWasBlocked)
        drawn.bind(viewModel.message, to: \.message)
        drawn.bind(viewModel.messageIsProblem, to: \.messageIsProblem)
    }

    /// The news when it tells of a failure (the store cannot be read, an import failed, a sync
    /// stopped), a failed exchange with the server, or no one matching the filter.
    public var problem: String? {
        let state = drawn.state
        if state.messageIsProblem, !state.message.isEmpty { return state.message }
        if showsSync, state.syncIsProblem { return state.syncText }
        if part == .list, state.matchCount == 0, state.emptyText != PeopleListViewModel.emptyMessage, !state.emptyText.isEmpty {
            return state.emptyText
        }
        return nil
    }

    /// 75 (sysexits' "try again later") when the sync did nothing because another was running
    /// on the data folder; else 1.
    public var problemStatus: Int32 {
        showsSync && drawn.state.syncWasBlocked ? Self.blockedStatus : 1
    }

    /// sysexits' EX_TEMPFAIL: another sync on the data folder held this one off; try again later.
    public nonisolated static let blockedStatus: Int32 = 75

    /// What the empty screen says, its keys named as the command line's options.
    public static let emptyText = "No one here yet. mvvm-tui people --import FILE imports a vCard file."

    public func text(style: TextStyle) -> String {
        let state = drawn.state
        var lines: [String]
        switch part {
        case .news:
            lines = [state.message]
        case .birthdaysSoon:
            lines = PrintoutColumns(
                rows: state.birthdaysSoon.map { [$0.nameText, $0.nextBirthdayText, $0.longBirthdayText] }, givingWay: 0
            ).lines(width: style.width)
        case .list:
            var header = style.bold(state.headerText)
            if showsSync, !state.syncText.isEmpty { header += "  " + style.dim(state.syncText) }
            lines = [header]
            if state.emptyText == PeopleListViewModel.emptyMessage { lines.append(Self.emptyText) }
            lines += PrintoutColumns(
                rows: state.rows.map { row in
                    let name = row.badgeText.isEmpty ? row.nameText : "\(row.nameText) [\(row.badgeText)]"
                    return row.rowBirthdayText.isEmpty ? [name] : [name, row.rowBirthdayText]
                }, givingWay: 0
            ).lines(width: style.width)
            if !state.message.isEmpty { lines.append(state.message) }
        }
        return lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n"
    }

    /// The outputs as the JSON document holds them.
    public var document: Document {
        let state = drawn.state
        return Document(
            countText: state.countText, sortText: state.sortText, matchCount: state.matchCount, emptyText: state.emptyText,
            people: part == .list ? state.rows.map(Document.Person.init) : [],
            birthdaysSoon: state.birthdaysSoon.map(Document.Person.init), birthdaysSoonText: state.birthdaysSoonText,
            syncText: showsSync ? state.syncText : "", syncIsProblem: showsSync && state.syncIsProblem,
            syncWaiting: showsSync ? state.syncWaiting : nil,
            message: state.message, messageIsProblem: state.messageIsProblem
        )
    }
}
