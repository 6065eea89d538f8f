import Screens
import Testing
import TestSupport

@MainActor
struct ShellViewModelTests {
    @Test func tabsAreTheFiveScreensInOrder() {
        let shell = ShellViewModel()
        #expect(shell.tabs.map(\.title) == ["Weather", "Movies", "Search", "Scoreboard", "People"])
    }

    @Test func noticesShowUntilTheFirstKey() {
        let shell = ShellViewModel(notices: ["/c.toml: unknown key colour (line 2) ignored", "/c.toml holds tmdb.api_key"])
        let notice = ValueRecorder(shell.notice)
        shell.dismissNotice()
        shell.dismissNotice()
        #expect(notice.values == ["Warning: /c.toml: unknown key colour (line 2) ignored; /c.toml holds tmdb.api_key", nil])
        #expect(ValueRecorder(ShellViewModel().notice).values == [nil])
    }

    @Test func nextTabWalksForwardAndWrapsToTheFirst() {
        let shell = ShellViewModel(initialTab: .weather)
        let selected = ValueRecorder(shell.selectedTab)
        for _ in 0..<5 { shell.selectNextTab() }
        #expect(selected.values == [.weather, .movies, .search, .scoreboard, .people, .weather])
    }

    @Test func previousTabWalksBackAndWrapsToTheLast() {
        let shell = ShellViewModel(initialTab: .movies)
        let selected = ValueRecorder(shell.selectedTab)
        shell.selectPreviousTab()
        shell.selectPreviousTab()
        #expect(selected.values == [.movies, .weather, .people])
    }

    @Test func selectingTheOpenTabChangesNothing() {
        let shell = ShellViewModel(initialTab: .search)
        let selected = ValueRecorder(shell.selectedTab)
        shell.selectTab(.search)
        shell.selectTab(.people)
        #expect(selected.values == [.search, .people])
    }

    @Test func helpTogglesAndHideIsQuietWhenHidden() {
        let shell = ShellViewModel()
        let help = ValueRecorder(shell.isHelpVisible)
        shell.hideHelp()
        shell.toggleHelp()
        shell.hideHelp()
        #expect(help.values == [false, true, false])
    }
}
