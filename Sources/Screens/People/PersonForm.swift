import Models

/// The People screen's form for adding someone or editing them: six fields, filled in order in
/// the input line.
///
/// Enter or Down moves to the next field, Up to the one before; Enter on the last field saves.
/// What is wrong is said in words, and the form stays open on the field to mend. Editing starts
/// from the person as they are; the email and phone fields hold their first (preferred) address
/// and number, and the others stay as they were. A birthday the card wrote as something other
/// than a date ("circa 1800") is shown as written and kept while it is left as it is, and someone
/// a card gave no name may be saved without one.
public struct PersonForm: Equatable, Sendable {
    /// The fields, in the order they are filled.
    public enum Field: Int, CaseIterable, Sendable {
        // The name first, as a person is thought of; the salutation, seldom typed, after it.
        case firstName, lastName, salutation, birthday, email, phone

        /// The field's name, which is also the input line's prompt.
        public var label: String {
            switch self {
            case .salutation: "Salutation"
            case .firstName: "First name"
            case .lastName: "Last name"
            case .birthday: "Birthday"
            case .email: "Email"
            case .phone: "Phone"
            }
        }

        /// What the form shows in an empty field.
        public var placeholder: String {
            switch self {
            case .salutation: "optional: Dr., Ms., Mr."
            case .firstName, .lastName: ""
            case .birthday: "YYYY-MM-DD, or --MM-DD without the year; optional"
            case .email, .phone: "optional"
            }
        }
    }

    /// Each field's text, in `Field` order.
    public private(set) var values = Array(repeating: "", count: Field.allCases.count)
    /// The field being typed in.
    public var field = Field.firstName
    /// Each field's problem: what is wrong with what it holds, said as the field is left, and
    /// checked again, every field, before a save.
    public private(set) var problems: [Field: String] = [:]
    /// What the form as a whole has to say (changed elsewhere meanwhile, not saved); empty while
    /// it says nothing.
    public private(set) var problem = ""
    /// Whether the save the form named waits for the list's answer: another Enter names none.
    public private(set) var isSaving = false
    /// The person being edited, as they were; nil while a new person is added.
    public let editing: Person?

    /// An empty form on its first field, for someone new.
    public init() {
        editing = nil
    }

    /// A form holding `person`, on its first field, for editing them.
    public init(editing person: Person) {
        editing = person
        self[.salutation] = person.salutation ?? ""
        self[.firstName] = person.firstName
        self[.lastName] = person.lastName
        self[.birthday] = person.birthday?.description ?? person.birthdayText ?? ""
        self[.email] = person.emails.first?.value ?? ""
        self[.phone] = person.phones.first?.value ?? ""
    }

    /// This form moved onto `kept`, the person as another window or a pull left them while it was
    /// open (nil: deleted): each field left as it opened takes theirs, each field typed in keeps
    /// what was typed, and the problem names the fields changed there. Saving it then replaces
    /// `kept` (or adds the person again): the user's choice, never an overwrite unseen.
    public func rebased(on kept: Person?) -> PersonForm {
        guard let kept else {
            var form = PersonForm()
            form.values = values
            form.field = field
            form.problem = "Deleted elsewhere meanwhile: Enter adds them again, Esc lets them go"
            return form
        }
        let (opened, theirs) = (editing.map(PersonForm.init(editing:)) ?? PersonForm(), PersonForm(editing: kept))
        var form = theirs
        form.field = field
        var changed: [String] = []
        for field in Field.allCases where opened[field] != theirs[field] {
            changed.append(field.label.lowercased())
            if self[field] != opened[field] { form[field] = self[field] }  // typed here too: the user's
        }
        for field in Field.allCases where opened[field] == theirs[field] { form[field] = self[field] }
        let which = changed.isEmpty ? "" : " (\(changed.joined(separator: ", ")))"
        form.problem = "Changed elsewhere meanwhile\(which): the form holds their changes; Enter saves, Esc keeps theirs"
        return form
    }

    /// What the form is for: `Add a person`, `Edit Ada Lovelace`.
    public var title: String {
        editing.map { "Edit \(PersonViewModel.name(of: $0))" } ?? "Add a person"
    }

    /// The line over the fields: `Add a person: type each field in the input line above`.
    public var heading: String { "\(title): type each field in the input line above" }

    /// The text of `field`.
    public subscript(field: Field) -> String {
        get { values[field.rawValue] }
        set { values[field.rawValue] = newValue }
    }

    /// A person the form asks to keep: someone new, or an edit of `replacing` as the form found them.
    public struct Save: Equatable, Sendable {
        public let person: Person
        /// The person as they were when the form opened; nil for someone new.
        public let replacing: Person?
        /// Whether the person is new rather than edited.
        public var isNew: Bool { replacing == nil }
    }

    /// Keeps `typed` in the field and goes to the next one; on the last, checks the person as of
    /// `today` and names the save, or stays on the field to mend with the problem said.
    public mutating func next(typed: String, today: CalendarDay) -> Save? {
        guard !isSaving else { return nil }
        recheck(typed: typed, today: today)
        guard isOnLastField else {
            move(by: 1)
            problem = ""
            return nil
        }
        switch person(today: today) {
        case .failure(let invalid):
            problems = invalid.problems
            field = invalid.field
            return nil
        case .success(let person):
            (isSaving, problems) = (true, [:])
            return Save(person: person, replacing: editing)
        }
    }

    /// The save was refused, for `problem`: the form stays open to mend.
    public mutating func refused(_ problem: String) {
        self.problem = problem
        isSaving = false
    }

    /// Keeps `typed` in the field and goes to the one before.
    public mutating func previous(typed: String, today: CalendarDay) {
        recheck(typed: typed, today: today)
        move(by: -1)
    }

    /// Keeps `typed` in the field being left and checks it again, so that a problem mended is
    /// no longer said: a name typed in either name field mends the need of one.
    private mutating func recheck(typed: String, today: CalendarDay) {
        self[field] = typed
        problems[field] = problem(with: field, today: today)
        if field == .firstName || field == .lastName, !Self.collapsed(typed).isEmpty { problems[.firstName] = nil }
    }

    /// Whether the field being typed in is the last one.
    public var isOnLastField: Bool { field == Field.allCases.last }

    /// Moves to the field `offset` away, staying on the form.
    public mutating func move(by offset: Int) {
        field = Field(rawValue: min(max(0, field.rawValue + offset), Field.allCases.count - 1)) ?? field
    }

    /// The person the form describes, or each field to mend and why. A birthday after `today`
    /// cannot be right.
    public func person(today: CalendarDay) -> Result<Person, Invalid> {
        let (salutation, first, last, birthdayText) = (
            Self.collapsed(self[.salutation]), Self.collapsed(self[.firstName]), Self.collapsed(self[.lastName]),
            Self.collapsed(self[.birthday])
        )
        var problems: [Field: String] = [:]
        if first.isEmpty, last.isEmpty, editing?.hasName != false { problems[.firstName] = "A person needs a first or a last name" }
        for field in Field.allCases { problems[field] = problems[field] ?? problem(with: field, today: today) }
        guard problems.isEmpty else { return .failure(Invalid(problems: problems)) }
        let (email, phone) = (Self.typed(self[.email]), Self.typed(self[.phone]))
        let keptText = editing?.birthdayText.map(Self.collapsed)
        let birthday = birthdayText.isEmpty || birthdayText == keptText ? nil : BirthDate(birthdayText)
        // What the form does not show (what a nameless card is known by) stays while they have no name.
        var person = editing ?? Person(firstName: "", lastName: "")
        person.salutation = salutation.isEmpty ? nil : salutation
        (person.firstName, person.lastName) = (first, last)
        if person.hasName { person.knownAs = nil }
        person.birthday = birthday
        person.birthdayText = birthday == nil && birthdayText == keptText ? editing?.birthdayText : nil
        person.emails = Self.replacingFirst(of: editing?.emails ?? [], with: email)
        person.phones = Self.replacingFirst(of: editing?.phones ?? [], with: phone)
        return .success(person)
    }

    /// What is wrong with what `field` holds, checked alone, as of `today`; nil when nothing is.
    /// (The name is checked with the whole form: a person needs a first or a last one.)
    func problem(with field: Field, today: CalendarDay) -> String? {
        let text = Self.collapsed(self[field])
        switch field {
        case .salutation, .firstName, .lastName:
            return nil
        case .birthday:
            // A birthday kept as the card wrote it stays while it is left as it is.
            guard !text.isEmpty, text != editing?.birthdayText.map(Self.collapsed) else { return nil }
            guard let date = BirthDate(text) else {
                return text.wholeMatch(of: /\d{4}-\d{2}-\d{2}/) != nil
                    ? "\(text) is not a day on the calendar" : "Write the birthday as YYYY-MM-DD, such as 1815-12-10"
            }
            guard let year = date.year, CalendarDay(year: year, month: date.month, day: date.day) > today else { return nil }
            return "\(text) is in the future"
        case .email:
            // What was typed is checked; an address or a number left as the card had it is not.
            let email = Self.typed(self[field])
            return email.isEmpty || email == editing?.emails.first?.value ? nil : Self.problem(withEmail: email)
        case .phone:
            let phone = Self.typed(self[field])
            return phone.isEmpty || phone == editing?.phones.first?.value ? nil : Self.problem(withPhone: phone)
        }
    }

    /// An address or a number as typed, less the spaces around it.
    private static func typed(_ text: String) -> String {
        text.trimmingCharacters(in: .whitespaces)
    }

    /// `text` with each run of white space made one space, and none at either end.
    private static func collapsed(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// `details` with the first's value `text`, its kinds kept; without it when `text` is empty;
    /// with a first of no kind when there was none.
    private static func replacingFirst(of details: [ContactDetail], with text: String) -> [ContactDetail] {
        guard let first = details.first else { return text.isEmpty ? [] : [ContactDetail(text)] }
        if text.isEmpty { return Array(details.dropFirst()) }
        return [ContactDetail(text, kinds: first.kinds)] + details.dropFirst()
    }

    /// Why `email` cannot be an address: it needs one `@` with something on each side, and no space.
    private static func problem(withEmail email: String) -> String? {
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty, !email.contains(" ") else {
            return "\(email) is not an email address: write it as name@example.org"
        }
        return nil
    }

    /// Why `phone` cannot be a number: digits, spaces and `+ - ( ) . /` only, and a digit at least.
    private static func problem(withPhone phone: String) -> String? {
        let allowed = Set("0123456789 +-()./")
        guard phone.allSatisfy(allowed.contains), phone.contains(where: \.isNumber) else {
            return "A phone number has digits, spaces and + - ( ) only, such as +1 202 555 0100"
        }
        return nil
    }

    /// Why the form cannot be saved yet: each field to mend, and why.
    public struct Invalid: Error, Equatable, Sendable {
        public let problems: [Field: String]
        /// The first field to mend, in the form's order.
        public var field: Field { Field.allCases.first { problems[$0] != nil } ?? .firstName }
    }
}
