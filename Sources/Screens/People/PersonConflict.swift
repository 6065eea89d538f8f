import Foundation
import Models

/// A conflict's copy shown full-size beside the person it copies: the version entered here of
/// someone changed on the server too (`Person.conflictOf`), and the server's, field by field
/// where they differ, for the user to keep one or both.
public struct PersonConflict: Equatable, Sendable {
    /// How the user settles a conflict.
    public enum Choice: Hashable, Sendable {
        /// The version entered here replaces the server's, which is sent over; the copy goes.
        case mine
        /// The server's version stays; the copy goes.
        case theirs
        /// Both stay, as two people: the copy loses its mark.
        case both
    }

    /// One field the two versions differ in: its label, then each version's text.
    public struct Difference: Equatable, Sendable {
        public let label: String
        public let mine: String
        public let theirs: String

        /// `Email, yours: ada@here.example`, as the detail says it.
        public var yoursText: String { "\(label), yours: \(mine)" }
        /// `Email, server: ada@server.example`.
        public var serverText: String { "\(label), server: \(theirs)" }
    }

    /// The copy, and the person it copies as kept now (nil: deleted since).
    public let mine: Person
    public let theirs: Person?

    /// What the detail says over the differences.
    public static let heading = "Changed both here and on the server"
    /// The keys that settle it, as the detail names them.
    public static let keysText = "m keeps yours, t the server's, b both"

    public init(mine: Person, theirs: Person?) {
        self.mine = mine
        self.theirs = theirs
    }

    /// The fields that differ, in the form's order, every address and number included.
    public var differences: [Difference] {
        let fields: [(String, (Person) -> String)] = [
            ("Name", { PersonViewModel.name(of: $0) }),
            ("Birthday", { $0.birthday?.description ?? $0.birthdayText ?? "" }),
            ("Email", { $0.emails.map(\.value).joined(separator: ", ") }),
            ("Phone", { $0.phones.map(\.value).joined(separator: ", ") }),
        ]
        return fields.compactMap { label, text in
            let (yours, server) = (text(mine), theirs.map(text) ?? "(deleted)")
            guard yours != server else { return nil }
            return Difference(label: label, mine: yours.isEmpty ? "(none)" : yours, theirs: server.isEmpty ? "(none)" : server)
        }
    }
}

extension PersonConflict {
    /// Keeps the version entered here, the server's, or both as two people, in `store`, dating
    /// a change `now`; returns what the screen says of it: `Kept yours of Ada Lovelace`.
    func settle(keeping choice: Choice, in store: any PeopleStore, at now: Date) throws -> String {
        var unmarked = mine
        unmarked.conflictOf = nil
        switch (choice, theirs) {
        case (.mine, let theirs?):
            try store.update(unmarked.identified(as: theirs.id), at: now, replacing: theirs)
            try store.delete(id: mine.id)
        case (.theirs, _):
            try store.delete(id: mine.id)
        case (.both, _), (.mine, nil):
            try store.update(unmarked, at: now, replacing: mine)
        }
        let name = PersonViewModel.name(of: mine)
        return switch choice {
        case .mine: "Kept yours of \(name)"
        case .theirs: "Kept the server's \(name)"
        case .both: "Kept both versions of \(name)"
        }
    }
}
