import Foundation
import Models
import Testing

/// The import's rule, alone: what a card does to the one kept under its id, the revisions it
/// compares, and the counts said to the user.
struct ImportMergeTests {
    private static func card(rev: String?, name: String = "Ada") -> String {
        "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:ada\r\nFN:\(name)\r\n" + (rev.map { "REV:\($0)\r\n" } ?? "") + "END:VCARD\r\n"
    }

    @Test(arguments: [
        ("20190301T120000Z", "2019-03-01T12:00:00Z"),
        ("2019-03-01T13:00:00+01:00", "2019-03-01T12:00:00Z"),
        ("20190301T070000-0500", "2019-03-01T12:00:00Z"),
        ("2019-03-01T12:00:00.250Z", "2019-03-01T12:00:00Z"),
        ("20190301T1200Z", "2019-03-01T12:00:00Z"),
        ("2019-03-01", "2019-03-01T00:00:00Z"),
        ("20190301", "2019-03-01T00:00:00Z"),
        ("20190301T120000", "2019-03-01T12:00:00Z"),
    ])
    func aRevisionIsReadInEveryFormOfVCard(text: String, instant: String) throws {
        let expected = try #require(ISO8601DateFormatter().date(from: instant))
        #expect(VCard.revisionDate(of: Self.card(rev: text)) == expected)
    }

    @Test(arguments: [
        "", "yesterday", "2019-13-01", "2019-02-30", "2019-03-01T25:00:00Z", "2019-03-01T24:00:00Z", "201903",
        "20190301T12:00:00+1",
    ])
    func aRevisionThatIsNoDateIsNone(text: String) {
        #expect(VCard.revisionDate(of: Self.card(rev: text)) == nil)
    }

    @Test func theRuleTakesOnlyANewOrStrictlyNewerCard() {
        let old = Self.card(rev: "2019-03-01"), new = Self.card(rev: "2026-01-15", name: "Augusta")
        #expect(ImportMerge.outcome(of: old, kept: nil, deletedHere: false, replacing: false) == .added)
        #expect(ImportMerge.outcome(of: old, kept: old, deletedHere: false, replacing: true) == .unchanged)
        #expect(ImportMerge.outcome(of: new, kept: old, deletedHere: false, replacing: false) == .updated)
        #expect(ImportMerge.outcome(of: old, kept: new, deletedHere: false, replacing: false) == .keptNewerHere)
        #expect(
            ImportMerge.outcome(of: Self.card(rev: "2019-03-01", name: "Augusta"), kept: old, deletedHere: false, replacing: false)
                == .keptNewerHere, "the same revision is not newer")
        #expect(
            ImportMerge.outcome(of: Self.card(rev: nil, name: "Augusta"), kept: old, deletedHere: false, replacing: false)
                == .keptNoRevision)
        #expect(ImportMerge.outcome(of: old, kept: new, deletedHere: false, replacing: true) == .updated)
        #expect(ImportMerge.outcome(of: old, kept: nil, deletedHere: true, replacing: false) == .keptDeletedHere)
        #expect(ImportMerge.outcome(of: old, kept: nil, deletedHere: true, replacing: true) == .added)
    }

    @Test func theCountsSayEachOutcomeByItsReason() {
        var tally = ImportTally()
        #expect(tally.summary == "no one")
        tally.add(
            [.added, .added, .updated] + Array(repeating: .unchanged, count: 8) + [.keptNewerHere, .keptNoRevision, .keptNoRevision])
        #expect(tally.summary == "2 new people, 1 updated; 8 unchanged; 1 kept (newer here), 2 kept (no revision to compare)")
        #expect(tally.keptDifferent == 3)
        var one = ImportTally()
        one.add([.added, .keptDeletedHere])
        #expect(one.summary == "1 new person; 1 kept (deleted here)")
    }

    @Test func theLastCardOfAnIDInAFileCounts() {
        let read = VCard.people(from: Self.card(rev: "2019-03-01") + Self.card(rev: "2018-01-01", name: "Augusta"))
        let kept = read.keepingTheLastOfEachID()
        #expect(kept.people.count == 1)
        #expect(kept.cards == [Self.card(rev: "2018-01-01", name: "Augusta")])
    }
}
