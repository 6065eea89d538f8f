import Models

/// The People screen's form for adding someone: the field typed in moves on, and on the last one
/// the person is checked and saved to the store.
///
/// The list owns it: the form being typed is the list's mode (`.adding(form)`), and the list
/// calls `next` or `previous` with it and the text of its input line, and shows the `Step` it
/// gets back: the form again on the field to type, or the person added.
@MainActor
public final class PersonFormViewModel {
    /// What the form does after a field: stays open on `field`'s form, or closes with the person
    /// added.
    public enum Step: Equatable, Sendable {
        case field(PersonForm)
        case added(PersonViewModel)
    }

    private let today: () -> CalendarDay
    private var store: (any PeopleStore)?

    /// `today` is the day on the user's calendar, after which no birthday can be.
    init(today: @escaping () -> CalendarDay) {
        self.today = today
    }

    // MARK: - Inputs

    /// The store is open: from now on a person can be saved.
    func storeOpened(_ store: any PeopleStore) {
        self.store = store
    }

    /// Keeps `typed` in the form's field and goes to the next one; on the last, saves: the form
    /// stays open on the field to mend when the person cannot be saved.
    func next(_ form: PersonForm, typed: String) -> Step {
        var form = form
        form[form.field] = typed
        guard form.isOnLastField else {
            form.move(by: 1)
            form.problem = ""
            return .field(form)
        }
        return save(form)
    }

    /// Keeps `typed` in the form's field and goes to the one before.
    func previous(_ form: PersonForm, typed: String) -> PersonForm {
        var form = form
        form[form.field] = typed
        form.move(by: -1)
        return form
    }

    private func save(_ form: PersonForm) -> Step {
        var form = form
        switch form.person(today: today()) {
        case .failure(let invalid):
            form.field = invalid.field
            form.problem = invalid.message
            return .field(form)
        case .success(let person):
            do {
                try store?.add(person)
            } catch {
                form.problem = "Not saved: \(error)"
                return .field(form)
            }
            return .added(PersonViewModel(person: person, today: today()))
        }
    }
}
