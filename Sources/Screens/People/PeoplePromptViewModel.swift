import Binding
import Models

/// The People screen's input line and what it asks for: the filter while the list shows, a field
/// of the form for someone new or edited, the path of a vCard file to import or export, and the
/// question before a delete.
///
/// The list owns it, as the screen's input line, and hands it the person under the cursor and
/// whether a transfer runs, through their outputs. What is typed and confirmed goes back to the
/// list as a `Request` (filter by this, the person saved, import this file, delete this person),
/// through `requests`, which the list binds when it builds the prompt;
/// what the prompt has to say itself (a path missing, a transfer running) is its `news`.
@MainActor
public final class PeoplePromptViewModel: InputLineUser {
    /// What the screen is doing: listing, or asking for something.
    public enum Mode: Equatable, Sendable {
        case list
        case form(PersonForm)
        case confirmingDelete(PersonViewModel)
        /// The question whether to take the file's version of the people an import kept.
        case confirmingReplace(ReplaceOffer)
        /// The person's detail full-size, in place of the list.
        case viewing(PersonViewModel)
        case importing
        case exporting
    }

    /// What the list is asked to do.
    enum Request: Equatable {
        case filter(String)
        /// Keep the person the form names; the form stays open until the list tells how it went
        /// (`saveEnded`, `saveRefused`).
        case save(PersonForm.Save)
        case importCards(from: String, ImportChoices)
        case exportCards(to: String)
        case delete(PersonViewModel)
    }

    /// The input line's prompt for the file to import.
    public static let importPrompt = "Import vCard file"
    /// The input line's prompt for the file to write.
    public static let exportPrompt = "Export to file"
    /// The path the export prompt starts with.
    public static let defaultExportPath = "people.vcf"

    // MARK: - Outputs

    /// What the screen is doing.
    public var mode: Output<Mode> { _mode.output }
    /// The question the screen asks, `Delete Ada Lovelace? y/n`; empty while it asks none.
    public let question: Output<String>
    /// `Filter`, the form's field, or what file to type.
    public let inputPrompt: Output<String>
    public var inputLine: Output<InputLine> { _inputLine.output }
    public var inputLineIsFocused: Output<Bool> { _inputLineIsFocused.output }
    /// The list's letter keys come first: `/` goes to the filter.
    public var focusesInputOnOpen: Bool { false }
    /// What the prompt says itself: `Type a file's path, or Esc`. Told each time it is said.
    public var news: Output<PeopleNews> { _news.output }

    // MARK: - State

    /// What the list is asked to do, as it is asked: the one way the prompt talks to the list.
    let requests: Events<Request>
    let sendRequest: @MainActor (Request) -> Void
    let _mode = Dynamic(Mode.list)
    let _inputLine = Dynamic(InputLine())
    private let _inputLineIsFocused = Dynamic(false)
    private let _news = Dynamic(PeopleNews.none)
    /// The filter as last typed, which the line holds again when a prompt closes.
    private var filter = ""
    /// Whether the store is open: until then nothing can be added, edited or transferred.
    var isOpen = false
    /// The user's day, after which no birthday can be.
    var today = CalendarDay(year: 1970, month: 1, day: 1)
    var selected: PersonViewModel?
    private var isTransferring = false
    /// How the file the user is asked for is to be imported.
    private var importChoices = ImportChoices()
    private var tokens: [BindingToken] = []

    /// A prompt that follows `selectedPerson` (what editing and deleting act on),
    /// `transferIsRunning` (no file is asked for while one runs), `storeIsOpen` (nothing is
    /// added, edited or transferred before) and `today` (the form's check of a birthday).
    init(
        selectedPerson: Output<PersonViewModel?>, transferIsRunning: Output<Bool>, storeIsOpen: Output<Bool>,
        today: Output<CalendarDay>
    ) {
        (requests, sendRequest) = Events.pipe()
        question =
            _mode.map { mode in
                switch mode {
                case .confirmingDelete(let person): "Delete \(person.nameText)? y/n"
                case .confirmingReplace(let offer):
                    // Short enough for 40 columns: the news it stands in for said who was kept and why.
                    "Take \(offer.fileName)'s \(offer.count == 1 ? "card for 1" : "cards for \(offer.count.grouped)") kept? y/n"
                default: ""
                }
            }.distinct().output
        inputPrompt =
            _mode.map { mode in
                switch mode {
                case .form(let form): form.field.label
                case .importing: Self.importPrompt
                case .exporting: Self.exportPrompt
                case .list, .confirmingDelete, .confirmingReplace, .viewing: "Filter"
                }
            }.distinct().output
        selectedPerson.bindAndFire { [unowned self] in selected = $0 }.store(in: &tokens)
        transferIsRunning.bindAndFire { [unowned self] in isTransferring = $0 }.store(in: &tokens)
        storeIsOpen.bindAndFire { [unowned self] in isOpen = $0 }.store(in: &tokens)
        today.bindAndFire { [unowned self] in self.today = $0 }.store(in: &tokens)
    }

    // MARK: - The detail

    /// Shows the person under the cursor full-size, in place of the list: everything the side
    /// pane shows where there is room for it. Esc (`cancelInput`) goes back to the same row.
    public func startViewing() {
        guard _mode.value == .list, let person = selected else { return }
        _mode.change(to: .viewing(person))
        _inputLineIsFocused.change(to: false)
    }

    // MARK: - vCard files

    /// Asks, in the input line, for the vCard file to import, to be imported as `choices` say.
    public func startImporting(_ choices: ImportChoices = ImportChoices()) {
        guard isOpen, !refusedWhileTransferring() else { return }
        importChoices = choices
        ask(.importing, text: "")
    }

    /// Asks, in the input line, where to write everyone as vCards.
    public func startExporting() {
        guard isOpen, !refusedWhileTransferring() else { return }
        ask(.exporting, text: Self.defaultExportPath)
    }

    /// Says so when an import or an export runs, which one file at a time allows.
    private func refusedWhileTransferring() -> Bool {
        guard isTransferring else { return false }
        _news.value = PeopleNews("An import or export is running; Esc on the list stops it", isProblem: true)
        return true
    }

    // MARK: - Deleting

    /// Asks, in the screen's question line, whether to delete the person under the cursor.
    public func askToDelete() {
        guard let person = selected else { return }
        _mode.change(to: .confirmingDelete(person))
    }

    /// Asks, in the screen's question line, whether to import the file of `offer` again taking
    /// its version of the people kept as they are here.
    /// None while the user types a filter: the counts in the news say what was kept.
    func offerToReplace(_ offer: ReplaceOffer) {
        guard _mode.value == .list, !_inputLineIsFocused.value else { return }
        _mode.change(to: .confirmingReplace(offer))
    }

    /// No to the question asked, or leaves the form, the detail or the path asked for.
    public func cancel() {
        switch _mode.value {
        case .confirmingDelete, .confirmingReplace: confirm(false)
        default: cancelInput()
        }
    }

    /// Whether the list shows, no question, form, detail or path asked for in its place.
    var showsList: Bool { _mode.value == .list }

    /// Deletes the person asked about, or imports the file again taking its version, when
    /// `yes`; either way the question closes.
    public func confirm(_ yes: Bool) {
        switch _mode.value {
        case .confirmingDelete(let person):
            if yes { sendRequest(.delete(person)) }
            _mode.change(to: .list)
        case .confirmingReplace(let offer):
            if yes { sendRequest(.importCards(from: offer.path, ImportChoices(replacing: true))) }
            _mode.change(to: .list)
        default:
            return
        }
    }

    // MARK: - InputLineUser

    /// While the list shows, it follows the filter as it is typed; a form's field and a path
    /// are read when Enter is pressed.
    public func inputLineEdited(_ edit: InputLineEdit) {
        _inputLine.apply(edit) { text in
            guard _mode.value == .list else { return }
            filter = text
            sendRequest(.filter(text))
        }
    }

    /// Typing the filter again closes a person's detail.
    public func inputFocusChanged(_ focused: Bool) {
        if focused, case .viewing = _mode.value { _mode.change(to: .list) }
        _inputLineIsFocused.change(to: focused)
    }

    /// Enter: the form's next field (or saves it on the last), imports or exports the file
    /// typed, or leaves the filter for the list.
    public func inputSubmitted() {
        let path = _inputLine.value.text.trimmingCharacters(in: .whitespaces)
        switch _mode.value {
        case .form: nextField()
        case .importing where !path.isEmpty:
            close()
            sendRequest(.importCards(from: path, importChoices))
        case .exporting where !path.isEmpty:
            close()
            sendRequest(.exportCards(to: path))
        case .importing, .exporting: _news.value = PeopleNews("Type a file's path, or Esc", isProblem: true)
        case .list, .confirmingDelete, .confirmingReplace, .viewing: _inputLineIsFocused.change(to: false)
        }
    }

    /// Esc in a form, a file prompt or a person's detail: closes it, keeping nothing of it.
    public func cancelInput() {
        guard _mode.value != .list else { return }
        close()
    }

    // MARK: - Private

    /// Asks for something in the input line, which takes the focus and starts with `text`.
    func ask(_ mode: Mode, text: String) {
        _mode.change(to: mode)
        _inputLine.change(to: InputLine(text: text))
        _inputLineIsFocused.change(to: true)
    }

    /// Back to the list: the input line holds the filter again, and the list has the focus.
    func close() {
        _mode.change(to: .list)
        _inputLine.change(to: InputLine(text: filter))
        _inputLineIsFocused.change(to: false)
    }
}
