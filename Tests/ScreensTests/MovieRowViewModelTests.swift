import Models
@testable import Screens
import Testing

struct MovieRowViewModelTests {
    @Test(arguments: [(0.0, "☆☆☆☆☆☆☆☆☆☆ 0.0"), (4.5, "★★★★☆☆☆☆☆☆ 4.5"), (7.9, "★★★★★★★☆☆☆ 7.9"), (10.0, "★★★★★★★★★★ 10.0")])
    func ratingIsWholeStarsOfTenAndTheAverage(average: Double, text: String) {
        #expect(MovieRowViewModel.rating(average) == text)
    }

    @Test func aRatingOutsideZeroToTenIsClamped() {
        #expect(MovieRowViewModel.rating(-3) == "☆☆☆☆☆☆☆☆☆☆ 0.0")
        #expect(MovieRowViewModel.rating(.nan) == "☆☆☆☆☆☆☆☆☆☆ 0.0")
        #expect(MovieRowViewModel.rating(12) == "★★★★★★★★★★ 10.0")
    }

    @Test func releaseDateIsMediumStyleOrTheYearAlone() {
        #expect(MovieRowViewModel.releaseDate(.day(year: 2026, month: 11, day: 21)) == "Nov 21, 2026")
        #expect(MovieRowViewModel.releaseDate(.day(year: 1977, month: 5, day: 25)) == "May 25, 1977")
        #expect(MovieRowViewModel.releaseDate(.year(2005)) == "2005")
        #expect(MovieRowViewModel.releaseDate(nil) == "")
    }

    @Test func theReleaseDateAsDataIsISOOrTheYearAndTheRatingANumber() {
        #expect(MovieRowViewModel.isoDate(.day(year: 1977, month: 5, day: 25)) == "1977-05-25")
        #expect(MovieRowViewModel.isoDate(.day(year: 1977, month: 13, day: 1)) == "1977")
        #expect(MovieRowViewModel.isoDate(.year(2005)) == "2005")
        #expect(MovieRowViewModel.isoDate(nil) == nil)
        let row = MovieRowViewModel(movie: .sample("Star Wars", average: 8.84, votes: 104_141))
        #expect(row.averageValue == 8.8)
        #expect(row.voteCount == 104_141)
        #expect(row.releaseDay == "1977")
    }

    @Test func theCatalogueOverviewIsWhatItKnows() {
        let movie = Movie(
            id: 1, title: "Star Wars", releaseDate: .year(1977), voteAverage: 8.8, voteCount: 104_141,
            overview: nil, runtimeMinutes: 125, genres: ["Action"], certification: "PG")
        #expect(MovieRowViewModel(movie: movie).overview == "1977 · 125 min · Action · 104,141 votes · rated PG")
        #expect(MovieRowViewModel(movie: .sample("A", votes: 1)).overview == "1977 · 1 vote")
    }

    @Test func tmdbsOverviewIsShownAsItIs() {
        let movie = Movie(
            id: 11, title: "Star Wars", releaseDate: .day(year: 1977, month: 5, day: 25), voteAverage: 8.2,
            voteCount: 20_000, overview: "Princess Leia is captured.", runtimeMinutes: nil, genres: [], certification: nil)
        #expect(MovieRowViewModel(movie: movie).overview == "Princess Leia is captured.")
    }

    @Test func countsAreGroupedAndPlural() {
        #expect(MovieRowViewModel.count(1_234, "match") == "1,234 matches")
        #expect(MovieRowViewModel.count(1, "match") == "1 match")
        #expect(
            ["0", "999", "1,000", "104,141", "1,234,567", "-1,234"]
                == [0, 999, 1_000, 104_141, 1_234_567, -1_234].map(\.grouped))
    }
}
