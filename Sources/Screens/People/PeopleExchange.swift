import Foundation
import Models

/// The People screen's exchange with the people server as a value: whether one runs, what the
/// header says of it, and what it had to say beside the header. Its transitions name the work
/// (exchange with the server, read what waits in the outbox) and never do it.
///
/// An exchange asked for while one runs joins it: the sync makes one more pass for it, and the
/// header keeps saying the first one runs. The exchange ends when every one asked for has
/// answered (one that started just after the sync ended runs a pass of its own).
///
/// When one ends with changes waiting after the server could not be reached, a wait is armed
/// (`PeopleRetry`: 5 s, doubling to 5 min) and the exchange runs again when it is over; any
/// exchange asked for meanwhile disarms it, and nothing waiting any more does too.
public struct PeopleExchange: ScreenState {
    /// The work the exchange asks for.
    public enum Work: Equatable, Sendable {
        /// Send what waits, after reading what changed on the server when `fetching`.
        case exchange(fetching: Bool)
        /// How many people wait to be sent, and the last error among them.
        case readOutbox
        /// Wait this long, then answer `due`: the next try after the server could not be reached.
        case wait(Duration)
    }

    /// A piece of work's answer.
    public enum Answer: Equatable, Sendable {
        /// How far the reading of the server got: on the way, more comes.
        case progress(PeopleSyncProgress)
        /// What the exchange did; nil when it joined one already running.
        case ended(PeopleSyncReport?)
        /// The exchange stopped: the store failed.
        case stopped(String)
        /// What waits to be sent and the latest error among it, how the last exchange went (kept
        /// with the store), and the time it was read at.
        case outbox(waiting: Int, lastError: String?, outcome: SyncOutcome, now: Date)
        /// The outbox could not be read, for this reason: how things stand is not known.
        case outboxUnread(String)
        /// The wait is over: time to try the server again.
        case due
    }

    public enum Event: Equatable, Sendable {
        /// The store opened: exchanges can run from now on, the one asked for before first.
        case opened
        case exchangeAsked(fetching: Bool)
        /// The user asked for a sync (`r`): without a server, the news says how to set one.
        case syncPressed
        /// A commit landed: the header reads what waits again, unless an exchange runs.
        case stateAsked
        case answered(WorkID, Answer)
    }

    /// What the header says of the exchange, and whether it tells of a failure.
    public private(set) var header: String
    public private(set) var headerIsProblem = false
    /// How many people wait to be sent, as the outbox was last read; nil until it is read, or
    /// when it cannot be.
    public private(set) var waiting: Int?
    /// What the exchange has to say beside the header since the last event, to tell (`Told`).
    private var toTell: [PeopleNews] = []
    /// Whether an exchange runs: from the first asked for until every one has answered and the
    /// header says how it ended.
    public private(set) var isExchanging = false
    /// Whether the last exchange did nothing because another process on the data folder was
    /// exchanging with the server (the header says so until the store is read again).
    public private(set) var wasBlocked = false
    /// What `r` says without a people server.
    public static let noServerNews = "No people server to sync with: set --people-api or people.url"
    /// What `r` says with `--offline`.
    public static let offlineNews = "No sync with --offline: changes wait here until a run without it"
    /// What the header says then.
    public static let blockedText = "Another sync is running on this data folder; its outcome shows when it ends"
    /// The exchanges asked for and not yet answered.
    private var exchanges: Set<WorkID> = []
    private let hasServer: Bool
    /// Whether a server is set and `--offline` keeps the program off it.
    private let isOffline: Bool
    /// The user's time zone, for the time the book was last up to date.
    private let timeZone: TimeZone
    private var isOpen = false
    /// An exchange asked for before the store opened (the launch's sync), and whether it
    /// fetches: it runs when the store opens.
    private var askedBeforeOpen: Bool?
    /// Whether every exchange asked for has answered, and the outbox is read for the header.
    private var isEnding = false
    private var lastWork = WorkID.none
    /// When to try the server again by itself, the wait armed for it (`PeopleRetry`), and the
    /// network failure this exchange met, if any.
    private var retry = PeopleRetry()
    private var retryWait: WorkID?
    private var networkFailure: PeopleAPIError?

    /// `hasServer` is false when no people server is set, or with `offline` (`--offline`): the
    /// header says which, and nothing runs.
    public init(hasServer: Bool, offline: Bool = false, timeZone: TimeZone = TimeZone(identifier: "UTC")!) {
        self.hasServer = hasServer && !offline
        isOffline = offline  // passed only when a server is set: the app builds no API offline
        self.timeZone = timeZone
        header = self.hasServer ? "" : offline ? PeopleSyncStatusViewModel.offlineText : PeopleSyncStatusViewModel.noServerText
    }

    public static func event(answering id: WorkID, with answer: Answer) -> Event { .answered(id, answer) }

    public static func ends(with answer: Answer) -> Bool {
        if case .progress = answer { false } else { true }
    }

    public mutating func handle(_ event: Event) -> [WorkOrder<Work>] {
        switch event {
        case .opened:
            isOpen = true
            guard let fetching = askedBeforeOpen else { return [] }
            askedBeforeOpen = nil
            return handle(.exchangeAsked(fetching: fetching))
        case .exchangeAsked(let fetching):
            guard hasServer else { return [] }
            guard isOpen else {
                askedBeforeOpen = (askedBeforeOpen ?? false) || fetching
                return []
            }
            let stopWaiting = stopRetryWait()  // this exchange's end decides again
            let id = nextWork()
            if !isExchanging {
                isExchanging = true
                wasBlocked = false
                networkFailure = nil
                header = fetching ? "Syncing…" : "Sending…"
                headerIsProblem = false
            }
            exchanges.insert(id)
            return stopWaiting + [.start(.exchange(fetching: fetching), as: id)]
        case .syncPressed:
            guard hasServer else {
                toTell.append(PeopleNews(isOffline ? Self.offlineNews : Self.noServerNews, isProblem: true))
                return []
            }
            return handle(.exchangeAsked(fetching: true))
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
                if report.blockedByAnotherSync { wasBlocked = true }
                networkFailure =
                    [report.postError, report.fetchError].compactMap { $0 }.first(where: \.isNetworkFailure)
                    ?? networkFailure
            }
            return exchanges.isEmpty ? endExchange() : []
        case .stopped(let message):
            guard exchanges.remove(id) != nil else { return [] }
            say("Sync stopped: \(message)")
            return exchanges.isEmpty ? endExchange() : []
        case .outbox(let waiting, let lastError, let outcome, let now):
            if isEnding {
                // The exchange ends with the header telling how: whoever waits for its end has it.
                isEnding = false
                guard exchanges.isEmpty else { return [] }  // another was asked for meanwhile
                isExchanging = false
                if wasBlocked {
                    (header, headerIsProblem) = (Self.blockedText, true)
                } else {
                    showState(waiting: waiting, lastError: lastError, outcome: outcome, now: now)
                }
                return waitToRetry(waiting: waiting)
            } else if !isExchanging {
                wasBlocked = false
                showState(waiting: waiting, lastError: lastError, outcome: outcome, now: now)
                if waiting == 0 {
                    retry.reset()
                    return stopRetryWait()
                }
            }
            return []
        case .outboxUnread(let message):
            // Never "Synced": what waits is not known, so no wait to try again is armed either.
            guard isEnding || !isExchanging else { return [] }
            if isEnding {
                isEnding = false
                guard exchanges.isEmpty else { return [] }
                isExchanging = false
            }
            wasBlocked = false
            (header, headerIsProblem, waiting) = ("Sync unknown: the outbox cannot be read: \(message)", true, nil)
            return []
        case .due:
            guard id == retryWait else { return [] }
            retryWait = nil
            return handle(.exchangeAsked(fetching: true))
        }
    }

    /// Every exchange asked for has answered: what waits is read, and the exchange ends with it.
    private mutating func endExchange() -> [WorkOrder<Work>] {
        isEnding = true
        return [.start(.readOutbox, as: nextWork())]
    }

    /// Arms the wait before the next try when something waits after the server could not be
    /// reached (`PeopleRetry`); nothing otherwise.
    private mutating func waitToRetry(waiting: Int) -> [WorkOrder<Work>] {
        guard let delay = retry.delay(afterExchangeWith: networkFailure, waiting: waiting) else { return [] }
        let id = nextWork()
        retryWait = id
        return [.start(.wait(delay), as: id)]
    }

    /// Disarms the wait before the next try, if one is armed.
    private mutating func stopRetryWait() -> [WorkOrder<Work>] {
        guard let id = retryWait else { return [] }
        retryWait = nil
        return [.cancel(id)]
    }

    /// Reads what waits, for the header; not while an exchange runs, whose end tells it.
    private mutating func readOutbox() -> [WorkOrder<Work>] {
        guard hasServer, isOpen, !isExchanging else { return [] }
        return [.start(.readOutbox, as: nextWork())]
    }

    /// Says how the store stands with the server, from the outcome kept with it (never from
    /// this exchange alone, so a reload tells the same): why the last pull failed, what waits to
    /// be sent (adds, edits and deletes) and why, what was sent despite a failed pull, or when
    /// the book was last up to date.
    private mutating func showState(waiting: Int, lastError: String?, outcome: SyncOutcome, now: Date) {
        self.waiting = waiting
        var told: [String] = []
        if let failure = outcome.pullFailure { told.append("Sync failed: \(failure)") }
        if waiting > 0 {
            let text = "\(PeopleList.count(waiting)) waiting to be sent"
            // The outbox keeps each post's error; a delete's is the exchange's.
            let reason = (lastError ?? outcome.sendFailure).flatMap { $0 == outcome.pullFailure ? nil : $0 }
            told.append(reason.map { "\(text): \($0)" } ?? text)
            headerIsProblem = outcome.pullFailure != nil || lastError != nil || outcome.sendFailure != nil
        } else {
            if outcome.pullFailure != nil, outcome.sent > 0 { told.append("sent \(PeopleList.count(outcome.sent))") }
            headerIsProblem = outcome.pullFailure != nil
        }
        if told.isEmpty {
            told.append(outcome.upToDateAt.map { "Synced " + Self.when($0, now: now, in: timeZone) } ?? "Not synced yet")
        }
        header = told.joined(separator: "; ")
    }

    /// When `time` was, for "Synced …": "at 14:02" today, "27 Nov 14:02" on another day.
    static func when(_ time: Date, now: Date, in timeZone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: time)
        let clock = String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
        guard !calendar.isDate(time, inSameDayAs: now) else { return "at " + clock }
        let month = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"][(parts.month ?? 1) - 1]
        let year = calendar.component(.year, from: now) == parts.year ? "" : " \(parts.year ?? 0)"
        return "\(parts.day ?? 1) \(month)\(year) \(clock)"
    }

    /// Tells what a sync did: what it pulled and sent (when it read the server; a send alone
    /// after an edit is said by the header), the people kept as on the server, and what needs
    /// the user's eye: people changed both here and on the server, and cards on the server this
    /// program cannot read.
    private mutating func announce(_ report: PeopleSyncReport) {
        var told: [String] = []
        if let pulled = report.fetched {
            let sent = report.posted + report.deleted
            let moved = [pulled > 0 ? "pulled \(pulled.grouped)" : nil, sent > 0 ? "sent \(sent.grouped)" : nil].compactMap { $0 }
            if !moved.isEmpty { told.append(moved.joined(separator: ", ")) }
        }
        if report.keptAsOnServer > 0 { told.append("\(report.keptAsOnServer.grouped) kept as on the server") }
        if let first = report.deletesKeptByServer.first {
            let others = report.deletesKeptByServer.count - 1
            told.append(
                others == 0
                    ? "\(first) was changed on the server; kept" : "\(first) and \(others.grouped) more were changed on the server; kept")
        }
        if report.conflicts > 0 {
            told.append("\(PeopleList.count(report.conflicts)) changed here and on the server: v on the conflict settles it")
        }
        if let first = report.unreadableCards.first {
            let others = report.unreadableCards.count - 1
            told.append("cannot read the server's card \(first)\(others > 0 ? " and \(others.grouped) more" : ""), left as it is")
        }
        guard !told.isEmpty else { return }
        let text = told.joined(separator: "; ")
        say(
            text.prefix(1).uppercased() + text.dropFirst(),
            isProblem: report.conflicts > 0 || !report.unreadableCards.isEmpty || !report.deletesKeptByServer.isEmpty)
    }

    private mutating func say(_ text: String, isProblem: Bool = true) {
        toTell.append(PeopleNews(text, isProblem: isProblem))
    }

    /// The exchange tells its news, each once, even the same news twice.
    public typealias Told = PeopleNews

    public mutating func takeTold() -> [PeopleNews] {
        defer { toTell = [] }
        return toTell
    }

    private mutating func nextWork() -> WorkID {
        lastWork = lastWork.next
        return lastWork
    }
}
