import Binding
import Foundation
import Models

/// The People screen's vCard files: the cards of a file imported into the store, or everyone in
/// it exported — away from the keys, with progress, and stopped by Esc. Each card imported is
/// kept whole, and an export writes it back with only what was changed here changed.
///
/// What the transfer is doing is one value, `PeopleTransfer`, whose transitions name each step;
/// the runner does them off the main thread: reading and parsing the file, then adding the cards
/// in batches, each its own transaction and short (`PeopleTransfer.batchTime`), so that another write — a
/// Scoreboard move, the sort kept — waits little for the one database. Between batches
/// `progress` says how far it got, and a stop keeps the batches committed. The list owns it: its
/// prompt asks for the path in the input line, the list calls `importCards` or `exportCards`,
/// and reads the outcome from `report` when it comes.
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
        /// After an import that kept people whose cards in the file differ, the offer to take the
        /// file's version of them; after an export that found a file at its path, the offer to
        /// replace it.
        public var offer: ReplaceOffer? = nil
    }

    // MARK: - Outputs

    /// What a transfer did, told once as it ends, before `isRunning` falls.
    public let report: Events<Report>
    /// How far the transfer under way got: `Importing 4,200 of 20,000 people from friends.vcf…`;
    /// empty while none runs. (How to stop it is the keymap's to say.)
    public let progress: Output<String>
    /// Whether a transfer runs; it falls after `report` tells how it ended.
    public let isRunning: Output<Bool>

    // MARK: - State

    private let machine: ScreenMachine<PeopleTransfer>
    private var isOpen = false
    private var tokens: [BindingToken] = []

    /// A transfer whose steps `runner` does (the live `PeopleTransferSteps`, or a test's), once
    /// `storeIsOpen` holds.
    init(runner: any WorkRunner<PeopleTransfer.Work, PeopleTransfer.Answer>, storeIsOpen: Output<Bool>) {
        machine = ScreenMachine(PeopleTransfer(), runner: runner)
        let state = machine.state
        report = machine.told
        progress = state.map(\.progress).distinct().output
        isRunning = state.map { $0.phase != .idle }.distinct().output
        storeIsOpen.bindAndFire { [unowned self] in isOpen = $0 }.store(in: &tokens)
    }

    // MARK: - Inputs

    /// Stops the transfer under way after the batch being written, keeping the people already
    /// added; an export stops unless its file is being written.
    public func cancel() {
        machine.send(.stopAsked)
    }

    /// Starts adding the good cards of the file at `path` to the store, as `choices` say;
    /// `report` tells what it did with them, and which were skipped. Nothing while no store is
    /// open or a transfer runs.
    func importCards(from path: String, _ choices: ImportChoices = ImportChoices()) {
        if isOpen { machine.send(.importAsked(path, choices)) }
    }

    /// Starts writing everyone in the store, in `order`, as vCards to `path`; a file there is
    /// replaced only when `replacing`, else the report offers to. A stop before the file is
    /// written leaves it as it was. Nothing while no store is open or a transfer runs.
    func exportCards(to path: String, sortedBy order: PersonSortOrder, replacing: Bool = false) {
        if isOpen { machine.send(.exportAsked(path, order, replacing: replacing)) }
    }
}
