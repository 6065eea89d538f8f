import Foundation
import Models
import Testing
import TestSupport

/// The People list's data: the window asked for, read from the store and kept current.
@MainActor
struct PeopleRepositoryTests {
    let store = InMemoryPeopleStore(people: (0..<30).map { Person(id: "p\($0)", firstName: "P", lastName: String(format: "N%02d", $0)) })

    private func repository(rows: Int = 5) -> (PeopleRepository, reads: () -> [PeopleRepository.Read]) {
        let repository = PeopleRepository(order: .lastName, birthdayWindow: 7)
        var reads: [PeopleRepository.Read] = []
        repository.onRead = { reads.append($0) }
        repository.resize(toRows: rows)
        repository.start(reading: store)
        return (repository, { reads })
    }

    private func lastNames(_ read: PeopleRepository.Read?) -> [String] {
        switch read {
        case .counted(let window), .moved(let window): window.people.map(\.lastName)
        default: []
        }
    }

    @Test func theFirstReadCountsAndReadsTheRowsThatFit() {
        let (repository, reads) = repository()
        #expect(reads().count == 1)
        #expect(lastNames(reads().last) == ["N00", "N01", "N02", "N03", "N04"])
        #expect(repository.window.total == 30)
        #expect(repository.window.matches == 30)
    }

    @Test func theRowsFollowTheCursorAndAMoveWithinThemReadsNothing() {
        let (repository, reads) = repository()
        let counts = store.counts
        repository.moveCursor(to: 4)
        #expect(reads().last == .moved(repository.window))
        #expect(repository.window.offset == 0)
        repository.moveCursor(to: 7)
        #expect(repository.window.offset == 3)
        #expect(lastNames(reads().last) == ["N03", "N04", "N05", "N06", "N07"])
        repository.moveCursor(to: 99)
        #expect(repository.window.cursor == 29)
        #expect(repository.window.selected?.lastName == "N29")
        #expect(store.counts == counts, "a cursor move counts nothing")
    }

    @Test func aFilterCountsItsMatchesFromTheTop() {
        let (repository, reads) = repository()
        repository.moveCursor(to: 12)
        repository.filter(by: " N1 ")
        #expect(repository.filter == "N1")
        #expect(repository.window.matches == 10)
        #expect(repository.window.cursor == 0)
        #expect(lastNames(reads().last) == ["N10", "N11", "N12", "N13", "N14"])
    }

    @Test func aCommitIsReadOnceItsNoticeComesAndAHiddenListWaitsUntilItShows() async throws {
        let (repository, reads) = repository()
        try store.delete(id: "p0")
        await untilMainQueueRuns()
        #expect(repository.window.total == 29)
        repository.setVisible(false)
        try store.delete(id: "p1")
        await untilMainQueueRuns()
        #expect(repository.window.total == 29)
        repository.setVisible(true)
        #expect(repository.window.total == 28)
        #expect(reads().count == 3)
    }

    @Test func anotherProgramsCommitIsSeenWhenTheListShowsAgain() {
        let (repository, _) = repository()
        repository.setVisible(false)
        store.addFromElsewhere([Person(id: "new", firstName: "Ada", lastName: "A")])
        repository.setVisible(true)
        #expect(repository.window.total == 31)
        #expect(repository.window.people.first?.lastName == "A")
    }

    @Test func theFirstBirthdaysAreReadSoonestFirstAtMostAsManyAsAsked() {
        let soon = (0..<5).map {
            Person(id: "b\($0)", firstName: "B", lastName: "\($0)", birthday: BirthDate(year: 1990, month: 11, day: 22 + $0))
        }
        try? store.add(soon)
        let repository = PeopleRepository(order: .lastName, birthdayWindow: 7, birthdaysRead: 3)
        repository.start(reading: store)
        #expect(repository.window.birthdays.map(\.id) == ["b0", "b1", "b2"])
    }

    @Test func aStoreThatCannotBeReadSaysSo() {
        let (repository, reads) = repository()
        store.failReads = InMemoryGameLibrary.Failure(description: "disk I/O error")
        repository.reread()
        #expect(reads().last == .failed("People cannot be read: disk I/O error"))
        #expect(repository.window.people.isEmpty)
    }

    private func untilMainQueueRuns() async {
        await withCheckedContinuation { done in DispatchQueue.main.async { done.resume() } }
    }
}
