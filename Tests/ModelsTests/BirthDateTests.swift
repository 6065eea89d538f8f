import Models
import Testing

struct BirthDateTests {
    @Test(arguments: [
        ("1815-12-10", 1815, 12, 10), ("2024-02-29", 2024, 2, 29), ("2000-02-29", 2000, 2, 29),
        ("0001-01-01", 1, 1, 1), ("9999-12-31", 9999, 12, 31),
    ])
    func aDateIsReadExactly(text: String, year: Int, month: Int, day: Int) throws {
        let date = try #require(BirthDate(text))
        #expect(date == BirthDate(year: year, month: month, day: day))
        #expect((date.year, date.month, date.day) == (year, month, day))
    }

    @Test(arguments: [
        "2023-02-29", "1900-02-29", "2024-13-01", "2024-00-10", "2024-04-31", "2024-01-00", "0000-01-01",
        "2024-1-01", "24-01-01", "2024/01/01", "2024-01-01T00:00:00Z", " 2024-01-01", "yyyy-mm-dd",
        "+024-01-01", "１９７７-05-25", "", "--02-30", "--13-01", "---4-15", "2024--0415",
    ])
    func anImpossibleOrMalformedDateIsNil(text: String) {
        #expect(BirthDate(text) == nil)
    }

    @Test func aDateWithoutAYearAllowsTheTwentyNinthOfFebruary() throws {
        let date = try #require(BirthDate("--02-29"))
        #expect(date.year == nil)
        #expect(date.description == "--02-29")
        #expect(BirthDate(year: nil, month: 2, day: 29) == date)
    }

    @Test(arguments: ["1815-12-10", "0042-03-07", "--04-15", "2024-02-29"])
    func aDateIsWrittenAsItIsRead(text: String) throws {
        #expect(try #require(BirthDate(text)).description == text)
    }

    @Test func aYearOutsideFourDigitsIsRefused() {
        #expect(BirthDate(year: 0, month: 1, day: 1) == nil)
        #expect(BirthDate(year: 10_000, month: 1, day: 1) == nil)
    }

    @Test func datesOrderByYearThenMonthThenDayWithYearlessDatesFirst() throws {
        let texts = ["1990-01-02", "--12-31", "1815-12-10", "1990-01-01", "--01-01", "1815-12-11"]
        let sorted = try texts.map { try #require(BirthDate($0)) }.sorted().map(\.description)
        #expect(sorted == ["--01-01", "--12-31", "1815-12-10", "1815-12-11", "1990-01-01", "1990-01-02"])
    }
}
