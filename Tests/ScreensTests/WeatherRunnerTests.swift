import Foundation
import Models
import Screens
import Testing
import TestSupport

/// The Weather screen's live runner: the services answer in tasks, stamped with the time they
/// came; the wait for a refresh is a timer on the scheduler.
@MainActor
struct WeatherRunnerTests {
    let scheduler = TestScheduler()
    let preferences = InMemoryPreferences()

    private func runner(service: any WeatherService = SampleReportService()) -> WeatherRunner {
        let preferences = self.preferences
        let geocoder = ListGeocoder(["Paris": [.paris]], nowhere: ["Nowhere"])
        return WeatherRunner(
            geocoder: geocoder, suggester: geocoder, service: service.keeping(in: preferences),
            settings: WeatherSettings(open: { preferences }), scheduler: scheduler, now: { .testNow })
    }

    private func answer(_ work: WeatherScreen.Work, from runner: WeatherRunner) async -> WeatherScreen.Answer? {
        var answer: WeatherScreen.Answer?
        runner.start(work, as: WorkID.none, deliver: { answer = $0 })
        do { try await yieldUntil("an answer to \(work)") { answer != nil } } catch { Issue.record(error) }
        return answer
    }

    @Test func theWaitIsATimerThatAnswersWhenDueAndNeverOnceCancelled() {
        let runner = runner()
        var answers: [WeatherScreen.Answer] = []
        runner.start(.wait(.seconds(60)), as: WorkID.none) { answers.append($0) }
        scheduler.advance(by: .seconds(59))
        #expect(answers.isEmpty)
        scheduler.advance(by: .seconds(1))
        #expect(answers == [.due])
        runner.start(.wait(.seconds(60)), as: WorkID.none) { answers.append($0) }
        runner.cancel(WorkID.none)
        #expect(scheduler.waitingCount == 0)
    }

    @Test func theWeatherComesStampedWithItsTime() async {
        scheduler.advance(by: .seconds(5))
        let answer = await answer(.fetch(.paris), from: runner())
        #expect(answer == .weather(PlaceWeather(report: .sample(), freshness: .live), at: .testNow, clock: .seconds(5)))
    }

    @Test func findsAndSuggestionsAnswerWithThePlaces() async {
        let runner = runner()
        #expect(await answer(.find("Paris"), from: runner) == .found(.paris))
        #expect(await answer(.find("Nowhere"), from: runner) == .notFound("Nowhere", didYouMean: nil, clock: .zero))
        #expect(await answer(.suggest("Paris"), from: runner) == .suggested([.paris]))
    }

    @Test func aNameTheGeocoderDoesNotKnowIsAnsweredWithTheSuggestersFirstPlace() async {
        let geocoder = ListGeocoder([:], nowhere: ["Pariss"])
        let suggester = ListGeocoder(["Pariss": [.paris, .mcGaheysville]])
        let preferences = self.preferences
        let runner = WeatherRunner(
            geocoder: geocoder, suggester: suggester, service: SampleReportService().keeping(in: preferences),
            settings: WeatherSettings(open: { preferences }), scheduler: scheduler, now: { .testNow })
        scheduler.advance(by: .seconds(3))
        #expect(await answer(.find("Pariss"), from: runner) == .notFound("Pariss", didYouMean: .paris, clock: .seconds(3)))
        #expect(suggester.queries == ["Pariss"])
    }

    @Test func theSettingsAreReadAndKept() async {
        let runner = runner()
        #expect(await answer(.readSettings, from: runner) == .settings(.init()))
        #expect(await answer(.keepPlace(.paris), from: runner) == .kept)
        #expect(preferences.values["weather.location"] == "Paris, France")
    }

    @Test func aPlaceOrUnitThatCannotBeWrittenIsAnsweredNotKept() async {
        let runner = runner()
        #expect(await answer(.readSettings, from: runner) == .settings(.init()))
        preferences.failure = InMemoryGameLibrary.Failure(description: "disk full")
        #expect(await answer(.keepPlace(.paris), from: runner) == .notKept("disk full"))
        #expect(await answer(.keepUnit(.celsius), from: runner) == .notKept("disk full"))
    }
}
