import Models

/// The People screen's input line as one value: what it asks for (`Mode`), the line and whether
/// it has the focus, the filter as last typed, and what it knows of the list (whether the store
/// is open, the person under the cursor, whether a transfer runs, the user's day).
///
/// Its transitions are pure and name no work: what the list is asked to do (`Request`) and what
/// the prompt says itself are told, once each (`Told`).
public struct PeoplePrompt: ScreenState {
    /// What the screen is doing: listing, or asking for something.
    public enum Mode: Equatable, Sendable {
        case list
        case form(PersonForm)
        case confirmingDelete(PersonViewModel)
        /// The question whether to take the file's version of the people an import kept, or to
        /// replace the file an export found.
        case confirmingReplace(ReplaceOffer)
        /// The person's detail full-size, in place of the list.
        case viewing(PersonViewModel)
        case importing
        case exporting
    }

    /// What the list is asked to do.
    public enum Request: Equatable, Sendable {
        case filter(String)
        /// Keep the person the form names; the form stays open until the list tells how it went
        /// (`saveEnded`, `saveRefused`).
        case save(PersonForm.Save)
        case importCards(from: String, ImportChoices)
        /// Write everyone to the file, replacing one there only when `replacing`.
        case exportCards(to: String, replacing: Bool)
        case delete(PersonViewModel)
    }

    /// What the prompt tells as it happens: a request of the list, or news of its own (`Type a
    /// file's path, or Esc`).
    public enum Told: Equatable, Sendable {
        case request(Request)
        case news(PeopleNews)
    }

    public enum Event: Equatable, Sendable {
        // What the list tells it.
        case storeIsOpen(Bool)
        case dayBegan(CalendarDay)
        case selected(PersonViewModel?)
        case transferring(Bool)
        // What the user asks.
        case addAsked
        case editAsked
        case viewAsked
        case importAsked(ImportChoices)
        case exportAsked(replacing: Bool)
        case deleteAsked
        case nextField
        case previousField
        case confirmed(Bool)
        /// No to the question asked, or out of the form, the detail or the path asked for.
        case cancelled
        /// Esc in the input line: out of the form, the path or the detail; nothing on the filter.
        case inputCancelled
        case edited(InputLineEdit)
        case focusChanged(Bool)
        case submitted
        // How what it asked of the list went.
        case saveEnded
        case saveRefused(stale: Bool, kept: Person?, problem: String)
        case replaceOffered(ReplaceOffer)
    }

    public typealias Work = Never
    public typealias Answer = Never

    /// What the screen is doing.
    var mode = Mode.list
    /// The input line: the filter, a form's field or a path.
    var line = InputLine()
    var isFocused = false
    /// The filter as last typed, which the line holds again when a prompt closes.
    var filter = ""
    /// How the file the user is asked for is to be imported; whether one there is to be replaced
    /// by the export.
    var importChoices = ImportChoices()
    var exportReplaces = false
    /// Whether the store is open: until then nothing can be added, edited or transferred.
    var isOpen = false
    /// The user's day, after which no birthday can be.
    var today = CalendarDay(year: 1970, month: 1, day: 1)
    /// The person under the list's cursor: what editing, viewing and deleting act on.
    var selected: PersonViewModel?
    var isTransferring = false
    /// What the last event had to tell, taken out by the machine after each event.
    var toTell: [Told] = []

    public init() {}

    public static func event(answering id: WorkID, with answer: Never) -> Event {
        switch answer {}
    }

    public mutating func takeTold() -> [Told] {
        defer { toTell = [] }
        return toTell
    }

    // MARK: - Transitions

    public mutating func handle(_ event: Event) -> [WorkOrder<Never>] {
        switch event {
        case .storeIsOpen(let open): isOpen = open
        case .dayBegan(let day): today = day
        case .selected(let person): selected = person
        case .transferring(let running): isTransferring = running
        case .addAsked where isOpen: ask(.form(PersonForm()), text: "")
        case .editAsked: startEditing()
        case .viewAsked:
            guard mode == .list, let person = selected else { break }
            mode = .viewing(person)
            isFocused = false
        case .importAsked(let choices) where isOpen && !refusedWhileTransferring():
            importChoices = choices
            ask(.importing, text: "")
        case .exportAsked(let replacing) where isOpen && !refusedWhileTransferring():
            exportReplaces = replacing
            ask(.exporting, line: InputLine(suggesting: PeoplePromptViewModel.defaultExportPath))
        case .deleteAsked:
            if let person = selected { mode = .confirmingDelete(person) }
        case .nextField: nextField()
        case .previousField: previousField()
        case .confirmed(let yes): confirm(yes)
        case .cancelled:
            switch mode {
            case .confirmingDelete, .confirmingReplace: confirm(false)
            default: cancelInput()
            }
        case .inputCancelled: cancelInput()
        case .edited(let edit): apply(edit)
        case .focusChanged(let focused):
            if focused, case .viewing = mode { mode = .list }  // typing the filter again closes a detail
            isFocused = focused
        case .submitted: submit()
        case .saveEnded:
            if case .form = mode { close() }
        case .saveRefused(let stale, let kept, let problem): saveRefused(stale: stale, kept: kept, problem: problem)
        case .replaceOffered(let offer):
            // None while the user types a filter: the counts in the news say what was kept.
            if mode == .list, !isFocused { mode = .confirmingReplace(offer) }
        case .addAsked, .importAsked, .exportAsked: break
        }
        return []
    }

    /// While the list shows, the filter follows the line as it is typed; a form's field and a
    /// path are read when Enter is pressed.
    private mutating func apply(_ edit: InputLineEdit) {
        var edited = line
        edited.apply(edit)
        let textChanged = edited.text != line.text
        line = edited
        guard textChanged, mode == .list else { return }
        filter = edited.text
        toTell.append(.request(.filter(edited.text)))
    }

    /// Enter: the form's next field (or saves it on the last), imports or exports the file
    /// typed, or leaves the filter for the list.
    private mutating func submit() {
        let path = line.text.trimmingCharacters(in: .whitespaces)
        switch mode {
        case .form: nextField()
        case .importing where !path.isEmpty:
            close()
            toTell.append(.request(.importCards(from: path, importChoices)))
        case .exporting where !path.isEmpty:
            close()
            toTell.append(.request(.exportCards(to: path, replacing: exportReplaces)))
        case .importing, .exporting: toTell.append(.news(PeopleNews("Type a file's path, or Esc", isProblem: true)))
        case .list, .confirmingDelete, .confirmingReplace, .viewing: isFocused = false
        }
    }

    /// Deletes the person asked about, or imports the file again taking its version, when
    /// `yes`; either way the question closes.
    private mutating func confirm(_ yes: Bool) {
        switch mode {
        case .confirmingDelete(let person):
            if yes { toTell.append(.request(.delete(person))) }
        case .confirmingReplace(.reimport(let path, _)):
            if yes { toTell.append(.request(.importCards(from: path, ImportChoices(replacing: true)))) }
        case .confirmingReplace(.overwrite(let path)):
            if yes { toTell.append(.request(.exportCards(to: path, replacing: true))) }
        default:
            return
        }
        mode = .list
    }

    /// Says so when an import or an export runs, which one file at a time allows.
    private mutating func refusedWhileTransferring() -> Bool {
        guard isTransferring else { return false }
        toTell.append(.news(PeopleNews("An import or export is running; Esc on the list stops it", isProblem: true)))
        return true
    }

    /// Esc in a form, a file prompt or a person's detail: closes it, keeping nothing of it.
    private mutating func cancelInput() {
        guard mode != .list else { return }
        close()
    }

    /// Asks for something in the input line, which takes the focus and starts with `text`.
    mutating func ask(_ mode: Mode, text: String) {
        ask(mode, line: InputLine(text: text))
    }

    /// Asks for something in the input line, which takes the focus and starts as `line`.
    mutating func ask(_ mode: Mode, line: InputLine) {
        self.mode = mode
        self.line = line
        isFocused = true
    }

    /// Back to the list: the input line holds the filter again, and the list has the focus.
    private mutating func close() {
        mode = .list
        line = InputLine(text: filter)
        isFocused = false
    }
}
