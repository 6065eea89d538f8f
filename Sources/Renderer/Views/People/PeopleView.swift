import Binding
import Screens

/// The People screen: binds its view-model's outputs into the `PeopleContent` it draws, and turns
/// its keys and clicks into the inputs of the view-model and of its prompt, transfer and sync.
@MainActor
public final class PeopleView: ScreenView {
    /// What the People screen's keys and clicks ask.
    public enum Action: Hashable, Sendable {
        case add, edit, view, delete, toggleSort, importFile, exportFile, sync, stopTransfer
        /// Move the cursor as every list moves.
        case move(ListMove)
        case nextField, previousField
        /// Yes to the question asked.
        case confirm
        /// No to the question asked, or leave the form or the path asked for.
        case cancel
        /// Choose the person at this index in the whole list (a click on their row); the chosen
        /// person is edited.
        case choosePerson(Int)
        /// Settle the conflict whose copy shows full-size.
        case settle(PersonConflict.Choice)
    }

    public nonisolated static let keys = KeyTable<Action>(
        [
            KeyBinding("a", "add a person", scope: .people, hint: "add", keys: [.text("a")], action: .add),
            KeyBinding("Enter", "edit the chosen person", scope: .chosenPerson, keys: [.enter], action: .edit),
            KeyBinding("v", "the chosen person's detail, full-size", scope: .chosenPerson, keys: [.text("v")], action: .view),
            KeyBinding("d", "delete the chosen person", scope: .chosenPerson, hint: "delete", keys: [.text("d")], action: .delete),
            KeyBinding(
                "s", "sort by last name, first name or next birthday (kept)", scope: .people, hint: "sort", keys: [.text("s")],
                action: .toggleSort),
            KeyBinding("i", "import a vCard file", scope: .people, hint: "import", keys: [.text("i")], action: .importFile),
            KeyBinding("e", "export everyone to a vCard file", scope: .people, hint: "export", keys: [.text("e")], action: .exportFile),
            KeyBinding(
                "r", "sync with the people server now: read its changes, then send", scope: .people, keys: [.text("r")], action: .sync),
        ] + KeyBinding.listMoves(of: "people", scope: .peopleList, letters: .chosenPerson) { .move($0) } + [
            KeyBinding(
                "Enter  ↓", "next field; on the last, save", scope: .personForm, hint: "next/save",
                actions: [.enter: .nextField, .down: .nextField]),
            KeyBinding("↑", "previous field", scope: .personForm, hint: "previous", keys: [.up], action: .previousField),
            KeyBinding("Esc", "cancel, keeping nothing", scope: .personForm, hint: "cancel", keys: [.escape], action: .cancel),

            KeyBinding("y", "yes", scope: .confirmation, hint: "yes", keys: [.text("y")], action: .confirm),
            KeyBinding("n  Esc", "no", scope: .confirmation, hint: "no", keys: [.text("n"), .escape], action: .cancel),

            KeyBinding(
                "Esc  v", "back to the list, on the same person", scope: .personDetail, hint: "back",
                keys: [.escape, .text("v")], action: .cancel),
            KeyBinding(
                "m t b", "on a conflict's copy: keep yours, the server's, or both", scope: .personDetail,
                actions: [.text("m"): .settle(.mine), .text("t"): .settle(.theirs), .text("b"): .settle(.both)]),

            KeyBinding("Esc", "cancel", scope: .filePrompt, hint: "cancel", keys: [.escape], action: .cancel),

            KeyBinding("Esc", "stop; the people imported stay", scope: .transfer, hint: "stop", keys: [.escape], action: .stopTransfer),
        ])

    private let viewModel: PeopleListViewModel
    private let drawn: Drawn<PeopleContent>
    /// Whether a file is imported or exported (the transfer's `isRunning`): Esc stops it.
    private var isTransferring = false
    private var tokens: [BindingToken] = []

    public var isBusy: Output<Bool>? { viewModel.isBusy }

    /// Creates the view; `needsDisplay` is called whenever what it shows changes.
    public init(viewModel: PeopleListViewModel, needsDisplay: @escaping @MainActor () -> Void) {
        self.viewModel = viewModel
        drawn = Drawn(PeopleContent(), needsDisplay: needsDisplay)
        drawn.bind(viewModel.headerText, to: \.headerText)
        drawn.bind(viewModel.positionText, to: \.positionText)
        drawn.bind(viewModel.syncStatus.text, to: \.syncText)
        drawn.bind(viewModel.syncStatus.isProblem, to: \.syncIsProblem)
        drawn.bind(viewModel.newsLine, to: \.news)
        drawn.bind(viewModel.birthdaysSoonText, to: \.birthdays)
        drawn.bind(viewModel.prompt.mode, to: \.mode)
        drawn.bind(viewModel.emptyText, to: \.emptyText)
        drawn.bind(viewModel.rows, to: \.rows)
        drawn.bind(viewModel.firstVisibleIndex, to: \.firstVisibleIndex)
        drawn.bind(viewModel.selectedIndex, to: \.selectedIndex)
        drawn.bind(viewModel.selectedPerson, to: \.selectedPerson)
        drawn.bind(viewModel.conflict, to: \.conflict)
        drawn.bind(viewModel.cardLines, to: \.cardLines)
        viewModel.transfer.isRunning.bindAndFire { [unowned self] in isTransferring = $0 }.store(in: &tokens)
    }

    public var inputLineUser: InputLineUser? { viewModel.prompt }

    public var keyScopes: [KeyScope] {
        switch drawn.state.mode {
        case .list:
            // The keys that act on someone only while there is someone to act on.
            (isTransferring ? [.transfer] : []) + (drawn.state.rows.isEmpty ? [.people] : [.peopleList, .chosenPerson, .people])
        case .form: [.personForm]
        case .confirmingDelete, .confirmingReplace: [.confirmation]
        case .viewing: [.personDetail]
        case .importing, .exporting: [.filePrompt]
        }
    }

    public func perform(_ action: Action) {
        let prompt = viewModel.prompt
        switch action {
        case .move(let move): viewModel.move(move)
        case .toggleSort: viewModel.toggleSort()
        case .add: prompt.startAdding()
        case .edit: prompt.startEditing()
        case .view: prompt.startViewing()
        case .delete: prompt.askToDelete()
        case .importFile: prompt.startImporting()
        case .exportFile: prompt.startExporting()
        case .sync: viewModel.syncStatus.syncNow()
        case .stopTransfer: viewModel.transfer.cancel()
        case .nextField: prompt.nextField()
        case .previousField: prompt.previousField()
        case .confirm: prompt.confirm(true)
        case .cancel: prompt.cancel()
        case .choosePerson(let index): viewModel.choose(at: index)
        case .settle(let choice): viewModel.settleConflict(keeping: choice)
        }
    }

    public func scroll(by rows: Int) {
        viewModel.scroll(by: rows)
    }

    public func setVisible(_ visible: Bool) {
        if visible { viewModel.screenAppeared() } else { viewModel.screenDisappeared() }
    }

    /// The list's rows are the region less the header and the line of news (as the content lays them out).
    public func layout(in rect: Rect) {
        viewModel.setVisibleRowCount(max(1, rect.height - 3))
    }

    public func draw(into surface: Surface, in rect: Rect) {
        drawn.state.draw(into: surface, in: rect)
    }
}

extension KeyScope {
    /// On the People screen's list, with the focus out of the input line.
    static let people = KeyScope("On the People screen")
    /// On the People screen's list, while typing a filter too: moving through the list.
    static let peopleList = KeyScope("In the list of people", whileTyping: true)
    /// On the People screen's list with someone in it, the focus out of the input line.
    static let chosenPerson = KeyScope("On the chosen person")
    /// In the People screen's form for a person.
    static let personForm = KeyScope("In the form for a person", whileTyping: true)
    /// While the People screen shows a person's detail full-size.
    static let personDetail = KeyScope("While a person's detail shows")
    /// While the People screen asks for a file's path.
    static let filePrompt = KeyScope("When asked for a file", whileTyping: true)
    /// While the People screen imports or exports a vCard file, with the focus out of the input line.
    static let transfer = KeyScope("While People imports or exports")
}
