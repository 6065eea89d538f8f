import Binding
import Models

/// The People screen's input line and what it asks for: the filter while the list shows, a field
/// of the form for someone new or edited, the path of a vCard file to import or export, and the
/// question before a delete.
///
/// The prompt is one value, `PeoplePrompt`, whose transitions are pure; this is its thin shell.
/// The list owns it, as the screen's input line, and hands it the person under the cursor and
/// whether a transfer runs, through their outputs. What is typed and confirmed goes back to the
/// list as a `Request` (filter by this, the person saved, import this file, delete this person),
/// through `requests`, which the list binds when it builds the prompt;
/// what the prompt has to say itself (a path missing, a transfer running) is its `news`.
@MainActor
public final class PeoplePromptViewModel: InputLineUser {
    public typealias Mode = PeoplePrompt.Mode
    typealias Request = PeoplePrompt.Request

    /// The input line's prompt for the file to import.
    public nonisolated static let importPrompt = "Import vCard file"
    /// The input line's prompt for the file to write.
    public nonisolated static let exportPrompt = "Export to file"
    /// The path the export prompt starts with.
    public nonisolated static let defaultExportPath = "people.vcf"

    // MARK: - Outputs

    /// What the screen is doing.
    public let mode: Output<Mode>
    /// The question the screen asks, `Delete Ada Lovelace? y/n`; empty while it asks none.
    public let question: Output<String>
    /// `Filter`, the form's field, or what file to type.
    public let inputPrompt: Output<String>
    public let inputLine: Output<InputLine>
    public let inputLineIsFocused: Output<Bool>
    /// The list's letter keys come first: `/` goes to the filter.
    public var focusesInputOnOpen: Bool { false }
    /// What the prompt says itself: `Type a file's path, or Esc`. Told each time it is said.
    public let news: Events<PeopleNews>
    /// What the list is asked to do, as it is asked: the one way the prompt talks to the list.
    let requests: Events<Request>

    // MARK: - State

    private let machine: ScreenMachine<PeoplePrompt>
    private var tokens: [BindingToken] = []

    /// A prompt that follows `selectedPerson` (what editing and deleting act on),
    /// `transferIsRunning` (no file is asked for while one runs), `storeIsOpen` (nothing is
    /// added, edited or transferred before) and `today` (the form's check of a birthday).
    init(
        selectedPerson: Output<PersonViewModel?>, transferIsRunning: Output<Bool>, storeIsOpen: Output<Bool>,
        today: Output<CalendarDay>
    ) {
        machine = ScreenMachine(PeoplePrompt(), runner: NoWorkRunner())
        let state = machine.state
        mode = state.map(\.mode).distinct().output
        inputLine = state.map(\.line).distinct().output
        inputLineIsFocused = state.map(\.isFocused).distinct().output
        question = state.map { Self.question($0.mode) }.distinct().output
        inputPrompt = state.map { Self.inputPrompt($0.mode) }.distinct().output
        let (requests, sendRequest) = Events<Request>.pipe()
        let (news, sendNews) = Events<PeopleNews>.pipe()
        (self.requests, self.news) = (requests, news)
        machine.told.bind { told in
            switch told {
            case .request(let request): sendRequest(request)
            case .news(let said): sendNews(said)
            }
        }.store(in: &tokens)
        selectedPerson.bindAndFire { [unowned self] in machine.send(.selected($0)) }.store(in: &tokens)
        transferIsRunning.bindAndFire { [unowned self] in machine.send(.transferring($0)) }.store(in: &tokens)
        storeIsOpen.bindAndFire { [unowned self] in machine.send(.storeIsOpen($0)) }.store(in: &tokens)
        today.bindAndFire { [unowned self] in machine.send(.dayBegan($0)) }.store(in: &tokens)
    }

    private static func question(_ mode: Mode) -> String {
        switch mode {
        case .confirmingDelete(let person): "Delete \(person.nameText)? y/n"
        case .confirmingReplace(let offer): offer.question
        default: ""
        }
    }

    private static func inputPrompt(_ mode: Mode) -> String {
        switch mode {
        case .form(let form): form.field.label
        case .importing: importPrompt
        case .exporting: exportPrompt
        case .list, .confirmingDelete, .confirmingReplace, .viewing: "Filter"
        }
    }

    // MARK: - Inputs

    /// Opens the form, on its first field, in the input line.
    public func startAdding() { machine.send(.addAsked) }

    /// Opens the form on the person under the cursor, as they are, for editing them.
    public func startEditing() { machine.send(.editAsked) }

    /// Keeps what is typed in the form's field and goes to the next one; on the last, saves.
    public func nextField() { machine.send(.nextField) }

    /// Keeps what is typed in the form's field and goes to the one before.
    public func previousField() { machine.send(.previousField) }

    /// Shows the person under the cursor full-size, in place of the list: everything the side
    /// pane shows where there is room for it. Esc (`cancelInput`) goes back to the same row.
    public func startViewing() { machine.send(.viewAsked) }

    /// Asks, in the input line, for the vCard file to import, to be imported as `choices` say.
    public func startImporting(_ choices: ImportChoices = ImportChoices()) { machine.send(.importAsked(choices)) }

    /// Asks, in the input line, where to write everyone as vCards; a file there is replaced
    /// only after a question, or at once when `replacing` (`people --export --force`).
    public func startExporting(replacing: Bool = false) { machine.send(.exportAsked(replacing: replacing)) }

    /// Asks, in the screen's question line, whether to delete the person under the cursor.
    public func askToDelete() { machine.send(.deleteAsked) }

    /// No to the question asked, or leaves the form, the detail or the path asked for.
    public func cancel() { machine.send(.cancelled) }

    /// Deletes the person asked about, or imports the file again taking its version, when
    /// `yes`; either way the question closes.
    public func confirm(_ yes: Bool) { machine.send(.confirmed(yes)) }

    // MARK: - What the list tells it

    /// The person the form named is kept: the form closes.
    func saveEnded() { machine.send(.saveEnded) }

    /// The person the form named was not kept: the form stays open, rebased on the person as
    /// kept now when they changed elsewhere since it opened (`kept`), or saying `problem`.
    func saveRefused(stale: Bool, kept: Person?, problem: String) {
        machine.send(.saveRefused(stale: stale, kept: kept, problem: problem))
    }

    /// Asks, in the screen's question line, whether to import the file of `offer` again taking
    /// its version of the people kept as they are here, or to replace the file an export found;
    /// none while the user types a filter.
    func offerToReplace(_ offer: ReplaceOffer) { machine.send(.replaceOffered(offer)) }

    // MARK: - InputLineUser

    /// While the list shows, it follows the filter as it is typed; a form's field and a path
    /// are read when Enter is pressed.
    public func inputLineEdited(_ edit: InputLineEdit) { machine.send(.edited(edit)) }

    /// Typing the filter again closes a person's detail.
    public func inputFocusChanged(_ focused: Bool) { machine.send(.focusChanged(focused)) }

    /// Enter: the form's next field (or saves it on the last), imports or exports the file
    /// typed, or leaves the filter for the list.
    public func inputSubmitted() { machine.send(.submitted) }

    /// Esc in a form, a file prompt or a person's detail: closes it, keeping nothing of it.
    public func cancelInput() { machine.send(.inputCancelled) }
}
