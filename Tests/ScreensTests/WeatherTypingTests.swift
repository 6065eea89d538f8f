import Models
import Screens
import Testing
import TestSupport

/// Typing on the Weather screen: places are suggested as the line changes, Up and Down choose
/// one, Enter or a click shows it; else Enter looks up the text typed.
@MainActor
struct WeatherTypingTests {
    @Test func typingSuggestsPlacesAndUpDownPicksOneForEnter() {
        let screen = HeldWeather.shown()
        let weather = screen.viewModel
        let suggestions = ValueRecorder(weather.suggestions)
        let chosen = ValueRecorder(weather.selectedSuggestion)
        type("R", into: weather)
        type("i", into: weather)
        #expect(screen.work.cancelled == [screen.work.id(ofAsked: 4)], "the search for R is replaced by the one for Ri")
        screen.work.answer(.suggest("Ri"), with: .suggested([.richmondVA, .paris]))
        for offset in [1, 1, 1, -1] { weather.moveSuggestion(by: offset) }
        weather.inputSubmitted()
        #expect(suggestions.values == [[], ["Richmond, VA", "Paris, Île-de-France, France"], []])
        #expect(chosen.values == [nil, 0, 1, 0, nil])
        #expect(latest(weather.inputLine) == InputLine(text: "Richmond, VA"), "the line shows the place chosen")
        #expect(latest(weather.inputLine).cursor == 12)
        #expect(screen.waiting == [.fetch(.richmondVA)], "the chosen place is not looked up again")
        #expect(screen.work.asked.contains(.keepPlace(.richmondVA)), "the place shown is kept for the next run")
        screen.answerFetch(of: .richmondVA)
        #expect(latest(weather.locationName) == "Richmond, VA")
    }

    @Test func aClickOnASuggestionShowsItsPlace() {
        let screen = HeldWeather.shown()
        type("Par", into: screen.viewModel)
        screen.work.answer(.suggest("Par"), with: .suggested([.paris, .richmondVA]))
        screen.viewModel.pickSuggestion(at: 1)
        #expect(latest(screen.viewModel.inputLine).text == "Richmond, VA")
        #expect(screen.waiting == [.fetch(.richmondVA)])
        screen.viewModel.pickSuggestion(at: 5)
        #expect(screen.waiting == [.fetch(.richmondVA)], "no suggestion there: nothing happens")
        screen.work.expectHeldAtEnd([.fetch(.richmondVA)])
    }

    /// A gazetteer that cannot be read says so, naming its file, while the places typed are
    /// suggested: the message is the suggester's error as it gives it.
    @Test func aSuggesterThatCannotReadItsDataNamesTheFileInTheProblem() {
        let screen = HeldWeather.shown()
        type("R", into: screen.viewModel)
        screen.work.answer(.suggest("R"), with: .suggestFailed("The gazetteer gazetteer.sqlite in /data is damaged"))
        #expect(latest(screen.viewModel.suggestions).isEmpty)
        #expect(latest(screen.viewModel.problem) == "The gazetteer gazetteer.sqlite in /data is damaged")
    }

    @Test func upAboveTheFirstSuggestionGoesBackToTheTypedTextAndAnEmptyLineSuggestsNothing() {
        let screen = HeldWeather()
        let weather = screen.viewModel
        let chosen = ValueRecorder(weather.selectedSuggestion)
        type("R", into: weather)
        screen.work.answer(.suggest("R"), with: .suggested([.richmondVA]))
        weather.moveSuggestion(by: 1)
        weather.moveSuggestion(by: -1)
        edit(weather, .deleteToStart)
        #expect(chosen.values == [nil, 0, nil])
        #expect(latest(weather.suggestions).isEmpty)
        #expect(screen.work.pending.isEmpty)
    }

    @Test func aSuggestionAnsweredAfterTheLineChangedNeverShows() {
        let screen = HeldWeather()
        type("R", into: screen.viewModel)
        let first = screen.work.id(ofAsked: 0)
        edit(screen.viewModel, .deleteToStart)
        #expect(screen.work.cancelled == [first])
        #expect(latest(screen.viewModel.suggestions).isEmpty)
    }

    @Test func typingEditsTheLineAndEnterLooksUpTheTextTyped() {
        let screen = HeldWeather.shown()
        let weather = screen.viewModel
        let line = ValueRecorder(weather.inputLine)
        type("Pars", into: weather)
        edit(weather, .moveLeft, .insert("i"), .moveEnd)
        #expect(line.values.map(\.text) == ["", "Pars", "Pars", "Paris", "Paris"])
        #expect(line.values.map(\.cursor) == [0, 4, 3, 4, 5])
        weather.inputSubmitted()
        #expect(screen.waiting == [.find("Paris")], "the suggestion search is stopped too")
        screen.work.answer(.find("Paris"), with: .found(.paris))
        screen.answerFetch(of: .paris)
        #expect(latest(weather.locationName) == "Paris, France")
        #expect(latest(weather.inputLine) == InputLine(text: "Paris"), "the text typed stays")
    }
}
