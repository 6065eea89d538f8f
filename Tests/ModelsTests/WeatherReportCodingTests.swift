import Foundation
import Models
import Testing

/// A report is kept as JSON (the last real one, shown again offline): every part of it survives
/// the trip, and one stored before the extras existed still reads.
struct WeatherReportCodingTests {
    private static let full = WeatherReport(
        current: Observation(
            date: Date(timeIntervalSince1970: 1_795_266_900), temperatureCelsius: 9.4,
            condition: .partlyCloudy, description: "Partly cloudy", windSpeedKmh: 14.8,
            windDirectionDegrees: 242, apparentTemperatureCelsius: 6.8, precipitationChance: 35),
        daily: [
            DailyForecast(
                date: CalendarDay(year: 2026, month: 11, day: 21), condition: .rain,
                lowCelsius: -1.6, highCelsius: 10.8)
        ],
        hourly: (0..<24).map {
            HourlyTemperature(
                time: Date(timeIntervalSince1970: 1_795_266_000 + Double($0) * 3_600),
                temperatureCelsius: 9.4 - Double($0) / 7)
        },
        source: .openMeteo)

    @Test(arguments: [
        full,
        WeatherReport(
            current: Observation(
                date: Date(timeIntervalSince1970: 0.25), temperatureCelsius: -40,
                condition: .snow, description: "Snow"),
            daily: [], source: .sample),
        WeatherReport(current: full.current, daily: full.daily, source: .weatherbit),
    ])
    func aReportSurvivesARoundTripThroughJSON(report: WeatherReport) throws {
        let data = try JSONEncoder().encode(report)
        #expect(try JSONDecoder().decode(WeatherReport.self, from: data) == report)
    }

    @Test func theSourceIsStoredByName() throws {
        let data = try JSONEncoder().encode([WeatherSource.openMeteo, .weatherbit, .sample])
        #expect(String(decoding: data, as: UTF8.self) == #"["openMeteo","weatherbit","sample"]"#)
    }

    @Test func anObservationWithoutTheExtrasReadsWithThemNil() throws {
        let json = #"{"date": 0, "temperatureCelsius": 21.5, "condition": "clear", "description": "Clear sky"}"#
        let observation = try JSONDecoder().decode(Observation.self, from: Data(json.utf8))
        #expect(
            observation
                == Observation(
                    date: Date(timeIntervalSinceReferenceDate: 0), temperatureCelsius: 21.5,
                    condition: .clear, description: "Clear sky"))
        #expect(observation.windSpeedKmh == nil && observation.precipitationChance == nil)
    }

    @Test func existingCallsStillMakeAReportWithNoHours() {
        let report = WeatherReport(current: Self.full.current, daily: [], source: .openMeteo)
        #expect(report.hourly.isEmpty)
    }

    @Test func theDayAMomentFallsOnDependsOnTheZone() throws {
        let lateEvening = Date(timeIntervalSince1970: 1_795_304_400)  // 2026-11-21T23:40:00Z
        let utc = try #require(TimeZone(identifier: "UTC"))
        let tokyo = try #require(TimeZone(identifier: "Asia/Tokyo"))
        let honolulu = try #require(TimeZone(identifier: "Pacific/Honolulu"))
        #expect(CalendarDay(containing: lateEvening, in: utc) == CalendarDay(year: 2026, month: 11, day: 21))
        #expect(CalendarDay(containing: lateEvening, in: tokyo) == CalendarDay(year: 2026, month: 11, day: 22))
        #expect(CalendarDay(containing: lateEvening, in: honolulu) == CalendarDay(year: 2026, month: 11, day: 21))
    }
}
