import Models

/// The People screen's exchange with the people server as a value: whether one runs, what the
/// header says of it, and what it had to say beside the header. Its transitions name the work
/// (exchange with the server, read what waits in the outbox) and never do it.
///
/// An exchange asked for while one runs joins it: the sync makes one more pass for it, and the
/// header keeps saying the first one runs. The exchange ends when every one asked for has
/// answered (one that started just after the sync ended runs a pass of its own).
public struct PeopleExchange: ScreenState {
    /// The work the exchange asks for.
    public enum Work: Equatable, Sendable {
        /// Send what waits, after reading what changed on the server when `fetching`.
        case exchange(fetching: Bool)
        /// How many people wait to be sent, and the last error among them.
        case readOutbox
    }

    /// A piece of work's answer.
    public enum Answer: Equatable, Sendable {
        /// How far the reading of the server got: on the way, more comes.
        case progress(PeopleSyncProgress)
        /// What the exchange did; nil when it joined one already running.
        case ended(PeopleSyncReport?)
        /// The exchange stopped: the store failed.
        case stopped(String)
        case outbox(waiting: Int, lastError: String?)
    }

    public enum Event: Equatable, Sendable {
        /// The store opened: exchanges can run from now on.
        case opened
        case exchangeAsked(fetching: Bool)
        /// A commit landed: the header reads what waits again, unless an exchange runs.
        case stateAsked
        case answered(WorkID, Answer)
    }

    /// What the header says of the exchange, and whether it tells of a failure.
    public private(set) var header: String
    public private(set) var headerIsProblem = false
    /// What the last exchange said beside the header, and how many times anything was said.
    public private(set) var news = PeopleNews.none
    public private(set) var newsCount = 0
    /// Whether an exchange runs: from the first asked for until every one has answered and the
    /// header says how it ended.
    public private(set) var isExchanging = false
    /// The exchanges asked for and not yet answered.
    private var exchanges: Set<WorkID> = []
    private let hasServer: Bool
    private var isOpen = false
    /// The errors of the exchanges answered so far, and, once all have, for the header's reading
    /// of the outbox.
    private var errors = Ended()
    private var endedWith: Ended?

    private struct Ended: Equatable, Sendable {
        var fetch: PeopleAPIError?
        var post: PeopleAPIError?
    }
    private var lastWork = WorkID.none

    /// `hasServer` is false when no people server is set: the header says so, and nothing runs.
    public init(hasServer: Bool) {
        self.hasServer = hasServer
        header = hasServer ? "" : PeopleSyncStatusViewModel.noServerText
    }

    public static func event(answering id: WorkID, with answer: Answer) -> Event { .answered(id, answer) }

    public static func ends(with answer: Answer) -> Bool {
        if case .progress = answer { false } else { true }
    }

    public mutating func handle(_ event: Event) -> [WorkOrder<Work>] {
        switch event {
        case .opened:
            isOpen = true
            return []
        case .exchangeAsked(let fetching):
            guard hasServer, isOpen else { return [] }
            let id = nextWork()
            if !isExchanging {
                isExchanging = true
                errors = Ended()
                header = fetching ? "Syncing…" : "Sending…"
                headerIsProblem = false
            }
            exchanges.insert(id)
            return [.start(.exchange(fetching: fetching), as: id)]
        case .stateAsked:
            return readOutbox()
        case .answered(let id, let answer):
            return handle(answer, of: id)
        }
    }

    private mutating func handle(_ answer: Answer, of id: WorkID) -> [WorkOrder<Work>] {
        switch answer {
        case .progress(let progress):
            guard exchanges.contains(id), progress.total > 0 else { return [] }
            header = "Syncing… \(progress.read.grouped) of \(progress.total.grouped) card\(progress.total == 1 ? "" : "s")"
            return []
        case .ended(let report):
            guard exchanges.remove(id) != nil else { return [] }
            // Nil: it joined the pass under way, which tells how it went.
            if let report {
                announce(report)
                errors = Ended(fetch: report.fetchError ?? errors.fetch, post: report.postError ?? errors.post)
            }
            return exchanges.isEmpty ? endExchange() : []
        case .stopped(let message):
            guard exchanges.remove(id) != nil else { return [] }
            say("Sync stopped: \(message)")
            return exchanges.isEmpty ? endExchange() : []
        case .outbox(let waiting, let lastError):
            if let ended = endedWith {
                // The exchange ends with the header telling how: whoever waits for its end has it.
                endedWith = nil
                guard exchanges.isEmpty else { return [] }  // another was asked for meanwhile
                isExchanging = false
                showState(waiting: waiting, lastError: lastError, fetchError: ended.fetch, postError: ended.post)
            } else if !isExchanging {
                showState(waiting: waiting, lastError: lastError, fetchError: nil, postError: nil)
            }
            return []
        }
    }

    /// Every exchange asked for has answered: what waits is read, and the exchange ends with it.
    private mutating func endExchange() -> [WorkOrder<Work>] {
        endedWith = errors
        return [.start(.readOutbox, as: nextWork())]
    }

    /// Reads what waits, for the header; not while an exchange runs, whose end tells it.
    private mutating func readOutbox() -> [WorkOrder<Work>] {
        guard hasServer, isOpen, !isExchanging else { return [] }
        return [.start(.readOutbox, as: nextWork())]
    }

    /// Says what waits to be sent (adds, edits and deletes) and why, or why the last fetch
    /// failed, or that all is sent.
    private mutating func showState(waiting: Int, lastError: String?, fetchError: PeopleAPIError?, postError: PeopleAPIError?) {
        if waiting > 0 {
            let text = "\(PeopleListed.count(waiting)) waiting to be sent"
            // The outbox keeps each post's error; a delete's is the exchange's.
            let reason = lastError ?? postError?.message
            header = reason.map { "\(text): \($0)" } ?? text
            headerIsProblem = reason != nil
        } else if let fetchError {
            header = "Sync failed: \(fetchError.message)"
            headerIsProblem = true
        } else {
            header = "Synced"
            headerIsProblem = false
        }
    }

    /// Tells what a sync did that needs the user's eye: people changed both here and on the
    /// server, and cards on the server this program cannot read.
    private mutating func announce(_ report: PeopleSyncReport) {
        var told: [String] = []
        if report.conflicts > 0 {
            told.append("\(PeopleListed.count(report.conflicts)) changed both here and on the server: "
                + "both versions kept, yours marked (conflict)")
        }
        if let first = report.unreadableCards.first {
            let others = report.unreadableCards.count - 1
            told.append("cannot read the server's card \(first)\(others > 0 ? " and \(others.grouped) more" : ""), left as it is")
        }
        guard !told.isEmpty else { return }
        let text = told.joined(separator: "; ")
        say(text.prefix(1).uppercased() + text.dropFirst())
    }

    private mutating func say(_ text: String) {
        news = PeopleNews(text, isProblem: true)
        newsCount += 1
    }

    private mutating func nextWork() -> WorkID {
        lastWork = lastWork.next
        return lastWork
    }
}
