import Screens
import Testing
import TestSupport

@MainActor
struct ShellViewModelTests {
    @Test func tabsAreTheFiveScreensInOrder() {
        let shell = ShellViewModel()
        #expect(shell.tabs.map(\.title) == ["Weather", "Movies", "Search", "Scoreboard", "People"])
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

@MainActor
struct UnbuiltScreenViewModelTests {
    @Test func weatherAndSearchTakeTheInputLineAndTheOthersDoNot() {
        let uses = Tab.allCases.map { UnbuiltScreenViewModel(tab: $0).usesInputLine }
        #expect(uses == [true, false, true, false, false])
        #expect(UnbuiltScreenViewModel(tab: .weather).inputPrompt == "Location")
        #expect(UnbuiltScreenViewModel(tab: .search).inputPrompt == "Search")
    }

    @Test func messageSaysTheScreenIsNotBuiltAndSubmittedTextWasNotLookedUp() {
        let screen = UnbuiltScreenViewModel(tab: .weather)
        let message = ValueRecorder(screen.message)
        screen.inputSubmitted("  東京 ")
        screen.inputSubmitted("   ")
        #expect(message.values == [
            "The Weather screen is not built yet.",
            "The Weather screen is not built yet: “東京” was not looked up.",
            "The Weather screen is not built yet.",
        ])
    }
}
