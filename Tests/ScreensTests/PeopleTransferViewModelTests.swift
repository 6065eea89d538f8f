import Binding
import Foundation
import Models
@testable import Screens
import Testing
import TestSupport

/// The People screen's vCard transfer alone: the steps it asks for, answered by the test, and
/// the whole history of what it says.
@MainActor
struct PeopleTransferViewModelTests {
    let steps = HeldWork<PeopleTransfer.Work, PeopleTransfer.Answer>()

    private func makeTransfer() -> PeopleTransferViewModel {
        let transfer = PeopleTransferViewModel(runner: steps, storeIsOpen: Dynamic(true).output)
        return transfer
    }

    /// `count` people read from a file, `Person 1 Test` and on, with the text of their cards.
    private func read(_ count: Int, problems: [VCard.Problem] = []) -> VCard.Import {
        let people = (1...count).map { Person(id: "p\($0)", firstName: "Person \($0)", lastName: "Test") }
        return VCard.Import(people: people, problems: problems, cards: people.map { "card of \($0.id)\n" })
    }

    /// Answers the batch asked for last as a store does when everyone in it is new.
    private func answerBatch(took: Duration) {
        guard case .add(let people, _, _) = steps.asked.last else {
            Issue.record("no batch asked for")
            return
        }
        steps.answer(with: .added(people.map { _ in .added }, took: took))
    }

    @Test func anImportAddsBatchesAtThePaceTheyTakeAndSaysHowFarItGot() {
        let transfer = makeTransfer()
        let progress = ValueRecorder(transfer.progress)
        let running = ValueRecorder(transfer.isRunning)
        let report = ValueRecorder(transfer.report)
        transfer.importCards(from: "many.vcf")
        #expect(steps.asked == [.read("many.vcf")])
        steps.answer(with: .read(read(250)))
        guard case .add(let first, let cards, ImportChoices()) = steps.asked.last else {
            Issue.record("no batch asked for")
            return
        }
        #expect(first.count == 100)
        #expect(cards["p1"] == "card of p1\n")
        answerBatch(took: .milliseconds(16))  // too slow: the next batch is half as long
        guard case .add(let second, _, _) = steps.asked.last else {
            Issue.record("no second batch")
            return
        }
        #expect(second.map(\.id).first == "p101")
        #expect(second.count == 50)
        answerBatch(took: .milliseconds(2))
        answerBatch(took: .milliseconds(2))
        #expect(
            progress.values == [
                "", "Reading many.vcf…", "Importing 0 of 250 people from many.vcf…",
                "Importing 100 of 250 people from many.vcf…", "Importing 150 of 250 people from many.vcf…", "",
            ])
        #expect(running.values == [false, true, false])
        #expect(report.values == [.init(text: "Imported 250 new people from many.vcf", isProblem: false, addedPeople: true)])
    }

    @Test func anImportInFewBatchesTakesTheFileInBatchesAsLargeAsASyncsWhateverTheyTake() {
        let transfer = makeTransfer()
        let report = ValueRecorder(transfer.report)
        let choices = ImportChoices(inFewBatches: true)
        transfer.importCards(from: "many.vcf", choices)
        steps.answer(with: .read(read(3_000)))
        var sizes: [Int] = []
        while case .add(let batch, _, choices) = steps.asked.last, steps.pending.count == 1 {
            sizes.append(batch.count)
            answerBatch(took: .milliseconds(500))
        }
        #expect(sizes == Array(repeating: 375, count: 8))
        #expect(report.values == [.init(text: "Imported 3,000 new people from many.vcf", isProblem: false, addedPeople: true)])
    }

    @Test func aStopEndsTheImportAfterTheBatchBeingWrittenKeepingItsPeople() {
        let transfer = makeTransfer()
        let progress = ValueRecorder(transfer.progress)
        let report = ValueRecorder(transfer.report)
        transfer.importCards(from: "many.vcf")
        steps.answer(with: .read(read(250)))
        transfer.cancel()
        answerBatch(took: .milliseconds(8))
        #expect(steps.pending.isEmpty)
        #expect(progress.values.suffix(2) == ["Stopping…", ""])
        #expect(
            report.values
                == [
                    .init(
                        text: "Import stopped: 100 new people; 150 of 250 left in many.vcf", isProblem: false,
                        addedPeople: true)
                ])
    }

    @Test func cardsLeftOutAreNamedAndAFailureSaysHowFarItGot() {
        let transfer = makeTransfer()
        let report = ValueRecorder(transfer.report)
        transfer.importCards(from: "friends.vcf")
        steps.answer(with: .read(read(1, problems: [VCard.Problem(line: 6, reason: "the card has no END:VCARD")])))
        answerBatch(took: .milliseconds(1))
        transfer.importCards(from: "big.vcf")
        steps.answer(with: .read(read(150)))
        answerBatch(took: .milliseconds(8))
        steps.answer(with: .failed("disk full"))
        transfer.importCards(from: "nowhere.vcf")
        steps.answer(with: .failed("nowhere.vcf cannot be read: no such file"))
        #expect(
            report.values.map(\.text) == [
                "Imported 1 new person from friends.vcf; skipped 1: line 6: the card has no END:VCARD",
                "Import failed after 100 new people: disk full",
                "Not imported: nowhere.vcf cannot be read: no such file",
            ])
        #expect(report.values.map(\.isProblem) == [true, true, true])
    }

    @Test func aReimportSaysWhatItKeptAndAFileWithNoCardIsAProblem() {
        let transfer = makeTransfer()
        let report = ValueRecorder(transfer.report)
        transfer.importCards(from: "again.vcf")
        steps.answer(with: .read(read(3)))
        steps.answer(with: .added([.unchanged, .keptNewerHere, .updated], took: .milliseconds(1)))
        transfer.importCards(from: "same.vcf")
        steps.answer(with: .read(read(2)))
        steps.answer(with: .added([.unchanged, .keptNoRevision], took: .milliseconds(1)))
        transfer.importCards(from: "/etc/passwd")
        steps.answer(with: .read(VCard.Import(people: [], problems: [])))
        #expect(
            report.values == [
                .init(
                    text: "Imported 1 updated; 1 unchanged; 1 kept (newer here) from again.vcf", isProblem: false,
                    addedPeople: true, offer: .reimport("again.vcf", count: 1)),
                .init(
                    text: "Nothing to import: 1 unchanged; 1 kept (no revision to compare) from same.vcf", isProblem: false,
                    addedPeople: false, offer: .reimport("same.vcf", count: 1)),
                .init(text: "No vCard in /etc/passwd", isProblem: true, addedPeople: false),
            ])
        #expect(steps.pending.isEmpty)
    }

    @Test func aFileReadAsWindows1252SaysSo() {
        let transfer = makeTransfer()
        let report = ValueRecorder(transfer.report)
        transfer.importCards(from: "old.vcf")
        let cards = read(1)
        steps.answer(with: .read(VCard.Import(people: cards.people, problems: [], cards: cards.cards, readAsWindows1252: true)))
        steps.answer(with: .added([.added], took: .milliseconds(1)))
        #expect(report.values.map(\.text) == ["Imported 1 new person from old.vcf (read as Windows-1252)"])
    }

    @Test func theSameReportTwiceIsToldTwice() {
        let transfer = makeTransfer()
        let report = ValueRecorder(transfer.report)
        for _ in 0..<2 {
            transfer.importCards(from: "nowhere.vcf")
            steps.answer(with: .failed("no such file"))
        }
        #expect(report.values.count == 2)
    }

    @Test func anExportGathersEveryoneThenWritesTheFile() {
        let transfer = makeTransfer()
        let progress = ValueRecorder(transfer.progress)
        let report = ValueRecorder(transfer.report)
        let ada = Person(id: "ada", firstName: "Ada", lastName: "Lovelace")
        transfer.exportCards(to: "out.vcf", sortedBy: .firstName)
        #expect(steps.asked == [.look("out.vcf")])
        steps.answer(with: .looked(existing: nil))
        #expect(steps.asked.last == .gather(.firstName))
        steps.answer(with: .gathered([ada], cards: ["ada": "card"]))
        #expect(steps.asked.last == .write([ada], cards: ["ada": "card"], to: "out.vcf"))
        steps.answer(with: .written("/home/test/out.vcf"))
        #expect(progress.values == ["", "Exporting to out.vcf…", "Writing out.vcf…", ""])
        #expect(report.values.map(\.text) == ["Exported 1 person to /home/test/out.vcf"])
    }

    @Test func anExportThatFindsAFileAsksBeforeReplacingItAndWritesOnlyWhenTold() {
        let transfer = makeTransfer()
        let report = ValueRecorder(transfer.report)
        transfer.exportCards(to: "people.vcf", sortedBy: .lastName)
        steps.answer(with: .looked(existing: "/home/ada/people.vcf"))
        #expect(steps.asked == [.look("people.vcf")], "nothing read, nothing written")
        #expect(
            report.values == [
                PeopleTransferViewModel.Report(
                    text: "Not exported: /home/ada/people.vcf exists", isProblem: true, addedPeople: false, offer: .overwrite("people.vcf"))
            ])
        #expect(ReplaceOffer.overwrite("people.vcf").question == "Replace people.vcf? y/n")
        transfer.exportCards(to: "people.vcf", sortedBy: .lastName, replacing: true)
        #expect(steps.asked.last == .gather(.lastName), "told to replace it: no look")
        steps.expectHeldAtEnd([.gather(.lastName)])
    }

    @Test func anExportStoppedBeforeItsFileIsWrittenWritesNothing() {
        let transfer = makeTransfer()
        let report = ValueRecorder(transfer.report)
        transfer.exportCards(to: "people.vcf", sortedBy: .lastName)
        steps.answer(with: .looked(existing: nil))
        transfer.cancel()
        steps.answer(with: .gathered([], cards: [:]))
        #expect(steps.asked == [.look("people.vcf"), .gather(.lastName)])
        #expect(report.values.map(\.text) == ["Export stopped; people.vcf was not written"])
    }

    @Test func aTransferAskedForWhileOneRunsOrBeforeTheStoreOpensDoesNothing() {
        let closed = PeopleTransferViewModel(runner: steps, storeIsOpen: Dynamic(false).output)
        closed.importCards(from: "a.vcf")
        #expect(steps.asked.isEmpty)
        let transfer = makeTransfer()
        transfer.importCards(from: "a.vcf")
        transfer.exportCards(to: "b.vcf", sortedBy: .lastName)
        #expect(steps.asked == [.read("a.vcf")], "no export while the import runs")
        steps.expectHeldAtEnd([.read("a.vcf")])
    }

    @Test(arguments: [
        (100, 16, 50),  // too slow: half as many
        (100, 8, 100),  // on time
        (100, 1, 400),  // far quicker: at most four times as many
        (10, 0, 40),
        (1, 1_000, 1),  // never empty
    ])
    func theNextBatchHoldsWhatItsTimeAllows(count: Int, milliseconds: Int, next: Int) {
        #expect(PeopleTransfer.nextBatchSize(after: count, took: .milliseconds(milliseconds)) == next)
    }
}
