import Foundation
import Models
import Screens
import Testing
import TestSupport

/// The Weather screen's transitions alone: a state, an event, the next state and the work it
/// names. No view-model, runner or clock.
struct WeatherScreenTests {
    private let first = WorkID.none.next
    private var second: WorkID { first.next }
    private var third: WorkID { second.next }
    private let live = PlaceWeather(report: .sample(), freshness: .live)

    @Test func theFirstAppearanceReadsTheSettingsAndTheNextAsksNothingWhileTheyAreRead() {
        var weather = WeatherScreen(timeZone: .testZone)
        #expect(weather.handle(.appeared(clock: .zero)) == [.start(.readSettings, as: first)])
        #expect(weather.handle(.disappeared) == [])
        #expect(weather.handle(.appeared(clock: .seconds(1))) == [])
        #expect(weather.phase == .lookingUp)
        #expect(weather.lookup == first)
    }

    @Test func theSettingsNameThePlaceToFetchAndKeep() {
        var weather = WeatherScreen(timeZone: .testZone)
        _ = weather.handle(.appeared(clock: .zero))
        let orders = weather.handle(.answered(first, .settings(.init(unit: .celsius, name: "Paris, France", place: .paris))))
        #expect(orders == [.start(.keepPlace(.paris), as: second), .start(.fetch(.paris), as: third)])
        #expect(weather.phase == .fetching(.paris))
        #expect(weather.unit == .celsius)
    }

    @Test func anAnswerToReplacedWorkMovesNothing() {
        var weather = WeatherScreen(timeZone: .testZone)
        _ = weather.handle(.appeared(clock: .zero))
        _ = weather.handle(.answered(first, .settings(.init())))
        #expect(weather.handle(.submitted("Paris")) == [.cancel(third), .start(.find("Paris"), as: third.next)])
        let before = weather
        #expect(weather.handle(.answered(third, .weather(live, at: .testNow, clock: .zero))) == [])
        #expect(weather == before)
    }

    @Test func weatherThatComesWhileTheScreenIsHiddenWaitsForNoRefresh() {
        var weather = WeatherScreen(timeZone: .testZone)
        _ = weather.handle(.appeared(clock: .zero))
        _ = weather.handle(.answered(first, .settings(.init())))
        _ = weather.handle(.disappeared)
        #expect(weather.handle(.answered(third, .weather(live, at: .testNow, clock: .seconds(3)))) == [])
        #expect(weather.handle(.appeared(clock: .seconds(63))) == [.start(.wait(.seconds(30 * 60 - 60)), as: third.next)])
    }

    @Test func unreadableSettingsLookUpTheLaunchLocationAndSaySo() {
        var weather = WeatherScreen(launchLocation: "Paris", timeZone: .testZone)
        _ = weather.handle(.appeared(clock: .zero))
        #expect(weather.handle(.answered(first, .settingsUnread("disk I/O error"))) == [.start(.find("Paris"), as: second)])
        _ = weather.handle(.answered(second, .found(.paris)))
        #expect(weather.phase == .fetching(.paris))
        #expect(weather.problem == "Settings are not kept: disk I/O error", "it stays while the place found is shown")
    }
}
