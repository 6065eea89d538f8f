import Models

/// The People screen's vCard files: the cards of a file imported into the store, or everyone in
/// it exported.
///
/// The list owns it: it asks for the path in its input line, calls `importCards` or
/// `exportCards` with it, and reads back the `Report`, which it tells in its line of news and,
/// when people were added, follows by reading the store again.
@MainActor
public final class PeopleTransferViewModel {
    /// What a transfer did, in words for the screen's line of news.
    public struct Report: Equatable, Sendable {
        /// `Imported 3 people from friends.vcf`, or what went wrong.
        public let text: String
        /// Whether `text` tells of a failure.
        public let isProblem: Bool
        /// Whether people were added to the store.
        public let addedPeople: Bool
    }

    /// The input line's prompt for the file to import.
    public static let importPrompt = "Import vCard file"
    /// The input line's prompt for the file to write.
    public static let exportPrompt = "Export to file"
    /// The path the export prompt starts with.
    public static let defaultExportPath = "people.vcf"

    private let files: any TextFiles
    private var store: (any PeopleStore)?

    init(files: any TextFiles) {
        self.files = files
    }

    // MARK: - Inputs

    /// The store is open: from now on files can be imported into it and exported from it.
    func storeOpened(_ store: any PeopleStore) {
        self.store = store
    }

    /// Adds the good cards of the file at `path` to the store; the report tells how many and
    /// which were skipped. Nil while no store is open.
    func importCards(from path: String) -> Report? {
        guard let store else { return nil }
        do {
            let cards = VCard.people(from: try files.read(path))
            try store.add(cards.people)
            let skipped = cards.problems.isEmpty ? "" : "; skipped \(cards.problems.count): \(cards.problems.prefix(3).map(\.description).joined(separator: "; "))"
            return Report(text: "Imported \(PeopleListViewModel.count(cards.people.count)) from \(path)\(skipped)",
                          isProblem: !cards.problems.isEmpty, addedPeople: true)
        } catch {
            return Report(text: "Not imported: \(error)", isProblem: true, addedPeople: false)
        }
    }

    /// Writes everyone in the store, in `order`, as vCards to `path`. Nil while no store is open.
    func exportCards(to path: String, sortedBy order: PersonSortOrder) -> Report? {
        guard let store else { return nil }
        do {
            let everyone = try store.people(matching: "", sortedBy: order, offset: 0, limit: Int.max)
            let written = try files.write(VCard.text(for: everyone), to: path)
            return Report(text: "Exported \(PeopleListViewModel.count(everyone.count)) to \(written)", isProblem: false, addedPeople: false)
        } catch {
            return Report(text: "Not exported: \(error)", isProblem: true, addedPeople: false)
        }
    }
}
