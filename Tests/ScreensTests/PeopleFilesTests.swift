import Foundation
import Models
import Screens
import Testing
import TestSupport

/// The People screen's vCard files end to end in memory: the prompt asks for the path, the
/// transfer's live steps read and write the files and the store, and the list shows what came.
@MainActor
struct PeopleFilesTests: PeopleTesting {
    let store = InMemoryPeopleStore()
    let preferences = InMemoryPreferences()
    let files = InMemoryTextFiles()

    @Test func importsGoodCardsReportsBadOnesAndExportsEveryone() async throws {
        files.files["friends.vcf"] = """
            BEGIN:VCARD
            VERSION:4.0
            N:Lovelace;Ada;;Countess;
            BDAY:18151210
            END:VCARD
            BEGIN:VCARD
            VERSION:4.0
            N:Babbage;Charles;;;
            """
        let people = makeViewModel()
        let (prompts, focus, message) = (
            ValueRecorder(people.prompt.inputPrompt), ValueRecorder(people.prompt.inputLineIsFocused), ValueRecorder(people.message)
        )
        people.prompt.startImporting()
        type("friends.vcf", into: people.prompt)
        people.prompt.inputSubmitted()
        await untilIdle(people.isBusy)
        #expect(names(people) == ["Countess Ada Lovelace"])
        people.prompt.startExporting()
        #expect(latest(people.prompt.inputLine) == InputLine(suggesting: "people.vcf"))
        type("out.vcf", into: people.prompt)  // replaces the suggestion
        people.prompt.inputSubmitted()
        await untilIdle(people.isBusy)
        #expect(files.files["out.vcf"]?.contains("N:Lovelace;Ada;;Countess;") == true)
        #expect(prompts.values == ["Filter", "Import vCard file", "Filter", "Export to file", "Filter"])
        #expect(focus.values == [false, true, false, true, false])
        #expect(
            message.values == [
                "", "Imported 1 new person from friends.vcf; skipped 1: line 6: the card has no END:VCARD", "",
                "Exported 1 person to /home/test/out.vcf",
            ])
    }

    @Test func aReimportKeepsAnEditAndOffersTheFilesVersionWhichYesTakes() async throws {
        files.files["ada.vcf"] = "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:ada\r\nN:Lovelace;Ada;;;\r\nREV:20190301T120000Z\r\nEND:VCARD\r\n"
        let people = makeViewModel()
        let question = ValueRecorder(people.prompt.question)
        for answer in [nil, false, true] {
            people.prompt.startImporting()
            type("ada.vcf", into: people.prompt)
            people.prompt.inputSubmitted()
            await untilIdle(people.isBusy)
            if answer == nil {
                var edited = try #require(try store.person(id: "ada"))
                edited.firstName = "Augusta"
                try store.update(edited, at: Date(timeIntervalSince1970: 1_790_000_000))
                continue
            }
            #expect(latest(people.message) == "Nothing to import: 1 kept (newer here) from ada.vcf", "the news the question stands over")
            people.prompt.confirm(answer == true)
            await untilIdle(people.isBusy)
        }
        #expect(
            question.values == [
                "", "Take ada.vcf's card for 1 kept? y/n", "",
                "Take ada.vcf's card for 1 kept? y/n", "",
            ])
        #expect(latest(people.message) == "Imported 1 updated from ada.vcf")
        #expect(try store.person(id: "ada")?.firstName == "Ada")
    }

    @Test func noReplaceQuestionComesOverAFilterBeingTyped() async throws {
        files.files["ada.vcf"] = "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:ada\r\nN:Lovelace;Ada;;;\r\nEND:VCARD\r\n"
        try store.add([Person(id: "ada", firstName: "Augusta", lastName: "Lovelace")], cards: [:])
        let people = makeViewModel()
        people.prompt.startImporting()
        type("ada.vcf", into: people.prompt)
        people.prompt.inputSubmitted()
        let (question, message) = (ValueRecorder(people.prompt.question), ValueRecorder(people.message))
        people.prompt.inputFocusChanged(true)  // `/` while the file is read: the filter is typed
        await untilIdle(people.isBusy)
        #expect(message.values == ["", "Nothing to import: 1 kept (no revision to compare) from ada.vcf"])
        #expect(question.values == [""], "never asked")
        #expect(latest(people.prompt.inputLineIsFocused))
    }

    @Test func aMissingFileSaysSoAndChangesNothing() async {
        let people = makeViewModel()
        let (message, problem, rows) = (ValueRecorder(people.message), ValueRecorder(people.messageIsProblem), ValueRecorder(people.rows))
        people.prompt.startImporting()
        type("nowhere.vcf", into: people.prompt)
        people.prompt.inputSubmitted()
        await untilIdle(people.isBusy)
        #expect(message.values == ["", "Not imported: nowhere.vcf cannot be read: no such file"])
        #expect(problem.values == [false, true])
        #expect(rows.values == [[]])
    }

    @Test func aCardImportedAndExportedUntouchedComesBackByteForByte() async throws {
        let apple =
            [
                "BEGIN:VCARD", "VERSION:3.0", "N:Lovelace;Ada;;Countess;", "FN:Countess Ada Lovelace",
                "item1.EMAIL;type=INTERNET;type=pref:ada@example.org", "item1.X-ABLabel:_$!<Other>!$_",
                "PHOTO;ENCODING=b;TYPE=JPEG:/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAgGBgcGBQgHBwcJCQgKDBQNDAsLDBkSEw8UHR",
                " oaHx4dGhwcICQuJyAiLCMcHCg3KSwwMTQ0NB8nOT04MjwuMzQy/9k=", "BDAY:1815-12-10", "END:VCARD",
            ].joined(separator: "\r\n") + "\r\n"
        files.files["ada.vcf"] = apple
        let people = makeViewModel()
        people.prompt.startImporting()
        type("ada.vcf", into: people.prompt)
        people.prompt.inputSubmitted()
        await untilIdle(people.isBusy)
        people.prompt.startExporting()
        people.prompt.inputSubmitted()
        await untilIdle(people.isBusy)
        #expect(files.files["people.vcf"] == apple)
    }

    // MARK: - Long transfers

    /// A vCard file of `count` people, `Person 0001 Test` and on.
    private func cards(_ count: Int) -> String {
        (1...count).map { String(format: "BEGIN:VCARD\nVERSION:4.0\nN:Test;Person %04d;;;\nEND:VCARD", $0) }
            .joined(separator: "\n")
    }

    private func importFile(_ path: String, into people: PeopleListViewModel) {
        people.prompt.startImporting()
        type(path, into: people.prompt)
        people.prompt.inputSubmitted()
    }

    @Test func theListFollowsAnImportBatchByBatch() async {
        files.files["many.vcf"] = cards(250)
        let people = makeViewModel()
        let counts = ValueRecorder(people.countText)
        importFile("many.vcf", into: people)
        await untilIdle(people.isBusy)
        #expect(counts.values.first == "0 people")
        #expect(counts.values.last == "250 people")
        #expect(counts.values.count > 2, "the rows follow the batches, not only the end")
        #expect(latest(people.message) == "Imported 250 new people from many.vcf")
    }

    @Test func noFileIsAskedForWhileATransferRuns() async {
        files.files["many.vcf"] = cards(3)
        let people = makeViewModel()
        importFile("many.vcf", into: people)
        let (mode, message, problem) = (
            ValueRecorder(people.prompt.mode), ValueRecorder(people.message), ValueRecorder(people.messageIsProblem)
        )
        people.prompt.startExporting()
        await untilIdle(people.isBusy)
        #expect(mode.values == [.list])
        #expect(message.values == ["", "An import or export is running; Esc on the list stops it", "Imported 3 new people from many.vcf"])
        #expect(problem.values == [false, true, false])
        #expect(files.files["people.vcf"] == nil)
    }

    @Test func anExportToAFileThatIsThereAsksFirstAndOnlyYesReplacesIt() async throws {
        try store.add(Person(firstName: "Ada", lastName: "Lovelace"))
        files.files["people.vcf"] = "kept"
        let people = makeViewModel()
        let question = ValueRecorder(people.prompt.question)
        for answer in [false, true] {
            people.prompt.startExporting()
            people.prompt.inputSubmitted()
            await untilIdle(people.isBusy)
            people.prompt.confirm(answer)
            await untilIdle(people.isBusy)
            #expect(files.files["people.vcf"] == "kept" || answer, "no keeps the file as it was")
        }
        #expect(question.values == ["", "Replace people.vcf? y/n", "", "Replace people.vcf? y/n", ""])
        #expect(files.files["people.vcf"]?.contains("N:Lovelace;Ada;;;") == true)
        #expect(latest(people.message) == "Exported 1 person to /home/test/people.vcf")
    }

    @Test func anExportStoppedBeforeItsFileIsWrittenLeavesNoFile() async throws {
        try store.add(Person(firstName: "Ada", lastName: "Lovelace"))
        let people = makeViewModel()
        people.prompt.startExporting()
        people.prompt.inputSubmitted()
        let message = ValueRecorder(people.message)
        people.transfer.cancel()  // before the people are read: nothing is written
        await untilIdle(people.isBusy)
        #expect(files.files["people.vcf"] == nil)
        #expect(message.values == ["", "Export stopped; people.vcf was not written"])
    }
}
