import Binding
import Models
@testable import Screens
import Testing
import TestSupport

/// What the People header says when the program does not sync: no people server set, or
/// `--offline`; either way no exchange is asked for.
@MainActor
struct PeopleSyncOffTests {
    let work = HeldWork<PeopleExchange.Work, PeopleExchange.Answer>()

    @Test func offlineTheHeaderSaysSoAndNothingIsAsked() {
        let status = PeopleSyncStatusViewModel(hasServer: true, offline: true, runner: work, storeIsOpen: Dynamic(true).output)
        let text = ValueRecorder(status.text)
        status.syncNow()
        status.exchange(fetching: false)
        status.showState()
        #expect(text.values == ["Sync off (--offline): changes wait here"])
        #expect(work.asked.isEmpty)
    }

    @Test func withNoServerTheHeaderNamesTheSettingThatSetsOne() {
        let status = PeopleSyncStatusViewModel(hasServer: false, runner: work, storeIsOpen: Dynamic(true).output)
        let text = ValueRecorder(status.text)
        status.syncNow()
        #expect(text.values == ["Sync off: no people server set (--people-api)"])
        #expect(work.asked.isEmpty)
    }
}
