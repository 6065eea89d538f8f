import Binding
import Foundation
import Models

/// The People list's live runner: it reads the store on the main actor and answers inside
/// `start`, so the rows a key asks for are on screen before the key returns; the store opens the
/// first time it is needed. It follows the store's commits and knows which of them a read has
/// seen, so a commit is read once: this program's, told by the store's notice, or another
/// program's on the same data folder, found through `PeopleReading.changedElsewhere()` before a
/// read, with no polling.
@MainActor
public final class PeopleListRunner: WorkRunner {
    private let open: @MainActor () throws -> any PeopleStore
    private let now: () -> Date
    private let timeZone: TimeZone
    private let scheduler: (any Scheduler)?
    private var midnights: [WorkID: ScheduledAction] = [:]
    private let birthdayWindow: Int
    private let birthdaysRead: Int
    private var store: (any PeopleStore)?
    private var observation: StoreObservation?
    /// The work that follows the store's commits, and how it answers; its observation starts
    /// when the store opens.
    private var following: (id: WorkID, deliver: @MainActor (PeopleList.Answer) -> Void)?
    /// The store's commits that the window was last counted after.
    private var commitsRead = 0
    /// Whether the last count failed: the next catch-up counts again.
    private var countFailed = false

    /// Reads and writes the store `openStore` gives, dating an edit `now`; the birthdays soon look
    /// `birthdayWindow` days ahead, and the first `birthdaysRead` of them are read (a week's
    /// birthdays among 100,000 people take 10 ms to read whole, the first 20 0.4 ms). Midnight
    /// in `timeZone` comes as a timer on `scheduler` (none without one: a subcommand's day ends
    /// with it).
    public init(
        openStore: @escaping @MainActor () throws -> any PeopleStore, now: @escaping () -> Date, birthdayWindow: Int, birthdaysRead: Int,
        timeZone: TimeZone = .current, scheduler: (any Scheduler)? = nil
    ) {
        open = openStore
        self.now = now
        self.timeZone = timeZone
        self.scheduler = scheduler
        self.birthdayWindow = birthdayWindow
        self.birthdaysRead = birthdaysRead
    }

    isolated deinit {
        observation?.cancel()
        for timer in midnights.values { timer.cancel() }
    }

    public func start(_ work: PeopleList.Work, as id: WorkID, deliver: @escaping @MainActor (PeopleList.Answer) -> Void) {
        switch work {
        case .follow:
            // Follows from when the store opens: a store that cannot open yet is opened again by
            // the next read (the count started with this says why it cannot), and followed then.
            following = (id, deliver)
            if let store { observe(store) }
            return
        case .midnight:
            return waitForMidnight(as: id, deliver: deliver)
        default:
            break
        }
        let store: any PeopleStore
        do {
            store = try opened()
        } catch {
            return deliver(.unopened("People cannot be read: \(error)"))
        }
        switch work {
        case .follow, .midnight:
            break  // started above, without the store
        case .count(let query):
            deliver(count(query, in: store))
        case .page(let query):
            guard !hasUnreadCommit(in: store) else { return deliver(count(query, in: store)) }
            do {
                deliver(
                    .paged(try store.people(matching: query.filter, sortedBy: query.order, offset: query.offset, limit: query.size), query))
            } catch {
                deliver(.failed("People cannot be read: \(error)", clearsRows: false))
            }
        case .catchUp(let query):
            deliver(hasUnreadCommit(in: store) ? count(query, in: store) : .unchanged)
        case .original(let copy):
            do {
                deliver(.original(try copy.conflictOf.flatMap(store.person(id:)), of: copy))
            } catch {
                deliver(.failed("The server's version of \(PersonViewModel.name(of: copy)) cannot be read: \(error)", clearsRows: false))
            }
        case .card(let id):
            do {
                deliver(.card(try store.keptCards(for: [id])[id].map { VCard.details(ofCard: $0).map(\.line) } ?? [], of: id))
            } catch {
                deliver(.failed("The card's other details cannot be read: \(error)", clearsRows: false))
            }
        case .write(let write, let query):
            let outcome = perform(write, in: store)
            deliver(.written(outcome, then: outcome.landed ? count(query, in: store) : .unchanged))
        }
    }

    public func cancel(_ id: WorkID) {
        midnights.removeValue(forKey: id)?.cancel()
        guard following?.id == id else { return }
        following = nil
        observation?.cancel()
        observation = nil
    }

    private func opened() throws -> any PeopleStore {
        if let store { return store }
        let store = try open()
        self.store = store
        observe(store)
        return store
    }

    /// Answers the day that begins at the next midnight in the user's time zone, a second after
    /// it (a clock that the machine's sleep held back is caught up by the next key's event).
    private func waitForMidnight(as id: WorkID, deliver: @escaping @MainActor (PeopleList.Answer) -> Void) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let now = now()
        guard let scheduler, let midnight = calendar.date(byAdding: .day, value: 1, to: calendar.startOfDay(for: now)) else { return }
        let delay = Duration.milliseconds(Int64((midnight.timeIntervalSince(now) + 1) * 1000))
        midnights[id] = scheduler.schedule(after: delay) { [weak self] in
            guard let self, midnights.removeValue(forKey: id) != nil else { return }
            deliver(.midnight(CalendarDay(containing: self.now(), in: timeZone)))
        }
    }

    /// Tells each commit to `store` to the work that follows them, if any.
    private func observe(_ store: any PeopleStore) {
        guard let id = following?.id, observation == nil else { return }
        observation = store.observeChanges(on: .main) { [weak self] in
            MainActor.assumeIsolated {
                guard let self, let following = self.following, following.id == id else { return }
                following.deliver(.committed)
            }
        }
    }

    /// Whether a commit landed that the window has not seen: this program's, whose notice may
    /// still be on its way, or another program's (told once: the caller reads at once).
    private func hasUnreadCommit(in store: any PeopleReading) -> Bool {
        // A store that cannot tell is read again: a needless read costs less than a stale list.
        let elsewhere = (try? store.changedElsewhere()) ?? true
        return elsewhere || countFailed || (observation?.commits ?? 0) > commitsRead
    }

    /// Counts everyone and the matches and reads the rows in view and the birthdays soon, keeping
    /// the cursor's place, all in one read of the store.
    private func count(_ query: PeopleQuery, in store: any PeopleReading) -> PeopleList.Answer {
        let commits = observation?.commits ?? 0  // noted before reading: a commit after it is told again
        // Another program's commits so far are seen by this read; whether there were any is moot.
        _ = try? store.changedElsewhere()
        do {
            let page = try store.page(matching: query.filter, sortedBy: query.order, limit: query.size) {
                query.offset(forMatches: $0)
            }
            var window = PeopleWindow()
            window.total = page.total
            window.matches = page.matches
            window.cursor = min(query.cursor, max(0, page.matches - 1))
            window.offset = page.offset
            window.people = page.people
            window.birthdays = try store.birthdays(within: birthdayWindow, limit: birthdaysRead)
            (commitsRead, countFailed) = (commits, false)  // only a whole read has seen them
            return .counted(window, query)
        } catch {
            countFailed = true
            return .failed("People cannot be read: \(error)", clearsRows: true)
        }
    }

    /// Writes what the user asked for; a refusal comes back in words.
    private func perform(_ write: PeopleList.Write, in store: any PeopleStore) -> PeopleList.WriteOutcome {
        switch write {
        case .save(let save):
            do {
                if let original = save.replacing {
                    try store.update(save.person, at: now(), replacing: original)
                } else {
                    try store.add(save.person)
                }
                return .saved(save)
            } catch let stale as StaleEdit {
                return .stale(kept: stale.kept)
            } catch {
                return .notSaved("Not saved: \(error)")
            }
        case .delete(let person):
            do {
                try store.delete(id: person.id)
                return .deleted(person)
            } catch {
                return .failed("Not deleted: \(error)")
            }
        case .settle(let conflict, let choice):
            do {
                return .settled(try conflict.settle(keeping: choice, in: store, at: now()))
            } catch {
                return .failed("Not settled: \(error)")
            }
        }
    }
}
