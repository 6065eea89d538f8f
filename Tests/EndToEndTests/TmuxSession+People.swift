extension TmuxSession {
    /// On the People screen: opens the form with `a` and types `fields` (first name, last name,
    /// then, after the salutation left empty, the birthday), each followed by Enter, then Enter
    /// past the email and the phone, the last of which saves.
    func addPerson(_ fields: [String]) async throws {
        try await type("a")
        try await waitFor("First name:")
        let given = fields + Array(repeating: "", count: max(0, 3 - fields.count))
        for text in [given[0], given[1], "", given[2], "", ""] {
            if !text.isEmpty { try await type(text) }
            try await press("Enter")
        }
    }
}
