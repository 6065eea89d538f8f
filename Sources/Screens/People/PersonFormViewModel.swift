import Foundation
import Models

/// The People screen's form for adding someone or editing them: the field typed in moves on, and
/// on the last one the person is checked and saved to the store.
///
/// The list owns it: the form being typed is the list's mode (`.form(form)`), and the list
/// calls `next` or `previous` with it and the text of its input line, and shows the `Step` it
/// gets back: the form again on the field to type, or the person saved.
@MainActor
public final class PersonFormViewModel {
    /// What the form does after a field: stays open on `field`'s form, or closes with the person
    /// saved (`isNew` when added rather than edited).
    public enum Step: Equatable, Sendable {
        case field(PersonForm)
        case saved(PersonViewModel, isNew: Bool)
    }

    private let today: () -> CalendarDay
    private let now: () -> Date
    private var store: (any PeopleWriting)?

    /// `today` is the day on the user's calendar, after which no birthday can be; `now` dates an
    /// edited card's revision.
    init(today: @escaping () -> CalendarDay, now: @escaping () -> Date) {
        self.today = today
        self.now = now
    }

    // MARK: - Inputs

    /// The store is open: from now on a person can be saved.
    func storeOpened(_ store: any PeopleWriting) {
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
                if let original = form.editing { try store?.update(person, at: now(), replacing: original) } else { try store?.add(person) }
            } catch let stale as StaleEdit {
                // Changed or deleted elsewhere since the form opened: the user settles it.
                return .field(form.rebased(on: stale.kept))
            } catch {
                form.problem = "Not saved: \(error)"
                return .field(form)
            }
            return .saved(PersonViewModel(person: person, today: today()), isNew: form.editing == nil)
        }
    }
}
