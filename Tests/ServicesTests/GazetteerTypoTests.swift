import Foundation
import Models
import Services
import Testing

/// The gazetteer that ships with the program, loaded once for all the tests that read it.
private let gazetteer = EmbeddedGazetteer.bundled()

/// Suggestions that forgive a typo, and suggestions that leave out nicknames, over the real
/// gazetteer.
struct GazetteerTypoTests {
    /// Typos, whole or half typed, and the place each must suggest first.
    @Test(arguments: [
        ("Lodnon", "London", "GB"),
        ("Pariss", "Paris", "FR"),
        ("Muncih", "Munich", "DE"),
        ("Lodno", "London", "GB"),
        ("Tokoy", "Tokyo", "JP"),
        ("Berlni", "Berlin", "DE"),
        ("Madird", "Madrid", "ES"),
        ("Sydeny", "Sydney", "AU"),
        ("Chicgo", "Chicago", "US"),
        ("Lodnon, UK", "London", "GB"),
        ("Lodnon, Canada", "London", "CA"),
    ])
    func aTypoSuggestsThePlaceMeant(typo: String, name: String, countryCode: String) {
        let first = gazetteer.search(typo, limit: 5).first
        #expect(first?.name == name, "\(typo)")
        #expect(first?.countryCode == countryCode, "\(typo)")
    }

    @Test func aTypoFindsNothingOnEnter() async throws {
        #expect(try await gazetteer.places(matching: "Lodnon", limit: 1).isEmpty)
        #expect(try await gazetteer.suggestions.places(matching: "Lodnon", limit: 1).map(\.name) == ["London"])
    }

    @Test func typosAreTriedOnlyWhenNoPlaceBeginsWithWhatIsTyped() {
        let places = gazetteer.search("Lond", limit: 5)
        #expect(places.count == 5)
        #expect(places == (try? gazetteer.searchNow("Lond", limit: 5)))
    }

    @Test func shortNamesAndOtherScriptsAreNotGuessedAt() {
        #expect(gazetteer.search("Qzx", limit: 5).isEmpty)
        #expect(gazetteer.search("東京東京東京", limit: 5).isEmpty)
    }

    @Test func nicknamesGoWhileAnythingElseMatches() {
        let places = gazetteer.search("new york", limit: 5)
        #expect(places.first?.name == "New York City")
        #expect(!places.contains { $0.name == "Jakarta" })
        #expect(!places.contains { $0.name == "Pittsburg" })
    }

    @Test func anAlternateNameOfOneWordStillSuggestsMunichFirst() {
        #expect(gazetteer.search("Münch", limit: 5).first?.name == "Munich")
    }
}
