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
        var lookup = WeatherScreen(timeZone: .testZone)
        #expect(lookup.handle(.appeared(clock: .zero)) == [.start(.readSettings, as: first)])
        #expect(lookup.handle(.disappeared) == [])
        #expect(lookup.handle(.appeared(clock: .seconds(1))) == [])
        #expect(lookup.phase == .lookingUp)
        #expect(lookup.lookup == first)
    }

    @Test func theSettingsNameThePlaceToFetchAndKeep() {
        var lookup = WeatherScreen(timeZone: .testZone)
        _ = lookup.handle(.appeared(clock: .zero))
        let orders = lookup.handle(.answered(first, .settings(.init(unit: .celsius, name: "Paris, France", place: .paris))))
        #expect(orders == [.start(.keepPlace(.paris), as: second), .start(.fetch(.paris), as: third)])
        #expect(lookup.phase == .fetching(.paris))
        #expect(lookup.unit == .celsius)
    }

    @Test func anAnswerToReplacedWorkMovesNothing() {
        var lookup = WeatherScreen(timeZone: .testZone)
        _ = lookup.handle(.appeared(clock: .zero))
        _ = lookup.handle(.answered(first, .settings(.init())))
        #expect(lookup.handle(.submitted("Paris")) == [.cancel(third), .start(.find("Paris"), as: third.next)])
        let before = lookup
        #expect(lookup.handle(.answered(third, .weather(live, at: .testNow, clock: .zero))) == [])
        #expect(lookup == before)
    }

    @Test func weatherThatComesWhileTheScreenIsHiddenWaitsForNoRefresh() {
        var lookup = WeatherScreen(timeZone: .testZone)
        _ = lookup.handle(.appeared(clock: .zero))
        _ = lookup.handle(.answered(first, .settings(.init())))
        _ = lookup.handle(.disappeared)
        #expect(lookup.handle(.answered(third, .weather(live, at: .testNow, clock: .seconds(3)))) == [])
        #expect(lookup.handle(.appeared(clock: .seconds(63))) == [.start(.wait(.seconds(30 * 60 - 60)), as: third.next)])
    }

    @Test func unreadableSettingsLookUpTheLaunchLocationAndSaySo() {
        var lookup = WeatherScreen(launchLocation: "Paris", timeZone: .testZone)
        _ = lookup.handle(.appeared(clock: .zero))
        #expect(lookup.handle(.answered(first, .settingsUnread("disk I/O error"))) == [.start(.find("Paris"), as: second)])
        _ = lookup.handle(.answered(second, .found(.paris)))
        #expect(lookup.phase == .fetching(.paris))
        #expect(lookup.problem == "Settings are not kept: disk I/O error", "it stays while the place found is shown")
    }
}
