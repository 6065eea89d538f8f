import Binding
import Models
@testable import Screens
import Testing
import TestSupport

/// What the People header says when the program does not sync: no people server set, or
/// `--offline`; either way no exchange is asked for, and `r` says why.
@MainActor
struct PeopleSyncOffTests {
    let work = HeldWork<PeopleExchange.Work, PeopleExchange.Answer>()

    @Test func offlineTheHeaderSaysSoAndNothingIsAsked() {
        // As the app builds it: no API offline, so no server to hand it, and `offline` says one is set.
        let status = PeopleSyncStatusViewModel(hasServer: false, offline: true, runner: work, storeIsOpen: Dynamic(true).output)
        let (text, news) = (ValueRecorder(status.text), ValueRecorder(status.news))
        status.syncNow()
        status.exchange(fetching: false)
        status.showState()
        #expect(text.values == ["Sync off (--offline): changes wait here"])
        #expect(news.values == [PeopleNews(PeopleExchange.offlineNews, isProblem: true)], "r answers; a write's send says nothing")
        #expect(work.asked.isEmpty)
    }

    @Test func withNoServerTheHeaderNamesTheSettingThatSetsOne() {
        let status = PeopleSyncStatusViewModel(hasServer: false, runner: work, storeIsOpen: Dynamic(true).output)
        let (text, news) = (ValueRecorder(status.text), ValueRecorder(status.news))
        status.syncNow()
        status.syncNow()
        status.exchange(fetching: false)
        #expect(text.values == ["Sync off: no people server set (--people-api)"])
        #expect(news.values.map(\.text) == [PeopleExchange.noServerNews, PeopleExchange.noServerNews], "each r answers")
        #expect(work.asked.isEmpty)
    }
}
