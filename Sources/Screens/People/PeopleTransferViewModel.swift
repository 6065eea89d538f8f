import Binding
import Models

/// The People screen's vCard files: the cards of a file imported into the store, or everyone in
/// it exported — away from the keys, with progress, and stopped by Esc. Each card imported is
/// kept whole, and an export writes it back with only what was changed here changed.
///
/// Each step runs on `runner`, off the main thread: reading and parsing the file, then adding
/// the cards in batches, each its own transaction and short (`batchTime`), so that another
/// write — a Scoreboard move, the sort kept — waits little for the one database. Between
/// batches `progress` says how far it got, and a cancel keeps the batches committed. The list
/// owns it: its prompt asks for the path in the input line, the list calls `importCards` or
/// `exportCards`, and reads the outcome from `report` when it comes.
@MainActor
public final class PeopleTransferViewModel {
    /// What a transfer did, in words for the screen's line of news.
    public struct Report: Equatable, Sendable {
        /// `Imported 3 people from friends.vcf`, or what went wrong.
        public let text: String
        /// Whether `text` tells of a failure.
        public let isProblem: Bool
        /// Whether people were added to the store.
        public let addedPeople: Bool
    }

    /// What one batch of an import aims to take: a sixth of the longest wait another write (a
    /// Scoreboard move) may have, which leaves room for its own commit and a batch that takes
    /// longer than its pace said (one that merges the search index's segments, a slow disk).
    static let batchTime = Duration.milliseconds(8)

    // MARK: - Outputs

    /// How far the transfer under way got: `Importing 4,200 of 20,000 people from friends.vcf…`;
    /// empty while none runs. (How to stop it is the keymap's to say.)
    public var progress: Output<String> { _progress.output }
    /// Whether a transfer runs; it falls after `report` tells how it ended.
    public var isRunning: Output<Bool> { _isRunning.output }
    /// What the last transfer did, once it ended; nil before any ends.
    public var report: Output<Report?> { _report.output }

    // MARK: - State

    private let _progress = Dynamic("")
    private let _isRunning = Dynamic(false)
    private let _report = Dynamic<Report?>(nil)
    private let files: any TextFiles
    private let runner: any BackgroundRunner
    private var store: (any PeopleReading & PeopleWriting)?
    private var isCancelled = false
    /// The transfer under way, for tests to await.
    public private(set) var task: Task<Void, Never>?

    init(files: any TextFiles, runner: any BackgroundRunner) {
        self.files = files
        self.runner = runner
    }

    // MARK: - Inputs

    /// The store is open: from now on files can be imported into it and exported from it.
    func storeOpened(_ store: any PeopleReading & PeopleWriting) {
        self.store = store
    }

    /// Stops the transfer under way after the batch being written, keeping the people already
    /// added; an export stops unless its file is being written.
    public func cancel() {
        guard _isRunning.value else { return }
        isCancelled = true
        _progress.change(to: "Stopping…")
    }

    /// Starts adding the good cards of the file at `path` to the store; `report` tells how many,
    /// and which were skipped. Nothing while no store is open or a transfer runs.
    func importCards(from path: String) {
        guard let store, begin("Reading \(path)…") else { return }
        let (files, runner) = (self.files, self.runner)
        task = Task { [weak self] in
            var added = 0
            do {
                let cards = try await runner.run { VCard.people(from: try files.read(path)) }
                let total = cards.people.count
                var size = 100
                while added < total {
                    guard let self else { return }
                    _progress.change(to: "Importing \(added.grouped) of \(PeopleListed.count(total)) from \(path)…")
                    if isCancelled || Task.isCancelled { break }
                    let range = added..<min(added + size, total)
                    let batch = Array(cards.people[range])
                    let kept = Self.cardsByID(batch, cards.cards, from: range.lowerBound)
                    let took = try await runner.run { try ContinuousClock().measure { try store.add(batch, cards: kept) } }
                    added += batch.count
                    size = Self.nextBatchSize(after: batch.count, took: took)
                }
                self?.finish(Self.importReport(added: added, of: total, from: path, problems: cards.problems,
                                               stopped: added < total))
            } catch {
                let text = added > 0 ? "Import failed after \(PeopleListed.count(added)): \(error)" : "Not imported: \(error)"
                self?.finish(Report(text: text, isProblem: true, addedPeople: added > 0))
            }
        }
    }

    /// Starts writing everyone in the store, in `order`, as vCards to `path`; a cancel before the
    /// file is written leaves it as it was. Nothing while no store is open or a transfer runs.
    func exportCards(to path: String, sortedBy order: PersonSortOrder) {
        guard let store, begin("Exporting to \(path)…") else { return }
        let (files, runner) = (self.files, self.runner)
        task = Task { [weak self] in
            do {
                let (everyone, kept) = try await runner.run {
                    (try store.people(matching: "", sortedBy: order, offset: 0, limit: Int.max), try store.keptCards(for: nil))
                }
                guard let self else { return }
                guard !isCancelled, !Task.isCancelled else {
                    return finish(Report(text: "Export stopped; \(path) was not written", isProblem: false, addedPeople: false))
                }
                _progress.change(to: "Writing \(path)…")
                let written = try await runner.run { try files.write(VCard.text(for: everyone, keeping: kept), to: path) }
                finish(Report(text: "Exported \(PeopleListed.count(everyone.count)) to \(written)", isProblem: false, addedPeople: false))
            } catch {
                self?.finish(Report(text: "Not exported: \(error)", isProblem: true, addedPeople: false))
            }
        }
    }

    // MARK: - Steps

    /// The size of the next batch: as many cards as `batchTime` holds at the pace of the last
    /// one, growing at most fourfold, and never empty.
    static func nextBatchSize(after count: Int, took: Duration) -> Int {
        let pace = Double(max(took.nanoseconds, 1)) / Double(max(count, 1))
        let fits = Int(Double(batchTime.nanoseconds) / pace)
        return min(max(1, fits), count * 4)
    }

    /// The cards of `people`, by id: `cards` holds the text of each card read, in the order of
    /// all the people read, of whom `people` are those from `start` on.
    private static func cardsByID(_ people: [Person], _ cards: [String], from start: Int) -> [Person.ID: String] {
        guard cards.count >= start + people.count else { return [:] }
        return Dictionary(zip(people.map(\.id), cards[start..<(start + people.count)]), uniquingKeysWith: { _, last in last })
    }

    private static func importReport(added: Int, of total: Int, from path: String, problems: [VCard.Problem],
                                     stopped: Bool) -> Report {
        let skipped = problems.isEmpty ? "" : "; skipped \(problems.count): \(problems.prefix(3).map(\.description).joined(separator: "; "))"
        let text = stopped
            ? "Import stopped: \(added.grouped) of \(PeopleListed.count(total)) imported from \(path)"
            : "Imported \(PeopleListed.count(added)) from \(path)\(skipped)"
        return Report(text: text, isProblem: !problems.isEmpty && !stopped, addedPeople: added > 0)
    }

    /// Marks a transfer as running, unless one already does (the list asks for no file then).
    private func begin(_ progress: String) -> Bool {
        guard !_isRunning.value else { return false }
        isCancelled = false
        _progress.change(to: progress)
        _isRunning.change(to: true)
        return true
    }

    /// Ends the transfer with `report`, told before `isRunning` falls: whoever waits for the fall
    /// has the report.
    private func finish(_ report: Report) {
        _progress.change(to: "")
        _report.value = report
        _isRunning.change(to: false)
    }
}
