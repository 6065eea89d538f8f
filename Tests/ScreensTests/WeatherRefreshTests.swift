import Foundation
import Models
import Screens
import Testing
import TestSupport

/// The Weather screen fetches its report again: on a key, every 30 minutes while it shows, and
/// at once when it shows again after that long; a hidden screen runs no timer.
@MainActor
struct WeatherRefreshTests {
    let interval = WeatherViewModel.refreshInterval

    @Test func refreshFetchesThePlaceShownAgainWithoutTheGeocoder() {
        let screen = HeldWeather.shown()
        let name = ValueRecorder(screen.viewModel.locationName)
        let summary = ValueRecorder(screen.viewModel.summary)
        screen.viewModel.refresh()
        #expect(screen.waiting == [.fetch(.mcGaheysville)])
        screen.answerFetch(of: .mcGaheysville, with: .sample(description: "Light rain"))
        #expect(name.values == ["McGaheysville, VA"])
        #expect(summary.values == ["Broken clouds - 72℉", "", "Light rain - 72℉"])
    }

    @Test func whileTheScreenShowsTheWeatherIsFetchedAgainEvery30Minutes() {
        let screen = HeldWeather.shown()
        #expect(screen.waiting == [.wait(interval)])
        screen.work.answer(.wait(interval), with: .due)
        screen.answerFetch(of: .mcGaheysville)
        #expect(screen.work.asked.filter { $0 == .fetch(.mcGaheysville) }.count == 2)
        #expect(screen.work.isHeld(.wait(interval)))
    }

    @Test func aFailedFetchIsTriedAgainAfter30Minutes() {
        let screen = HeldWeather.shown()
        let problem = ValueRecorder(screen.viewModel.problem)
        screen.viewModel.refresh()
        screen.failFetch(of: .mcGaheysville, with: "no network")
        screen.work.answer(.wait(interval), with: .due)
        screen.answerFetch(of: .mcGaheysville)
        #expect(problem.values == ["", "Weather unavailable: no network", ""])
    }

    @Test func aHiddenScreenRunsNoTimerAndFetchesOnlyWhenShownStale() {
        let screen = HeldWeather.shown()
        let fetches = { screen.work.asked.filter { $0 == .fetch(.mcGaheysville) }.count }
        screen.viewModel.screenDisappeared()
        #expect(!screen.work.pending.contains { if case .wait = $0 { true } else { false } })
        screen.scheduler.advance(by: .seconds(10 * 60))
        screen.viewModel.screenAppeared()  // 10 minutes old: kept, refreshed 20 minutes on
        #expect(screen.work.isHeld(.wait(.seconds(20 * 60))))
        screen.viewModel.screenDisappeared()
        screen.scheduler.advance(by: .seconds(3 * 60 * 60))
        #expect(fetches() == 1)
        screen.viewModel.screenAppeared()  // over 30 minutes old: fetched at once
        #expect(fetches() == 2)
        screen.work.expectHeldAtEnd([.fetch(.mcGaheysville)])
    }

    @Test func aRefreshAskedWhileAPlaceIsLookedUpIsLeftToTheLookup() {
        let screen = HeldWeather.shown()
        screen.submit("Paris")
        screen.viewModel.refresh()
        screen.work.expectHeldAtEnd([.find("Paris")])
    }

    // MARK: - What a refresh says

    @Test func aRefreshSaysRefreshingThenThatTheWeatherIsLive() {
        let screen = HeldWeather.shown()
        let news = ValueRecorder(screen.viewModel.refreshNews)
        screen.viewModel.refresh()
        screen.answerFetch(of: .mcGaheysville)
        #expect(news.values == ["", "Refreshing…", "Refreshed: live weather from Open-Meteo"])
    }

    @Test func aRefreshAnsweredWithAKeptReportSaysWhyAndItsAge() {
        let offline = PlaceWeather(report: .sample(), freshness: .kept(fetchedAt: .testNow.addingTimeInterval(-7200), because: .offline))
        let failed = PlaceWeather(
            report: .sample(), freshness: .kept(fetchedAt: .testNow.addingTimeInterval(-600), because: .failed("HTTP 503")))
        #expect(
            Self.newsOfRefreshes(answered: [
                { $0.answerFetch(of: .mcGaheysville, with: offline) }, { $0.answerFetch(of: .mcGaheysville, with: failed) },
            ])
                == [
                    "", "Refreshing…", "Not refreshed (offline): the report as of \(Self.time(-7200)), 2 h ago shows",
                    "Refreshing…", "Not refreshed (HTTP 503): the report as of \(Self.time(-600)), 10 min ago shows",
                ])
    }

    @Test func aRefreshThatGetsSampleWeatherOrFailsSaysWhy() {
        let sample = PlaceWeather(report: .sample(source: .sample), freshness: .sample)
        #expect(
            Self.newsOfRefreshes(answered: [
                { $0.answerFetch(of: .mcGaheysville, with: sample) }, { $0.failFetch(of: .mcGaheysville, with: "no network") },
            ])
                == [
                    "", "Refreshing…", "Not refreshed (offline): no report of this place is kept, so sample weather shows",
                    "Refreshing…", "Not refreshed: no network",
                ])
    }

    /// What `refreshNews` said over one refresh for each of `answers`, each answering its fetch.
    private static func newsOfRefreshes(answered answers: [(HeldWeather) -> Void]) -> [String] {
        let screen = HeldWeather.shown()
        let news = ValueRecorder(screen.viewModel.refreshNews)
        for answer in answers {
            screen.viewModel.refresh()
            answer(screen)
        }
        return news.values
    }

    @Test func aRefreshWhileALookupRunsSaysSoAndTheTimersRefreshSaysNothing() {
        let screen = HeldWeather.shown()
        let news = ValueRecorder(screen.viewModel.refreshNews)
        screen.submit("Paris")
        screen.viewModel.refresh()
        screen.work.answer(.find("Paris"), with: .found(.paris))
        screen.answerFetch(of: .paris)
        screen.work.answer(.wait(interval), with: .due)
        screen.answerFetch(of: .paris)
        #expect(news.values == ["", "The weather is on its way already", ""])
    }

    /// `09:40`: the test's now moved by `seconds`, on the clock of the test's zone.
    private static func time(_ seconds: TimeInterval) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .testZone
        let parts = calendar.dateComponents([.hour, .minute], from: Date.testNow.addingTimeInterval(seconds))
        return String(format: "%02d:%02d", parts.hour!, parts.minute!)
    }
}
