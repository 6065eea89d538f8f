import Foundation
import Models
import Screens
import Testing
import TestSupport

/// The People screen's busy output, `isBusy`: up while a sync, an import or an export runs, down
/// once what it did is shown; and the window of the header's "Birthdays soon".
@MainActor
struct PeopleBusyTests: PeopleTesting {
    let store = InMemoryPeopleStore()
    let preferences = InMemoryPreferences()
    let files = InMemoryTextFiles()

    /// Notes, each time `isBusy` changes, whether it is up and what the screen shows then.
    private func recordBusy(_ people: PeopleListViewModel) -> (values: () -> [(Bool, String, [String])], token: Any) {
        var seen: [(Bool, String, [String])] = []
        let token = people.isBusy.bindAndFire { busy in
            seen.append((busy, latest(people.message), latest(people.rows).map(\.nameText)))
        }
        return ({ seen }, token)
    }

    @Test func withoutAServerNothingIsBusy() {
        let people = makeViewModel()
        let busy = ValueRecorder(people.isBusy)
        people.toggleSort()
        type("Ada", into: people.prompt)
        #expect(busy.values == [false])
    }

    @Test func anImportIsBusyUntilItsReportIsTheNewsAndItsPeopleAreListed() async {
        files.files["friends.vcf"] = "BEGIN:VCARD\nVERSION:4.0\nN:Lovelace;Ada;;;\nEND:VCARD\n"
        let people = makeViewModel()
        let busy = recordBusy(people)
        people.prompt.startImporting()
        type("friends.vcf", into: people.prompt)
        people.prompt.inputSubmitted()
        #expect(latest(people.isBusy))
        await untilIdle(people.isBusy)
        let values = busy.values()
        #expect(values.map(\.0) == [false, true, false])
        #expect(values.last?.1 == "Imported 1 new person from friends.vcf")
        #expect(values.last?.2 == ["Ada Lovelace"])
        withExtendedLifetime(busy.token) {}
    }

    @Test func anExportIsBusyUntilItsReportIsTheNews() async {
        try? store.add(Person(id: "ada", firstName: "Ada", lastName: "Lovelace"))
        let people = makeViewModel()
        let busy = recordBusy(people)
        people.prompt.startExporting()
        people.prompt.inputSubmitted()
        await untilIdle(people.isBusy)
        #expect(busy.values().map(\.0) == [false, true, false])
        #expect(busy.values().last?.1 == "Exported 1 person to /home/test/people.vcf")
        withExtendedLifetime(busy.token) {}
    }

    @Test func aSyncIsBusyUntilTheServersPeopleAreListed() async {
        let api = ScriptedPeopleAPI(people: [Person(id: "grace", firstName: "Grace", lastName: "Hopper")])
        let people = makeViewModel(api: api)
        #expect(latest(people.isBusy))
        let busy = recordBusy(people)
        await untilIdle(people.isBusy)
        #expect(busy.values().map(\.0) == [true, false])
        #expect(busy.values().last?.2 == ["Grace Hopper"])
        #expect(latest(people.syncStatus.text) == "Synced at 09:40")
        withExtendedLifetime(busy.token) {}
    }

    @Test func theBirthdaysSoonLookAsFarAheadAsTheScreenIsTold() throws {
        // Today is 22 November 2026.
        try store.add([
            Person(id: "ada", firstName: "Ada", lastName: "Lovelace", birthday: BirthDate("1815-12-10")),
            Person(id: "grace", firstName: "Grace", lastName: "Hopper", birthday: BirthDate("1906-11-25")),
        ])
        #expect(latest(makeViewModel().birthdaysSoon).map(\.nameText) == ["Grace Hopper"])
        let (store, preferences) = (self.store, self.preferences)
        let month = PeopleListViewModel(
            openStore: { store }, openPreferences: { preferences }, api: nil, files: files,
            queue: InlineQueue(), today: { Self.today }, now: { .testNow }, birthdayWindow: 30)
        month.screenAppeared()
        #expect(latest(month.birthdaysSoon).map(\.nameText) == ["Grace Hopper", "Ada Lovelace"])
        #expect(latest(month.birthdaysSoonText) == "Birthdays soon: Grace Hopper in 3 days, Ada Lovelace in 18 days")
    }
}

/// An order chosen for one run (`mvvm-tui people --sort`).
@MainActor
struct PeopleChosenOrderTests: PeopleTesting {
    let store = InMemoryPeopleStore()
    let preferences = InMemoryPreferences()
    let files = InMemoryTextFiles()

    @Test func anOrderChosenForTheRunSortsOverTheKeptOneAndIsNotKept() throws {
        try store.add([
            Person(id: "ada", firstName: "Ada", lastName: "Lovelace"),
            Person(id: "grace", firstName: "Grace", lastName: "Hopper"),
        ])
        try preferences.set(PersonSortOrder.lastName.rawValue, forKey: PersonSortOrder.preferenceKey)
        let (store, preferences) = (self.store, self.preferences)
        let people = PeopleListViewModel(
            openStore: { store }, openPreferences: { preferences }, api: nil, files: files,
            queue: InlineQueue(), today: { Self.today }, now: { .testNow }, chosenOrder: .firstName)
        people.screenAppeared()
        #expect(latest(people.sortText) == "by first name")
        #expect(names(people) == ["Ada Lovelace", "Grace Hopper"])
        #expect(try preferences.string(forKey: PersonSortOrder.preferenceKey) == PersonSortOrder.lastName.rawValue)
    }
}
