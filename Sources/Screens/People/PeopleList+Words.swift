import Models

/// The words of the People list's header and of an empty list, and its rows, made from the one value.
extension PeopleList {
    /// `3 people`, `1 of 3 people`; empty before the store is read.
    var countText: String {
        guard hasRead else { return "" }
        let total = Self.count(window.total)
        return shownFilter.isEmpty ? total : "\(window.matches.grouped) of \(total)"
    }

    /// What the screen says in place of an empty list; empty when there are rows.
    var emptyText: String {
        guard hasRead, window.matches == 0 else { return "" }
        return window.total == 0 ? PeopleListViewModel.emptyMessage : "No one matches “\(shownFilter)”."
    }

    /// The header's words: `3 people, by last name`; the order alone before the first read.
    var headerText: String {
        [countText, Self.sortText(shownOrder)].filter { !$0.isEmpty }.joined(separator: ", ")
    }

    /// Where the cursor is in a list longer than the rows in view: `37/100`; empty when every
    /// match is in view.
    var positionText: String {
        guard hasRead, window.matches > size else { return "" }
        return "\((window.cursor + 1).grouped)/\(window.matches.grouped)"
    }

    /// `by last name`, `by first name` or `by next birthday`.
    static func sortText(_ order: PersonSortOrder) -> String {
        switch order {
        case .lastName: "by last name"
        case .firstName: "by first name"
        case .nextBirthday: "by next birthday"
        }
    }

    /// `Birthdays soon: Ada Lovelace today, Grace Hopper in 3 days`; empty when there are none.
    static func birthdaysText(_ soon: [PersonViewModel]) -> String {
        soon.isEmpty ? "" : "Birthdays soon: " + soon.map { "\($0.nameText) \($0.nextBirthdayText)" }.joined(separator: ", ")
    }

    /// `person` as a row of this list.
    func row(_ person: Person) -> PersonViewModel {
        PersonViewModel(person: person, today: today, order: shownOrder)
    }

    /// `1 person`, `1,234 people`.
    static func count(_ number: Int) -> String {
        number == 1 ? "1 person" : "\(number.grouped) people"
    }
}
