import Models
import Screens
import Testing
import TestSupport

/// What the Weather screen keeps between runs, in the preferences.
@MainActor
struct WeatherSettingsTests {
    let preferences = InMemoryPreferences()

    private func settings() -> WeatherSettings {
        let preferences = self.preferences
        return WeatherSettings(open: { preferences })
    }

    @Test func aPlaceShownIsKeptWholeAndReadBackAtTheNextRun() throws {
        let first = settings()
        #expect(try first.read() == .init())
        try first.keep(.paris)
        try first.keep(.celsius)
        #expect(try settings().read() == .init(unit: .celsius, name: "Paris, France", place: .paris))
    }

    @Test func aDamagedKeptPlaceIsReadAsNoneBesideItsName() throws {
        preferences.values = ["weather.location": "Paris, France", "weather.place": "Paris\tnot a place"]
        #expect(try settings().read() == .init(name: "Paris, France"))
    }

    @Test func nothingIsKeptBeforeTheSettingsAreRead() throws {
        let unread = settings()
        try unread.keep(.paris)
        try unread.keep(.celsius)
        #expect(preferences.values.isEmpty)
    }

    @Test func aPlaceThatCouldNotBeKeptIsKeptWhenShownAgain() throws {
        let settings = settings()
        _ = try settings.read()
        preferences.failure = InMemoryGameLibrary.Failure(description: "disk full")
        #expect(throws: InMemoryGameLibrary.Failure.self) { try settings.keep(.paris) }
        preferences.failure = nil
        #expect(preferences.values["weather.place"] == nil)
        try settings.keep(.paris)
        #expect(preferences.values["weather.place"] == KeptPlace.text(of: .paris))
    }

    @Test func thePlaceKeptAlreadyIsNotWrittenAgain() throws {
        preferences.values = ["weather.location": "Paris, France", "weather.place": KeptPlace.text(of: .paris) ?? ""]
        let settings = settings()
        _ = try settings.read()
        preferences.failure = InMemoryGameLibrary.Failure(description: "a write would fail")
        try settings.keep(.paris)
        #expect(preferences.values["weather.location"] == "Paris, France")
    }

    @Test func aFailedReadNeverReplacesTheKeptPlaceWithThePlaceShownInstead() throws {
        preferences.values = ["weather.location": "Paris, France", "weather.place": KeptPlace.text(of: .paris) ?? ""]
        preferences.readFailure = InMemoryGameLibrary.Failure(description: "disk I/O error")
        let settings = settings()
        #expect(throws: (any Error).self) { try settings.read() }
        try settings.keep(.mcGaheysville)
        #expect(preferences.values["weather.place"] == KeptPlace.text(of: .paris))
        try settings.keep(.richmondVA)
        #expect(preferences.values["weather.place"] == KeptPlace.text(of: .richmondVA), "a place chosen is kept")
    }

    @Test func preferencesThatCannotBeOpenedKeepNothing() throws {
        struct Unopenable: Error {}
        let settings = WeatherSettings(open: { throw Unopenable() })
        #expect(throws: Unopenable.self) { try settings.read() }
        try settings.keep(.paris)
        #expect(preferences.values.isEmpty)
    }
}
