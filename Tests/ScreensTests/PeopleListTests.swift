import Foundation
import Models
@testable import Screens
import Testing
import TestSupport

/// The People list's one value and its live runner over a store: the window asked for, read
/// from the store before the event that asked returns, and kept current.
@MainActor
struct PeopleListTests {
    let store = InMemoryPeopleStore(people: (0..<30).map { Person(id: "p\($0)", firstName: "P", lastName: String(format: "N%02d", $0)) })
    static let today = CalendarDay(year: 2026, month: 11, day: 22)

    /// A list of 5 rows that has appeared once: the store followed and counted.
    private func list(rows: Int = 5, birthdaysRead: Int = .max) -> ScreenMachine<PeopleList> {
        let runner = PeopleListRunner(openStore: { [store] in store }, now: { .testNow }, birthdayWindow: 7, birthdaysRead: birthdaysRead)
        let list = ScreenMachine(PeopleList(order: .lastName, today: Self.today), runner: runner)
        list.send(.resized(rows: rows))
        list.send(.appeared(today: Self.today))
        return list
    }

    private func lastNames(_ list: ScreenMachine<PeopleList>) -> [String] {
        list.state.value.window.people.map(\.lastName)
    }

    @Test func theFirstAppearanceCountsAndReadsTheRowsThatFit() {
        let list = list()
        #expect(lastNames(list) == ["N00", "N01", "N02", "N03", "N04"])
        #expect(list.state.value.window.total == 30)
        #expect(list.state.value.window.matches == 30)
        #expect(list.state.value.hasRead)
    }

    @Test func theRowsFollowTheCursorAndAMoveWithinThemReadsNothing() {
        let list = list()
        let counts = store.counts
        let windows = ValueRecorder(list.state.output.map(\.window.offset).distinct())
        let told = ValueRecorder(list.told)
        list.send(.cursorMoved(to: 4))
        list.send(.cursorMoved(to: 7))
        #expect(lastNames(list) == ["N03", "N04", "N05", "N06", "N07"])
        list.send(.cursorMoved(to: 99))
        #expect(list.state.value.window.cursor == 29)
        #expect(list.state.value.window.selected?.lastName == "N29")
        #expect(list.state.value.positionText == "30/30", "where the cursor is in a list longer than its rows")
        #expect(windows.values == [0, 3, 25])
        #expect(store.counts == counts, "a cursor move counts nothing")
        #expect(told.values.isEmpty, "nor tells a count, after which the header reads the outbox")
    }

    @Test func aFilterCountsItsMatchesFromTheTop() {
        let list = list()
        list.send(.cursorMoved(to: 12))
        list.send(.filtered(" N1 "))
        #expect(list.state.value.shownFilter == "N1")
        #expect(list.state.value.window.matches == 10)
        #expect(list.state.value.window.cursor == 0)
        #expect(lastNames(list) == ["N10", "N11", "N12", "N13", "N14"])
    }

    @Test func aCommitIsReadOnceItsNoticeComesAndAHiddenListWaitsUntilItShows() async throws {
        let list = list()
        let totals = ValueRecorder(list.state.output.map(\.window.total).distinct())
        try store.delete(id: "p0")
        await untilMainQueueRuns()
        list.send(.disappeared)
        try store.delete(id: "p1")
        await untilMainQueueRuns()
        #expect(list.state.value.window.total == 29)
        list.send(.appeared(today: Self.today))
        #expect(totals.values == [30, 29, 28])
    }

    @Test func anotherProgramsCommitIsSeenWhenTheListShowsAgain() {
        let list = list()
        list.send(.disappeared)
        store.addFromElsewhere([Person(id: "new", firstName: "Ada", lastName: "A")])
        list.send(.appeared(today: Self.today))
        #expect(list.state.value.window.total == 31)
        #expect(lastNames(list).first == "A")
    }

    @Test func theFirstBirthdaysAreReadSoonestFirstAtMostAsManyAsAsked() throws {
        let soon = (0..<5).map {
            Person(id: "b\($0)", firstName: "B", lastName: "\($0)", birthday: BirthDate(year: 1990, month: 11, day: 22 + $0))
        }
        try store.add(soon)
        let list = list(birthdaysRead: 3)
        #expect(list.state.value.window.birthdays.map(\.id) == ["b0", "b1", "b2"])
    }

    @Test func aStoreThatCannotBeReadSaysSoEachTimeShowsNoRowsAndIsReadAgainWhenAsked() {
        let list = list()
        let told = ValueRecorder(list.told)
        store.failReads = InMemoryGameLibrary.Failure(description: "disk I/O error")
        list.send(.imported)
        list.send(.imported)
        #expect(list.state.value.window.people.isEmpty)
        #expect(list.state.value.hasRead, "the counts read before still stand")
        store.failReads = nil
        list.send(.catchUpAsked)
        #expect(lastNames(list).count == 5, "a failed count is read again though nothing was committed")
        let unread = PeopleList.Told.unread("People cannot be read: disk I/O error")
        #expect(told.values == [unread, unread, .counted], "the same failure is told again")
    }

    @Test func aCountWhoseBirthdaysCannotBeReadIsReadAgainWhenAsked() {
        let list = list()
        let store = store
        store.afterEachCount = { store.failReads = InMemoryGameLibrary.Failure(description: "disk I/O error") }
        list.send(.imported)
        #expect(list.state.value.window.people.isEmpty)
        (store.afterEachCount, store.failReads) = (nil, nil)
        list.send(.catchUpAsked)
        #expect(lastNames(list) == ["N00", "N01", "N02", "N03", "N04"])
    }

    @Test func aStoreThatCannotOpenIsTriedAgainByTheNextReadAndFollowedFromThen() async throws {
        var opens = 0
        let runner = PeopleListRunner(
            openStore: { [store] in
                opens += 1
                if opens == 1 { throw InMemoryGameLibrary.Failure(description: "database is locked") }
                return store
            }, now: { .testNow }, birthdayWindow: 7, birthdaysRead: 5)
        let list = ScreenMachine(PeopleList(order: .lastName, today: Self.today), runner: runner)
        let told = ValueRecorder(list.told)
        let isOpen = ValueRecorder(list.state.output.map(\.isOpen).distinct())
        list.send(.appeared(today: Self.today))
        #expect(told.values == [.unread("People cannot be read: database is locked")])
        list.send(.disappeared)
        list.send(.appeared(today: Self.today))
        #expect(lastNames(list).count == 20, "counted whole, though it had never been read")
        try store.delete(id: "p0")
        await untilMainQueueRuns()
        #expect(list.state.value.window.total == 29, "its commits are followed once it opens")
        #expect(isOpen.values == [false, true])
        #expect(told.values.count == 3)
    }

    @Test func beforeTheFirstAppearanceAChangeOfOrderFilterOrSizeReadsNothing() {
        var list = PeopleList(order: .lastName, today: Self.today)
        #expect(list.handle(.sorted(.firstName)) == [])
        #expect(list.handle(.filtered("ada")) == [])
        #expect(list.handle(.resized(rows: 9)) == [])
        #expect(list.handle(.cursorMoved(to: 3)) == [])
        let query = PeopleQuery(filter: "ada", order: .firstName, size: 9, cursor: 0, offset: 0)
        #expect(
            list.handle(.appeared(today: Self.today)) == [
                .start(.follow, as: WorkID.none.next), .start(.count(query), as: WorkID.none.next.next),
                .start(.midnight, as: WorkID.none.next.next.next),
            ])
    }

    @Test func aNewDayCountsFromItAndTheSameDayReadsNothing() {
        var list = PeopleList(order: .lastName, today: Self.today)
        _ = list.handle(.appeared(today: Self.today))
        #expect(list.handle(.dayBegan(Self.today)) == [])
        let tomorrow = CalendarDay(year: 2026, month: 11, day: 23)
        #expect(list.handle(.dayBegan(tomorrow)) == [.start(.count(list.query), as: list.lastWork)])
        #expect(list.today == tomorrow)
    }

    @Test func midnightBeginsTheNextDayAndWaitsForTheOneAfter() throws {
        let scheduler = TestScheduler()
        // 2026-11-22 23:59:00 in Paris, a minute before its midnight.
        var now = Date(timeIntervalSince1970: 1_795_388_340)
        let runner = PeopleListRunner(
            openStore: { [store] in store }, now: { now }, birthdayWindow: 7, birthdaysRead: 5,
            timeZone: TimeZone(identifier: "Europe/Paris")!, scheduler: scheduler)
        let list = ScreenMachine(PeopleList(order: .lastName, today: Self.today), runner: runner)
        let days = ValueRecorder(list.state.output.map(\.today).distinct())
        list.send(.appeared(today: Self.today))
        scheduler.advance(by: .seconds(60))
        #expect(days.values == [Self.today], "not before a second after midnight")
        now += 61
        scheduler.advance(by: .seconds(1))
        #expect(days.values == [Self.today, CalendarDay(year: 2026, month: 11, day: 23)])
        #expect(scheduler.waitingCount == 1, "the next midnight is waited for")
        list.send(.disappeared)
        _ = list
    }

    @Test func aWriteIsReadWithTheRowsItChangedAndEachOutcomeIsToldOnce() throws {
        let list = list()
        let ada = Person(id: "ada", firstName: "Ada", lastName: "A")
        var told: [PeopleList.WriteOutcome] = []
        var totalsWhenTold: [Int] = []
        let token = list.told.bind { [list] in
            guard case .wrote(let outcome) = $0 else { return }
            told.append(outcome)
            totalsWhenTold.append(list.state.value.window.total)
        }
        list.send(.writeAsked(.save(PersonForm.Save(person: ada, replacing: nil))))
        #expect(list.state.value.window.total == 31, "read with the write")
        #expect(lastNames(list).first == "A")
        list.send(.writeAsked(.delete(ada)))
        let gone = Person(id: "gone", firstName: "No", lastName: "One")
        list.send(.writeAsked(.save(PersonForm.Save(person: gone, replacing: gone))))
        store.failWrites = InMemoryGameLibrary.Failure(description: "disk full")
        list.send(.writeAsked(.delete(ada)))
        list.send(.writeAsked(.delete(ada)))
        #expect(
            told == [
                .saved(PersonForm.Save(person: ada, replacing: nil)), .deleted(ada), .stale(kept: nil),
                .failed("Not deleted: disk full"), .failed("Not deleted: disk full"),
            ])
        #expect(totalsWhenTold == [30, 31, 30, 30, 30], "told before the list shows the rows read with it")
        _ = token
    }

    @Test func aPersonShownFullSizeShowsWhatTheirKeptCardSaysBeyondTheRow() throws {
        let card =
            "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:ada\r\nN:Lovelace;Ada;;;\r\nORG:Analytical Engines\r\n"
            + "NOTE:Wrote the first program\\, for the Engine\r\nEND:VCARD\r\n"
        let ada = Person(id: "ada", firstName: "Ada", lastName: "Lovelace")
        try store.add([ada], cards: ["ada": card])
        let list = list()
        let lines = ValueRecorder(list.state.output.map(\.cardLines).distinct())
        list.send(.detailShown(ada))
        list.send(.detailShown(nil))
        var state = list.state.value
        _ = state.handle(.answered(state.lastWork, .card(["Note of someone else"], of: "ada")))
        #expect(state.cardLines.isEmpty, "an answer about someone no longer shown shows nothing")
        #expect(
            lines.values == [
                [], ["Organisation Analytical Engines", "Note Wrote the first program, for the Engine"], [],
            ])
    }

    @Test func aConflictsCopyInTheDetailIsReadBesideThePersonItCopies() throws {
        let list = list()
        let copy = Person(id: "copy", firstName: "P", lastName: "N03 here", conflictOf: "p3")
        list.send(.detailShown(copy))
        #expect(list.state.value.conflict == PersonConflict(mine: copy, theirs: try store.person(id: "p3")))
        list.send(.detailShown(Person(id: "p4", firstName: "P", lastName: "N04")))
        #expect(list.state.value.conflict == nil, "anyone else's detail shows no conflict")
        store.failReads = InMemoryGameLibrary.Failure(description: "disk I/O error")
        let told = ValueRecorder(list.told)
        list.send(.detailShown(copy))
        #expect(list.state.value.conflict == nil)
        #expect(
            told.values == [
                .unread("The card's other details cannot be read: disk I/O error"),
                .unread("The server's version of P N03 here cannot be read: disk I/O error"),
            ])
    }

    private func untilMainQueueRuns() async {
        await withCheckedContinuation { done in DispatchQueue.main.async { done.resume() } }
    }
}
