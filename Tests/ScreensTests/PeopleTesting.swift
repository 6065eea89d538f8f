import Foundation
import Models
import Screens
import TestSupport

/// What the People tests share: a store, preferences and files in memory, and the screen on them.
@MainActor
protocol PeopleTesting {
    var store: InMemoryPeopleStore { get }
    var preferences: InMemoryPreferences { get }
    var files: InMemoryTextFiles { get }
}

extension PeopleTesting {
    nonisolated static var today: CalendarDay { CalendarDay(year: 2026, month: 11, day: 22) }

    func makeViewModel(
        api: (any PeopleAPI)? = nil, defaultOrder: PersonSortOrder = .lastName,
        queue: any BackgroundQueue = InlineQueue()
    ) -> PeopleListViewModel {
        let (store, preferences) = (self.store, self.preferences)
        let people = PeopleListViewModel(
            openStore: { store }, openPreferences: { preferences },
            api: api, files: files, queue: queue, today: { Self.today }, now: { .testNow },
            timeZone: TimeZone(identifier: "UTC")!, defaultOrder: defaultOrder)
        people.screenAppeared()
        return people
    }

    func names(_ people: PeopleListViewModel) -> [String] {
        latest(people.rows).map(\.nameText)
    }

    /// Fills the form field by field in the input line, pressing Enter after each; the fields
    /// not given (from the email on, say) are left empty.
    func add(_ people: PeopleListViewModel, _ fields: [String]) {
        people.prompt.startAdding()
        for text in fields + Array(repeating: "", count: max(0, PersonForm.Field.allCases.count - fields.count)) {
            type(text, into: people.prompt)
            people.prompt.nextField()
        }
    }

    /// Waits until the main queue has run what is on it now: the store's notices.
    func noticesDelivered() async {
        await withCheckedContinuation { continuation in DispatchQueue.main.async { continuation.resume() } }
    }
}
