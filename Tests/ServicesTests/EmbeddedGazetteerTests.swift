import Foundation
import Models
import Services
import Testing

/// The gazetteer that ships with the program, loaded once for all the tests that read it.
private let gazetteer = EmbeddedGazetteer.bundled()

struct EmbeddedGazetteerTests {
    // MARK: - City and state

    @Test func richmondVAIsRichmondVirginia() {
        let first = gazetteer.search("Richmond, VA", limit: 5).first
        #expect(first?.name == "Richmond")
        #expect(first?.region == "Virginia")
        #expect(first?.regionCode == "VA")
        #expect(first?.countryCode == "US")
    }

    @Test func richmondCAIsRichmondCaliforniaBeforeRichmondCanada() {
        let places = gazetteer.search("Richmond, CA", limit: 5)
        #expect(places.first?.region == "California")
        #expect(places.first?.countryCode == "US")
        #expect(places.dropFirst().first?.countryCode == "CA")
    }

    @Test func richmondAloneIsTheMostPopulousRichmond() {
        let places = gazetteer.search("Richmond", limit: 10)
        #expect(places.first?.region == "Virginia")
        let richmonds = places.filter { $0.name == "Richmond" }
        #expect(richmonds.map(\.population) == richmonds.map(\.population).sorted(by: >))
    }

    @Test func aPlaceCarriesItsGeoNamesCoordinatesTimeZoneAndPopulation() {
        let first = gazetteer.search("Richmond, Virginia", limit: 1).first
        #expect(
            first
                == Place(
                    name: "Richmond", region: "Virginia", regionCode: "VA", country: "United States",
                    countryCode: "US", latitude: 37.55376, longitude: -77.46026,
                    timeZone: "America/New_York", population: 226_610))
    }

    @Test func aStateNameNarrowsLikeItsCode() {
        let first = gazetteer.search("Springfield, Illinois", limit: 1).first
        #expect(first?.region == "Illinois")
    }

    /// The Weather screen opens on `Place.mcGaheysville` without a lookup: it must be the
    /// gazetteer's own answer.
    @Test func mcGaheysvilleVirginiaIsFoundAsTheWeatherScreenKnowsIt() {
        let first = gazetteer.search("McGaheysville, VA", limit: 5).first
        #expect(first == .mcGaheysville)
        #expect(first?.latitude == 38.3771)
    }

    // MARK: - City and country

    @Test func lowerCaseParisIsParisFrance() {
        let first = gazetteer.search("paris", limit: 5).first
        #expect(first?.name == "Paris")
        #expect(first?.country == "France")
        #expect(first?.timeZone == "Europe/Paris")
        #expect(first?.region == nil)
    }

    @Test func aCountryCodeNarrowsToThatCountry() {
        let places = gazetteer.search("Paris, FR", limit: 5)
        #expect(places.first?.name == "Paris")
        #expect(!places.isEmpty && places.allSatisfy { $0.countryCode == "FR" })
    }

    @Test func londonAloneIsLondonEngland() {
        let first = gazetteer.search("London", limit: 5).first
        #expect(first?.countryCode == "GB")
    }

    @Test func aCountryNameNarrowsLondonToLondonOntario() {
        let places = gazetteer.search("London, Canada", limit: 5)
        #expect(places.first?.name == "London")
        #expect(places.first?.countryCode == "CA")
        #expect(places.allSatisfy { $0.country == "Canada" })
    }

    @Test func aQualifierThatNamesNothingFindsNothing() {
        #expect(gazetteer.search("Paris, Narnia", limit: 5).isEmpty)
    }

    // MARK: - Folding and scripts

    @Test func saoPauloIsFoundWithAndWithoutDiacritics() {
        for query in ["São Paulo", "Sao Paulo", "SAO PAULO"] {
            let first = gazetteer.search(query, limit: 5).first
            #expect(first?.name == "São Paulo", "\(query)")
            #expect(first?.countryCode == "BR", "\(query)")
        }
    }

    @Test func tokyoIsFoundByItsJapaneseName() {
        let first = gazetteer.search("東京", limit: 5).first
        #expect(first?.name == "Tokyo")
        #expect(first?.countryCode == "JP")
    }

    @Test func moscowIsFoundByItsRussianName() {
        let first = gazetteer.search("Москва", limit: 5).first
        #expect(first?.name == "Moscow")
        #expect(first?.countryCode == "RU")
    }

    @Test func hyphensAndFullStopsDoNotMatter() {
        #expect(gazetteer.search("winston salem", limit: 1).first?.name == "Winston-Salem")
        #expect(gazetteer.search("St Louis, MO", limit: 1).first?.name == "St. Louis")
    }

    // MARK: - Suggestions

    @Test func aPrefixSuggestsParisFirstWithinTheLimitWithoutDuplicates() {
        let places = gazetteer.search("Par", limit: 5)
        #expect(places.first?.name == "Paris")
        #expect(places.first?.countryCode == "FR")
        #expect(places.count == 5)
        #expect(Set(places).count == places.count)
    }

    @Test func wholeNamesComeBeforeLongerNamesThatStartTheSame() throws {
        let names = gazetteer.search("Paris", limit: 30).map(\.name)
        let lastWhole = try #require(names.lastIndex(of: "Paris"))
        let firstLonger = try #require(names.firstIndex { $0.hasPrefix("Paris ") })
        #expect(lastWhole < firstLonger)
    }

    @Test func aLargeLimitRanksAsASmallOneDoes() {
        let many = gazetteer.search("San", limit: 1_000)
        #expect(many.count == 1_000)
        #expect(Set(many).count == many.count)
        #expect(Array(many.prefix(5)) == gazetteer.search("San", limit: 5))
    }

    // MARK: - Nothing to find

    @Test func anEmptyOrBlankQueryFindsNothing() {
        #expect(gazetteer.search("", limit: 5).isEmpty)
        #expect(gazetteer.search("   \t ", limit: 5).isEmpty)
        #expect(gazetteer.search(" , ", limit: 5).isEmpty)
    }

    @Test func anUnknownPlaceFindsNothing() {
        #expect(gazetteer.search("Xqzzyville", limit: 5).isEmpty)
    }

    @Test func fiveThousandCharactersOfJunkFindNothingQuickly() throws {
        try gazetteer.load()
        let pattern = Array("zq,é東;!x 7")
        let junk = String((0..<5_000).map { pattern[$0 % pattern.count] })
        let clock = ContinuousClock()
        var places: [Place]?
        let elapsed = clock.measure { places = gazetteer.search(junk, limit: 5) }
        #expect(places == [])
        #expect(elapsed < .seconds(5), "a long query is refused at once, not scanned")  // speed itself: make bench
    }

    @Test func aLimitOfZeroFindsNothing() {
        #expect(gazetteer.search("Paris", limit: 0).isEmpty)
    }

    // MARK: - Loading

    @Test func constructingReadsNothingUntilTheFirstSearch() throws {
        let file = ResourceDatabaseFixture.temporaryURL("gazetteer.sqlite")
        defer { try? FileManager.default.removeItem(at: file) }
        let late = EmbeddedGazetteer(url: file)
        try Self.writeSmallGazetteer(to: file)
        let places = late.search("Springfield", limit: 5)
        #expect(places.map(\.region) == ["Illinois", "Ohio"])
        #expect(late.search("Sprinkfeld", limit: 5).map(\.population) == [114_394])
    }

    @Test func aMissingFileIsReportedByTheAsyncLookup() async {
        let missing = EmbeddedGazetteer(url: URL(fileURLWithPath: "/nonexistent/gazetteer.sqlite"))
        #expect(missing.search("Paris", limit: 5).isEmpty)
        await #expect(
            throws: EmbeddedGazetteer.LoadError(
                description:
                    "The gazetteer gazetteer.sqlite in /nonexistent is missing or cannot be read; reinstall the program (make install)")
        ) {
            try await missing.places(matching: "Paris", limit: 5)
        }
    }

    @Test func aTruncatedFileIsReportedWithItsName() throws {
        let file = ResourceDatabaseFixture.temporaryURL("gazetteer.sqlite")
        defer { try? FileManager.default.removeItem(at: file) }
        try ResourceDatabaseFixture.writeTruncated(EmbeddedGazetteer.fileName, bytes: 1_000_000, to: file)
        let error = #expect(throws: EmbeddedGazetteer.LoadError.self) { try EmbeddedGazetteer(url: file).searchNow("Paris", limit: 5) }
        #expect(
            error?.description.hasPrefix("The gazetteer \(file.lastPathComponent) in \(file.deletingLastPathComponent().path) is damaged: ")
                == true, "\(error?.description ?? "no error")")
    }

    @Test func aFileOfRandomBytesIsReportedWithItsName() async throws {
        let file = ResourceDatabaseFixture.temporaryURL("gazetteer.sqlite")
        defer { try? FileManager.default.removeItem(at: file) }
        try ResourceDatabaseFixture.writeNoise(count: 65_536, to: file)
        let noise = EmbeddedGazetteer(url: file)
        #expect(noise.search("Paris", limit: 5).isEmpty)
        await #expect(
            throws: EmbeddedGazetteer.LoadError(
                description:
                    "The gazetteer \(file.lastPathComponent) in \(file.deletingLastPathComponent().path) is damaged: file is not a database; reinstall the program (make install)"
            )
        ) {
            try await noise.places(matching: "Paris", limit: 5)
        }
    }

    @Test func aDatabaseOfAnotherFormatIsReportedWithItsName() throws {
        let file = ResourceDatabaseFixture.temporaryURL("gazetteer.sqlite")
        defer { try? FileManager.default.removeItem(at: file) }
        try Self.writeSmallGazetteer(to: file, format: 2)
        #expect(
            throws: EmbeddedGazetteer.LoadError(
                description:
                    "The gazetteer \(file.lastPathComponent) in \(file.deletingLastPathComponent().path) is damaged: it is in format 2, not 1; reinstall the program (make install)"
            )
        ) {
            try EmbeddedGazetteer(url: file).load()
        }
    }

    @Test func theAsyncLookupGivesWhatTheSearchGives() async throws {
        let places = try await gazetteer.places(matching: "Richmond, VA", limit: 3)
        #expect(places == gazetteer.search("Richmond, VA", limit: 3))
    }

    /// Two Springfields and one alternate name, in the tables Scripts/make-gazetteer.py writes.
    static func writeSmallGazetteer(to url: URL, format: Int = 1) throws {
        try ResourceDatabaseFixture.write(
            to: url, like: EmbeddedGazetteer.fileName, format: format,
            rows: [
                "time_zone": [[0, "America/Chicago"], [1, "America/New_York"]],
                "country": [[0, "US", "USA", "United States", ""]],
                "state": [[1, "IL", "Illinois"], [2, "OH", "Ohio"]],
                "place": [
                    [0, "Springfield", 0, 1, 3_980_172, -8_964_371, 0, 114_394],
                    [1, "Springfield", 0, 2, 3_992_423, -8_380_882, 1, 59_680],
                ],
                "name": [[Data("springfield".utf8), 0, 0], [Data("springfield".utf8), 1, 0], [Data("sprinkfeld".utf8), 0, 0]],
            ])
    }
}
