import Binding
import Foundation
import Models
import Screens

extension PeopleListViewModel {
    /// The People screen over the live runners (`PeopleRunners.live`) and the store `openStore`
    /// gives, as the composition root builds it: for tests of the screen whole, of its views and
    /// of the command line.
    public convenience init(
        openStore: @escaping @MainActor () throws -> any PeopleStore,
        openPreferences: @escaping @MainActor () throws -> any PreferencesStore,
        api: (any PeopleAPI)?, files: any TextFiles, queue: any BackgroundQueue,
        today: @escaping () -> CalendarDay, now: @escaping () -> Date, timeZone: TimeZone = .current,
        defaultOrder: PersonSortOrder = .lastName,
        birthdayWindow: Int = PeopleListViewModel.defaultBirthdayWindow, birthdaysShown: Int = 20, chosenOrder: PersonSortOrder? = nil,
        retryScheduler: (any Scheduler)? = nil, offline: Bool = false
    ) {
        let runners = PeopleRunners.live(
            openStore: openStore, api: api, files: files, background: queue, now: now, birthdayWindow: birthdayWindow,
            birthdaysRead: birthdaysShown, retryScheduler: retryScheduler)
        self.init(
            runners: runners, openPreferences: openPreferences, today: today, timeZone: timeZone, defaultOrder: defaultOrder,
            birthdayWindow: birthdayWindow, birthdaysShown: birthdaysShown, chosenOrder: chosenOrder, offline: offline)
    }
}
