import Models

/// The People screen's form for adding someone: four fields, filled in order in the input line.
///
/// Enter or Down moves to the next field, Up to the one before; Enter on the last field saves.
/// What is wrong is said in words, and the form stays open on the field to mend.
public struct PersonForm: Equatable, Sendable {
    /// The fields, in the order they are filled.
    public enum Field: Int, CaseIterable, Sendable {
        case salutation, firstName, lastName, birthday

        /// The field's name, which is also the input line's prompt.
        public var label: String {
            switch self {
            case .salutation: "Salutation"
            case .firstName: "First name"
            case .lastName: "Last name"
            case .birthday: "Birthday"
            }
        }

        /// What the form shows in an empty field.
        public var placeholder: String {
            switch self {
            case .salutation: "optional: Dr., Ms., Mr."
            case .firstName, .lastName: ""
            case .birthday: "YYYY-MM-DD, optional"
            }
        }
    }

    /// Each field's text, in `Field` order.
    public private(set) var values = Array(repeating: "", count: Field.allCases.count)
    /// The field being typed in.
    public var field = Field.salutation
    /// What is wrong with what was entered; empty while nothing is.
    public var problem = ""

    /// An empty form on its first field.
    public init() {}

    /// The text of `field`.
    public subscript(field: Field) -> String {
        get { values[field.rawValue] }
        set { values[field.rawValue] = newValue }
    }

    /// Whether the field being typed in is the last one.
    public var isOnLastField: Bool { field == Field.allCases.last }

    /// Moves to the field `offset` away, staying on the form.
    public mutating func move(by offset: Int) {
        field = Field(rawValue: min(max(0, field.rawValue + offset), Field.allCases.count - 1)) ?? field
    }

    /// The person the form describes, or the field to mend and why. A birthday after `today`
    /// cannot be right.
    public func person(today: CalendarDay) -> Result<Person, Invalid> {
        let trimmed = values.map { $0.split(whereSeparator: \.isWhitespace).joined(separator: " ") }
        let (salutation, first, last, birthdayText) = (trimmed[0], trimmed[1], trimmed[2], trimmed[3])
        guard !first.isEmpty || !last.isEmpty else {
            return .failure(Invalid(field: .firstName, message: "A person needs a first or a last name"))
        }
        var birthday: BirthDate?
        if !birthdayText.isEmpty {
            guard let date = BirthDate(birthdayText) else {
                let message = birthdayText.wholeMatch(of: /\d{4}-\d{2}-\d{2}/) != nil
                    ? "\(birthdayText) is not a day on the calendar"
                    : "Write the birthday as YYYY-MM-DD, such as 1815-12-10"
                return .failure(Invalid(field: .birthday, message: message))
            }
            if let year = date.year, CalendarDay(year: year, month: date.month, day: date.day) > today {
                return .failure(Invalid(field: .birthday, message: "\(birthdayText) is in the future"))
            }
            birthday = date
        }
        return .success(Person(salutation: salutation.isEmpty ? nil : salutation, firstName: first,
                               lastName: last, birthday: birthday))
    }

    /// Why the form cannot be saved yet, and which field to mend.
    public struct Invalid: Error, Equatable, Sendable {
        public let field: Field
        public let message: String
    }
}
