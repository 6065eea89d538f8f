import Foundation
import Models
import Screens
import Testing
import TestSupport

/// The People screen's vCard files: import and export.
@MainActor
struct PeopleTransferTests: PeopleTesting {
    let store = InMemoryPeopleStore()
    let preferences = InMemoryPreferences()
    let files = InMemoryTextFiles()

    @Test func importsGoodCardsReportsBadOnesAndExportsEveryone() throws {
        files.files["friends.vcf"] = """
            BEGIN:VCARD
            VERSION:4.0
            N:Lovelace;Ada;;Countess;
            BDAY:18151210
            END:VCARD
            BEGIN:VCARD
            VERSION:4.0
            BDAY:1815-12-10
            END:VCARD
            """
        let people = makeViewModel()
        people.startImporting()
        #expect(latest(people.inputPrompt) == "Import vCard file")
        type("friends.vcf", into: people)
        people.inputSubmitted()
        #expect(names(people) == ["Countess Ada Lovelace"])
        #expect(latest(people.message).hasPrefix("Imported 1 person from friends.vcf; skipped 1: line 6"))
        people.startExporting()
        #expect(latest(people.inputLine) == InputLine(text: "people.vcf"))
        #expect(latest(people.inputLineIsFocused))
        edit(people, .deleteToStart, .insert("out.vcf"))
        people.inputSubmitted()
        #expect(files.files["out.vcf"]?.contains("N:Lovelace;Ada;;Countess;") == true)
        #expect(latest(people.message) == "Exported 1 person to /home/test/out.vcf")
    }

    @Test func aMissingFileSaysSoAndChangesNothing() {
        let people = makeViewModel()
        people.startImporting()
        type("nowhere.vcf", into: people)
        people.inputSubmitted()
        #expect(latest(people.message) == "Not imported: nowhere.vcf cannot be read: no such file")
        #expect(latest(people.messageIsProblem))
    }
}
