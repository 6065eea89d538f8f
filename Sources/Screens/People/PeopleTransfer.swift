import Binding
import Models

/// The People screen's vCard transfer as a value: which file, how far it got, whether it was
/// asked to stop, and how the last one ended. Its transitions name the work (read the file, add
/// a batch, gather everyone, write the file) and never do it; the time each batch took comes
/// in its answer.
///
/// ```swift
/// func start(reading cards: VCard.Import, answering work1: WorkID) {
///     var transfer = PeopleTransfer()
///     _ = transfer.handle(.importAsked("friends.vcf", ImportChoices()))   // [.start(.read("friends.vcf"), as: work 1)]
///     _ = transfer.handle(.answered(work1, .read(cards)))  // [.start(.add(first 100 people…, ImportChoices()), as: work 2)]
/// }
/// ```
public struct PeopleTransfer: ScreenState {
    /// What an import adds in its first batch; the next ones as many as the pace allows.
    static let firstBatch = 100
    /// What one batch of an import aims to take: a sixth of the longest wait another write (a
    /// Scoreboard move) may have, which leaves room for its own commit and a batch that takes
    /// longer than its pace said (one that merges the search index's segments, a slow disk).
    static let batchTime = Duration.milliseconds(8)

    /// The size of the next batch: as many cards as `batchTime` holds at the pace of the last
    /// one, growing at most fourfold, and never empty.
    static func nextBatchSize(after count: Int, took: Duration) -> Int {
        let pace = Double(max(took.nanoseconds, 1)) / Double(max(count, 1))
        let fits = Int(Double(batchTime.nanoseconds) / pace)
        return min(max(1, fits), count * 4)
    }

    /// Where the transfer stands.
    public enum Phase: Equatable, Sendable {
        case idle
        /// The file being read.
        case reading(String)
        /// The cards read from the file, `added` of them through the merge so far, the batch under way `size` long.
        case importing(String, VCard.Import, added: Int, size: Int)
        /// Whether a file is at the path already, before everyone is read for it.
        case looking(String, PersonSortOrder)
        /// Everyone being read from the store, to write to the file.
        case gathering(String)
        /// The file being written with `count` people.
        case writing(String, count: Int)
    }

    /// The work a transfer asks for.
    public enum Work: Equatable, Sendable {
        case read(String)
        /// Imports a batch by `ImportMerge`'s rule, as `choices` say.
        case add([Person], cards: [Person.ID: String], ImportChoices)
        /// Looks for a file at the path, which an export replaces only when asked to.
        case look(String)
        case gather(PersonSortOrder)
        case write([Person], cards: [Person.ID: String], to: String)
    }

    /// A piece of work's answer.
    public enum Answer: Equatable, Sendable {
        case read(VCard.Import)
        /// The batch's outcomes, person by person, and the time it took.
        case added([ImportOutcome], took: Duration)
        case gathered([Person], cards: [Person.ID: String])
        /// The file at the path looked at, as it was resolved; nil when there is none.
        case looked(existing: String?)
        /// The file written, at this path as it was resolved.
        case written(String)
        case failed(String)
    }

    public enum Event: Equatable, Sendable {
        /// Import the file, as `choices` say.
        case importAsked(String, ImportChoices = ImportChoices())
        /// Export everyone in the order to the file, replacing one there only when `replacing`.
        case exportAsked(String, PersonSortOrder, replacing: Bool = false)
        /// Esc: stop after the batch being written.
        case stopAsked
        case answered(WorkID, Answer)
    }

    public private(set) var phase = Phase.idle
    /// Whether the transfer was asked to stop.
    public private(set) var isStopping = false
    /// How the transfers that ended since the last event ended, to tell (`Told`).
    private var toTell: [PeopleTransferViewModel.Report] = []
    private var running: WorkID?
    /// What the import under way did so far, and how it treats the file's cards.
    private var tally = ImportTally()
    private var choices = ImportChoices()
    private var lastWork = WorkID.none

    public init() {}

    public static func event(answering id: WorkID, with answer: Answer) -> Event { .answered(id, answer) }

    /// Moves the state on by `event`. A transfer asked for while one runs is refused (the list
    /// asks for no file then).
    public mutating func handle(_ event: Event) -> [WorkOrder<Work>] {
        switch event {
        case .importAsked(let path, let choices):
            guard phase == .idle else { return [] }
            (tally, self.choices) = (ImportTally(), choices)
            return begin(.reading(path), .read(path))
        case .exportAsked(let path, let order, let replacing):
            guard phase == .idle else { return [] }
            return replacing ? begin(.gathering(path), .gather(order)) : begin(.looking(path, order), .look(path))
        case .stopAsked:
            if phase != .idle { isStopping = true }
            return []
        case .answered(let id, let answer):
            guard id == running else { return [] }
            running = nil
            return handle(answer)
        }
    }

    private mutating func handle(_ answer: Answer) -> [WorkOrder<Work>] {
        switch (phase, answer) {
        case (.reading(let path), .read(let cards)):
            guard !cards.people.isEmpty || !cards.problems.isEmpty else { return finish("No vCard in \(path)", isProblem: true) }
            let unique = cards.keepingTheLastOfEachID()
            return nextBatch(
                path, unique, added: 0,
                size: choices.inFewBatches ? PeopleSync.batchSize(of: unique.people.count) : Self.firstBatch)
        case (.importing(let path, let cards, let added, let size), .added(let outcomes, let took)):
            tally.add(outcomes)
            let count = min(size, cards.people.count - added)
            return nextBatch(
                path, cards, added: added + count,
                size: choices.inFewBatches ? size : Self.nextBatchSize(after: count, took: took))
        case (.importing, .failed(let message)):
            let changed = tally[.added] + tally[.updated] > 0 && !choices.dryRun
            return finish(
                tally.total > 0 ? "Import failed after \(tally.summary): \(message)" : "Not imported: \(message)",
                isProblem: true, addedPeople: changed)
        case (.reading, .failed(let message)):
            return finish("Not imported: \(message)", isProblem: true)
        case (.looking(let path, let order), .looked(let existing)):
            guard let existing else { return begin(.gathering(path), .gather(order)) }
            return finish("Not exported: \(existing) exists", isProblem: true, offer: .overwrite(path))
        case (.gathering(let path), .gathered(let everyone, let cards)):
            guard !isStopping else { return finish("Export stopped; \(path) was not written") }
            return begin(.writing(path, count: everyone.count), .write(everyone, cards: cards, to: path))
        case (.writing(_, let count), .written(let path)):
            return finish("Exported \(PeopleList.count(count)) to \(path)")
        case (.looking, .failed(let message)), (.gathering, .failed(let message)), (.writing, .failed(let message)):
            return finish("Not exported: \(message)", isProblem: true)
        default:
            return []
        }
    }

    /// Adds the next batch of `cards`, or ends: all added, or asked to stop.
    private mutating func nextBatch(_ path: String, _ cards: VCard.Import, added: Int, size: Int) -> [WorkOrder<Work>] {
        let total = cards.people.count
        guard added < total, !isStopping else {
            let skipped =
                cards.problems.isEmpty
                ? ""
                : "; skipped \(cards.problems.count): \(cards.problems.prefix(3).map(\.description).joined(separator: "; "))"
            let stopped = added < total
            let changed = tally[.added] + tally[.updated] > 0
            // Text that named no charset and was not UTF-8 is a guess the user should know of.
            let file = path + (cards.readAsWindows1252 ? " (read as Windows-1252)" : "")
            return finish(
                stopped
                    ? "Import stopped: \(tally.summary); \((total - added).grouped) of \(total.grouped) left in \(path)"
                    : changed
                        ? "\(choices.dryRun ? "Would import" : "Imported") \(tally.summary) from \(file)\(skipped)"
                        : "Nothing to import: \(tally.summary) from \(file)\(skipped)",
                isProblem: !cards.problems.isEmpty && !stopped, addedPeople: changed && !choices.dryRun,
                offer: stopped || choices.dryRun || tally.keptDifferent == 0
                    ? nil
                    : .reimport(path, count: tally.keptDifferent))
        }
        let range = added..<min(added + size, total)
        let batch = Array(cards.people[range])
        let kept =
            cards.cards.count >= range.upperBound
            ? Dictionary(zip(batch.map(\.id), cards.cards[range]), uniquingKeysWith: { _, last in last }) : [:]
        return begin(.importing(path, cards, added: added, size: size), .add(batch, cards: kept, choices))
    }

    private mutating func begin(_ phase: Phase, _ work: Work) -> [WorkOrder<Work>] {
        if self.phase == .idle { isStopping = false }
        self.phase = phase
        lastWork = lastWork.next
        running = lastWork
        return [.start(work, as: lastWork)]
    }

    /// A transfer tells how it ended, once.
    public typealias Told = PeopleTransferViewModel.Report

    public mutating func takeTold() -> [PeopleTransferViewModel.Report] {
        defer { toTell = [] }
        return toTell
    }

    private mutating func finish(
        _ text: String, isProblem: Bool = false, addedPeople: Bool = false,
        offer: ReplaceOffer? = nil
    ) -> [WorkOrder<Work>] {
        phase = .idle
        isStopping = false
        toTell.append(PeopleTransferViewModel.Report(text: text, isProblem: isProblem, addedPeople: addedPeople, offer: offer))
        return []
    }

    /// How far the transfer got, in words; empty while none runs.
    public var progress: String {
        if isStopping { return "Stopping…" }
        return switch phase {
        case .idle: ""
        case .reading(let path): "Reading \(path)…"
        case .importing(let path, let cards, let added, _):
            "Importing \(added.grouped) of \(PeopleList.count(cards.people.count)) from \(path)…"
        case .looking(let path, _), .gathering(let path): "Exporting to \(path)…"
        case .writing(let path, _): "Writing \(path)…"
        }
    }
}

/// How an import treats the file's cards.
public struct ImportChoices: Equatable, Sendable {
    /// Take the file's card wherever it differs from the one kept (`--replace`).
    public var replacing: Bool
    /// Say what the import would do and change nothing (`--dry-run`).
    public var dryRun: Bool
    /// Take the cards in about eight batches, as a sync does (`PeopleSync.batchSize(of:)`), where
    /// the screen's are sized to `PeopleTransfer.batchTime`: for `people --import`, which answers
    /// no keys meanwhile. Each transaction rewrites the pages of the store's indexes it touches:
    /// 10,000 cards in some two hundred short ones cost twice the CPU a card (Docs/Performance.md).
    public var inFewBatches: Bool

    public init(replacing: Bool = false, dryRun: Bool = false, inFewBatches: Bool = false) {
        self.replacing = replacing
        self.dryRun = dryRun
        self.inFewBatches = inFewBatches
    }
}

/// A transfer's offer to replace what it left as it was, which the screen asks about: an
/// import's, to take the file's version of the people it kept as they are here (the file, and
/// how many); an export's, to replace the file that was at its path.
public enum ReplaceOffer: Equatable, Sendable {
    case reimport(String, count: Int)
    case overwrite(String)

    /// The file's path, as the user typed it.
    public var path: String {
        switch self {
        case .reimport(let path, _), .overwrite(let path): path
        }
    }

    /// The file's name, without its folders: what a question of one line can hold.
    public var fileName: String { path.split(separator: "/").last.map(String.init) ?? path }

    /// The question: `Take friends.vcf's cards for 3 kept? y/n`, `Replace people.vcf? y/n`;
    /// short enough for 40 columns, for the news it stands in for said who was kept and why.
    public var question: String {
        switch self {
        case .reimport(_, let count):
            "Take \(fileName)'s \(count == 1 ? "card for 1" : "cards for \(count.grouped)") kept? y/n"
        case .overwrite: "Replace \(fileName)? y/n"
        }
    }
}
